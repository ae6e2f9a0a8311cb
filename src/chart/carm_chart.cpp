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

#include "chart/legend.hpp"
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
  bool memory = false;
  double value = 0;   // ops/s or bytes/s, as in the document
  std::string name;   // "float MAD", "DRAM read"
  std::string label;  // name, rate and warning: "float MAD 65.0 TFLOP/s"
  std::string color;
};

struct RoofSet {
  std::vector<Roof> compute, memory;  // each sorted highest first
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

Roof make_roof(const Ceiling& c) {
  Roof r;
  r.ceiling = &c;
  r.memory = c.kind == "memory";
  r.value = c.value;
  r.name = roof_name(c);
  r.label = r.name + " " + format_si(c.value, roof_unit(c)) + (c.above_theory ? " (above theory!)" : "");
  return r;
}

// The best ceiling of each (op, type) for compute and of each (level, op) for
// memory: the other variants measured the same roof less well.
RoofSet choose_roofs(const RoofsDocument& doc) {
  RoofSet set;
  for (const Ceiling* c : best_ceilings(doc)) {
    if (!std::isfinite(c->value)) continue;  // nothing to draw on a log axis
    if (c->kind == "compute") set.compute.push_back(make_roof(*c));
    else if (c->kind == "memory") set.memory.push_back(make_roof(*c));
  }
  const auto higher = [](const Roof& a, const Roof& b) { return a.value > b.value; };
  std::stable_sort(set.compute.begin(), set.compute.end(), higher);
  std::stable_sort(set.memory.begin(), set.memory.end(), higher);
  std::size_t i = 0;
  for (Roof& r : set.compute) r.color = palette_color(i++);
  for (Roof& r : set.memory) r.color = palette_color(i++);
  return set;
}

// ---------------------------------------------------------------------------
// Geometry

struct Scales {
  LogAxis x, y;
  Point at(double ai, double gops) const { return {x.to_pixel(ai), y.to_pixel(gops)}; }
};

// X: at least 1/16..64 FLOP/byte and every ridge with room on either side.
// Y: a decade above the top compute roof down to a decade below the lowest
// memory roof at the left edge or a tenth of the lowest compute roof.
Scales choose_scales(const RoofSet& roofs, const Rect& plot) {
  double x_min = 1.0 / 16, x_max = 64;
  if (!roofs.compute.empty() && !roofs.memory.empty()) {
    x_min = std::min(x_min, ridge_point(roofs.memory.front().value, roofs.compute.back().value) / 8);
    x_max = std::max(x_max, ridge_point(roofs.memory.back().value, roofs.compute.front().value) * 8);
  }
  Scales s{make_log_axis(x_min, x_max, plot.x0, plot.x1), {}};
  double y_min = 1, y_max = 1e3;
  if (!roofs.compute.empty()) y_max = roofs.compute.front().value / kGiga;
  else if (!roofs.memory.empty()) y_max = roofs.memory.front().value * s.x.hi / kGiga;
  if (!roofs.empty()) y_min = std::numeric_limits<double>::infinity();
  if (!roofs.memory.empty()) y_min = std::min(y_min, roofs.memory.back().value * s.x.lo / kGiga);
  if (!roofs.compute.empty()) y_min = std::min(y_min, roofs.compute.back().value / kGiga / 10);
  const double decade_above = std::pow(10.0, std::floor(std::log10(y_max)) + 1);
  s.y = make_log_axis(y_min, decade_above, plot.y1, plot.y0);
  // The top roof's label sits above its line: give it another decade when it would touch the frame.
  if (!roofs.compute.empty() && s.y.to_pixel(y_max) - plot.y0 < 24) s.y.hi *= 10;
  return s;
}

// A compute roof runs from its ridge with the top memory roof to the right
// edge; left of the ridge the memory slope is the bound.
std::optional<Segment> compute_segment(const Roof& c, const Roof* top_memory, const Scales& s) {
  double a0 = s.x.lo;
  if (top_memory) a0 = std::max(a0, ridge_point(top_memory->value, c.value));
  if (a0 >= s.x.hi) return std::nullopt;
  const double gops = c.value / kGiga;
  return Segment{s.at(a0, gops), s.at(s.x.hi, gops)};
}

// A memory roof, perf = B x AI, runs from the left edge to its ridge with the
// top compute roof, cut to the plot area.
std::optional<Segment> memory_segment(const Roof& m, const Roof* top_compute, const Scales& s) {
  const double b = m.value / kGiga;  // Gops/s per op/byte
  double a0 = std::max(s.x.lo, s.y.lo / b);
  double a1 = std::min(s.x.hi, s.y.hi / b);
  if (top_compute) a1 = std::min(a1, ridge_point(m.value, top_compute->value));
  if (a0 >= a1) return std::nullopt;
  return Segment{s.at(a0, b * a0), s.at(a1, b * a1)};
}

// ---------------------------------------------------------------------------
// SVG writing

// Text in a roof's color, dark enough to read on white (orange and sky blue are not).
std::string text_color(const Roof& r) { return chart::text_color(r.color); }

std::string subtitle(const RoofsDocument& doc, const RoofSet& roofs) {
  std::string t = "Cache-aware roofline model";
  if (!doc.tool_version.empty()) t += " · roofline " + doc.tool_version;
  if (doc.quick) t += " · quick run";
  if (!doc.complete) t += " · incomplete run";
  if (roofs.compute.empty() && !roofs.memory.empty()) t += " · no compute roofs measured";
  if (roofs.memory.empty() && !roofs.compute.empty()) t += " · no memory roofs measured";
  return t;
}

std::string x_axis_label(const RoofSet& roofs) {
  const bool integer = std::any_of(roofs.compute.begin(), roofs.compute.end(), counts_integer_ops);
  return integer ? "Arithmetic intensity [op/byte]" : "Arithmetic intensity [FLOP/byte]";
}

// The two axes with decade ticks; labels at least 48 (x) and 22 (y) pixels apart.
std::pair<AxisSpec, AxisSpec> axis_specs(const Scales& s, const RoofSet& roofs) {
  return {AxisSpec{s.x, decade_ticks(s.x, 48), x_axis_label(roofs)},
          AxisSpec{s.y, decade_ticks(s.y, 22), "Performance [GFLOP/s or GINTOP/s]"}};
}

// The region no kernel can leave: under min(top memory roof, top compute roof).
void append_attainable_region(std::string& out, const RoofSet& roofs, const Scales& s) {
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
  out += "<polygon id=\"attainable\" points=\"" + points +
         "\" fill=\"#0072B2\" fill-opacity=\"0.07\" stroke=\"none\" clip-path=\"url(#plot-area)\"/>\n";
}

std::string percent(double fraction) { return printf_string("%.0f%%", fraction * 100); }

// The tooltip of a roof: its exact value and how it was obtained.
std::string roof_tooltip(const Roof& r) {
  const Ceiling& c = *r.ceiling;
  const std::string unit = roof_unit(c);
  std::string t = r.name + ": " + format_si(c.value, unit) + " (" + exact_number(c.value) + " " + unit + ")";
  if (c.stats.samples > 0)
    t += "\nmedian of " + std::to_string(c.stats.samples) + " runs, min " + format_si(c.stats.min, unit) + ", max " +
         format_si(c.stats.max, unit);
  if (!r.memory && c.width > 1) t += "\nvector width " + std::to_string(c.width);
  if (!c.variant.empty()) t += "\nkernel: " + c.variant;
  if (c.theory) t += "\ntheoretical peak " + format_si(*c.theory, unit);
  if (c.efficiency) t += " (" + percent(*c.efficiency) + " reached)";
  if (c.above_theory) t += "\nmeasured above the theoretical peak!";
  return t;
}

using Drawn = Obstacles;  // what was drawn where, so labels and legend can keep clear of it

void append_roofs(std::string& out, const RoofSet& roofs, const Scales& s, Drawn& drawn) {
  out += "<g id=\"roofs\" clip-path=\"url(#plot-area)\" fill=\"none\" stroke-linecap=\"round\">\n";
  for (const Roof& c : roofs.compute) {
    const auto seg = compute_segment(c, roofs.top_memory(), s);
    if (!seg) continue;
    append_line(out, seg->a, seg->b, "class=\"roof compute\" stroke=\"" + c.color + "\" stroke-width=\"2.2\"", roof_tooltip(c));
    drawn.segments.push_back(*seg);
  }
  for (const Roof& m : roofs.memory) {
    const auto seg = memory_segment(m, roofs.top_compute(), s);
    if (!seg) continue;
    append_line(out, seg->a, seg->b,
                "class=\"roof memory\" stroke=\"" + m.color + "\" stroke-width=\"2.2\" stroke-dasharray=\"8 4\"",
                roof_tooltip(m));
    drawn.segments.push_back(*seg);
  }
  out += "</g>\n";
}

// A marker where each memory roof meets the top compute roof.
void append_ridges(std::string& out, const RoofSet& roofs, const Scales& s, Drawn& drawn) {
  const Roof* top = roofs.top_compute();
  if (!top || roofs.memory.empty()) return;
  const std::string unit = counts_integer_ops(*top) ? "op/byte" : "FLOP/byte";
  out += "<g id=\"ridges\">\n";
  for (const Roof& m : roofs.memory) {
    const double ai = ridge_point(m.value, top->value);
    const Point p = s.at(ai, top->value / kGiga);
    out += "<circle class=\"ridge\" cx=\"" + px(p.x) + "\" cy=\"" + px(p.y) + "\" r=\"4.5\" fill=\"white\" stroke=\"" +
           m.color + "\" stroke-width=\"2\"><title>" +
           xml_escape("ridge point of " + m.name + " and " + top->name + ": " + printf_string("%.4g", ai) + " " + unit) +
           "</title></circle>\n";
    drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(6));
  }
  out += "</g>\n";
}

// Compute labels stand right-aligned at the right end of the plot, each just
// above its line when there is room. Roofs closer together than a label's
// height (a GPU's double MAD, int MAD and float ADD often are) would put their
// labels on top of each other, so the labels form groups that are spread to
// one line of text each and centred on where they want to be (least squares),
// merging groups until none overlap. Each label keeps its roof's color.
void append_compute_labels(std::string& out, const RoofSet& roofs, const Scales& s, const Rect& plot, Drawn& drawn) {
  const double size = 12, step = size + 3;
  struct Label { const Roof* roof; double want; };  // want: the baseline just above the line
  std::vector<Label> labels;
  for (const Roof& c : roofs.compute)
    if (const auto seg = compute_segment(c, roofs.top_memory(), s)) labels.push_back({&c, seg->a.y - 5});
  std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.want < b.want; });

  struct Group { std::size_t first, count; double top; };  // baselines top, top + step, ...
  const double lowest_top = plot.y0 + size + 4, highest_bottom = plot.y1 - 6;
  const auto place = [&](Group& g) {
    double sum = 0;
    for (std::size_t i = 0; i < g.count; ++i) sum += labels[g.first + i].want - double(i) * step;
    g.top = sum / double(g.count);
    g.top = std::min(g.top, highest_bottom - double(g.count - 1) * step);
    g.top = std::max(g.top, lowest_top);
  };
  std::vector<Group> groups;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    groups.push_back({i, 1, 0});
    place(groups.back());
    // Merge with the group above while they overlap.
    while (groups.size() > 1) {
      Group& above = groups[groups.size() - 2];
      const Group& below = groups.back();
      if (above.top + double(above.count) * step <= below.top) break;
      above.count += below.count;
      groups.pop_back();
      place(groups.back());
    }
  }
  for (const Group& g : groups)
    for (std::size_t i = 0; i < g.count; ++i) {
      const Roof& c = *labels[g.first + i].roof;
      const double baseline = g.top + double(i) * step, w = text_width(c.label, size);
      drawn.boxes.push_back(Rect{plot.x1 - 8 - w, baseline - size, plot.x1 - 8, baseline + 3});
      append_haloed_text(out, {plot.x1 - 8, baseline}, c.label, "text-anchor=\"end\" font-size=\"12\"", text_color(c));
    }
}

// Memory labels run along their (parallel) slopes. Positions are worked out
// in the slope's own frame: `along` the line and `normal` to it. A label goes
// above its line unless the next higher roof is too close, then below; labels
// that would still collide slide further along the slope.
void append_memory_labels(std::string& out, const RoofSet& roofs, const Scales& s, const Rect& plot, Drawn& drawn) {
  const double size = 11.5, h = size + 3;
  const double ppd_x = (s.x.pixel_hi - s.x.pixel_lo) / std::log10(s.x.hi / s.x.lo);
  const double ppd_y = (s.y.pixel_lo - s.y.pixel_hi) / std::log10(s.y.hi / s.y.lo);
  const double theta = std::atan2(ppd_y, ppd_x);
  const Point u{std::cos(theta), -std::sin(theta)}, v{-std::sin(theta), -std::cos(theta)};
  const Point origin{plot.x0, plot.y1};
  const auto dot = [&](Point p, Point d) { return (p.x - origin.x) * d.x + (p.y - origin.y) * d.y; };

  struct Band { double a0, a1, n0, n1; };
  std::vector<Band> placed;
  std::vector<std::optional<Segment>> segs;
  for (const Roof& m : roofs.memory) segs.push_back(memory_segment(m, roofs.top_compute(), s));
  for (std::size_t i = 0; i < roofs.memory.size(); ++i) {
    if (!segs[i]) continue;
    const Roof& m = roofs.memory[i];
    const double n = dot(segs[i]->a, v), a_start = dot(segs[i]->a, u), a_end = dot(segs[i]->b, u);
    const double gap_above = i > 0 && segs[i - 1] ? dot(segs[i - 1]->a, v) - n : 1e9;
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
    const Point p{segs[i]->a.x + (band.a0 - a_start) * u.x, segs[i]->a.y + (band.a0 - a_start) * u.y};
    const std::string transform = "transform=\"translate(" + px(p.x) + " " + px(p.y) + ") rotate(" +
                                  px(-theta * 180 / kPi) + ")\"";
    append_haloed_text(out, {0, above ? -5 : size + 2}, m.label,
                       transform + " font-size=\"11.5\"", text_color(m));
    // The axis-aligned bounds of the rotated label, for the legend to avoid.
    Rect box{1e9, 1e9, -1e9, -1e9};
    for (double a : {band.a0, band.a1})
      for (double nn : {band.n0, band.n1}) {
        const Point q{origin.x + a * u.x + nn * v.x, origin.y + a * u.y + nn * v.y};
        box = {std::min(box.x0, q.x), std::min(box.y0, q.y), std::max(box.x1, q.x), std::max(box.y1, q.y)};
      }
    drawn.boxes.push_back(box);
  }
}

// The legend goes where the chart is empty: the lower right (under the slopes,
// below the compute roofs) or else the upper left (above the slopes).
void append_legend(std::string& out, const RoofSet& roofs, const Rect& plot, const Drawn& drawn) {
  std::vector<LegendEntry> entries;
  for (const auto* list : {&roofs.compute, &roofs.memory})
    for (const Roof& r : *list) {
      LegendEntry e;
      e.label = r.label;
      e.color = r.color;
      if (r.memory) e.dash = "8 4";
      entries.push_back(e);
    }
  chart::append_legend(out, entries, plot, drawn, {Corner::lower_right, Corner::upper_left});
}

}  // namespace
}  // namespace chart

std::string render_carm_svg(const RoofsDocument& doc, const ChartOptions& opt, const std::vector<Placement>& dots) {
  (void)dots;
  using namespace chart;
  const Canvas canvas = make_canvas(opt);
  const Rect& plot = canvas.plot;
  const RoofSet roofs = choose_roofs(doc);
  const Scales scales = choose_scales(roofs, plot);
  const auto [x_axis, y_axis] = axis_specs(scales, roofs);
  const std::string title = opt.title.empty() ? derived_title(doc) : opt.title;

  std::string out;
  append_svg_header(out, canvas, "Cache-aware roofline: " + title);
  append_attainable_region(out, roofs, scales);
  append_grid(out, plot, x_axis, y_axis);
  Drawn drawn;
  append_roofs(out, roofs, scales, drawn);
  append_ridges(out, roofs, scales, drawn);
  append_axes(out, plot, x_axis, y_axis);
  append_titles(out, canvas, title, subtitle(doc, roofs));
  append_compute_labels(out, roofs, scales, plot, drawn);
  append_memory_labels(out, roofs, scales, plot, drawn);
  if (roofs.empty()) append_note(out, plot, "no ceilings measured");
  append_legend(out, roofs, plot, drawn);
  out += "</svg>\n";
  return out;
}

}  // namespace roofline
