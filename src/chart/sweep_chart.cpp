// chart/sweep_chart: bandwidth and latency over the working set.
//
// Drawing order, back to front: background, grid, min..max band, level
// plateaus, capacity lines, median line, point markers, frame and axes,
// titles, capacity labels, plateau labels, note, legend. The band, line and
// plateaus are clipped to the plot area; the markers lie inside it anyway,
// since the axes leave room around the data.
#include "chart/sweep_chart.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "chart/axes.hpp"
#include "chart/legend.hpp"
#include "chart/roof_colors.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

enum class Quantity { bandwidth, latency };

// One document: a dark curve under the levels in their own colors (chart/roof_colors).
// Several: everything of a document in its palette color.
constexpr const char* kCurveColor = "#333333";
constexpr const char* kLevelLineColor = "#777777";
constexpr double kBandOpacity = 0.18, kPlateauOpacity = 0.35, kPlateauWidth = 7;

bool usable(double v) { return v > 0 && std::isfinite(v); }

// A point of the curve, in the document's unit (B/s or ns).
struct Sample {
  double bytes = 0;
  double median = 0, lo = 0, hi = 0;  // lo..hi: the runs' min..max, the median when unknown
  const Stats* stats = nullptr;
};

struct LevelView {
  const DetectedLevel* level = nullptr;
  std::string color;
  std::optional<double> value;     // plateau height (B/s or ns), when known and positive
  std::optional<double> capacity;  // bytes, when known and positive
  double first = 0, last = 0;      // the plateau's extent over the measured working sets; 0: none
};

// One document's curve and levels.
struct Sweep {
  const RoofsDocument* doc = nullptr;
  Quantity quantity = Quantity::bandwidth;
  const MemoryCurves* memory = nullptr;
  std::vector<Sample> points;  // usable points, smallest working set first
  std::vector<LevelView> levels;
  std::optional<double> mhz;   // the held clock, latency charts only
  std::string color;           // of the curve
};

// The plateau's extent, cut to the working sets measured on this curve (the
// levels come from the bandwidth sweep, whose range the latency chase may not
// reach: a plateau is drawn over points, never beyond them). A plateau one
// working set wide gets a little width to be seen, inwards at the curve's ends.
std::pair<double, double> measured_extent(const DetectedLevel& l, const std::vector<Sample>& points) {
  if (points.empty() || !usable(l.first_bytes) || !usable(l.last_bytes)) return {0, 0};
  const double lo = points.front().bytes, hi = points.back().bytes;
  double a = std::clamp(std::min(l.first_bytes, l.last_bytes), lo, hi), b = std::clamp(std::max(l.first_bytes, l.last_bytes), lo, hi);
  if (b / a < std::exp2(0.4)) {
    a = std::max(lo, a / std::exp2(0.2)), b = std::min(hi, b * std::exp2(0.2));
    if (b / a < std::exp2(0.4)) (a == lo ? b = a * std::exp2(0.4) : a = b / std::exp2(0.4));
  }
  return {a, b};
}

// The plateau drawn only where the curve lies on it: within the extent, the
// longest run of consecutive points within 15% of the plateau's value (the
// levels' extents come from the bandwidth sweep, and the latency may already
// rise inside one: a bar across a rising curve tells a wrong story); the
// extent as it was where the curve is too sparse to say (under two points in
// it); none where no point in it lies near the value.
std::pair<double, double> level_run(double first, double last, double value, const std::vector<Sample>& points) {
  if (!(first > 0) || !(last > 0)) return {first, last};
  std::vector<const Sample*> inside;
  for (const Sample& p : points)
    if (p.bytes >= first && p.bytes <= last) inside.push_back(&p);
  if (inside.size() < 2) return {first, last};
  std::size_t best_from = 0, best_len = 0;
  for (std::size_t i = 0; i < inside.size();) {
    std::size_t j = i;
    while (j < inside.size() && std::fabs(inside[j]->median / value - 1) <= 0.15) ++j;
    if (j - i > best_len) best_from = i, best_len = j - i;
    i = j == i ? i + 1 : j;
  }
  if (best_len == 0) return {0, 0};
  if (best_len == inside.size()) return {first, last};
  DetectedLevel run;
  run.first_bytes = inside[best_from]->bytes;
  run.last_bytes = inside[best_from + best_len - 1]->bytes;
  return measured_extent(run, points);
}

Sweep collect(const RoofsDocument& doc, Quantity q, const std::string& color, bool several) {
  Sweep s;
  s.doc = &doc;
  s.quantity = q;
  s.color = color;
  if (q == Quantity::latency && doc.clock && usable(doc.clock->mhz)) s.mhz = doc.clock->mhz;
  if (!doc.memory) return s;
  s.memory = &*doc.memory;
  for (const CurvePoint& p : q == Quantity::bandwidth ? doc.memory->bandwidth : doc.memory->latency) {
    if (!usable(p.bytes) || !usable(p.stats.median)) continue;
    Sample x{p.bytes, p.stats.median, 0, 0, &p.stats};
    const double lo = p.stats.min, hi = p.stats.max;
    x.lo = usable(lo) && lo <= x.median ? lo : x.median;
    x.hi = std::isfinite(hi) && hi >= x.median ? hi : x.median;
    s.points.push_back(x);
  }
  std::stable_sort(s.points.begin(), s.points.end(), [](const Sample& a, const Sample& b) { return a.bytes < b.bytes; });
  for (const DetectedLevel& l : doc.memory->levels) {
    LevelView v{&l, several ? color : level_color(l.level), std::nullopt, std::nullopt};
    const double value = q == Quantity::bandwidth ? l.bandwidth : l.latency_ns.value_or(0);
    if (usable(value)) v.value = value;
    if (l.capacity_bytes && usable(*l.capacity_bytes)) v.capacity = *l.capacity_bytes;
    std::tie(v.first, v.last) = measured_extent(l, s.points);
    if (v.value) std::tie(v.first, v.last) = level_run(v.first, v.last, *v.value, s.points);
    s.levels.push_back(v);
  }
  return s;
}

bool has_plateau(const LevelView& l) { return l.value && l.first > 0 && l.last > 0; }

// ---------------------------------------------------------------------------
// Words and numbers

std::string format_ns(double ns) {
  if (ns >= 1e6) return format_text("%.3g ms", ns / 1e6);
  if (ns >= 999.5) return format_text("%.3g µs", ns / 1e3);
  return format_text("%.3g ns", ns);
}

double cycles(double ns, double mhz) { return ns * mhz / 1000; }

std::string format_cycles(double c) { return format_text(c >= 9.95 ? "%.0f cycles" : "%.1f cycles", c); }

// "142 ns (281 cycles)", or "142 ns" without a clock; "151 GB/s".
std::string format_value(const Sweep& s, double v) {
  if (s.quantity == Quantity::bandwidth) return format_si(v, "B/s");
  return s.mhz ? format_ns(v) + " (" + format_cycles(cycles(v, *s.mhz)) + ")" : format_ns(v);
}

// The figure in the document's unit, to its last meaningful digit: "151234567890 B/s", "285.5 ns".
std::string exact_value(const Sweep& s, double v) {
  return s.quantity == Quantity::bandwidth ? format_text("%.0f B/s", v) : format_text("%.4g ns", v);
}

std::string bytes_with_exact(double bytes) { return format_bytes(bytes) + " (" + exact_number(bytes) + " bytes)"; }

// Without cycles: "151 GB/s", "142 ns".
std::string format_plain(const Sweep& s, double v) {
  return s.quantity == Quantity::bandwidth ? format_si(v, "B/s") : format_ns(v);
}

std::string point_tooltip(const Sweep& s, const Sample& p) {
  std::string t = bytes_with_exact(p.bytes) + ": " + format_plain(s, p.median) +
                  (s.quantity == Quantity::latency ? " per load" : "") + " (" + exact_value(s, p.median) + ")";
  if (s.mhz) t += " = " + format_cycles(cycles(p.median, *s.mhz)) + format_text(" at %.0f MHz", *s.mhz);
  if (p.stats->samples > 0) {
    t += "\nmedian of " + std::to_string(p.stats->samples) + (p.stats->samples == 1 ? " run" : " runs");
    if (p.stats->samples > 1) t += ", min " + format_plain(s, p.lo) + ", max " + format_plain(s, p.hi);
  }
  return t;
}

std::string capacity_label(const LevelView& l) { return l.level->level.name + " | " + format_bytes(*l.capacity); }

std::string capacity_tooltip(const LevelView& l) {
  std::string t = l.level->level.name + " capacity: " + bytes_with_exact(*l.capacity);
  if (usable(l.level->first_bytes) && usable(l.level->last_bytes))
    t += "\nplateau " + format_bytes(l.level->first_bytes) + " .. " + format_bytes(l.level->last_bytes);
  return t;
}

std::string plateau_label(const Sweep& s, const LevelView& l) { return l.level->level.name + " " + format_value(s, *l.value); }

std::string plateau_tooltip(const Sweep& s, const LevelView& l) {
  const DetectedLevel& d = *l.level;
  std::string t = d.level.name + " plateau: " + format_value(s, *l.value) + " (" + exact_value(s, *l.value) + ")";
  t += "\nworking sets " + format_bytes(d.first_bytes) + " .. " + format_bytes(d.last_bytes) + " (" +
       exact_number(d.first_bytes) + " .. " + exact_number(d.last_bytes) + " bytes)";
  if (s.quantity == Quantity::bandwidth && d.latency_ns && usable(*d.latency_ns))
    t += "\nlatency " + format_ns(*d.latency_ns);
  if (s.quantity == Quantity::latency && usable(d.bandwidth)) t += "\nbandwidth " + format_si(d.bandwidth, "B/s");
  t += d.capacity_bytes && usable(*d.capacity_bytes) ? "\ncapacity " + bytes_with_exact(*d.capacity_bytes)
                                                     : "\ncapacity unknown (last level)";
  return t;
}

std::string what(Quantity q) { return q == Quantity::bandwidth ? "Memory bandwidth" : "Memory latency"; }

std::string subtitle(const RoofsDocument& doc, const Sweep& s) {
  std::string t = what(s.quantity) + " by working set";
  if (s.memory) {
    if (s.quantity == Quantity::latency) t += " · pointer chase, one work-item";
    else if (!s.memory->kernel.empty()) t += " · " + s.memory->kernel;
    if (!s.memory->detection.empty()) t += " · levels: " + s.memory->detection;
  }
  if (s.mhz) t += format_text(" · clock %.0f MHz", *s.mhz) + (doc.clock->source.empty() ? "" : " (" + doc.clock->source + ")");
  if (doc.quick) t += " · quick run";
  if (noisy_run(doc)) t += " · noisy run";
  if (!doc.complete) t += " · incomplete run";
  return t;
}

// Several documents: a line naming each, then what the chart shows.
std::string subtitle(const std::vector<Sweep>& sweeps) {
  if (sweeps.size() == 1) return subtitle(*sweeps[0].doc, sweeps[0]);
  std::vector<const RoofsDocument*> docs;
  for (const Sweep& s : sweeps) docs.push_back(s.doc);
  std::string t = documents_line(docs) + "\n" + what(sweeps[0].quantity) + " by working set";
  if (sweeps[0].quantity == Quantity::latency) t += " · pointer chase, one work-item";
  return t + " · a curve per roofs file, with its levels, in its color";
}

// What the plot says when it has no curve to show, empty when it has one.
std::string note(const Sweep& s) {
  if (!s.memory) return "no memory sweep in this roofs file";
  if (s.points.empty())
    return s.quantity == Quantity::bandwidth ? "no bandwidth curve measured" : "no latency curve measured";
  if (s.points.size() == 1) return "only one working set measured";
  return "";
}

std::string note(const std::vector<Sweep>& sweeps) {
  for (const Sweep& s : sweeps)
    if (note(s).empty()) return "";
  return sweeps.size() == 1 ? note(sweeps[0]) : note(sweeps[0]) + " (nor in the other roofs files)";
}

// ---------------------------------------------------------------------------
// Scales

struct Scales {
  AxisSpec x, y;
  double y_unit = 1;              // document units per y-axis unit: 1e9 for GB/s, 1 for ns
  std::optional<AxisSpec> right;  // cycles, a latency chart of one document with a clock
  Point at(double bytes, double v) const { return {x.scale.to_pixel(bytes), y.scale.to_pixel(v / y_unit)}; }
};

// X: every point and level extent with some room either side, at least 4
// octaves; 1 KiB .. 1 GiB when there is nothing. Y: every point's min..max and
// every plateau on an axis with round bounds at least a decade high, in GB/s
// (TB/s past 5000 GB/s) or ns (µs past 5000 ns), with room above the highest
// value for its label.
Scales choose_scales(const std::vector<Sweep>& sweeps, const Rect& plot) {
  double x_min = INFINITY, x_max = 0, y_min = INFINITY, y_max = 0;
  const auto take_x = [&](double v) { if (usable(v)) x_min = std::min(x_min, v), x_max = std::max(x_max, v); };
  const auto take_y = [&](double v) { if (usable(v)) y_min = std::min(y_min, v), y_max = std::max(y_max, v); };
  for (const Sweep& s : sweeps) {
    for (const Sample& p : s.points) take_x(p.bytes), take_y(p.lo), take_y(p.hi);
    for (const LevelView& l : s.levels) {
      if (l.capacity) take_x(*l.capacity);
      if (has_plateau(l)) take_x(l.first), take_x(l.last), take_y(*l.value);
    }
  }
  const bool bandwidth = sweeps[0].quantity == Quantity::bandwidth;
  if (!(x_max > 0)) x_min = 1024, x_max = 1024.0 * 1024 * 1024;
  if (!(y_max > 0)) y_min = bandwidth ? 1e9 : 1, y_max = bandwidth ? 1e12 : 1000;

  Scales sc;
  sc.x.scale = make_octave_log_axis(x_min, x_max, plot.x0, plot.x1);
  sc.x.ticks = binary_ticks(sc.x.scale);
  sc.x.title = "Working set [bytes]";
  const double base = bandwidth ? 1e9 : 1;
  sc.y_unit = y_max / base > 5000 / 1.3 ? 1000 * base : base;
  // Room of at least 24 pixels above the highest and below the lowest value, for their labels.
  double room_above = 1.15, room_below = 1.15;
  for (int tries = 0; tries < 8; ++tries) {
    sc.y.scale = make_round_log_axis(y_min / sc.y_unit / room_below, y_max / sc.y_unit * room_above, plot.y1, plot.y0);
    const bool top_ok = sc.y.scale.to_pixel(y_max / sc.y_unit) - plot.y0 >= 24;
    const bool bottom_ok = plot.y1 - sc.y.scale.to_pixel(y_min / sc.y_unit) >= 24;
    if (top_ok && bottom_ok) break;
    if (!top_ok) room_above *= 1.3;
    if (!bottom_ok) room_below *= 1.3;
  }
  sc.y.ticks = decade_ticks(sc.y.scale, 22, true);
  const bool big = sc.y_unit != base;
  sc.y.title = bandwidth ? (big ? "Bandwidth [TB/s]" : "Bandwidth [GB/s]") : (big ? "Latency per load [µs]" : "Latency per load [ns]");
  if (sweeps.size() == 1 && sweeps[0].mhz) {
    const double f = sc.y_unit * *sweeps[0].mhz / 1000;  // cycles per y-axis unit
    AxisSpec r;
    r.scale = LogAxis{sc.y.scale.lo * f, sc.y.scale.hi * f, sc.y.scale.pixel_lo, sc.y.scale.pixel_hi};
    r.ticks = decade_ticks(r.scale, 22, true);
    r.title = format_text("Latency [cycles at %.0f MHz]", *sweeps[0].mhz);
    sc.right = r;
  }
  return sc;
}

// ---------------------------------------------------------------------------
// Drawing

struct CurveShape {
  std::vector<Point> median, lo, hi;
};

CurveShape curve_shape(const Sweep& s, const Scales& sc) {
  CurveShape c;
  for (const Sample& p : s.points) {
    c.median.push_back(sc.at(p.bytes, p.median));
    c.lo.push_back(sc.at(p.bytes, p.lo));
    c.hi.push_back(sc.at(p.bytes, p.hi));
  }
  return c;
}

void append_bands(std::string& out, const std::vector<Sweep>& sweeps, const std::vector<CurveShape>& shapes) {
  out += "<g id=\"band\" clip-path=\"url(#plot-area)\">\n";
  for (std::size_t i = 0; i < sweeps.size(); ++i) {
    const CurveShape& c = shapes[i];
    const std::string& color = sweeps[i].color;
    if (c.median.size() == 1) {  // one point: an error bar
      const Point lo = c.lo.front(), hi = c.hi.front();
      append_line(out, lo, hi, "stroke=\"" + color + "\" stroke-width=\"1.5\"");
      for (const Point& e : {lo, hi}) append_line(out, {e.x - 4, e.y}, {e.x + 4, e.y}, "stroke=\"" + color + "\" stroke-width=\"1.5\"");
    } else if (c.median.size() > 1) {
      std::vector<Point> outline = c.hi;
      outline.insert(outline.end(), c.lo.rbegin(), c.lo.rend());
      append_polygon(out, outline, "class=\"band\" fill=\"" + color +
                                       format_text("\" fill-opacity=\"%.2f\" stroke=\"none\"", kBandOpacity));
    }
  }
  out += "</g>\n";
}

void append_plateaus(std::string& out, const std::vector<Sweep>& sweeps, const Scales& sc, Obstacles& drawn) {
  out += "<g id=\"plateaus\" clip-path=\"url(#plot-area)\">\n";
  for (const Sweep& s : sweeps)
    for (const LevelView& l : s.levels) {
      if (!has_plateau(l)) continue;
      const Point p = sc.at(l.first, *l.value), q = sc.at(l.last, *l.value);
      append_line(out, p, q,
                  "class=\"plateau\" stroke=\"" + l.color + "\" stroke-width=\"" + format_text("%g", kPlateauWidth) +
                      format_text("\" stroke-opacity=\"%.2f\" stroke-linecap=\"butt\"", kPlateauOpacity),
                  plateau_tooltip(s, l));
      drawn.segments.push_back({p, q});
    }
  out += "</g>\n";
}

void append_capacity_lines(std::string& out, const std::vector<Sweep>& sweeps, const Scales& sc, const Rect& plot,
                           Obstacles& drawn) {
  out += "<g id=\"capacities\">\n";
  for (const Sweep& s : sweeps)
    for (const LevelView& l : s.levels) {
      if (!l.capacity) continue;
      const double x = sc.x.scale.to_pixel(*l.capacity);
      append_line(out, {x, plot.y0}, {x, plot.y1},
                  "class=\"capacity\" stroke=\"" + darken(l.color, 0.85) + "\" stroke-width=\"1.4\" stroke-dasharray=\"6 4\"",
                  capacity_tooltip(l));
      drawn.segments.push_back({{x, plot.y0}, {x, plot.y1}});
    }
  out += "</g>\n";
}

// What was drawn where, by kind, so labels can weigh what they would cover.
struct Layout {
  Obstacles curve;   // the medians and the bands' edges
  Obstacles lines;   // capacity lines and plateaus
  Obstacles labels;  // text boxes
  // Covering a label is worst, crossing a line (a level's capacity) hides the
  // label's words behind it, crossing the curve is bad.
  int cost(const Rect& r) const { return 10 * labels.count_hits(r) + 3 * curve.count_hits(r) + 6 * lines.count_hits(r); }
  Obstacles all() const {
    Obstacles o = curve;
    for (const Obstacles* x : {&lines, &labels}) {
      o.segments.insert(o.segments.end(), x->segments.begin(), x->segments.end());
      o.boxes.insert(o.boxes.end(), x->boxes.begin(), x->boxes.end());
    }
    return o;
  }
};

void append_curves(std::string& out, const std::vector<Sweep>& sweeps, const std::vector<CurveShape>& shapes,
                   Layout& layout) {
  out += "<g id=\"curve\" clip-path=\"url(#plot-area)\" fill=\"none\">\n";
  for (std::size_t i = 0; i < sweeps.size(); ++i)
    if (shapes[i].median.size() > 1)
      append_polyline(out, shapes[i].median, "class=\"median\" stroke=\"" + sweeps[i].color +
                                                 "\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"");
  out += "</g>\n";
  out += "<g id=\"points\">\n";
  for (std::size_t i = 0; i < sweeps.size(); ++i) {
    const CurveShape& c = shapes[i];
    if (c.median.empty()) continue;
    layout.curve.add_polyline(c.median);
    if (c.median.size() > 1) layout.curve.add_polyline(c.lo), layout.curve.add_polyline(c.hi);
    else layout.curve.segments.push_back({c.lo.front(), c.hi.front()});
    // Markers shrink when points crowd together.
    double closest = INFINITY;
    for (std::size_t k = 0; k + 1 < c.median.size(); ++k)
      closest = std::min(closest, std::hypot(c.median[k + 1].x - c.median[k].x, c.median[k + 1].y - c.median[k].y));
    const double r = closest < 8 ? 2.2 : 3.2;
    for (std::size_t k = 0; k < sweeps[i].points.size(); ++k)
      append_circle(out, c.median[k], r,
                    "class=\"point\" fill=\"white\" stroke=\"" + sweeps[i].color + "\" stroke-width=\"1.6\"",
                    point_tooltip(sweeps[i], sweeps[i].points[k]));
  }
  out += "</g>\n";
}

// A label's box: baseline at `at`, anchored at its start or end.
Rect label_box(Point at, double w, double size, bool anchor_end) {
  const double x0 = anchor_end ? at.x - w : at.x;
  return {x0, at.y - size, x0 + w, at.y + 3};
}

// A white card behind a label, hiding the lines it must cross.
void append_backing(std::string& out, const Rect& box) {
  out += "<rect class=\"label-backing\" x=\"" + px(box.x0 - 2) + "\" y=\"" + px(box.y0) + "\" width=\"" + px(box.width() + 4) +
         "\" height=\"" + px(box.height()) + "\" rx=\"2\" fill=\"white\" fill-opacity=\"0.92\"/>\n";
}

// Inside the plot, with a margin that keeps text off its frame.
bool inside(const Rect& r, const Rect& plot) {
  return r.x0 >= plot.x0 + 6 && r.x1 <= plot.x1 - 6 && r.y0 >= plot.y0 + 2 && r.y1 <= plot.y1 - 2;
}

// "L1 | 32 KiB" beside each capacity line, in the top or bottom row (the
// chart's empty end first: a bandwidth curve falls, a latency curve rises),
// left of the line (in the level's own range) or right of it: the first spot
// that covers nothing, else the one that covers least.
void append_capacity_labels(std::string& out, const std::vector<Sweep>& sweeps, const Scales& sc, const Rect& plot,
                            Layout& layout) {
  const double size = 11.5;
  const bool prefer_top = sweeps[0].quantity == Quantity::latency;
  const double top_rows[] = {plot.y0 + 15, plot.y0 + 31, plot.y0 + 47}, bottom_rows[] = {plot.y1 - 8, plot.y1 - 24, plot.y1 - 40};
  std::vector<double> rows;
  for (int k = 0; k < 3; ++k)
    for (bool top : {prefer_top, !prefer_top}) rows.push_back(top ? top_rows[k] : bottom_rows[k]);
  for (const Sweep& s : sweeps)
    for (const LevelView& l : s.levels) {
      if (!l.capacity) continue;
      const std::string text = capacity_label(l);
      const double x = sc.x.scale.to_pixel(*l.capacity), w = text_width(text, size);
      struct Spot { Point at; bool anchor_end; };
      std::optional<Spot> best;
      int best_cost = 0;
      for (bool anchor_end : {true, false})
        for (double y : rows) {
          const Spot spot{{anchor_end ? x - 5 : x + 5, y}, anchor_end};
          const Rect box = label_box(spot.at, w, size, anchor_end);
          if (!inside(box, plot)) continue;
          const int cost = layout.cost(box);
          if (!best || cost < best_cost) best = spot, best_cost = cost;
          if (cost == 0) break;
        }
      if (!best) best = Spot{{x - 5, rows.front()}, true};  // wider than the plot: cut by nothing, but drawn
      layout.labels.boxes.push_back(label_box(best->at, w, size, best->anchor_end));
      append_haloed_text(out, best->at, text,
                         std::string("class=\"capacity-label\" font-size=\"11.5\"") +
                             (best->anchor_end ? " text-anchor=\"end\"" : ""),
                         text_color(l.color));
    }
}

// The top and bottom pixel of the drawn curves (medians and bands) over the
// columns x0..x1; none when no curve reaches them.
std::optional<std::pair<double, double>> envelope(const std::vector<CurveShape>& shapes, double x0, double x1) {
  double top = INFINITY, bottom = -INFINITY;
  for (const CurveShape& c : shapes)
    for (const auto* line : {&c.median, &c.lo, &c.hi}) {
      const std::vector<Point>& p = *line;
      for (std::size_t i = 0; i < p.size(); ++i) {
        if (p[i].x >= x0 && p[i].x <= x1) top = std::min(top, p[i].y), bottom = std::max(bottom, p[i].y);
        if (i + 1 == p.size() || p[i + 1].x == p[i].x) continue;
        for (double x : {x0, x1}) {  // where the segment crosses the window's edges
          const double t = (x - p[i].x) / (p[i + 1].x - p[i].x);
          if (t < 0 || t > 1) continue;
          const double y = p[i].y + t * (p[i + 1].y - p[i].y);
          top = std::min(top, y), bottom = std::max(bottom, y);
        }
      }
    }
  if (top > bottom) return std::nullopt;
  return std::make_pair(top, bottom);
}

// "L2 151 GB/s" over or under each plateau: just clear of the curves drawn in
// the label's columns, or tight against the plateau; centred on it or slid to
// either end of it or beyond. The spot that covers least wins, then the one
// closest to its plateau. A latency label always has its cycles, where known.
void append_plateau_labels(std::string& out, const std::vector<Sweep>& sweeps, const Scales& sc,
                           const std::vector<CurveShape>& shapes, const Rect& plot, Layout& layout) {
  const double size = 12, bold = 1.08;  // bold glyphs run wider
  for (const Sweep& s : sweeps)
    for (const LevelView& l : s.levels) {
      if (!has_plateau(l)) continue;
      const std::string text = plateau_label(s, l);
      const double w = text_width(text, size * bold);
      const Point pa = sc.at(l.first, *l.value), pb = sc.at(l.last, *l.value);
      const double half = kPlateauWidth / 2;
      const auto clamp_x = [&](double x0) { return std::clamp(x0, plot.x0 + 8, plot.x1 - 8 - w); };
      std::optional<Point> best;
      double best_cost = 0;
      // From a label's width left of the plateau to a label's width right of it.
      std::vector<double> starts;
      for (double x0 = pa.x - w - 20; x0 <= pb.x + 20; x0 += 8) starts.push_back(clamp_x(x0));
      starts.push_back(clamp_x((pa.x + pb.x - w) / 2));
      for (double x0 : starts) {
        double top = pa.y - half, bottom = pa.y + half;
        if (const auto e = envelope(shapes, x0, x0 + w)) top = std::min(top, e->first), bottom = std::max(bottom, e->second);
        const double baselines[] = {top - 5, bottom + size + 2, pa.y - half - 5, pa.y + half + size + 2};
        for (std::size_t k = 0; k < 4; ++k) {
          const Point at{x0, baselines[k]};
          const Rect box = label_box(at, w, size, false);
          if (!inside(box, plot)) continue;
          // The box keeps clear of the plateau's own segment by construction.
          const double off_plateau = std::max({0.0, pa.x - (x0 + w), x0 - pb.x});  // beyond its ends
          const double cost = 100.0 * layout.cost(box) + 3 * std::fabs(at.y - pa.y) + 1.5 * off_plateau + (k % 2 ? 6 : 0);
          if (!best || cost < best_cost) best = at, best_cost = cost;
        }
      }
      if (!best) best = Point{clamp_x((pa.x + pb.x - w) / 2), pa.y - half - 5};
      const Rect box = label_box(*best, w, size, false);
      // Near the last levels the capacity lines stand closer than a label is wide: where one
      // must cross it, it stops at a white card behind the label rather than run through its words.
      if (layout.lines.count_hits(box) > 0) append_backing(out, box);
      layout.labels.boxes.push_back(box);
      append_haloed_text(out, *best, text, "class=\"plateau-label\" font-size=\"12\" font-weight=\"bold\"",
                         text_color(l.color));
    }
}

// The note goes where it covers least, near the middle of the plot.
void append_sweep_note(std::string& out, const std::string& note, const Rect& plot, const Layout& layout) {
  const double w = text_width(note, 16);
  double best_fraction = 0.5;
  int best_cost = -1;
  for (double f : {0.5, 0.3, 0.7, 0.15, 0.85}) {
    const double y = plot.y0 + f * plot.height();
    const int cost = layout.cost({(plot.x0 + plot.x1 - w) / 2, y - 16, (plot.x0 + plot.x1 + w) / 2, y + 4});
    if (best_cost < 0 || cost < best_cost) best_fraction = f, best_cost = cost;
    if (cost == 0) break;
  }
  append_note(out, plot, note, best_fraction);
}

// The legend explains the line styles (and, for several documents, their
// colors). It is placed before the labels, which then keep clear of it: where
// it hides no curve or level line; one document's legend is left out when
// there is no such place (the tooltips and labels say it all), several
// documents' goes where it hides least.
struct SweepLegend {
  std::vector<LegendEntry> entries;
  std::optional<Rect> box;
};

SweepLegend plan_legend(const std::vector<Sweep>& sweeps, const Rect& plot, const Layout& layout) {
  SweepLegend legend;
  const auto has_points = [](const Sweep& s) { return !s.points.empty(); };
  if (std::none_of(sweeps.begin(), sweeps.end(), has_points)) return legend;
  std::vector<LegendEntry>& entries = legend.entries;
  if (sweeps.size() == 1) {
    entries.push_back({"median of runs", kCurveColor, LegendEntry::Swatch::line_with_marker, "", 2, 1});
    if (sweeps[0].points.size() > 1)
      entries.push_back({"min – max of runs", kCurveColor, LegendEntry::Swatch::band, "", 0, kBandOpacity});
  } else {
    for (const Sweep& s : sweeps) {
      const RoofsDocument& d = *s.doc;
      const std::string name = device_label(d, true);
      entries.push_back({name, s.color, LegendEntry::Swatch::line_with_marker, "", 2, 1});
    }
  }
  const auto any_level = [&](auto has) {
    return std::any_of(sweeps.begin(), sweeps.end(),
                       [&](const Sweep& s) { return std::any_of(s.levels.begin(), s.levels.end(), has); });
  };
  if (any_level(has_plateau))
    entries.push_back({"level plateau", kLevelLineColor, LegendEntry::Swatch::line, "", kPlateauWidth, kPlateauOpacity + 0.1});
  if (any_level([](const LevelView& l) { return l.capacity.has_value(); }))
    entries.push_back({"level capacity", kLevelLineColor, LegendEntry::Swatch::line, "6 4", 1.4, 1});
  const std::vector<Corner> corners =
      sweeps[0].quantity == Quantity::bandwidth
          ? std::vector<Corner>{Corner::upper_right, Corner::lower_left, Corner::lower_right, Corner::upper_left}
          : std::vector<Corner>{Corner::upper_left, Corner::lower_right, Corner::upper_right, Corner::lower_left};
  const Point size = legend_size(entries);
  if (sweeps.size() > 1) legend.box = place_box(size.x, size.y, plot, layout.all(), corners);
  else legend.box = find_clear_box(size.x, size.y, plot, layout.all(), corners);
  return legend;
}

std::string render(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt, Quantity q) {
  if (docs.empty()) throw std::invalid_argument("a sweep chart needs a roofs document");
  const bool several = docs.size() > 1;
  std::vector<Sweep> sweeps;
  for (std::size_t i = 0; i < docs.size(); ++i)
    sweeps.push_back(collect(*docs[i], q, several ? palette_color(i) : kCurveColor, several));
  const std::string sub = subtitle(sweeps);
  const bool cycles_axis = !several && sweeps[0].mhz;
  const Canvas canvas = make_canvas(opt, cycles_axis ? 76 : 24, sub);
  const Rect& plot = canvas.plot;
  const Scales sc = choose_scales(sweeps, plot);
  std::vector<CurveShape> shapes;
  for (const Sweep& s : sweeps) shapes.push_back(curve_shape(s, sc));
  const std::string title = !opt.title.empty() ? opt.title : comparison_title(docs);

  std::string out;
  append_svg_header(out, canvas, what(q) + " by working set: " + title);
  append_grid(out, plot, sc.x, sc.y);
  Layout layout;
  append_bands(out, sweeps, shapes);
  append_plateaus(out, sweeps, sc, layout.lines);
  append_capacity_lines(out, sweeps, sc, plot, layout.lines);
  append_curves(out, sweeps, shapes, layout);
  append_axes(out, plot, sc.x, sc.y);
  if (sc.right) append_right_axis(out, plot, *sc.right);
  append_titles(out, canvas, title, sub);
  const SweepLegend legend = plan_legend(sweeps, plot, layout);
  if (legend.box) layout.labels.boxes.push_back(legend.box->inflated(2));
  append_capacity_labels(out, sweeps, sc, plot, layout);
  append_plateau_labels(out, sweeps, sc, shapes, plot, layout);
  if (const std::string n = note(sweeps); !n.empty()) append_sweep_note(out, n, plot, layout);
  if (legend.box) append_legend_at(out, legend.entries, *legend.box);
  out += "</svg>\n";
  return out;
}

std::string render_sweep_safely(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt, Quantity q) {
  return chart::render_safely(opt, q == Quantity::bandwidth ? "bandwidth sweep" : "latency sweep", [&] { return render(docs, opt, q); });
}

}  // namespace
}  // namespace chart

std::string render_bandwidth_sweep_svg(const RoofsDocument& doc, const ChartOptions& opt) {
  return chart::render_sweep_safely({&doc}, opt, chart::Quantity::bandwidth);
}

std::string render_latency_sweep_svg(const RoofsDocument& doc, const ChartOptions& opt) {
  return chart::render_sweep_safely({&doc}, opt, chart::Quantity::latency);
}

std::string render_bandwidth_sweep_svg(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt) {
  return chart::render_sweep_safely(docs, opt, chart::Quantity::bandwidth);
}

std::string render_latency_sweep_svg(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt) {
  return chart::render_sweep_safely(docs, opt, chart::Quantity::latency);
}

}  // namespace roofline
