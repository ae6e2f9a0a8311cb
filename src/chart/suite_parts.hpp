// chart/suite_parts: what the suite's charts (suite_chart.cpp, math_chart.cpp)
// and its report tables (report_suite.cpp) say alike: a series' name, its
// bytes, a figure's runs, a launch and the note for a missing section.
#pragma once
#include <cmath>
#include <string>

#include "chart/chart_kinds.hpp"
#include "chart/page.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline::chart {

// A value a log axis can show.
inline bool usable(double v) { return v > 0 && std::isfinite(v); }

// A series' name: its tags ("float read", "float4 store": the element type,
// its width when a vector, the op; "global"), or the row's line name with the
// series' bytes ("measured", "vector add, 768 MiB").
inline std::string series_name(const SuiteRow& row, const MeasuredSeries& s) {
  const SeriesTags& t = s.tags;
  if (t.empty()) {
    std::string name(row.chart.line);
    if (!row.fields.bytes.empty() && s.bytes > 0) name += ", " + format_bytes(double(s.bytes));
    return name;
  }
  std::string name;
  const auto add = [&](const std::string& word) { name += (name.empty() ? "" : " ") + word; };
  if (t.type) add(str(*t.type) + (t.width && *t.width > 1 ? std::to_string(*t.width) : ""));
  if (t.op) add(str(*t.op));
  if (t.space) add(str(*t.space));
  if (t.target) add(str(*t.target));
  return name;
}

// "buffer 1 GiB", "768 MiB of a, b and c": a series' bytes as its row says them.
inline std::string bytes_text(const SuiteRow& row, std::uint64_t bytes) {
  return std::string(row.bytes_words.before) + format_bytes(double(bytes)) + std::string(row.bytes_words.after);
}

// "\nmedian of 5 runs, min 1.2 Gcalls/s, max 1.3 Gcalls/s" for a tooltip; empty for a single run.
inline std::string runs_text(const Stats& s, const std::string& unit) {
  if (s.samples <= 1) return "";
  return "\nmedian of " + std::to_string(s.samples) + " runs, min " + format_si(s.min, unit) + ", max " + format_si(s.max, unit);
}

// "1048576 work-items in groups of 256".
inline std::string launch_text(const LaunchShape& l) {
  return std::to_string(l.global) + " work-items in groups of " + std::to_string(l.local);
}

// The note of a suite chart whose section the document lacks ("no divergence
// test in this roofs file"); empty when it has it.
inline std::string missing_note(const ChartSpec& spec, const RoofsDocument& doc) {
  const std::string missing = missing_section(spec, doc);
  return missing.empty() ? "" : missing + " in this roofs file";
}

}  // namespace roofline::chart
