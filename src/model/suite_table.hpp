// model/suite_table: the micro-benchmark suite's benchmarks as rows, in the
// manner of BabelStream's table: each row (model/suite_benchmarks.inc) names
// its kernel, its measure function, its build step, its section of the roofs
// file with the JSON field names of its series, the facts it finds on them,
// and its chart's and report table's captions and axes. Every suite benchmark
// returns MeasuredSeries (model/series); the roofs file, the build's steps,
// the charts and the report tables are drawn from the rows, so adding a
// benchmark is its kernel, its benchmark/ file and its row.
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/series.hpp"

namespace roofline {

// The rows' ids, in the table's order (the order the build runs them, the
// report lists them and the default charts come).
enum class SuiteBenchmark {
#define SUITE_BENCHMARK(id, ...) id,
#include "model/suite_benchmarks.inc"
#undef SUITE_BENCHMARK
};

// How a section holds its series.
enum class SectionLayout {
  curves,  // an array of series objects, each with its tags, launch and points (empty array: none)
  one,     // one series as an object (null: none)
  rates,   // an array of single figures: each series one point, its y beside its tags and launch
};

// The JSON field of each part of a series; empty where the row has no such part.
struct SeriesFields {
  std::string_view x, y;     // each point's x and y
  std::string_view seconds;  // a point's launch time, beside a y that is a rate
  std::string_view local;    // a point's work-group size
  std::string_view ratio;    // a point's ratio_to_unit: written for readers, derived again when read
  std::string_view launch;   // the series' launch
  std::string_view bytes;    // the series' bytes
  std::string_view apart;    // the point at x = 0, written apart from the others (and drawn apart)
};

// A count in words: before + n + (n == 1 ? one : many): "stride 3", "1 path", "4 paths".
struct CountWords {
  std::string_view before, one, many;
  std::string of(double n) const;
};

// A series' bytes in words: before + "1 GiB" + after.
struct BytesWords {
  std::string_view before, after;
};

// The point at x = 0, where the row keeps one apart: "0" on the chart's own
// column, what it means, and its row in the report's table.
struct ApartWords {
  std::string_view label, meaning, table;
};

// A fact the row finds on a series, or asks of the device: an x worth marking.
struct SeriesMark {
  std::string_view field;  // its JSON field
  // From the points, when measured and again when read (a file's value is not
  // kept: the rule may have changed since); null: measured, read as written.
  std::optional<std::uint64_t> (*derive)(const MeasuredSeries&);
  std::string_view label;     // before the value, on the chart's marker and in the report: "implied sub-group width "
  std::string_view unit;      // after the value: " work-items"
  std::string_view meaning;   // the marker's tooltip, before ": value"
  std::string_view none;      // where it was not found: "none", "unknown", "not reached"
  std::string_view dash;      // the marker line's stroke-dasharray
  std::string_view subtitle;  // before the value in the chart's subtitle; empty: not there
};

// The row's chart (chart/suite_chart), one line per series.
struct SeriesChart {
  std::string_view name;      // --chart NAME, and the file suffix -NAME; empty: the row has no chart
  std::string_view caption;   // the chart kind's caption (the report's figure caption)
  std::string_view title;     // before the device in the chart's title
  std::string_view subtitle;  // its lead: what was measured
  std::string_view tail;      // its last words, after the launch or the bytes of a single series
  std::string_view x_title, y_title;
  double y_scale = 1;         // the y unit to the axis' unit (B/s to GB/s: 1e-9)
  bool ratio = false;         // draws ratio_to_unit, with the runs' spread, instead of y
  std::string_view reference; // the name of a reference line y = x; empty: none
  std::string_view line;      // the line of an untagged series: "measured", "vector add" (its bytes after it)
};

// The row's table in the HTML report.
struct SeriesTable {
  std::string_view heading, caption;
  std::string_view x, y;  // the columns' headings of x and y (a curves layout has a column per series instead of y)
};

struct SuiteRow {
  SuiteBenchmark id;
  std::string_view step;     // the build's step, as progress and the roofs file's steps[] name it
  std::string_view kernel;   // its kernel in kernels/
  std::string_view noun;     // "no <noun>" where a roofs file lacks the section
  std::string_view section;  // its field in the roofs file
  SectionLayout layout;
  std::vector<SeriesTags> series;  // the series it measures, in order ({{}}: one, untagged)
  SeriesFields fields;
  std::string_view y_unit;   // "B/s", "s", "op/s"
  CountWords x_words;        // an x in words, in tooltips
  BytesWords bytes_words;    // the series' bytes in words: "buffer 1 GiB", "768 MiB of a, b and c"
  ApartWords apart;
  std::vector<SeriesMark> marks;
  SeriesChart chart;
  SeriesTable table;

  bool has_chart() const { return !chart.name.empty(); }
  // The series' position in `series`, or none for a series the row does not measure (a hand-edited file's).
  std::optional<std::size_t> series_index(const SeriesTags& tags) const;
};

// Every row, in the table's order.
const std::vector<SuiteRow>& suite_rows();
const SuiteRow& suite_row(SuiteBenchmark id);
// The row whose chart is called `name`, if any.
const SuiteRow* suite_row_charted(std::string_view name);

// Whether the row's section has something to show: a series (the single
// series of a `one` layout with a point).
bool section_measured(const SuiteRow& row, const std::vector<MeasuredSeries>& series);

// Derives the row's derived facts on the series again (SeriesMark::derive).
void derive_marks(const SuiteRow& row, MeasuredSeries& series);

// The row's section of a roofs file: its series in the row's layout and field
// names, and back (null or absent: none; the schema has checked the shape).
nlohmann::json section_to_json(const SuiteRow& row, const std::vector<MeasuredSeries>& series);
std::vector<MeasuredSeries> section_from_json(const SuiteRow& row, const nlohmann::json& section);

}  // namespace roofline
