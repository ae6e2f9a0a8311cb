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
#include <exception>
#include <optional>
#include <vector>

#include "chart/axes.hpp"
#include "chart/legend.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

enum class Quantity { bandwidth, latency };

constexpr const char* kCurveColor = "#0072B2";  // the first palette color
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
};

struct Sweep {
  Quantity quantity = Quantity::bandwidth;
  const MemoryCurves* memory = nullptr;
  std::vector<Sample> points;  // usable points, smallest working set first
  std::vector<LevelView> levels;
  std::optional<double> mhz;   // the held clock, latency charts only
};

// Levels get the palette after the curve's blue, without the hard-to-read yellow.
std::string level_color(std::size_t i) { return palette_color(1 + i % (kPaletteSize - 2)); }

Sweep collect(const RoofsDocument& doc, Quantity q) {
  Sweep s;
  s.quantity = q;
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
  for (std::size_t i = 0; i < doc.memory->levels.size(); ++i) {
    const DetectedLevel& l = doc.memory->levels[i];
    LevelView v{&l, level_color(i), std::nullopt, std::nullopt};
    const double value = q == Quantity::bandwidth ? l.bandwidth : l.latency_ns.value_or(0);
    if (usable(value)) v.value = value;
    if (l.capacity_bytes && usable(*l.capacity_bytes)) v.capacity = *l.capacity_bytes;
    s.levels.push_back(v);
  }
  return s;
}

bool has_plateau(const LevelView& l) { return l.value && usable(l.level->first_bytes) && usable(l.level->last_bytes); }

// The plateau's extent; one working set wide plateaus get a little width to be seen.
std::pair<double, double> plateau_extent(const LevelView& l) {
  double a = std::min(l.level->first_bytes, l.level->last_bytes), b = std::max(l.level->first_bytes, l.level->last_bytes);
  if (b / a < std::exp2(0.4)) a /= std::exp2(0.2), b *= std::exp2(0.2);
  return {a, b};
}

// ---------------------------------------------------------------------------
// Words and numbers

std::string format_ns(double ns) {
  if (ns >= 1e6) return printf_string("%.3g ms", ns / 1e6);
  if (ns >= 999.5) return printf_string("%.3g µs", ns / 1e3);
  return printf_string("%.3g ns", ns);
}

double cycles(double ns, double mhz) { return ns * mhz / 1000; }

std::string format_cycles(double c) { return printf_string(c >= 9.95 ? "%.0f cycles" : "%.1f cycles", c); }

// "142 ns (281 cycles)", or "142 ns" without a clock; "151 GB/s".
std::string format_value(const Sweep& s, double v) {
  if (s.quantity == Quantity::bandwidth) return format_si(v, "B/s");
  return s.mhz ? format_ns(v) + " (" + format_cycles(cycles(v, *s.mhz)) + ")" : format_ns(v);
}

// The exact figure in the document's unit: "151234567890 B/s".
std::string exact_value(const Sweep& s, double v) {
  return exact_number(v) + (s.quantity == Quantity::bandwidth ? " B/s" : " ns");
}

std::string bytes_with_exact(double bytes) { return format_bytes(bytes) + " (" + exact_number(bytes) + " bytes)"; }

// Without cycles: "151 GB/s", "142 ns".
std::string format_plain(const Sweep& s, double v) {
  return s.quantity == Quantity::bandwidth ? format_si(v, "B/s") : format_ns(v);
}

std::string point_tooltip(const Sweep& s, const Sample& p) {
  std::string t = bytes_with_exact(p.bytes) + ": " + format_plain(s, p.median) +
                  (s.quantity == Quantity::latency ? " per load" : "") + " (" + exact_value(s, p.median) + ")";
  if (s.mhz) t += " = " + format_cycles(cycles(p.median, *s.mhz)) + printf_string(" at %.0f MHz", *s.mhz);
  if (p.stats->samples > 0) {
    t += "\nmedian of " + std::to_string(p.stats->samples) + (p.stats->samples == 1 ? " run" : " runs");
    if (p.stats->samples > 1) t += ", min " + format_plain(s, p.lo) + ", max " + format_plain(s, p.hi);
  }
  return t;
}

std::string capacity_label(const LevelView& l) { return l.level->name + " | " + format_bytes(*l.capacity); }

std::string capacity_tooltip(const LevelView& l) {
  std::string t = l.level->name + " capacity: " + bytes_with_exact(*l.capacity);
  if (usable(l.level->first_bytes) && usable(l.level->last_bytes))
    t += "\nplateau " + format_bytes(l.level->first_bytes) + " .. " + format_bytes(l.level->last_bytes);
  return t;
}

std::string plateau_label(const Sweep& s, const LevelView& l) { return l.level->name + " " + format_value(s, *l.value); }

std::string plateau_tooltip(const Sweep& s, const LevelView& l) {
  const DetectedLevel& d = *l.level;
  std::string t = d.name + " plateau: " + format_value(s, *l.value) + " (" + exact_value(s, *l.value) + ")";
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
  if (s.mhz) t += printf_string(" · clock %.0f MHz", *s.mhz) + (doc.clock->source.empty() ? "" : " (" + doc.clock->source + ")");
  if (doc.quick) t += " · quick run";
  if (!doc.complete) t += " · incomplete run";
  return t;
}

// What the plot says when it has no curve to show, empty when it has one.
std::string note(const Sweep& s) {
  if (!s.memory) return "no memory sweep in this roofs file";
  if (s.points.empty())
    return s.quantity == Quantity::bandwidth ? "no bandwidth curve measured" : "no latency curve measured";
  if (s.points.size() == 1) return "only one working set measured";
  return "";
}

// ---------------------------------------------------------------------------
// Scales

struct Scales {
  AxisSpec x, y;
  double y_unit = 1;              // document units per y-axis unit: 1e9 for GB/s, 1 for ns
  std::optional<AxisSpec> right;  // cycles, latency charts with a clock
  Point at(double bytes, double v) const { return {x.scale.to_pixel(bytes), y.scale.to_pixel(v / y_unit)}; }
};

// X: every point and level extent with some room either side, at least 4
// octaves; 1 KiB .. 1 GiB when there is nothing. Y: every point's min..max and
// every plateau on an axis with round bounds at least a decade high, in GB/s
// (TB/s past 5000 GB/s) or ns (µs past 5000 ns), with room above the highest
// value for its label.
Scales choose_scales(const Sweep& s, const Rect& plot) {
  double x_min = INFINITY, x_max = 0, y_min = INFINITY, y_max = 0;
  const auto take_x = [&](double v) { if (usable(v)) x_min = std::min(x_min, v), x_max = std::max(x_max, v); };
  const auto take_y = [&](double v) { if (usable(v)) y_min = std::min(y_min, v), y_max = std::max(y_max, v); };
  for (const Sample& p : s.points) take_x(p.bytes), take_y(p.lo), take_y(p.hi);
  for (const LevelView& l : s.levels) {
    if (l.capacity) take_x(*l.capacity);
    if (has_plateau(l)) take_x(plateau_extent(l).first), take_x(plateau_extent(l).second), take_y(*l.value);
  }
  const bool bandwidth = s.quantity == Quantity::bandwidth;
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
  if (s.mhz) {
    const double f = sc.y_unit * *s.mhz / 1000;  // cycles per y-axis unit
    AxisSpec r;
    r.scale = LogAxis{sc.y.scale.lo * f, sc.y.scale.hi * f, sc.y.scale.pixel_lo, sc.y.scale.pixel_hi};
    r.ticks = decade_ticks(r.scale, 22, true);
    r.title = printf_string("Latency [cycles at %.0f MHz]", *s.mhz);
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

void append_band(std::string& out, const CurveShape& c) {
  if (c.median.empty()) return;
  out += "<g id=\"band\" clip-path=\"url(#plot-area)\">\n";
  if (c.median.size() == 1) {  // one point: an error bar
    const Point lo = c.lo.front(), hi = c.hi.front();
    append_line(out, lo, hi, std::string("stroke=\"") + kCurveColor + "\" stroke-width=\"1.5\"");
    for (const Point& e : {lo, hi}) append_line(out, {e.x - 4, e.y}, {e.x + 4, e.y}, std::string("stroke=\"") + kCurveColor + "\" stroke-width=\"1.5\"");
  } else {
    std::vector<Point> outline = c.hi;
    outline.insert(outline.end(), c.lo.rbegin(), c.lo.rend());
    append_polygon(out, outline, std::string("class=\"band\" fill=\"") + kCurveColor +
                                     printf_string("\" fill-opacity=\"%.2f\" stroke=\"none\"", kBandOpacity));
  }
  out += "</g>\n";
}

void append_plateaus(std::string& out, const Sweep& s, const Scales& sc, Obstacles& drawn) {
  out += "<g id=\"plateaus\" clip-path=\"url(#plot-area)\">\n";
  for (const LevelView& l : s.levels) {
    if (!has_plateau(l)) continue;
    const auto [a, b] = plateau_extent(l);
    const Point p = sc.at(a, *l.value), q = sc.at(b, *l.value);
    append_line(out, p, q,
                "class=\"plateau\" stroke=\"" + l.color + "\" stroke-width=\"" + printf_string("%g", kPlateauWidth) +
                    printf_string("\" stroke-opacity=\"%.2f\" stroke-linecap=\"butt\"", kPlateauOpacity),
                plateau_tooltip(s, l));
    drawn.segments.push_back({p, q});
  }
  out += "</g>\n";
}

void append_capacity_lines(std::string& out, const Sweep& s, const Scales& sc, const Rect& plot, Obstacles& drawn) {
  out += "<g id=\"capacities\">\n";
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
  Obstacles curve;   // the median and the band's edges
  Obstacles lines;   // capacity lines and plateaus
  Obstacles labels;  // text boxes
  // Covering a label is worst, crossing the curve bad, crossing a line tolerable.
  int cost(const Rect& r) const { return 10 * labels.count_hits(r) + 3 * curve.count_hits(r) + 2 * lines.count_hits(r); }
  Obstacles all() const {
    Obstacles o = curve;
    for (const Obstacles* x : {&lines, &labels}) {
      o.segments.insert(o.segments.end(), x->segments.begin(), x->segments.end());
      o.boxes.insert(o.boxes.end(), x->boxes.begin(), x->boxes.end());
    }
    return o;
  }
};

void append_curve(std::string& out, const Sweep& s, const CurveShape& c, Layout& layout) {
  if (c.median.empty()) return;
  if (c.median.size() > 1) {
    out += "<g id=\"curve\" clip-path=\"url(#plot-area)\" fill=\"none\">\n";
    append_polyline(out, c.median, std::string("class=\"median\" stroke=\"") + kCurveColor +
                                       "\" stroke-width=\"2\" stroke-linejoin=\"round\" stroke-linecap=\"round\"");
    out += "</g>\n";
  }
  layout.curve.add_polyline(c.median);
  if (c.median.size() > 1) layout.curve.add_polyline(c.lo), layout.curve.add_polyline(c.hi);
  else layout.curve.segments.push_back({c.lo.front(), c.hi.front()});
  // Markers shrink when points crowd together.
  double closest = INFINITY;
  for (std::size_t i = 0; i + 1 < c.median.size(); ++i)
    closest = std::min(closest, std::hypot(c.median[i + 1].x - c.median[i].x, c.median[i + 1].y - c.median[i].y));
  const double r = closest < 8 ? 2.2 : 3.2;
  out += "<g id=\"points\">\n";
  for (std::size_t i = 0; i < s.points.size(); ++i)
    append_circle(out, c.median[i], r,
                  std::string("class=\"point\" fill=\"white\" stroke=\"") + kCurveColor + "\" stroke-width=\"1.6\"",
                  point_tooltip(s, s.points[i]));
  out += "</g>\n";
}

// A label's box: baseline at `at`, anchored at its start or end.
Rect label_box(Point at, double w, double size, bool anchor_end) {
  const double x0 = anchor_end ? at.x - w : at.x;
  return {x0, at.y - size, x0 + w, at.y + 3};
}

bool inside(const Rect& r, const Rect& plot) {
  return r.x0 >= plot.x0 + 2 && r.x1 <= plot.x1 - 2 && r.y0 >= plot.y0 + 2 && r.y1 <= plot.y1 - 2;
}

// "L1 | 32 KiB" beside each capacity line, in the top or bottom row (the
// chart's empty end first: a bandwidth curve falls, a latency curve rises),
// left of the line (in the level's own range) or right of it: the first spot
// that covers nothing, else the one that covers least.
void append_capacity_labels(std::string& out, const Sweep& s, const Scales& sc, const Rect& plot, Layout& layout) {
  const double size = 11.5;
  const bool prefer_top = s.quantity == Quantity::latency;
  const double top_rows[] = {plot.y0 + 15, plot.y0 + 31}, bottom_rows[] = {plot.y1 - 8, plot.y1 - 24};
  std::vector<double> rows;
  for (int k = 0; k < 2; ++k)
    for (bool top : {prefer_top, !prefer_top}) rows.push_back(top ? top_rows[k] : bottom_rows[k]);
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

// The top and bottom pixel of the drawn curve (median and band) over the
// columns x0..x1; none when the curve does not reach them.
std::optional<std::pair<double, double>> envelope(const CurveShape& c, double x0, double x1) {
  double top = INFINITY, bottom = -INFINITY;
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

// "L2 151 GB/s" over or under each plateau: just clear of the curve drawn in
// the label's columns, or tight against the plateau; centred on it or slid to
// either end of it. A latency label may drop its cycles to fit. The spot
// that covers least wins, then the one closest to its plateau.
void append_plateau_labels(std::string& out, const Sweep& s, const Scales& sc, const CurveShape& curve,
                           const Rect& plot, Layout& layout) {
  const double size = 12, bold = 1.08;  // bold glyphs run wider
  for (const LevelView& l : s.levels) {
    if (!has_plateau(l)) continue;
    std::vector<std::string> texts = {plateau_label(s, l)};
    if (s.quantity == Quantity::latency && s.mhz) texts.push_back(l.level->name + " " + format_ns(*l.value));
    const auto [a, b] = plateau_extent(l);
    const Point pa = sc.at(a, *l.value), pb = sc.at(b, *l.value);
    const double half = kPlateauWidth / 2;
    struct Spot { Point at; std::size_t text; double w; };
    std::optional<Spot> best;
    double best_cost = 0;
    for (std::size_t t = 0; t < texts.size(); ++t) {
      const double w = text_width(texts[t], size * bold);
      const auto clamp_x = [&](double x0) { return std::clamp(x0, plot.x0 + 4, plot.x1 - 4 - w); };
      for (double x0 : {clamp_x((pa.x + pb.x - w) / 2), clamp_x(pa.x), clamp_x(pb.x - w)}) {
        double top = pa.y - half, bottom = pa.y + half;
        if (const auto e = envelope(curve, x0, x0 + w)) top = std::min(top, e->first), bottom = std::max(bottom, e->second);
        const double baselines[] = {top - 5, bottom + size + 2, pa.y - half - 5, pa.y + half + size + 2};
        for (std::size_t k = 0; k < 4; ++k) {
          const Point at{x0, baselines[k]};
          const Rect box = label_box(at, w, size, false);
          if (!inside(box, plot)) continue;
          // The box keeps clear of the plateau's own segment by construction.
          const double cost = 100.0 * layout.cost(box) + 3 * std::fabs(at.y - pa.y) + (k % 2 ? 6 : 0) + (t ? 150 : 0);
          if (!best || cost < best_cost) best = Spot{at, t, w}, best_cost = cost;
        }
      }
    }
    if (!best) {
      const double w = text_width(texts[0], size * bold);
      best = Spot{{std::clamp((pa.x + pb.x - w) / 2, plot.x0 + 4, plot.x1 - 4 - w), pa.y - half - 5}, 0, w};
    }
    layout.labels.boxes.push_back(label_box(best->at, best->w, size, false));
    append_haloed_text(out, best->at, texts[best->text], "class=\"plateau-label\" font-size=\"12\" font-weight=\"bold\"",
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

// A legend where it hides nothing, or none: it only explains what the
// tooltips and labels say anyway.
void append_sweep_legend(std::string& out, const Sweep& s, const Rect& plot, const Layout& layout) {
  if (s.points.empty()) return;
  std::vector<LegendEntry> entries;
  entries.push_back({"median of runs", kCurveColor, LegendEntry::Swatch::line_with_marker, "", 2, 1});
  if (s.points.size() > 1) entries.push_back({"min – max of runs", kCurveColor, LegendEntry::Swatch::band, "", 0, kBandOpacity});
  if (std::any_of(s.levels.begin(), s.levels.end(), has_plateau))
    entries.push_back({"level plateau", kLevelLineColor, LegendEntry::Swatch::line, "", kPlateauWidth, kPlateauOpacity + 0.1});
  if (std::any_of(s.levels.begin(), s.levels.end(), [](const LevelView& l) { return l.capacity.has_value(); }))
    entries.push_back({"level capacity", kLevelLineColor, LegendEntry::Swatch::line, "6 4", 1.4, 1});
  const std::vector<Corner> corners =
      s.quantity == Quantity::bandwidth
          ? std::vector<Corner>{Corner::upper_right, Corner::lower_left, Corner::lower_right, Corner::upper_left}
          : std::vector<Corner>{Corner::upper_left, Corner::lower_right, Corner::upper_right, Corner::lower_left};
  const Point size = legend_size(entries);
  if (const auto box = find_clear_box(size.x, size.y, plot, layout.all(), corners)) append_legend_at(out, entries, *box);
}

std::string render(const RoofsDocument& doc, const ChartOptions& opt, Quantity q) {
  const Sweep s = collect(doc, q);
  const Canvas canvas = make_canvas(opt, s.mhz ? 76 : 24);
  const Rect& plot = canvas.plot;
  const Scales sc = choose_scales(s, plot);
  const CurveShape curve = curve_shape(s, sc);
  const std::string title = opt.title.empty() ? derived_title(doc) : opt.title;

  std::string out;
  append_svg_header(out, canvas, what(q) + " by working set: " + title);
  append_grid(out, plot, sc.x, sc.y);
  Layout layout;
  append_band(out, curve);
  append_plateaus(out, s, sc, layout.lines);
  append_capacity_lines(out, s, sc, plot, layout.lines);
  append_curve(out, s, curve, layout);
  append_axes(out, plot, sc.x, sc.y);
  if (sc.right) append_right_axis(out, plot, *sc.right);
  append_titles(out, canvas, title, subtitle(doc, s));
  append_capacity_labels(out, s, sc, plot, layout);
  append_plateau_labels(out, s, sc, curve, plot, layout);
  if (const std::string n = note(s); !n.empty()) append_sweep_note(out, n, plot, layout);
  append_sweep_legend(out, s, plot, layout);
  out += "</svg>\n";
  return out;
}

// The last resort of a chart that must not throw: an empty page that says why.
std::string render_failure(const ChartOptions& opt, const std::string& what_failed, const std::string& why) {
  const Canvas canvas = make_canvas(opt);
  std::string out;
  append_svg_header(out, canvas, what_failed);
  append_note(out, canvas.plot, what_failed + ": " + why);
  out += "</svg>\n";
  return out;
}

std::string render_safely(const RoofsDocument& doc, const ChartOptions& opt, Quantity q) {
  try {
    return render(doc, opt, q);
  } catch (const std::exception& e) {
    return render_failure(opt, q == Quantity::bandwidth ? "could not draw the bandwidth sweep" : "could not draw the latency sweep",
                          e.what());
  }
}

}  // namespace
}  // namespace chart

std::string render_bandwidth_sweep_svg(const RoofsDocument& doc, const ChartOptions& opt) {
  return chart::render_safely(doc, opt, chart::Quantity::bandwidth);
}

std::string render_latency_sweep_svg(const RoofsDocument& doc, const ChartOptions& opt) {
  return chart::render_safely(doc, opt, chart::Quantity::latency);
}

}  // namespace roofline
