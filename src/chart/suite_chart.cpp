// chart/suite_chart: the suite benchmarks' line charts (stride, divergence,
// scalability...), each drawn from its row of model/suite_table.
//
// One small engine draws them all: a LinePlot holds its lines (each point
// with its runs' min..max), the reference lines, the marked positions
// (vertical dashed lines with a label) and, for a row that keeps the point at
// x = 0 apart (the stride chart's stride 0), the points of a column apart,
// left of an axis break. Drawing order, back to front:
// background, grid, column apart, reference lines, markers, whiskers, lines,
// point markers, frame and axes, titles, marker labels, note, legend.
#include "chart/suite_chart.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "chart/axes.hpp"
#include "chart/chart_kinds.hpp"
#include "chart/legend.hpp"
#include "chart/suite_parts.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

constexpr const char* kReferenceColor = "#777777";
constexpr const char* kMarkerColor = "#555555";
constexpr double kApartWidth = 56, kBreakGap = 14;  // the column apart and the gap after it, in pixels

// A point in display units, with the runs' spread.
struct Sample {
  double x = 0, y = 0, lo = 0, hi = 0;
  std::string tooltip;
};

struct Line {
  std::string name, color, dash;  // dash: stroke-dasharray, empty for solid
  bool reference = false;          // a reference line: no markers, not data
  std::vector<Sample> points;
  std::optional<Sample> apart;     // drawn in the column apart (its x unused)
};

// A position on the x axis worth a vertical line: the implied width, the saturation point.
struct Marker {
  double x = 0;
  std::string label, tooltip, dash;
};

struct LinePlot {
  std::string what;         // the document title's prefix: "Global-memory stride sweep"
  std::string subtitle, note;
  std::string x_title, y_title;
  std::string apart_label;  // the column apart's tick label; empty: no column apart
  std::string apart_meaning;  // what its points are, in the legend: "every work-item on one address"
  std::vector<Line> lines;
  std::vector<Marker> markers;
};

// A sample of a Stats value scaled to display units; min and max clamped to the median where unusable.
Sample sample(double x, const Stats& s, double scale, std::string tooltip) {
  Sample p{x, s.median * scale, s.min * scale, s.max * scale, std::move(tooltip)};
  if (!usable(p.lo) || p.lo > p.y) p.lo = p.y;
  if (!std::isfinite(p.hi) || p.hi < p.y) p.hi = p.y;
  return p;
}

// ---------------------------------------------------------------------------
// Scales

struct Scales {
  AxisSpec x, y;
  double apart_x = 0;  // the column apart's centre, when there is one
};

Scales choose_scales(const LinePlot& plot, const Rect& area) {
  double x_min = INFINITY, x_max = 0, y_min = INFINITY, y_max = 0;
  for (const Line& l : plot.lines) {
    for (const Sample& p : l.points)
      if (usable(p.x) && usable(p.y)) x_min = std::min(x_min, p.x), x_max = std::max(x_max, p.x);
    for (const Sample& p : l.points)
      if (usable(p.y)) y_min = std::min({y_min, p.y, p.lo}), y_max = std::max({y_max, p.y, p.hi});
    if (l.apart && usable(l.apart->y)) y_min = std::min({y_min, l.apart->y, l.apart->lo}), y_max = std::max({y_max, l.apart->hi});
  }
  for (const Marker& m : plot.markers) x_min = std::min(x_min, m.x), x_max = std::max(x_max, m.x);
  if (!(x_max > 0)) x_min = 1, x_max = 64;
  if (!(y_max > 0)) y_min = 1, y_max = 100;
  const double x0 = plot.apart_label.empty() ? area.x0 : area.x0 + kApartWidth + kBreakGap;
  Scales sc;
  sc.x.scale = make_octave_log_axis(x_min, x_max, x0, area.x1, 0.3, 3);
  sc.x.ticks = count_ticks(sc.x.scale);
  sc.x.title = plot.x_title;
  sc.y.scale = make_round_log_axis(y_min / 1.25, y_max * 1.4, area.y1, area.y0, 10);
  sc.y.ticks = decade_ticks(sc.y.scale, 18, true);
  sc.y.title = plot.y_title;
  sc.apart_x = area.x0 + kApartWidth / 2;
  return sc;
}

Point at(const Scales& sc, const Sample& p) { return {sc.x.scale.to_pixel(p.x), sc.y.scale.to_pixel(p.y)}; }

// ---------------------------------------------------------------------------
// Drawing

// The column apart: a light band, its tick label, and the axis break after it.
void append_apart_column(std::string& out, const LinePlot& plot, const Scales& sc, const Rect& area) {
  if (plot.apart_label.empty()) return;
  const double right = area.x0 + kApartWidth, mid = right + kBreakGap / 2;
  out += "<g id=\"apart-column\">\n";
  out += "<rect x=\"" + px(area.x0) + "\" y=\"" + px(area.y0) + "\" width=\"" + px(kApartWidth) + "\" height=\"" +
         px(area.height()) + "\" fill=\"#F4F4F4\"/>\n";
  append_line(out, {mid, area.y0}, {mid, area.y1}, "stroke=\"#BBBBBB\" stroke-width=\"1\" stroke-dasharray=\"3 3\"");
  for (const double dx : {-3.0, 3.0})  // the break: two slashes across the bottom axis
    append_line(out, {mid + dx - 3, area.y1 + 5}, {mid + dx + 3, area.y1 - 5}, "stroke=\"#444\" stroke-width=\"1.2\"");
  append_text(out, {sc.apart_x, area.y1 + 20}, plot.apart_label, "class=\"apart-label\" text-anchor=\"middle\" font-size=\"12\" fill=\"#333\"");
  out += "</g>\n";
}

std::vector<Point> pixels(const Scales& sc, const Line& l) {
  std::vector<Point> pts;
  for (const Sample& p : l.points) pts.push_back(at(sc, p));
  return pts;
}

void append_references(std::string& out, const LinePlot& plot, const Scales& sc) {
  out += "<g id=\"references\" clip-path=\"url(#plot-area)\" fill=\"none\">\n";
  for (const Line& l : plot.lines)
    if (l.reference && l.points.size() > 1)
      append_polyline(out, pixels(sc, l), "class=\"reference\" stroke=\"" + l.color + "\" stroke-width=\"1.4\"" +
                                              (l.dash.empty() ? "" : " stroke-dasharray=\"" + l.dash + "\""));
  out += "</g>\n";
}

void append_markers(std::string& out, const LinePlot& plot, const Scales& sc, const Rect& area, Obstacles& drawn) {
  out += "<g id=\"markers\">\n";
  for (const Marker& m : plot.markers) {
    const double x = sc.x.scale.to_pixel(m.x);
    append_line(out, {x, area.y0}, {x, area.y1},
                "class=\"marker\" stroke=\"" + std::string(kMarkerColor) + "\" stroke-width=\"1.4\" stroke-dasharray=\"" + m.dash + "\"",
                m.tooltip);
    drawn.segments.push_back({{x, area.y0}, {x, area.y1}});
  }
  out += "</g>\n";
}

// The lines, each point with a whisker from its runs' min to max, and the points apart.
void append_lines(std::string& out, const LinePlot& plot, const Scales& sc, Obstacles& drawn) {
  out += "<g id=\"lines\" clip-path=\"url(#plot-area)\" fill=\"none\">\n";
  for (const Line& l : plot.lines) {
    if (l.reference) continue;
    const std::vector<Point> pts = pixels(sc, l);
    drawn.add_polyline(pts);
    for (const Sample& p : l.points)
      if (p.hi > p.lo)
        append_line(out, {at(sc, p).x, sc.y.scale.to_pixel(p.lo)}, {at(sc, p).x, sc.y.scale.to_pixel(p.hi)},
                    "class=\"range\" stroke=\"" + l.color + "\" stroke-width=\"1\" stroke-opacity=\"0.6\"");
    if (pts.size() > 1)
      append_polyline(out, pts, "class=\"sweep\" stroke=\"" + l.color + "\" stroke-width=\"2\" stroke-linejoin=\"round\"" +
                                    (l.dash.empty() ? "" : " stroke-dasharray=\"" + l.dash + "\""));
  }
  out += "</g>\n<g id=\"points\">\n";
  // The points apart side by side in the column, centred, so that equal values stay apart.
  const double apart_count = double(std::count_if(plot.lines.begin(), plot.lines.end(), [](const Line& l) { return l.apart.has_value(); }));
  const double apart_step = std::min(9.0, (kApartWidth - 10) / std::max(1.0, apart_count - 1));
  double index = 0;
  for (const Line& l : plot.lines) {
    if (l.reference) continue;
    for (const Sample& p : l.points)
      append_circle(out, at(sc, p), 3, "class=\"point\" fill=\"white\" stroke=\"" + l.color + "\" stroke-width=\"1.6\"", p.tooltip);
    if (l.apart) {
      const double x = sc.apart_x + (index++ - (apart_count - 1) / 2) * apart_step;
      const Point c{x, sc.y.scale.to_pixel(l.apart->y)};
      if (l.apart->hi > l.apart->lo)
        append_line(out, {x, sc.y.scale.to_pixel(l.apart->lo)}, {x, sc.y.scale.to_pixel(l.apart->hi)},
                    "class=\"range\" stroke=\"" + l.color + "\" stroke-width=\"1\"");
      out += "<polygon class=\"apart-point\" points=\"" +
             points_attribute({{c.x, c.y - 4.5}, {c.x + 4.5, c.y}, {c.x, c.y + 4.5}, {c.x - 4.5, c.y}}) + "\" fill=\"" + l.color +
             "\" stroke=\"white\" stroke-width=\"0.8\"><title>" + xml_escape(l.apart->tooltip) + "</title></polygon>\n";
      drawn.boxes.push_back(Rect{c.x, c.y, c.x, c.y}.inflated(5));
    }
  }
  out += "</g>\n";
}

// Each marker's label at the top of its line, on whichever side has room.
void append_marker_labels(std::string& out, const LinePlot& plot, const Scales& sc, const Rect& area, Obstacles& drawn) {
  double y = area.y0 + 16;
  for (const Marker& m : plot.markers) {
    const double x = sc.x.scale.to_pixel(m.x), w = text_width(m.label, 12);
    const bool left = x + 6 + w > area.x1 - 4;
    const Point p{left ? x - 6 : x + 6, y};
    append_haloed_text(out, p, m.label, std::string("class=\"marker-label\" font-size=\"12\"") + (left ? " text-anchor=\"end\"" : ""),
                       "#333333");
    drawn.boxes.push_back({left ? p.x - w : p.x, y - 12, left ? p.x : p.x + w, y + 3});
    y += 18;
  }
}

std::vector<LegendEntry> legend_entries(const LinePlot& plot) {
  std::vector<LegendEntry> entries;
  for (const Line& l : plot.lines)
    entries.push_back({l.name, l.color, l.reference ? LegendEntry::Swatch::line : LegendEntry::Swatch::line_with_marker, l.dash,
                       l.reference ? 1.4 : 2, 1});
  for (const Marker& m : plot.markers) entries.push_back({m.label, kMarkerColor, LegendEntry::Swatch::line, m.dash, 1.4, 1});
  if (std::any_of(plot.lines.begin(), plot.lines.end(), [](const Line& l) { return l.apart.has_value(); }))
    entries.push_back({plot.apart_label + ": " + plot.apart_meaning, kMarkerColor, LegendEntry::Swatch::square, "", 2, 1});
  return entries;
}

// What a hand-edited file can leave a plot with that a log axis cannot show
// is left out: a marker at 0 (a width or a saturation point), a line without
// a point (none with a positive value); with no line left, a note says so.
void drop_unshowable(LinePlot& plot) {
  plot.markers.erase(std::remove_if(plot.markers.begin(), plot.markers.end(), [](const Marker& m) { return !usable(m.x); }),
                     plot.markers.end());
  plot.lines.erase(std::remove_if(plot.lines.begin(), plot.lines.end(), [](const Line& l) { return l.points.empty() && !l.apart; }),
                   plot.lines.end());
  if (plot.lines.empty() && plot.note.empty()) plot.note = "no point with a positive value in this roofs file";
}

std::string render_plot(LinePlot plot, const RoofsDocument& doc, const ChartOptions& opt) {
  drop_unshowable(plot);
  const Canvas canvas = make_canvas(opt, 24, plot.subtitle);
  const Rect& area = canvas.plot;
  const Scales sc = choose_scales(plot, area);
  const std::string title = opt.title.empty() ? derived_title(doc) : opt.title;
  std::string out;
  append_svg_header(out, canvas, plot.what + ": " + title);
  append_grid(out, area, sc.x, sc.y);
  append_apart_column(out, plot, sc, area);
  append_references(out, plot, sc);
  Obstacles drawn;
  append_markers(out, plot, sc, area, drawn);
  append_lines(out, plot, sc, drawn);
  append_axes(out, area, sc.x, sc.y);
  append_titles(out, canvas, title, plot.subtitle);
  append_marker_labels(out, plot, sc, area, drawn);
  if (!plot.note.empty()) append_note(out, area, plot.note);
  const std::vector<LegendEntry> entries = legend_entries(plot);
  if (plot.note.empty() && !entries.empty())
    append_legend(out, entries, area, drawn, {Corner::lower_left, Corner::upper_right, Corner::lower_right, Corner::upper_left});
  out += "</svg>\n";
  return out;
}

// ---------------------------------------------------------------------------
// A suite benchmark's chart, drawn as its row (model/suite_table) says

// "float read, stride 3: 1.20 GB/s ...", "4 paths: ratio 4.07, 1.23 ms ...": a point's figures.
std::string point_tooltip(const SuiteRow& row, const MeasuredSeries& s, const SeriesPoint& p) {
  const SeriesFields& f = row.fields;
  std::string t = (s.tags.empty() ? "" : series_name(row, s) + ", ") + row.x_words.of(p.x);
  if (!f.local.empty()) t += " (groups of " + std::to_string(p.local) + ")";
  t += ": ";
  if (!f.ratio.empty()) t += format_text("ratio %.3g", ratio_to_unit(s, p)) + ", ";
  t += format_si(p.y.median, std::string(row.y_unit));
  if (p.seconds) t += ", " + format_si(p.seconds->median, "s");
  t += runs_text(p.y, std::string(row.y_unit));
  if (row.layout == SectionLayout::curves) {
    t += "\n" + launch_text(s.launch);
    if (!f.bytes.empty()) t += ", " + bytes_text(row, s.bytes);
  }
  return t;
}

// The point as drawn: y in the axis' unit, or its ratio to the point at x = 1
// with the runs' spread scaled alike.
std::optional<Sample> point_sample(const SuiteRow& row, const MeasuredSeries& s, const SeriesPoint& p) {
  if (!row.chart.ratio) {
    if (!usable(p.y.median)) return std::nullopt;
    return sample(p.x, p.y, row.chart.y_scale, point_tooltip(row, s, p));
  }
  const double ratio = ratio_to_unit(s, p);
  if (!usable(ratio)) return std::nullopt;
  Stats r{ratio, ratio, ratio, ratio};
  if (usable(p.y.median)) {
    const double per = ratio / p.y.median;  // the unit point's y, inverted
    r.min = p.y.min * per, r.max = p.y.max * per;
  }
  return sample(p.x, r, 1, point_tooltip(row, s, p));
}

// A line per series, coloured by its place among the row's series; the point
// at x = 0 in the column apart where the row keeps one.
Line series_line(const SuiteRow& row, const MeasuredSeries& s, std::size_t index) {
  Line l{series_name(row, s), palette_color(row.series_index(s.tags).value_or(index)), "", false, {}, std::nullopt};
  for (const SeriesPoint& p : s.points) {
    const bool apart = !row.fields.apart.empty() && p.x == 0;
    if (!apart && !usable(p.x)) continue;
    std::optional<Sample> drawn = point_sample(row, s, p);
    if (!drawn) continue;
    if (!apart) l.points.push_back(std::move(*drawn));
    else {
      drawn->tooltip += "\n" + std::string(row.apart.meaning);
      l.apart = std::move(drawn);
    }
  }
  return l;
}

// The row's facts as vertical lines, each labelled with its value.
std::vector<Marker> fact_markers(const SuiteRow& row, const MeasuredSeries& s) {
  std::vector<Marker> out;
  for (const SeriesMark& m : row.marks)
    if (const auto value = s.mark(std::string(m.field))) {
      const std::string v = std::to_string(*value);
      out.push_back({double(*value), std::string(m.label) + v + std::string(m.unit), std::string(m.meaning) + ": " + v,
                     std::string(m.dash)});
    }
  return out;
}

// What was measured, then a single series' launch or bytes, the row's last
// words, and the facts the subtitle names.
std::string series_subtitle(const SuiteRow& row, const std::vector<MeasuredSeries>& series) {
  std::vector<std::string> parts{std::string(row.chart.subtitle)};
  if (row.layout == SectionLayout::one && !series.empty()) {
    if (!row.fields.launch.empty()) parts.push_back(launch_text(series.front().launch));
    if (!row.fields.bytes.empty()) parts.push_back(bytes_text(row, series.front().bytes));
  }
  if (!row.chart.tail.empty()) parts.emplace_back(row.chart.tail);
  std::string facts;
  for (const SeriesMark& m : row.marks)
    if (!m.subtitle.empty()) {
      const auto value = series.empty() ? std::nullopt : series.front().mark(std::string(m.field));
      facts += (facts.empty() ? "" : ", ") + std::string(m.subtitle) + (value ? std::to_string(*value) : std::string(m.none));
    }
  if (!facts.empty()) parts.push_back(facts);
  std::string out;
  for (const std::string& part : parts) out += (out.empty() ? "" : " · ") + part;
  return out;
}

LinePlot series_plot(const RoofsDocument& doc, const SuiteRow& row) {
  const SeriesChart& c = row.chart;
  LinePlot p{std::string(c.title), "", "", std::string(c.x_title), std::string(c.y_title), std::string(row.apart.label),
             std::string(row.apart.meaning), {}, {}};
  p.note = missing_note({ChartKind::suite, SweepMetric::performance, row.id}, doc);
  if (!p.note.empty()) return p;
  const std::vector<MeasuredSeries>& series = doc.series(row.id);
  for (std::size_t i = 0; i < series.size(); ++i) {
    p.lines.push_back(series_line(row, series[i], i));
    for (Marker& m : fact_markers(row, series[i])) p.markers.push_back(std::move(m));
  }
  if (!c.reference.empty() && !p.lines.empty()) {
    Line reference{std::string(c.reference), kReferenceColor, "6 4", true, {}, std::nullopt};
    for (const Sample& s : p.lines.front().points) reference.points.push_back({s.x, s.x, s.x, s.x, ""});
    p.lines.push_back(std::move(reference));
  }
  p.subtitle = series_subtitle(row, series);
  return p;
}

}  // namespace
}  // namespace chart

std::string render_series_svg(const RoofsDocument& doc, const SuiteRow& row, const ChartOptions& opt) {
  return chart::render_safely(opt, std::string(row.noun), [&] { return chart::render_plot(chart::series_plot(doc, row), doc, opt); });
}

}  // namespace roofline
