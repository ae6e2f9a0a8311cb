// chart/report_suite: the suite's tables in the HTML report.
#include "chart/report_suite.hpp"

#include <algorithm>

#include "chart/html_table.hpp"
#include "chart/suite_parts.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

using chart::g4;
using chart::HtmlTable;

std::string g3(double v) { return format_text("%.3g", v); }

// "12.3 G (11.9 – 12.5, 5 runs)": the median with its runs' spread.
std::string with_spread(const Stats& s, const std::string& unit) {
  std::string t = format_si(s.median, unit);
  if (s.samples > 1) t += " (" + format_si(s.min, unit) + " – " + format_si(s.max, unit) + ", " + std::to_string(s.samples) + " runs)";
  return t;
}

std::string math_section(const RoofsDocument& doc) {
  if (doc.math.empty()) return "";
  HtmlTable t{{"function", "form", "type", "group", "calls/s", "calls/clock/CU", "max error [ULP]", "bound [ULP]", "launch"}, {}};
  for (const MathRoof& r : doc.math) {
    const int group = info(r.call.function).group;
    t.rows.push_back({math_name(r.call.function, r.call.form), str(r.call.form), str(r.call.type),
                      group ? std::to_string(group) : "-", with_spread(r.calls_per_s, "calls/s"),
                      r.per_clock_per_cu ? g3(*r.per_clock_per_cu) : "", g4(r.max_ulp_error), g4(r.ulp_bound),
                      chart::launch_cell(r.launch)});
  }
  return "<h2>Math functions</h2>\n" +
         t.html("Math roofs: calls per second (one call = one lane's evaluation), each result checked within its bound");
}

// ---------------------------------------------------------------------------
// A suite benchmark's table, laid out as its row's section is

std::string x_text(double x) { return CountWords{}.of(x); }

std::string y_unit(const SuiteRow& row) { return std::string(row.y_unit); }

// Curves: a row per x (the point apart first, as the row calls it), a column per series.
std::string curves_table(const SuiteRow& row, const std::vector<MeasuredSeries>& series) {
  HtmlTable t{{std::string(row.table.x)}, {}};
  std::vector<double> xs;
  for (const MeasuredSeries& s : series) {
    t.header.push_back(chart::series_name(row, s) + " [" + y_unit(row) + "]");
    for (const SeriesPoint& p : s.points) xs.push_back(p.x);
  }
  std::sort(xs.begin(), xs.end());
  xs.erase(std::unique(xs.begin(), xs.end()), xs.end());
  for (const double x : xs) {
    std::vector<std::string> cells{x == 0 && !row.fields.apart.empty() ? std::string(row.apart.table) : x_text(x)};
    for (const MeasuredSeries& s : series) {
      const SeriesPoint* p = s.at(x);
      cells.push_back(p ? with_spread(p->y, y_unit(row)) : "");
    }
    t.rows.push_back(std::move(cells));
  }
  return t.html(std::string(row.table.caption));
}

// One series: its facts with its launch or bytes above, a row per point.
std::string one_table(const SuiteRow& row, const MeasuredSeries& s) {
  const SeriesFields& f = row.fields;
  HtmlTable t{{std::string(row.table.x)}, {}};
  if (!f.local.empty()) t.header.push_back("work-group");
  if (!f.seconds.empty()) t.header.push_back("time");
  t.header.emplace_back(row.table.y);
  if (!f.ratio.empty()) t.header.push_back("ratio");
  for (const SeriesPoint& p : s.points) {
    std::vector<std::string> cells{x_text(p.x)};
    if (!f.local.empty()) cells.push_back(std::to_string(p.local));
    if (!f.seconds.empty()) cells.push_back(p.seconds ? with_spread(*p.seconds, "s") : "");
    cells.push_back(with_spread(p.y, y_unit(row)));
    if (!f.ratio.empty()) cells.push_back(g3(ratio_to_unit(s, p)));
    t.rows.push_back(std::move(cells));
  }
  std::string meta;
  const auto add = [&](const std::string& words) { meta += (meta.empty() ? "" : "; ") + words; };
  for (const SeriesMark& m : row.marks) {
    const auto value = s.mark(std::string(m.field));
    add(std::string(m.label) + (value ? std::to_string(*value) + std::string(m.unit) : std::string(m.none)) + " (" +
        std::string(m.meaning) + ")");
  }
  if (!f.launch.empty()) add(chart::launch_text(s.launch));
  if (!f.bytes.empty()) add(chart::bytes_text(row, s.bytes));
  return "<p class=\"meta\">" + chart::xml_escape(meta) + "</p>\n" + t.html(std::string(row.table.caption));
}

// Rates: a row per series, its tags, its figure and its launch.
std::string rates_table(const SuiteRow& row, const std::vector<MeasuredSeries>& series) {
  const auto any = [&](auto tag) { return std::any_of(series.begin(), series.end(), [&](const MeasuredSeries& s) { return tag(s.tags); }); };
  const bool op = any([](const SeriesTags& t) { return t.op.has_value(); });
  const bool type = any([](const SeriesTags& t) { return t.type.has_value(); });
  const bool space = any([](const SeriesTags& t) { return t.space.has_value(); });
  const bool target = any([](const SeriesTags& t) { return t.target.has_value(); });
  HtmlTable t{{}, {}};
  const std::pair<bool, const char*> columns[] = {{op, "op"}, {type, "type"}, {space, "space"}, {target, "target"}};
  for (const auto& [shown, heading] : columns)
    if (shown) t.header.emplace_back(heading);
  t.header.emplace_back(row.table.y);
  if (!row.fields.launch.empty()) t.header.push_back("launch");
  for (const MeasuredSeries& s : series) {
    std::vector<std::string> cells;
    if (op) cells.push_back(s.tags.op ? str(*s.tags.op) : "");
    if (type) cells.push_back(s.tags.type ? str(*s.tags.type) + (s.tags.width && *s.tags.width > 1 ? std::to_string(*s.tags.width) : "") : "");
    if (space) cells.push_back(s.tags.space ? str(*s.tags.space) : "");
    if (target) cells.push_back(s.tags.target ? str(*s.tags.target) : "");
    cells.push_back(s.points.empty() ? "" : with_spread(s.points.front().y, y_unit(row)));
    if (!row.fields.launch.empty()) cells.push_back(chart::launch_cell(s.launch));
    t.rows.push_back(std::move(cells));
  }
  return t.html(std::string(row.table.caption));
}

std::string series_section(const RoofsDocument& doc, const SuiteRow& row) {
  const std::vector<MeasuredSeries>& series = doc.series(row.id);
  if (!section_measured(row, series)) return "";
  std::string table;
  switch (row.layout) {
    case SectionLayout::curves: table = curves_table(row, series); break;
    case SectionLayout::one: table = one_table(row, series.front()); break;
    case SectionLayout::rates: table = rates_table(row, series); break;
  }
  return "<h2>" + chart::xml_escape(std::string(row.table.heading)) + "</h2>\n" + table;
}

}  // namespace

std::string suite_sections_html(const RoofsDocument& doc) {
  std::string html = math_section(doc);
  for (const SuiteRow& row : suite_rows()) html += series_section(doc, row);
  return html;
}

}  // namespace roofline
