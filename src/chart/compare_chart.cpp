// Drawing order, back to front: background, grid, the lines at 1 and at the
// threshold, the bars and dots, the frame and axis, the rows' names, titles,
// legend.
#include "chart/compare_chart.hpp"

#include <algorithm>
#include <cmath>

#include "chart/axes.hpp"
#include "chart/legend.hpp"
#include "chart/svg.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

constexpr const char* kSameColor = "#0072B2";
constexpr const char* kSlowerColor = "#B2182B";
constexpr const char* kReferenceColor = "#777777";
constexpr double kRowHeight = 16, kFontSize = 11, kDotRadius = 4.5;

std::string value_text(const ComparedRow& r, const std::optional<double>& v) {
  if (!v) return "—";
  return r.unit ? format_si(*v, *r.unit) : format_si(*v, "s");
}

std::string tooltip(const Comparison& c, const ComparedRow& r) {
  std::string t = r.name + ": A " + value_text(r, r.a) + ", B " + value_text(r, r.b);
  if (r.speed) t += format_text(" · speed %.3f (", *r.speed) + (r.basis == CompareBasis::rate ? "rate B / A)" : "time A / B)");
  if (r.slower) t += format_text(" · slower than %.3g", 1 - *c.fail_if_slower);
  if (!r.limit_a.empty() || !r.limit_b.empty()) t += "\npredicted limit: A " + r.limit_a + ", B " + r.limit_b;
  if (!r.attained_a.empty() || !r.attained_b.empty()) t += "\nattained roof: A " + r.attained_a + ", B " + r.attained_b;
  if (!r.note.empty()) t += "\n" + r.note;
  return t;
}

LogAxis speed_axis(const Comparison& c, const Rect& area) {
  double lo = 0.9, hi = 1.1;
  for (const ComparedRow& r : c.rows)
    if (r.speed && std::isfinite(*r.speed)) lo = std::min(lo, *r.speed), hi = std::max(hi, *r.speed);
  if (c.fail_if_slower) lo = std::min(lo, 1 - *c.fail_if_slower);
  return LogAxis{lo / 1.05, hi * 1.05, area.x0, area.x1};
}

std::string title_of(const Comparison& c) { return "A: " + c.a.text() + "  vs  B: " + c.b.text(); }

std::string subtitle_of(const Comparison& c) {
  std::string s = "A " + c.a.file + (c.a.device.empty() ? "" : " (" + c.a.device + ")") + " · B " + c.b.file +
                  (c.b.device.empty() ? "" : " (" + c.b.device + ")") + "\n";
  s += std::string(c.kind == ComparedKind::roofs ? "each ceiling's rate, B over A" : "each kernel's speed, B over A (time A / B, or its rate where its work differs)");
  if (c.fail_if_slower) s += format_text(" · %zu slower than %.3g", c.slower_count(), 1 - *c.fail_if_slower);
  return s;
}

void append_rows(std::string& out, const Comparison& c, const Rect& area, const LogAxis& x, Obstacles& drawn) {
  const double one = x.to_pixel(1);
  out += "<g id=\"reference\" fill=\"none\">\n";
  append_line(out, {one, area.y0}, {one, area.y1},
              "class=\"reference\" stroke=\"" + std::string(kReferenceColor) + "\" stroke-width=\"1.6\"");
  drawn.segments.push_back({{one, area.y0}, {one, area.y1}});
  if (c.fail_if_slower) {
    const double t = x.to_pixel(1 - *c.fail_if_slower);
    append_line(out, {t, area.y0}, {t, area.y1},
                "class=\"threshold\" stroke=\"" + std::string(kSlowerColor) + "\" stroke-width=\"1.6\" stroke-dasharray=\"7 4\"");
    drawn.segments.push_back({{t, area.y0}, {t, area.y1}});
  }
  out += "</g>\n<g id=\"rows\" clip-path=\"url(#plot-area)\">\n";
  for (std::size_t i = 0; i < c.rows.size(); ++i) {
    const ComparedRow& r = c.rows[i];
    if (!r.speed) continue;
    const double y = area.y0 + kRowHeight * (double(i) + 0.5), px_speed = x.to_pixel(*r.speed);
    const std::string color = r.slower ? kSlowerColor : kSameColor;
    append_line(out, {one, y}, {px_speed, y}, "stroke=\"" + color + "\" stroke-width=\"3\" stroke-opacity=\"0.45\"");
    const std::string tip = tooltip(c, r);
    if (r.slower) {
      const double a = kDotRadius;
      out += "<rect class=\"slower\" x=\"" + px(px_speed - a) + "\" y=\"" + px(y - a) + "\" width=\"" + px(2 * a) + "\" height=\"" +
             px(2 * a) + "\" fill=\"" + color + "\"><title>" + xml_escape(tip) + "</title></rect>\n";
    } else {
      append_circle(out, {px_speed, y}, kDotRadius, "class=\"row\" fill=\"" + color + "\"", tip);
    }
    drawn.boxes.push_back({std::min(one, px_speed) - kDotRadius, y - kDotRadius, std::max(one, px_speed) + kDotRadius, y + kDotRadius});
  }
  out += "</g>\n";
}

void append_names(std::string& out, const Comparison& c, const Rect& area) {
  out += "<g id=\"row-names\" font-size=\"" + px(kFontSize) + "\" fill=\"#333\">\n";
  for (std::size_t i = 0; i < c.rows.size(); ++i) {
    const ComparedRow& r = c.rows[i];
    std::string name = r.name + (r.speed ? "" : " (" + (r.note.empty() ? std::string("no speed") : r.note) + ")");
    append_text(out, {area.x0 - 6, area.y0 + kRowHeight * (double(i) + 0.5) + 4}, fit_text(name, kFontSize, area.x0 - 12),
                "text-anchor=\"end\"" + std::string(r.slower ? " fill=\"" + std::string(kSlowerColor) + "\"" : ""));
  }
  out += "</g>\n";
}

std::vector<LegendEntry> legend_entries(const Comparison& c) {
  std::vector<LegendEntry> entries{{"B as fast as A or faster, or within the gate", kSameColor, LegendEntry::Swatch::dot, "", 2.2, 1},
                                   {"A (speed 1)", kReferenceColor, LegendEntry::Swatch::line, "", 1.6, 1}};
  if (c.fail_if_slower) {
    entries.push_back({format_text("--fail-if-slower %.3g%%", 100 * *c.fail_if_slower), kSlowerColor, LegendEntry::Swatch::line, "7 4", 1.6, 1});
    entries.push_back({"slower than the gate", kSlowerColor, LegendEntry::Swatch::square, "", 2.2, 1});
  }
  return entries;
}

std::string render(const Comparison& c, ChartOptions opt) {
  const std::string subtitle = subtitle_of(c);
  opt.height = std::max(opt.height, int(kRowHeight * double(c.rows.size())) + 190);
  Canvas canvas = make_canvas(opt, 24, subtitle);
  double widest = 0;
  for (const ComparedRow& r : c.rows) widest = std::max(widest, text_width(r.name + (r.speed ? "" : " (" + r.note + ")"), kFontSize));
  canvas.plot.x0 = std::clamp(widest + 16, canvas.plot.x0, canvas.width * 0.45);
  canvas.plot.y1 = canvas.plot.y0 + kRowHeight * double(std::max<std::size_t>(1, c.rows.size()));
  const Rect& area = canvas.plot;
  const std::string title = opt.title.empty() ? title_of(c) : opt.title;
  std::string out;
  append_svg_header(out, canvas, title);
  if (c.rows.empty()) {
    append_titles(out, canvas, title, subtitle);
    append_note(out, area, "nothing to compare");
    return out + "</svg>\n";
  }
  AxisSpec x, y;
  x.scale = speed_axis(c, area);
  x.ticks = step_ticks(x.scale, 48);
  x.title = c.kind == ComparedKind::roofs ? "Speed of B over A (rate B / A)" : "Speed of B over A (time A / B, or rate B / A)";
  y.scale = LogAxis{1, 10, area.y1, area.y0};
  append_grid(out, area, x, y);
  Obstacles drawn;
  append_rows(out, c, area, x.scale, drawn);
  append_axes(out, area, x, y);
  append_names(out, c, area);
  append_titles(out, canvas, title, subtitle);
  append_legend(out, legend_entries(c), area, drawn, {Corner::lower_right, Corner::upper_right, Corner::lower_left, Corner::upper_left});
  return out + "</svg>\n";
}

}  // namespace
}  // namespace chart

std::string render_comparison_svg(const Comparison& comparison, const ChartOptions& opt) {
  return chart::render_safely(opt, "comparison chart", [&] { return chart::render(comparison, opt); });
}

}  // namespace roofline
