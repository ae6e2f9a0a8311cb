// chart/suite_chart: the math-throughput bar chart (declared in suite_chart.hpp).
//
// A row per math roof, grouped by seed 000's Table 1 group (a heading row
// each; sqrt, exp2 and log2 last), then by the function's place in the table,
// its form (precise, native_, half_) and type (float, double, half, int). The
// bar runs from the axis's left edge to the median calls/s, a whisker spans
// the runs' min..max, the figure stands after it; the row's label on the left
// is the call's OpenCL name and type. The canvas grows with the rows; the x
// axis is labelled at the top as well as the bottom, so a tall chart reads
// without scrolling back.
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <tuple>
#include <vector>

#include "chart/axes.hpp"
#include "chart/roof_colors.hpp"
#include "chart/suite_chart.hpp"
#include "chart/suite_parts.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

constexpr double kBarRow = 15, kBarHeight = 10, kHeadingRow = 22, kLabelFont = 11, kLegendRow = 20;

// Table 1's groups in order, the functions outside it last.
int group_rank(MathFunction f) {
  const int g = info(f).group;
  return g == 0 ? 100 : g;
}

int type_rank(DataType t) {
  switch (t) {
    case DataType::float32: return 0;
    case DataType::float64: return 1;
    case DataType::float16: return 2;
    case DataType::int32: return 3;
  }
  return 4;
}

// The measured roofs in the chart's order.
std::vector<const MathRoof*> ordered_roofs(const RoofsDocument& doc) {
  std::vector<const MathRoof*> out;
  for (const MathRoof& r : doc.math)
    if (usable(r.value())) out.push_back(&r);
  const auto key = [](const MathRoof* r) {
    return std::make_tuple(group_rank(r->call.function), int(r->call.function), int(r->call.form), type_rank(r->call.type));
  };
  std::stable_sort(out.begin(), out.end(), [&](const MathRoof* a, const MathRoof* b) { return key(a) < key(b); });
  return out;
}

// A color per form and type: the types other than float keep their compute
// roofs' hues (chart/roof_colors), the darker (mad) shade for the precise form
// and for int, the lighter (add) shade for native_ and half_; float, whose
// compute roofs are grey, is blue, its native_ and half_ forms orange and pink.
std::string bar_color(const MathCall& c) {
  if (c.type == DataType::float32)
    return c.form == MathForm::native ? "#E69F00" : c.form == MathForm::half ? "#CC79A7" : "#0072B2";
  return compute_color(c.type, c.form == MathForm::precise || c.type == DataType::int32 ? Op::mad : Op::add);
}

// "precise float", "native_ float", "half_ float", "int".
std::string color_name(const MathCall& c) {
  if (c.type == DataType::int32) return "int";
  const std::string form = c.form == MathForm::native ? "native_ " : c.form == MathForm::half ? "half_ " : "precise ";
  return form + str(c.type);
}

// A group's heading in the user's words: what its functions do (the groups
// are those of Table 1 of Yan et al.'s OpenCL micro-benchmark suite).
std::string group_heading(int rank) {
  static const char* names[] = {"",
                                "arithmetic: add, sub, mul, div, mad, mod",
                                "minimum and maximum",
                                "trigonometric",
                                "exponential, logarithm, reciprocal square root",
                                "hyperbolic and inverse trigonometric in half-turns",
                                "rounding, absolute value, fused multiply-add",
                                "two-argument and half-turn trigonometric",
                                "logarithm of 1 + x, gamma, remainder, rounding",
                                "error function, power and root, gamma"};
  if (rank >= 1 && rank <= 9) return names[rank];
  return "special-function-unit operations: sqrt, exp2, log2";
}

std::string bar_tooltip(const MathRoof& r) {
  const Stats& s = r.calls_per_s;
  std::string t = r.call.label() + ": " + format_si(s.median, "calls/s") + format_text(" (%.0f calls/s)", s.median);
  t += runs_text(s, "calls/s");
  if (r.per_clock_per_cu) t += format_text("\n%.3g calls per clock per compute unit", *r.per_clock_per_cu);
  t += format_text("\nmax error %.3g ULP (bound %.3g)", r.max_ulp_error, r.ulp_bound);
  t += "\n" + launch_text(r.launch) + ", " + std::to_string(r.chains) + (r.chains == 1 ? " call chain" : " call chains") + " per work-item";
  return t;
}

// A row: a group's heading or a roof's bar.
struct Row {
  const MathRoof* roof = nullptr;  // none: a heading
  std::string heading;
  double y = 0;                    // the row's centre
};

std::vector<Row> layout_rows(const std::vector<const MathRoof*>& roofs, double top) {
  std::vector<Row> rows;
  int group = -1;
  double y = top;
  for (const MathRoof* r : roofs) {
    if (group_rank(r->call.function) != group) {
      group = group_rank(r->call.function);
      rows.push_back({nullptr, group_heading(group), y + kHeadingRow - 7});
      y += kHeadingRow;
    }
    rows.push_back({r, "", y + kBarRow / 2});
    y += kBarRow;
  }
  return rows;
}

double rows_height(const std::vector<Row>& rows) {
  double h = 0;
  for (const Row& r : rows) h += r.roof ? kBarRow : kHeadingRow;
  return h;
}

// A legend entry per color that appears, in type then form order: name, color.
using ColorKey = std::pair<std::string, std::string>;
std::vector<ColorKey> color_keys(const std::vector<const MathRoof*>& roofs) {
  std::vector<MathCall> kinds;  // one call of each color
  for (const MathRoof* r : roofs)
    if (std::none_of(kinds.begin(), kinds.end(), [&](const MathCall& c) { return bar_color(c) == bar_color(r->call); }))
      kinds.push_back(r->call);
  std::sort(kinds.begin(), kinds.end(), [](const MathCall& a, const MathCall& b) {
    return std::make_pair(type_rank(a.type), int(a.form)) < std::make_pair(type_rank(b.type), int(b.form));
  });
  std::vector<ColorKey> out;
  for (const MathCall& c : kinds) out.push_back({color_name(c), bar_color(c)});
  return out;
}

double key_width(const ColorKey& k) { return 19 + text_width(k.first, 12) + 16; }

// Where each legend entry goes, left to right from x0, wrapping before x1; rows kLegendRow apart from y.
std::vector<Point> legend_spots(const std::vector<ColorKey>& keys, double x0, double x1, double y) {
  std::vector<Point> spots;
  double x = x0;
  for (const ColorKey& k : keys) {
    if (x > x0 && x + key_width(k) > x1) x = x0, y += kLegendRow;
    spots.push_back({x, y});
    x += key_width(k);
  }
  return spots;
}

double legend_rows(const std::vector<Point>& spots) {
  return spots.empty() ? 1 : 1 + (spots.back().y - spots.front().y) / kLegendRow;
}

void append_color_legend(std::string& out, const std::vector<ColorKey>& keys, const std::vector<Point>& spots) {
  out += "<g id=\"legend\" font-size=\"12\" fill=\"#222\">\n";
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const Point p = spots[i];
    out += "<rect class=\"legend-swatch\" x=\"" + px(p.x) + "\" y=\"" + px(p.y - 10) + "\" width=\"14\" height=\"10\" fill=\"" +
           keys[i].second + "\"/>\n";
    append_text(out, {p.x + 19, p.y}, keys[i].first, "");
  }
  out += "</g>\n";
}

void append_top_labels(std::string& out, const AxisSpec& x, const Rect& plot) {
  out += "<g id=\"top-axis\" font-size=\"12\" fill=\"#333\">\n";
  for (const Tick& t : x.ticks)
    if (t.major && !t.label.empty()) {
      const double px_x = x.scale.to_pixel(t.value);
      append_line(out, {px_x, plot.y0 - 5}, {px_x, plot.y0}, "stroke=\"#444\" stroke-width=\"1\"");
      append_text(out, {px_x, plot.y0 - 8}, t.label, "text-anchor=\"middle\"");
    }
  out += "</g>\n";
}

void append_bar(std::string& out, const MathRoof& r, double y, const AxisSpec& x, const Rect& plot) {
  const std::string color = bar_color(r.call);
  const double x1 = x.scale.to_pixel(r.value());
  out += "<rect class=\"bar\" x=\"" + px(plot.x0) + "\" y=\"" + px(y - kBarHeight / 2) + "\" width=\"" + px(std::max(1.0, x1 - plot.x0)) +
         "\" height=\"" + px(kBarHeight) + "\" fill=\"" + color + "\"><title>" + xml_escape(bar_tooltip(r)) + "</title></rect>\n";
  double end = x1;
  const Stats& s = r.calls_per_s;
  if (s.samples > 1 && usable(s.min) && usable(s.max) && s.max > s.min) {
    const double lo = x.scale.to_pixel(s.min), hi = x.scale.to_pixel(s.max);
    append_line(out, {lo, y}, {hi, y}, "class=\"range\" stroke=\"#222\" stroke-width=\"1\"");
    for (const double e : {lo, hi}) append_line(out, {e, y - 3}, {e, y + 3}, "stroke=\"#222\" stroke-width=\"1\"");
    end = std::max(end, hi);
  }
  append_text(out, {end + 5, y + 4}, format_si(r.value(), "/s"), "class=\"bar-value\" font-size=\"10.5\" fill=\"#444\"");
}

void append_rows(std::string& out, const std::vector<Row>& rows, const AxisSpec& x, const Rect& plot) {
  out += "<g id=\"bars\">\n";
  for (const Row& row : rows) {
    if (!row.roof) {
      append_line(out, {4, row.y - 14}, {plot.x1, row.y - 14}, "stroke=\"#CCCCCC\" stroke-width=\"1\"");
      append_text(out, {8, row.y + 2}, row.heading, "class=\"group-heading\" font-size=\"12\" font-weight=\"bold\" fill=\"#333\"");
      continue;
    }
    append_text(out, {plot.x0 - 6, row.y + 4}, row.roof->call.label(),
                "class=\"bar-label\" text-anchor=\"end\" font-size=\"11\" fill=\"#222\"");
    append_bar(out, *row.roof, row.y, x, plot);
  }
  out += "</g>\n";
}

std::string render_math(const RoofsDocument& doc, const ChartOptions& opt) {
  const std::vector<const MathRoof*> roofs = ordered_roofs(doc);
  const std::string subtitle = "Built-in math functions, grouped as in Yan et al.'s OpenCL micro-benchmark suite: calls per second, one call = one lane's "
                               "evaluation, each result checked on the host · median of the runs, whiskers: min - max";
  Canvas canvas = make_canvas(opt, 24, subtitle);
  double label_w = 0;
  for (const MathRoof* r : roofs) label_w = std::max(label_w, text_width(r->call.label(), kLabelFont));
  const std::vector<ColorKey> keys = color_keys(roofs);
  const std::vector<Point> spots = legend_spots(keys, canvas.plot.x0, canvas.width - 10.0, canvas.plot.y0 + 16);
  const double top = canvas.plot.y0 + 44 + (legend_rows(spots) - 1) * kLegendRow;  // the legend's rows, then the top axis labels
  const std::vector<Row> rows = layout_rows(roofs, top);
  // As tall as the rows (opt.height does not stretch them); the canvas at least 360 high.
  const double bottom = std::max(top + rows_height(rows) + 6, 300.0);
  canvas.plot = {std::max(canvas.plot.x0, label_w + 16), top, canvas.plot.x1, bottom};
  canvas.height = static_cast<int>(std::ceil(bottom + 60));
  const Rect& plot = canvas.plot;

  double lo = INFINITY, hi = 0;
  for (const MathRoof* r : roofs)
    lo = std::min({lo, r->value(), usable(r->calls_per_s.min) ? r->calls_per_s.min : r->value()}),
    hi = std::max({hi, r->value(), std::isfinite(r->calls_per_s.max) ? r->calls_per_s.max : 0.0});
  if (roofs.empty()) lo = 1e9, hi = 1e12;
  // Room right of the longest bar for its figure (about 60 pixels of the axis), within a double's range.
  AxisSpec x{make_log_axis(std::max(lo / 2, DBL_MIN), std::min(hi * 6, DBL_MAX), plot.x0, plot.x1), {}, "Calls per second"};
  x.ticks = decade_ticks(x.scale, 40);
  const AxisSpec y{make_log_axis(1, 10, plot.y1, plot.y0), {}, ""};  // rows, not a scale: no ticks

  const std::string title = opt.title.empty() ? derived_title(doc) : opt.title;
  std::string out;
  append_svg_header(out, canvas, "Math-function throughput: " + title);
  append_grid(out, plot, x, y);
  append_rows(out, rows, x, plot);
  append_axes(out, plot, x, y);
  append_top_labels(out, x, plot);
  append_titles(out, canvas, title, subtitle);
  append_color_legend(out, keys, spots);
  if (roofs.empty())
    append_note(out, plot, doc.math.empty() ? missing_note({ChartKind::math}, doc) : "no math roof with a positive calls/s in this roofs file");
  out += "</svg>\n";
  return out;
}

}  // namespace
}  // namespace chart

std::string render_math_svg(const RoofsDocument& doc, const ChartOptions& opt) {
  return chart::render_safely(opt, "math-function throughput", [&] { return chart::render_math(doc, opt); });
}

}  // namespace roofline
