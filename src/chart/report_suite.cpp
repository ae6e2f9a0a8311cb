// chart/report_suite: the suite's tables in the HTML report.
#include "chart/report_suite.hpp"

#include <algorithm>

#include "chart/chart_kinds.hpp"
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

// Whether the document has the section this chart kind draws (chart_kinds' one rule for chart and table).
bool has(ChartKind kind, const RoofsDocument& doc) { return missing_section(kind, doc).empty(); }

std::string math_section(const RoofsDocument& doc) {
  if (!has(ChartKind::math, doc)) return "";
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

// A row per stride, a column per curve; stride 0 (one address) first.
std::string stride_section(const RoofsDocument& doc) {
  if (!has(ChartKind::stride, doc)) return "";
  HtmlTable t{{"stride"}, {}};
  std::vector<std::uint32_t> strides;
  for (const StrideCurve& c : doc.global_stride) {
    t.header.push_back(chart::stride_curve_name(c) + " [B/s]");
    if (c.same_address) strides.push_back(0);
    for (const StridePoint& p : c.points) strides.push_back(p.stride);
  }
  std::sort(strides.begin(), strides.end());
  strides.erase(std::unique(strides.begin(), strides.end()), strides.end());
  for (const std::uint32_t s : strides) {
    std::vector<std::string> row{s == 0 ? "0 (one address)" : std::to_string(s)};
    for (const StrideCurve& c : doc.global_stride) {
      const StridePoint* p = nullptr;
      if (s == 0 && c.same_address) p = &*c.same_address;
      for (const StridePoint& q : c.points)
        if (s > 0 && q.stride == s) p = &q;
      row.push_back(p ? with_spread(p->bytes_per_s, "B/s") : "");
    }
    t.rows.push_back(std::move(row));
  }
  return "<h2>Global-memory stride</h2>\n" + t.html("Bandwidth by the stride between neighbouring work-items (elements)");
}

std::string divergence_section(const RoofsDocument& doc) {
  if (!has(ChartKind::divergence, doc)) return "";
  const DivergenceTest& d = *doc.divergence;
  HtmlTable t{{"paths", "time", "ratio"}, {}};
  for (const DivergencePoint& p : d.points) t.rows.push_back({std::to_string(p.paths), with_spread(p.seconds, "s"), g3(p.ratio)});
  const std::string widths = "implied sub-group width: " + (d.implied_width ? std::to_string(*d.implied_width) : "none") +
                             "; reported preferred work-group multiple: " +
                             (d.reported_width ? std::to_string(*d.reported_width) : "unknown") + "; " +
                             chart::launch_text(d.launch);
  return "<h2>Branch divergence</h2>\n<p class=\"meta\">" + chart::xml_escape(widths) + "</p>\n" +
         t.html("Time by the number of paths chosen by the local id (ratio: to the branch-free kernel)");
}

std::string scalability_section(const RoofsDocument& doc) {
  if (!has(ChartKind::scalability, doc)) return "";
  const ScalabilitySweep& s = *doc.scalability;
  HtmlTable t{{"work-items", "work-group", "time", "bandwidth"}, {}};
  for (const ScalabilityPoint& p : s.points)
    t.rows.push_back({std::to_string(p.work_items), std::to_string(p.local), with_spread(p.seconds, "s"), with_spread(p.bytes_per_s, "B/s")});
  const std::string saturation =
      "saturation: " + (s.saturation_items ? std::to_string(*s.saturation_items) + " work-items" : std::string("not reached")) +
      " (the fewest within 10% of the best bandwidth); " + format_bytes(double(s.bytes)) + " of a, b and c";
  return "<h2>Scalability</h2>\n<p class=\"meta\">" + chart::xml_escape(saturation) + "</p>\n" +
         t.html("Vector add of fixed size by the number of work-items");
}

std::string atomics_section(const RoofsDocument& doc) {
  if (doc.atomics.empty()) return "";
  HtmlTable t{{"space", "target", "atomic adds/s", "launch"}, {}};
  for (const AtomicRate& a : doc.atomics)
    t.rows.push_back({str(a.space), str(a.target), with_spread(a.ops_per_s, "op/s"), chart::launch_cell(a.launch)});
  return "<h2>Atomics</h2>\n" + t.html("atomic_add throughput");
}

}  // namespace

std::string suite_sections_html(const RoofsDocument& doc) {
  return math_section(doc) + stride_section(doc) + divergence_section(doc) + scalability_section(doc) + atomics_section(doc);
}

}  // namespace roofline
