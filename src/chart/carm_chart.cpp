// chart/carm_chart: the CARM chart as a standalone SVG 1.1 document.
//
// Drawing order, back to front: background, attainable region, grid, roofs,
// ridge markers, plot frame and ticks, roof labels, legend. Everything inside
// the plot area is clipped to it, so no roof can stray over the axes.
#include "chart/carm_chart.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

#include "chart/legend.hpp"
#include "chart/point_labels.hpp"
#include "chart/roof_picks.hpp"
#include "model/placement.hpp"
#include "model/roofline.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {

namespace {

constexpr double kGiga = 1e9;  // the document holds ops/s; the y axis shows Gops/s
constexpr double kPi = 3.14159265358979323846;

// ---------------------------------------------------------------------------
// The roofs to draw

struct Roof {
  const Ceiling* ceiling = nullptr;
  std::size_t doc = 0;  // index of the document it comes from
  bool memory = false;
  double value = 0;   // ops/s or bytes/s, as in the document
  std::string name;   // "float MAD", "DRAM read"
  std::string label;  // name, rate and warning: "float MAD 65.0 TFLOP/s"
  std::string color;
};

// The roofs of one document: each list sorted highest first.
struct RoofSet {
  const RoofsDocument* doc = nullptr;
  std::vector<Roof> compute, memory;
  const Roof* top_compute() const { return compute.empty() ? nullptr : &compute.front(); }
  const Roof* top_memory() const { return memory.empty() ? nullptr : &memory.front(); }
  bool empty() const { return compute.empty() && memory.empty(); }
};

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool is_float_type(const std::string& t) { return t == "float" || t == "double" || t == "half"; }

std::string roof_unit(const Ceiling& c) {
  if (!c.unit.empty()) return c.unit;
  if (c.kind == "memory") return "B/s";
  return is_float_type(c.type) ? "FLOP/s" : "INTOP/s";
}

bool counts_integer_ops(const Roof& r) { return !r.memory && roof_unit(*r.ceiling).rfind("INTOP", 0) == 0; }

std::string roof_name(const Ceiling& c) {
  if (c.kind == "memory") return (c.level.empty() ? std::string("memory") : c.level) + " " + c.op;
  return c.type.empty() ? upper(c.op) : c.type + " " + upper(c.op);
}

Roof make_roof(const Ceiling& c, std::size_t doc) {
  Roof r;
  r.ceiling = &c;
  r.doc = doc;
  r.memory = c.kind == "memory";
  r.value = c.value;
  r.name = roof_name(c);
  r.label = r.name + " " + format_si(c.value, roof_unit(c)) + (c.above_theory ? " (above theory!)" : "");
  return r;
}

// The picked compute roofs and the best ceiling of each memory level. One
// document: a color per roof. Several: a color per document.
std::vector<RoofSet> choose_roofs(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt) {
  std::vector<RoofSet> sets;
  std::size_t color = 0;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    RoofSet set;
    set.doc = docs[d];
    for (const Ceiling* c : pick_compute_roofs(*docs[d], opt.compute_roofs))
      if (std::isfinite(c->value)) set.compute.push_back(make_roof(*c, d));
    for (const Ceiling* c : best_ceilings(*docs[d]))
      if (c->kind == "memory" && std::isfinite(c->value)) set.memory.push_back(make_roof(*c, d));
    const auto higher = [](const Roof& a, const Roof& b) { return a.value > b.value; };
    std::stable_sort(set.compute.begin(), set.compute.end(), higher);
    std::stable_sort(set.memory.begin(), set.memory.end(), higher);
    for (auto* list : {&set.compute, &set.memory})
      for (Roof& r : *list) r.color = palette_color(docs.size() > 1 ? d : color++);
    sets.push_back(std::move(set));
  }
  return sets;
}

bool all_empty(const std::vector<RoofSet>& sets) {
  return std::all_of(sets.begin(), sets.end(), [](const RoofSet& s) { return s.empty(); });
}

// ---------------------------------------------------------------------------
// Geometry

struct Scales {
  LogAxis x, y;
  Point at(double ai, double gops) const { return {x.to_pixel(ai), y.to_pixel(gops)}; }
};

// X: at least 1/16..64 FLOP/byte, every ridge with room on either side and
// every dot. Y: a decade above the top compute roof down to a decade below the
// lowest memory roof at the left edge or a tenth of the lowest compute roof,
// and every dot.
Scales choose_scales(const std::vector<RoofSet>& sets, const std::vector<Placement>& dots, const Rect& plot) {
  double x_min = 1.0 / 16, x_max = 64;
  for (const RoofSet& r : sets)
    if (!r.compute.empty() && !r.memory.empty()) {
      x_min = std::min(x_min, ridge_point(r.memory.front().value, r.compute.back().value) / 8);
      x_max = std::max(x_max, ridge_point(r.memory.back().value, r.compute.front().value) * 8);
    }
  for (const Placement& p : dots) x_min = std::min(x_min, p.ai / 4), x_max = std::max(x_max, p.ai * 4);
  Scales s{make_log_axis(x_min, x_max, plot.x0, plot.x1), {}};
  double y_min = std::numeric_limits<double>::infinity(), y_max = 0;
  for (const RoofSet& r : sets) {
    if (!r.compute.empty()) y_max = std::max(y_max, r.compute.front().value / kGiga);
    else if (!r.memory.empty()) y_max = std::max(y_max, r.memory.front().value * s.x.hi / kGiga);
    if (!r.memory.empty()) y_min = std::min(y_min, r.memory.back().value * s.x.lo / kGiga);
    if (!r.compute.empty()) y_min = std::min(y_min, r.compute.back().value / kGiga / 10);
  }
  for (const Placement& p : dots) {
    const double gops = p.performance / kGiga;
    y_min = std::min(y_min, gops / 3), y_max = std::max(y_max, gops);
  }
  if (!(y_max > 0)) y_min = 1, y_max = 1e3;
  const double decade_above = std::pow(10.0, std::floor(std::log10(y_max)) + 1);
  s.y = make_log_axis(y_min, decade_above, plot.y1, plot.y0);
  // The top roof's label sits above its line: when it would touch the frame, raise the top to a
  // round number (1.5, 2, 3...) above twice the roof rather than a whole decade of empty chart.
  if (s.y.to_pixel(y_max) - plot.y0 < 24) s.y = make_round_log_axis(s.y.lo, y_max * 2, plot.y1, plot.y0);
  return s;
}

// A compute roof runs from its ridge with the top memory roof to the right
// edge; left of the ridge the memory slope is the bound.
std::optional<Segment> compute_segment(double value, const Roof* top_memory, const Scales& s) {
  double a0 = s.x.lo;
  if (top_memory) a0 = std::max(a0, ridge_point(top_memory->value, value));
  if (a0 >= s.x.hi) return std::nullopt;
  const double gops = value / kGiga;
  return Segment{s.at(a0, gops), s.at(s.x.hi, gops)};
}

// A memory roof, perf = B x AI, runs from the left edge to its ridge with the
// top compute roof, cut to the plot area.
std::optional<Segment> memory_segment(double value, const Roof* top_compute, const Scales& s) {
  const double b = value / kGiga;  // Gops/s per op/byte
  double a0 = std::max(s.x.lo, s.y.lo / b);
  double a1 = std::min(s.x.hi, s.y.hi / b);
  if (top_compute) a1 = std::min(a1, ridge_point(value, top_compute->value));
  if (a0 >= a1) return std::nullopt;
  return Segment{s.at(a0, b * a0), s.at(a1, b * a1)};
}

std::optional<Segment> roof_segment(const Roof& r, const RoofSet& set, const Scales& s) {
  return r.memory ? memory_segment(r.value, set.top_compute(), s) : compute_segment(r.value, set.top_memory(), s);
}

// ---------------------------------------------------------------------------
// SVG writing

std::string text_color(const Roof& r) { return chart::text_color(r.color); }

std::string subtitle(const std::vector<RoofSet>& sets, std::size_t dots) {
  std::string t = "Cache-aware roofline model";
  if (sets.size() == 1) {
    const RoofsDocument& doc = *sets[0].doc;
    if (!doc.tool_version.empty()) t += " · roofline " + doc.tool_version;
    if (doc.quick) t += " · quick run";
    if (!doc.complete) t += " · incomplete run";
    if (sets[0].compute.empty() && !sets[0].memory.empty()) t += " · no compute roofs measured";
    if (sets[0].memory.empty() && !sets[0].compute.empty()) t += " · no memory roofs measured";
  } else {
    t += " · " + std::to_string(sets.size()) + " devices or runs · compute roofs solid, memory roofs dashed";
  }
  if (dots) t += " · " + std::to_string(dots) + (dots == 1 ? " kernel" : " kernels");
  return t;
}

std::string title_of(const std::vector<RoofSet>& sets) {
  if (sets.size() == 1) return derived_title(*sets[0].doc);
  std::string t;
  for (const RoofSet& s : sets) t += (t.empty() ? "" : " vs ") + (s.doc->device.name.empty() ? "unknown device" : s.doc->device.name);
  return t;
}

std::string x_axis_label(const std::vector<RoofSet>& sets) {
  bool integer = false;
  for (const RoofSet& s : sets) integer |= std::any_of(s.compute.begin(), s.compute.end(), counts_integer_ops);
  return integer ? "Arithmetic intensity [op/byte]" : "Arithmetic intensity [FLOP/byte]";
}

std::string y_axis_label(const std::vector<RoofSet>& sets) {
  bool integer = false, floating = false;
  for (const RoofSet& s : sets)
    for (const Roof& r : s.compute) (counts_integer_ops(r) ? integer : floating) = true;
  if (integer && floating) return "Performance [GFLOP/s or GINTOP/s]";
  return integer ? "Performance [GINTOP/s]" : "Performance [GFLOP/s]";
}

// The two axes with decade ticks; labels at least 48 (x) and 22 (y) pixels apart.
std::pair<AxisSpec, AxisSpec> axis_specs(const Scales& s, const std::vector<RoofSet>& sets) {
  return {AxisSpec{s.x, decade_ticks(s.x, 48), x_axis_label(sets)},
          AxisSpec{s.y, decade_ticks(s.y, 22), y_axis_label(sets)}};
}

// The region no kernel can leave: under min(top memory roof, top compute roof).
void append_attainable_region(std::string& out, const RoofSet& roofs, const Scales& s, bool several) {
  if (roofs.empty()) return;
  std::vector<Point> top;
  const Roof* m = roofs.top_memory();
  const Roof* c = roofs.top_compute();
  if (m && c) {
    const double ridge = ridge_point(m->value, c->value);
    for (double ai : {s.x.lo, std::clamp(ridge, s.x.lo, s.x.hi), s.x.hi})
      top.push_back(s.at(ai, attainable(ai, m->value, c->value) / kGiga));
  } else if (m) {
    top = {s.at(s.x.lo, m->value * s.x.lo / kGiga), s.at(s.x.hi, m->value * s.x.hi / kGiga)};
  } else {
    top = {s.at(s.x.lo, c->value / kGiga), s.at(s.x.hi, c->value / kGiga)};
  }
  std::string points = px(s.x.pixel_lo) + "," + px(s.y.pixel_lo);
  for (const Point& p : top) points += " " + px(p.x) + "," + px(p.y);
  points += " " + px(s.x.pixel_hi) + "," + px(s.y.pixel_lo);
  const std::string color = several ? (m ? m->color : c->color) : std::string("#0072B2");
  out += "<polygon class=\"attainable\" points=\"" + points + "\" fill=\"" + color + "\" fill-opacity=\"" +
         (several ? "0.04" : "0.07") + "\" stroke=\"none\" clip-path=\"url(#plot-area)\"/>\n";
}

std::string percent(double fraction) { return printf_string("%.0f%%", fraction * 100); }

// The tooltip of a roof: its exact value and how it was obtained.
std::string roof_tooltip(const Roof& r, const RoofSet& set, bool several) {
  const Ceiling& c = *r.ceiling;
  const std::string unit = roof_unit(c);
  std::string t = r.name + ": " + format_si(c.value, unit) + " (" + exact_number(c.value) + " " + unit + ")";
  if (several) t += "\n" + set.doc->device.name + (set.doc->date.empty() ? "" : ", " + set.doc->date.substr(0, 10));
  if (c.stats.samples > 0)
    t += "\nmedian of " + std::to_string(c.stats.samples) + " runs, min " + format_si(c.stats.min, unit) + ", max " +
         format_si(c.stats.max, unit);
  if (!r.memory && c.width > 1) t += "\nvector width " + std::to_string(c.width);
  if (c.capacity_bytes) t += "\ncapacity " + format_bytes(*c.capacity_bytes);
  if (!c.variant.empty()) t += "\nkernel: " + c.variant;
  if (c.theory) t += "\ntheoretical peak " + format_si(*c.theory, unit);
  if (c.efficiency) t += " (" + percent(*c.efficiency) + " reached)";
  if (c.above_theory) t += "\nmeasured above the theoretical peak!";
  return t;
}

using Drawn = Obstacles;  // what was drawn where, so labels and legend can keep clear of it

// A light band from each roof's slowest to fastest run, where that is at
// least a pixel wide at this scale (a spread of 0.5% over a 6-decade axis is not).
void append_spread_bands(std::string& out, const std::vector<RoofSet>& sets, const Scales& s) {
  out += "<g id=\"spread\" clip-path=\"url(#plot-area)\" stroke=\"none\">\n";
  for (const RoofSet& set : sets)
    for (const auto* list : {&set.compute, &set.memory})
      for (const Roof& r : *list) {
        const Stats& st = r.ceiling->stats;
        if (st.samples < 2 || !(st.min > 0) || !(st.max > st.min)) continue;
        const auto seg = roof_segment(r, set, s);
        if (!seg) continue;
        std::vector<Point> poly;
        if (r.memory) {
          const auto lo = memory_segment(st.min, set.top_compute(), s), hi = memory_segment(st.max, set.top_compute(), s);
          if (!lo || !hi) continue;
          // The vertical distance between the two slopes at the same x.
          if (std::abs(s.y.to_pixel(st.min / kGiga) - s.y.to_pixel(st.max / kGiga)) < 1) continue;
          poly = {lo->a, lo->b, hi->b, hi->a};
        } else {
          const double y_lo = s.y.to_pixel(st.min / kGiga), y_hi = s.y.to_pixel(st.max / kGiga);
          if (std::abs(y_lo - y_hi) < 1) continue;
          poly = {{seg->a.x, y_lo}, {seg->b.x, y_lo}, {seg->b.x, y_hi}, {seg->a.x, y_hi}};
        }
        append_polygon(out, poly, "class=\"spread\" fill=\"" + r.color + "\" fill-opacity=\"0.18\"");
      }
  out += "</g>\n";
}

void append_roofs(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, Drawn& drawn) {
  const bool several = sets.size() > 1;
  out += "<g id=\"roofs\" clip-path=\"url(#plot-area)\" fill=\"none\" stroke-linecap=\"round\">\n";
  for (const RoofSet& set : sets) {
    for (const Roof& c : set.compute) {
      const auto seg = roof_segment(c, set, s);
      if (!seg) continue;
      append_line(out, seg->a, seg->b, "class=\"roof compute\" stroke=\"" + c.color + "\" stroke-width=\"2.2\"",
                  roof_tooltip(c, set, several));
      drawn.segments.push_back(*seg);
    }
    for (const Roof& m : set.memory) {
      const auto seg = roof_segment(m, set, s);
      if (!seg) continue;
      append_line(out, seg->a, seg->b,
                  "class=\"roof memory\" stroke=\"" + m.color + "\" stroke-width=\"2.2\" stroke-dasharray=\"8 4\"",
                  roof_tooltip(m, set, several));
      drawn.segments.push_back(*seg);
    }
  }
  out += "</g>\n";
}

// A marker where each memory roof meets its document's top compute roof.
void append_ridges(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, Drawn& drawn) {
  out += "<g id=\"ridges\">\n";
  for (const RoofSet& set : sets) {
    const Roof* top = set.top_compute();
    if (!top) continue;
    const std::string unit = counts_integer_ops(*top) ? "op/byte" : "FLOP/byte";
    for (const Roof& m : set.memory) {
      const double ai = ridge_point(m.value, top->value);
      if (ai < s.x.lo || ai > s.x.hi) continue;
      const Point p = s.at(ai, top->value / kGiga);
      append_circle(out, p, 4.5, "class=\"ridge\" fill=\"white\" stroke=\"" + m.color + "\" stroke-width=\"2\"",
                    "ridge point of " + m.name + " and " + top->name + ": " + printf_string("%.4g", ai) + " " + unit);
      drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(6));
    }
  }
  out += "</g>\n";
}

// Compute labels stand right-aligned at the right end of the plot, each just
// above its line when there is room. Roofs closer together than a label's
// height (a GPU's double MAD, int MAD and float ADD often are; two devices
// interleave theirs) leave no room between them, and a label stacked across
// another roof's line is struck through by it. So the labels take slots,
// one text line each, that lie wholly between two lines (or above the top
// one, or below the bottom one): each label, from the top line down, takes
// the free slot nearest the baseline it wants, a slot below its own line
// costing a little more than one above, and below the label before it, so the
// labels read in the order of their lines. Each label keeps its roof's color.
void append_compute_labels(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, const Rect& plot,
                           Drawn& drawn) {
  const double size = 12, step = size + 3, clear = 2;
  struct Label { const Roof* roof; double line; };
  std::vector<Label> labels;
  for (const RoofSet& set : sets)
    for (const Roof& c : set.compute)
      if (const auto seg = roof_segment(c, set, s)) labels.push_back({&c, seg->a.y});
  if (labels.empty()) return;
  std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.line < b.line; });

  // Slots: baselines in each gap between consecutive lines, filled from the
  // gap's bottom (just above the lower line) upwards.
  std::vector<double> edges{plot.y0 + 2};
  for (const Label& l : labels) edges.push_back(l.line);
  edges.push_back(plot.y1 - 2);
  struct Slot { double baseline; bool taken = false; };
  std::vector<Slot> slots;
  for (std::size_t g = 0; g + 1 < edges.size(); ++g)
    for (double b = edges[g + 1] - clear - 3; b - size >= edges[g] + clear; b -= step) slots.push_back({b});
  double previous = -std::numeric_limits<double>::infinity();  // labels keep their lines' order
  for (const Label& l : labels) {
    const double above = l.line - clear - 3, below = l.line + clear + size;
    Slot* best = nullptr;
    double best_cost = 0;
    for (Slot& slot : slots) {
      if (slot.taken || slot.baseline <= previous) continue;
      const double cost = slot.baseline <= above ? above - slot.baseline : slot.baseline - below + 0.5 * step;
      if (!best || cost < best_cost) best = &slot, best_cost = cost;
    }
    // No slot left (more roofs than the plot has lines of text): just above the line.
    const double baseline = best ? best->baseline : std::max(above, previous + step);
    if (best) best->taken = true;
    previous = baseline;
    const Roof& c = *l.roof;
    const double w = text_width(c.label, size);
    drawn.boxes.push_back(Rect{plot.x1 - 8 - w, baseline - size, plot.x1 - 8, baseline + 3});
    append_haloed_text(out, {plot.x1 - 8, baseline}, c.label, "class=\"roof-label\" text-anchor=\"end\" font-size=\"12\"",
                       text_color(c));
  }
}

// Memory labels run along their (parallel) slopes. Positions are worked out
// in the slope's own frame: `along` the line and `normal` to it. A label goes
// above its line unless the next higher roof is too close, then below; labels
// that would still collide slide further along the slope.
void append_memory_labels(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, const Rect& plot,
                          Drawn& drawn) {
  const double size = 11.5, h = size + 3;
  const double ppd_x = (s.x.pixel_hi - s.x.pixel_lo) / std::log10(s.x.hi / s.x.lo);
  const double ppd_y = (s.y.pixel_lo - s.y.pixel_hi) / std::log10(s.y.hi / s.y.lo);
  const double theta = std::atan2(ppd_y, ppd_x);
  const Point u{std::cos(theta), -std::sin(theta)}, v{-std::sin(theta), -std::cos(theta)};
  const Point origin{plot.x0, plot.y1};
  const auto dot = [&](Point p, Point d) { return (p.x - origin.x) * d.x + (p.y - origin.y) * d.y; };

  struct Item { const Roof* roof; Segment seg; double normal; };
  std::vector<Item> items;
  for (const RoofSet& set : sets)
    for (const Roof& m : set.memory)
      if (const auto seg = roof_segment(m, set, s)) items.push_back({&m, *seg, dot(seg->a, v)});
  // Highest slope first: each label looks at the nearest slope above it.
  std::stable_sort(items.begin(), items.end(), [](const Item& a, const Item& b) { return a.normal > b.normal; });

  struct Band { double a0, a1, n0, n1; };
  std::vector<Band> placed;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Roof& m = *items[i].roof;
    const Segment& seg = items[i].seg;
    const double n = items[i].normal, a_start = dot(seg.a, u), a_end = dot(seg.b, u);
    const double gap_above = i > 0 ? items[i - 1].normal - n : 1e9;
    const bool above = gap_above >= h + 4;
    const double w = text_width(m.label, size);
    Band band{a_start + std::max(18.0, 0.08 * (a_end - a_start)), 0, above ? n + 2 : n - 2 - h, above ? n + 2 + h : n - 2};
    band.a1 = band.a0 + w;
    for (bool moved = true; moved;) {
      moved = false;
      for (const Band& o : placed)
        if (band.a0 < o.a1 + 8 && o.a0 < band.a1 + 8 && band.n0 < o.n1 && o.n0 < band.n1)
          band.a0 = o.a1 + 12, band.a1 = band.a0 + w, moved = true;
    }
    placed.push_back(band);
    const Point p{seg.a.x + (band.a0 - a_start) * u.x, seg.a.y + (band.a0 - a_start) * u.y};
    const std::string transform = "transform=\"translate(" + px(p.x) + " " + px(p.y) + ") rotate(" +
                                  px(-theta * 180 / kPi) + ")\"";
    append_haloed_text(out, {0, above ? -5 : size + 2}, m.label, "class=\"roof-label\" " + transform + " font-size=\"11.5\"",
                       text_color(m));
    // The rotated label as a chain of small squares along its middle, for the legend and dots to
    // avoid: its axis-aligned bounds would block a whole triangle of empty chart beside it.
    const double mid = (band.n0 + band.n1) / 2;
    for (double a = band.a0; a < band.a1 + h / 2; a += h / 2) {
      const Point q{origin.x + std::min(a, band.a1) * u.x + mid * v.x, origin.y + std::min(a, band.a1) * u.y + mid * v.y};
      drawn.boxes.push_back(Rect{q.x, q.y, q.x, q.y}.inflated(h / 2));
    }
  }
}

// The document a dot ran on: the one whose device name it carries, else none.
std::optional<std::size_t> dot_document(const Placement& p, const std::vector<RoofSet>& sets) {
  for (std::size_t i = 0; i < sets.size(); ++i)
    if (!p.device.empty() && sets[i].doc->device.name == p.device) return i;
  return std::nullopt;
}

std::string dot_tooltip(const Placement& p) {
  std::string t = p.display_label() + (p.device.empty() ? "" : " on " + p.device);
  const std::string ai_unit = p.unit.rfind("INTOP", 0) == 0 ? "op/byte" : "FLOP/byte";
  t += "\n" + format_si(p.performance, p.unit) + " at " + printf_string("%.4g", p.ai) + " " + ai_unit;
  t += "\n" + printf_string("%.6g", p.ops()) + (p.unit.rfind("INTOP", 0) == 0 ? " int ops, " : " FLOPs, ") +
       format_bytes(p.bytes) + " moved";
  t += "\nmedian time " + printf_string("%.4g", p.seconds * 1e3) + " ms";
  if (p.time.samples > 1)
    t += " (min " + printf_string("%.4g", p.time.min * 1e3) + ", max " + printf_string("%.4g", p.time.max * 1e3) + ", " +
         std::to_string(p.time.samples) + " runs)";
  if (!p.bound.roof.empty()) t += "\nbound by " + p.bound.roof + ": " + percent(p.bound.fraction) + " of " +
                                  format_si(p.bound.attainable, p.unit);
  if (p.predicted_seconds) t += "\nroofs predict " + printf_string("%.4g", *p.predicted_seconds * 1e3) + " ms";
  return t;
}

// Dots with error bars from their fastest and slowest runs, then their labels.
void append_dots(std::string& out, const std::vector<Placement>& dots, const std::vector<RoofSet>& sets,
                 const Scales& s, const Rect& plot, Drawn& drawn) {
  if (dots.empty()) return;
  out += "<g id=\"dots\">\n";
  std::vector<PointToLabel> points;
  std::vector<std::string> colors;
  for (const Placement& p : dots) {
    const auto d = dot_document(p, sets);
    const std::string color = sets.size() > 1 && d ? chart::text_color(palette_color(*d)) : std::string("#1A1A1A");
    const Point at = s.at(p.ai, p.performance / kGiga);
    if (p.time.samples > 1 && p.time.min > 0 && p.time.max > p.time.min) {
      const double y_fast = s.y.to_pixel(p.ops() / p.time.min / kGiga), y_slow = s.y.to_pixel(p.ops() / p.time.max / kGiga);
      if (std::abs(y_slow - y_fast) >= 3) append_error_bar(out, at.x, y_slow, y_fast, color);
    }
    append_circle(out, at, 5, "class=\"dot\" fill=\"" + color + "\" stroke=\"white\" stroke-width=\"1.5\"", dot_tooltip(p));
    points.push_back({at, 5, p.display_label()});
    colors.push_back(color);
  }
  const std::vector<PlacedLabel> labels = place_point_labels(points, 11.5, plot, drawn);
  for (std::size_t i = 0; i < labels.size(); ++i) append_point_label(out, labels[i], points[i].text, 11.5, colors[i]);
  out += "</g>\n";
}

// The legend goes where the chart is empty: the lower right (under the slopes,
// below the compute roofs) or else the upper left (above the slopes). One
// document: an entry per roof. Several: an entry per document.
void append_legend(std::string& out, const std::vector<RoofSet>& sets, const Rect& plot, const Drawn& drawn) {
  std::vector<LegendEntry> entries;
  if (sets.size() == 1) {
    for (const auto* list : {&sets[0].compute, &sets[0].memory})
      for (const Roof& r : *list) {
        LegendEntry e;
        e.label = r.label;
        e.color = r.color;
        if (r.memory) e.dash = "8 4";
        entries.push_back(e);
      }
  } else {
    for (std::size_t i = 0; i < sets.size(); ++i) {
      LegendEntry e;
      const RoofsDocument& d = *sets[i].doc;
      e.label = (d.device.name.empty() ? "unknown device" : d.device.name) + (d.date.empty() ? "" : ", " + d.date.substr(0, 10));
      e.color = palette_color(i);
      entries.push_back(e);
    }
  }
  chart::append_legend(out, entries, plot, drawn, {Corner::lower_right, Corner::upper_left, Corner::lower_left, Corner::upper_right});
}

}  // namespace
}  // namespace chart

std::string render_carm_svg(const RoofsDocument& doc, const ChartOptions& opt, const std::vector<Placement>& dots) {
  return render_carm_svg(std::vector<const RoofsDocument*>{&doc}, opt, dots);
}

std::string render_carm_svg(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt,
                            const std::vector<Placement>& input_dots) {
  using namespace chart;
  if (docs.empty()) throw std::invalid_argument("a CARM chart needs at least one roofs document");
  const Canvas canvas = make_canvas(opt);
  const Rect& plot = canvas.plot;
  std::vector<Placement> dots;
  for (const Placement& p : input_dots)
    if (p.ai > 0 && p.performance > 0 && std::isfinite(p.ai) && std::isfinite(p.performance)) dots.push_back(p);
  const std::vector<RoofSet> sets = choose_roofs(docs, opt);
  const Scales scales = choose_scales(sets, dots, plot);
  const auto [x_axis, y_axis] = axis_specs(scales, sets);
  const std::string title = opt.title.empty() ? title_of(sets) : opt.title;

  std::string out;
  append_svg_header(out, canvas, "Cache-aware roofline: " + title);
  for (const RoofSet& set : sets) append_attainable_region(out, set, scales, sets.size() > 1);
  append_grid(out, plot, x_axis, y_axis);
  Drawn drawn;
  append_spread_bands(out, sets, scales);
  append_roofs(out, sets, scales, drawn);
  append_ridges(out, sets, scales, drawn);
  append_axes(out, plot, x_axis, y_axis);
  append_titles(out, canvas, title, subtitle(sets, dots.size()));
  append_compute_labels(out, sets, scales, plot, drawn);
  append_memory_labels(out, sets, scales, plot, drawn);
  append_dots(out, dots, sets, scales, plot, drawn);
  if (all_empty(sets)) append_note(out, plot, "no ceilings measured");
  append_legend(out, sets, plot, drawn);
  out += "</svg>\n";
  return out;
}

}  // namespace roofline
