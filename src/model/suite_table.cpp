#include "model/suite_table.hpp"

#include <cmath>
#include <stdexcept>

#include "model/json_fields.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
using nlohmann::json;
using json_fields::get_opt;

namespace {

// A whole x (every suite benchmark's is a count) as an integer, as the roofs
// file always had it; else as a number.
json x_json(double x) {
  if (x >= 0 && x < 0x1p64 && x == std::floor(x)) return std::uint64_t(x);
  return x;
}

std::string count_text(double n) {
  if (n >= 0 && n < 0x1p64 && n == std::floor(n)) return std::to_string(std::uint64_t(n));
  return format_text("%g", n);
}

void write_tags(json& j, const SeriesTags& t) {
  if (t.op) j["op"] = *t.op;
  if (t.type) j["type"] = *t.type;
  if (t.width) j["width"] = *t.width;
  if (t.space) j["space"] = *t.space;
  if (t.target) j["target"] = *t.target;
}

SeriesTags read_tags(const json& j) {
  SeriesTags t;
  get_opt(j, "op", t.op);
  get_opt(j, "type", t.type);
  get_opt(j, "width", t.width);
  get_opt(j, "space", t.space);
  get_opt(j, "target", t.target);
  return t;
}

// The field's name as a key (the fields are string_views into the table).
std::string key(std::string_view field) { return std::string(field); }

json point_json(const SuiteRow& row, const MeasuredSeries& s, const SeriesPoint& p) {
  const SeriesFields& f = row.fields;
  json j = json::object();
  j[key(f.x)] = x_json(p.x);
  j[key(f.y)] = p.y;
  if (!f.seconds.empty() && p.seconds) j[key(f.seconds)] = *p.seconds;
  if (!f.local.empty()) j[key(f.local)] = p.local;
  if (!f.ratio.empty()) j[key(f.ratio)] = ratio_to_unit(s, p);
  return j;
}

SeriesPoint read_point(const SuiteRow& row, const json& j) {
  const SeriesFields& f = row.fields;
  SeriesPoint p;
  j.at(key(f.x)).get_to(p.x);
  j.at(key(f.y)).get_to(p.y);
  if (!f.seconds.empty()) get_opt(j, key(f.seconds).c_str(), p.seconds);
  if (!f.local.empty()) get_opt(j, key(f.local).c_str(), p.local);
  return p;
}

json series_json(const SuiteRow& row, const MeasuredSeries& s) {
  const SeriesFields& f = row.fields;
  json j = json::object();
  write_tags(j, s.tags);
  if (!f.launch.empty()) j[key(f.launch)] = s.launch;
  if (!f.bytes.empty()) j[key(f.bytes)] = s.bytes;
  if (row.layout == SectionLayout::rates) {
    j[key(f.y)] = s.points.empty() ? Stats{} : s.points.front().y;
    return j;
  }
  json points = json::array(), apart = nullptr;
  for (const SeriesPoint& p : s.points) {
    if (!f.apart.empty() && p.x == 0) apart = point_json(row, s, p);
    else points.push_back(point_json(row, s, p));
  }
  j["points"] = std::move(points);
  if (!f.apart.empty()) j[key(f.apart)] = std::move(apart);
  for (const SeriesMark& m : row.marks) {
    const auto value = s.mark(key(m.field));
    j[key(m.field)] = value ? json(*value) : json(nullptr);
  }
  return j;
}

MeasuredSeries read_series(const SuiteRow& row, const json& j) {
  const SeriesFields& f = row.fields;
  MeasuredSeries s;
  s.tags = read_tags(j);
  if (!f.launch.empty()) get_opt(j, key(f.launch).c_str(), s.launch);
  if (!f.bytes.empty()) get_opt(j, key(f.bytes).c_str(), s.bytes);
  if (row.layout == SectionLayout::rates) {
    s.points.push_back({0, j.at(key(f.y)).get<Stats>(), std::nullopt, 0});
    return s;
  }
  if (!f.apart.empty() && j.contains(key(f.apart)) && !j.at(key(f.apart)).is_null())
    s.points.push_back(read_point(row, j.at(key(f.apart))));
  for (const json& p : j.at("points")) s.points.push_back(read_point(row, p));
  for (const SeriesMark& m : row.marks)
    if (!m.derive) {
      std::optional<std::uint64_t> value;
      get_opt(j, key(m.field).c_str(), value);
      if (value) s.marks[key(m.field)] = *value;
    }
  derive_marks(row, s);
  return s;
}

}  // namespace

std::string CountWords::of(double n) const { return std::string(before) + count_text(n) + std::string(n == 1 ? one : many); }

std::optional<std::size_t> SuiteRow::series_index(const SeriesTags& tags) const {
  for (std::size_t i = 0; i < series.size(); ++i)
    if (series[i] == tags) return i;
  return std::nullopt;
}

const std::vector<SuiteRow>& suite_rows() {
  static const std::vector<SuiteRow> rows{
#define SUITE_BENCHMARK(id, ...) SuiteRow{SuiteBenchmark::id, __VA_ARGS__},
#include "model/suite_benchmarks.inc"
#undef SUITE_BENCHMARK
  };
  return rows;
}

const SuiteRow& suite_row(SuiteBenchmark id) {
  const SuiteRow& row = suite_rows().at(std::size_t(id));
  if (row.id != id) throw std::logic_error("suite table out of order");
  return row;
}

const SuiteRow* suite_row_charted(std::string_view name) {
  for (const SuiteRow& row : suite_rows())
    if (row.has_chart() && row.chart.name == name) return &row;
  return nullptr;
}

bool section_measured(const SuiteRow& row, const std::vector<MeasuredSeries>& series) {
  if (row.layout == SectionLayout::one) return !series.empty() && !series.front().points.empty();
  return !series.empty();
}

void derive_marks(const SuiteRow& row, MeasuredSeries& series) {
  for (const SeriesMark& m : row.marks) {
    if (!m.derive) continue;
    if (const auto value = m.derive(series)) series.marks[key(m.field)] = *value;
    else series.marks.erase(key(m.field));
  }
}

json section_to_json(const SuiteRow& row, const std::vector<MeasuredSeries>& series) {
  if (row.layout == SectionLayout::one) return series.empty() ? json(nullptr) : series_json(row, series.front());
  json j = json::array();
  for (const MeasuredSeries& s : series) j.push_back(series_json(row, s));
  return j;
}

std::vector<MeasuredSeries> section_from_json(const SuiteRow& row, const json& section) {
  std::vector<MeasuredSeries> out;
  if (section.is_null()) return out;
  if (row.layout == SectionLayout::one) out.push_back(read_series(row, section));
  else
    for (const json& s : section) out.push_back(read_series(row, s));
  return out;
}

}  // namespace roofline
