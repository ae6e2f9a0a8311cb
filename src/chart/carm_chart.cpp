// chart/carm_chart: the CARM chart as a standalone SVG 1.1 document.
//
// Drawing order, back to front: background, attainable region, grid, spread
// bands, roofs, ridge markers, plot frame and ticks, titles, roof labels (clear
// of the dots, carm_roof_labels), dots with their labels (clear of the roof
// labels, point_labels), legend. Everything inside the plot area is clipped to
// it, so no roof can stray over the axes. What is drawn where: carm_roofs.
#include "chart/carm_chart.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>
#include <stdexcept>

#include "chart/carm_roof_labels.hpp"
#include "chart/carm_roofs.hpp"
#include "chart/legend.hpp"
#include "chart/point_labels.hpp"
#include "chart/roof_colors.hpp"
#include "chart/spatial_grid.hpp"
#include "model/placement.hpp"
#include "model/roofline.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace carm {

namespace {

// ---------------------------------------------------------------------------
// SVG writing

bool all_empty(const std::vector<RoofSet>& sets) {
  return std::all_of(sets.begin(), sets.end(), [](const RoofSet& s) { return s.empty(); });
}

std::vector<const RoofsDocument*> documents(const std::vector<RoofSet>& sets) {
  std::vector<const RoofsDocument*> docs;
  for (const RoofSet& s : sets) docs.push_back(s.doc);
  return docs;
}

// What the chart is; with several documents, first a line naming each one's
// device, driver and date (the title has room for their names only).
std::string subtitle(const std::vector<RoofSet>& sets, std::size_t dots, bool levels, const std::string& labelled) {
  std::string t;
  if (sets.size() > 1) t = documents_line(documents(sets)) + "\n";
  t += "Cache-aware roofline model";
  if (sets.size() == 1) {
    const RoofsDocument& doc = *sets[0].doc;
    if (!doc.tool_version.empty()) t += " · roofline " + doc.tool_version;
    if (doc.quick) t += " · quick run";
    if (noisy_run(doc)) t += " · noisy run";
    if (!doc.complete) t += " · incomplete run";
    if (sets[0].compute.empty() && !sets[0].memory.empty()) t += " · no compute roofs measured";
    if (sets[0].memory.empty() && !sets[0].compute.empty()) t += " · no memory roofs measured";
  } else {
    t += " · compute roofs solid, memory roofs dashed";
  }
  if (std::any_of(sets.begin(), sets.end(), [](const RoofSet& s) { return !s.bounds.empty(); }))
    t += " · dotted: the roofs that bound placed kernels";
  if (dots) t += " · " + std::to_string(dots) + (dots == 1 ? " kernel" : " kernels");
  if (levels) t += " · hollow: the kernel's AI at the bytes each level serves";
  if (!labelled.empty()) t += ", " + labelled;
  return t;
}

std::string title_of(const std::vector<RoofSet>& sets) {
  return comparison_title(documents(sets));
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

std::string percent(double fraction) { return format_text("%.0f%%", fraction * 100); }

// The tooltip of a roof: its exact value and how it was obtained.
std::string roof_tooltip(const Roof& r, const RoofSet& set, bool several) {
  const Ceiling& c = *r.ceiling;
  const std::string unit = str(c.unit());
  std::string t = r.name + ": " + format_si(c.value, unit) + " (" + exact_number(c.value) + " " + unit + ")";
  if (several) t += "\n" + device_label(*set.doc, true);
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

// A light band (7% opaque, well under its roof's line) from each roof's slowest to fastest run, where that is at
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
        append_polygon(out, poly, "class=\"spread\" fill=\"" + r.color + "\" fill-opacity=\"0.07\"");
      }
  out += "</g>\n";
}

// Compute roofs solid, memory roofs dashed, the kernels' bounding roofs
// dotted and thinner; roofs that coincide take turns along their line.
void append_roofs(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, Drawn& drawn) {
  const bool several = sets.size() > 1;
  out += "<g id=\"roofs\" clip-path=\"url(#plot-area)\" fill=\"none\" stroke-linecap=\"butt\">\n";
  for (const RoofSet& set : sets)
    for (const Roof* r : drawn_roofs(set)) {
      const auto seg = roof_segment(*r, set, s);
      if (!seg) continue;
      const std::string cls = !r->memory ? "roof compute" : r->bound ? "roof memory bound" : "roof memory";
      std::string tooltip = roof_tooltip(*r, set, several);
      if (r->bound) tooltip += "\nthe roof that bounds a placed kernel (for its load/store mix)";
      append_line(out, seg->a, seg->b,
                  "class=\"" + cls + "\" stroke=\"" + r->color + "\" stroke-width=\"" + format_text("%g", roof_stroke(*r).width) + "\"" +
                      roof_dash(*r),
                  tooltip);
      drawn.segments.push_back(*seg);
    }
  out += "</g>\n";
}

// A placed kernel's math roof (analysis/placement_bound): its ops over its math
// calls' time at their roofs, the FLOP/s the math functions alone would
// allow it, as a horizontal line across the plot, dashed in a colour no
// memory or compute roof uses, labelled "<name> roof" at its right end.
// Only for kernels with math calls that have roofs.
constexpr const char* kMathRoofColor = "#E69F00";

void append_math_roofs(std::string& out, const std::vector<Placement>& dots, const Scales& s, const Rect& plot, Drawn& drawn) {
  std::set<std::pair<std::string, long long>> done;  // a roof drawn once for dots that share it (label, pixel row)
  out += "<g id=\"math-roofs\" clip-path=\"url(#plot-area)\" fill=\"none\">\n";
  for (const Placement& p : dots) {
    if (!p.math || !p.math->has_roof()) continue;
    const double gops = p.math->roof_performance / kGiga;
    if (gops < s.y.lo || gops > s.y.hi) continue;
    const double y = s.y.to_pixel(gops);
    if (!done.insert({p.math->roof, std::llround(y)}).second) continue;
    const Segment seg{{plot.x0, y}, {plot.x1, y}};
    append_line(out, seg.a, seg.b, "class=\"roof math\" stroke=\"" + std::string(kMathRoofColor) + "\" stroke-width=\"1.5\" stroke-dasharray=\"8 3 2 3\"",
                p.math->roof + " of " + p.display_label() + ": " + format_si(p.math->roof_performance, p.unit) +
                    " (its operations over its math calls' time at their roofs" + (p.math->bound ? "; it bounds the kernel)" : ")"));
    drawn.segments.push_back(seg);
    const std::string label = p.math->roof;
    const double width = text_width(label, 11);
    const Point at{plot.x1 - 4 - width, y - 4};
    append_haloed_text(out, at, label, "class=\"roof-label math\" font-size=\"11\"", text_color(kMathRoofColor));
    drawn.boxes.push_back(Rect{at.x, at.y - 11, at.x + width, at.y + 2});
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
                    "ridge point of " + m.name + " and " + top->name + ": " + format_text("%.4g", ai) + " " + unit);
      drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(6));
    }
  }
  out += "</g>\n";
}

std::string dot_tooltip(const Placement& p) {
  std::string t = clip_text(p.display_label(), kMaxTooltipChars) + (p.device.empty() ? "" : " on " + clip_text(p.device, kMaxTooltipChars));
  const bool intops = p.unit == RateUnit::intop;
  const std::string ai_unit = intops ? "op/byte" : "FLOP/byte";
  t += "\n" + format_si(p.performance, p.unit) + " at " + format_text("%.4g", p.ai) + " " + ai_unit;
  t += "\n" + format_text("%.6g", p.ops()) + (intops ? " int ops, " : " FLOPs, ") +
       format_bytes(p.bytes) + " moved";
  t += "\nmedian time " + format_text("%.4g", p.seconds * 1e3) + " ms";
  if (p.time.samples > 1)
    t += " (min " + format_text("%.4g", p.time.min * 1e3) + ", max " + format_text("%.4g", p.time.max * 1e3) + ", " +
         std::to_string(p.time.samples) + " runs)";
  if (!p.attained.roof.empty())
    t += "\nattained roof " + p.attained.roof + ": " + percent(p.attained.fraction) + " of " + format_si(p.attained.attainable, p.unit);
  if (p.prediction)
    t += "\nroofs predict " + format_text("%.4g", p.prediction->seconds * 1e3) + " ms a priori (limit: " + p.prediction->limit.roof + ")";
  return t;
}

// A kernel's hierarchical dot: its AI at one level's bytes, at its performance.
struct LevelMarker {
  Point at;
  std::string color, level, tooltip;
};

// The dots' markers and labels, colored by the document they ran on when
// there are several.
struct DotLayout {
  std::vector<PointToLabel> points;
  std::vector<std::vector<LevelMarker>> levels;  // per dot, nearest level first
  std::vector<std::string> colors;
  std::vector<std::optional<Segment>> error_bars;  // from the slowest to the fastest run, where 3 pixels or more
  DotsToAvoid avoid;  // for the roof labels
};

constexpr double kDotFont = 11.5;  // placed kernels' labels

constexpr double kLevelRadius = 4;
constexpr std::size_t kMostKernelsWithLevelNames = 3;  // more kernels' level names would crowd the chart

Rect level_marker_box(const LevelMarker& m) { return Rect{m.at.x, m.at.y, m.at.x, m.at.y}.inflated(kLevelRadius + 1); }

// The hollow markers of a placement analysed by levels (place --analyze),
// each in its level's color.
std::vector<LevelMarker> level_markers(const Placement& p, const Scales& s) {
  std::vector<LevelMarker> out;
  if (!p.analysis) return out;
  const std::string unit = p.unit == RateUnit::intop ? " op/byte" : " FLOP/byte";
  for (const LevelDot& l : p.analysis->levels) {
    if (!(l.ai > 0) || !std::isfinite(l.ai)) continue;
    const std::string tip = clip_text(p.display_label(), kMaxTooltipChars) + " at " + l.level + ": " + format_bytes(l.bytes) + ", AI " +
                            format_text("%.4g", l.ai) + unit;
    out.push_back({s.at(l.ai, p.performance / kGiga), level_color(MemoryLevel::from_name(l.level)), l.level, tip});
  }
  return out;
}

// Every dot's marker; a label for those in `labelled`, kept clear by the roof
// labels.
DotLayout layout_dots(const std::vector<Placement>& dots, const DotLabels& labelled,
                      const std::vector<RoofSet>& sets, const Scales& s) {
  DotLayout d;
  const std::vector<const RoofsDocument*> docs = documents(sets);
  for (std::size_t i = 0; i < dots.size(); ++i) {
    const Placement& p = dots[i];
    const auto doc = dot_document(p, docs);
    d.points.push_back(dot_point(s.at(p.ai, p.performance / kGiga), dots, i, labelled));
    d.colors.push_back(sets.size() > 1 && doc ? chart::text_color(palette_color(*doc)) : std::string("#1A1A1A"));
    const PointToLabel& point = d.points.back();
    d.avoid.markers.boxes.push_back(marker_box(point));
    if (point.label) d.avoid.label_spots.push_back(preferred_label_box(point, kDotFont));
    d.levels.push_back(level_markers(p, s));
    for (const LevelMarker& m : d.levels.back()) d.avoid.markers.boxes.push_back(level_marker_box(m));
    d.error_bars.emplace_back();
    if (p.time.samples > 1 && p.time.min > 0 && p.time.max > p.time.min) {
      const double x = d.points.back().at.x;
      const double y_fast = s.y.to_pixel(p.ops() / p.time.min / kGiga), y_slow = s.y.to_pixel(p.ops() / p.time.max / kGiga);
      if (std::abs(y_slow - y_fast) >= 3) {
        d.error_bars.back() = Segment{{x, y_slow}, {x, y_fast}};
        d.avoid.markers.segments.push_back(*d.error_bars.back());
      }
    }
  }
  return d;
}

// Dots with error bars from their fastest and slowest runs, then their labels.
// A dot's radius: 5 pixels, or with weights, its area in proportion to its
// weight, the heaviest 10 pixels across, none under 2.5 (still visible).
double dot_radius(const ChartOptions& opt, std::size_t i) {
  if (i >= opt.dot_weights.size()) return 5;
  const double most = *std::max_element(opt.dot_weights.begin(), opt.dot_weights.end());
  const double w = opt.dot_weights[i];
  if (!(most > 0) || !std::isfinite(most) || !(w >= 0) || !std::isfinite(w)) return 5;
  return std::max(2.5, 10 * std::sqrt(w / most));
}

// A kernel's level markers, linked to its dot by a thin line across them
// (as Advisor links its hierarchical dots); named under each when few
// kernels share the chart.
void append_level_markers(std::string& out, const std::vector<LevelMarker>& markers, Point dot, bool named, const Rect& plot,
                          Drawn& drawn) {
  if (markers.empty()) return;
  double left = dot.x, right = dot.x;
  for (const LevelMarker& m : markers) left = std::min(left, m.at.x), right = std::max(right, m.at.x);
  const Segment link{{left, dot.y}, {right, dot.y}};
  append_line(out, link.a, link.b, "class=\"level-link\" stroke=\"#6E6E6E\" stroke-width=\"1\"");
  drawn.segments.push_back(link);
  std::vector<Rect> names;  // a name that would touch an earlier one goes below it
  for (const LevelMarker& m : markers) {
    append_circle(out, m.at, kLevelRadius, "class=\"level-dot\" fill=\"white\" stroke=\"" + m.color + "\" stroke-width=\"2\"", m.tooltip);
    drawn.boxes.push_back(level_marker_box(m));
    if (!named) continue;
    const double half = 3.0 * double(m.level.size());
    Point at{m.at.x, m.at.y + kLevelRadius + 10};
    auto box = [&] { return Rect{at.x - half, at.y - 9, at.x + half, at.y + 2}; };
    while (std::any_of(names.begin(), names.end(), [&](const Rect& r) { return touches(r, box()); })) at.y += 10;
    if (at.y > plot.y1 - 2) continue;  // below the plot: the tooltip still names it
    append_text(out, at, m.level, "class=\"level-name\" font-size=\"9\" text-anchor=\"middle\" fill=\"" + m.color + "\"");
    names.push_back(box());
    drawn.boxes.push_back(box());
  }
}

// Each kernel's marks (its level markers, its dot and error bar, its label)
// are in groups that name it by data-dot, its index among the dots given, so
// that a page can show, hide or highlight one kernel (the report's script).
void append_dots(std::string& out, const std::vector<Placement>& dots, const std::vector<std::size_t>& index,
                 const std::vector<double>& radii, const DotLayout& layout, const Rect& plot, Drawn& drawn) {
  if (dots.empty()) return;
  const auto group = [&](const char* cls, std::size_t i) {
    return "<g class=\"" + std::string(cls) + "\" data-dot=\"" + std::to_string(index[i]) + "\">\n";
  };
  out += "<g id=\"dots\">\n";
  for (std::size_t i = 0; i < dots.size(); ++i) {
    if (layout.levels[i].empty()) continue;
    out += group("levels", i);
    append_level_markers(out, layout.levels[i], layout.points[i].at, dots.size() <= kMostKernelsWithLevelNames, plot, drawn);
    out += "</g>\n";
  }
  for (std::size_t i = 0; i < dots.size(); ++i) {
    out += group("kernel", i);
    if (const auto& bar = layout.error_bars[i]) {
      append_error_bar(out, bar->a.x, bar->a.y, bar->b.y, layout.colors[i]);
      drawn.segments.push_back(*bar);
    }
    append_circle(out, layout.points[i].at, radii[i], "class=\"dot\" fill=\"" + layout.colors[i] + "\" stroke=\"white\" stroke-width=\"1.5\"",
                  dot_tooltip(dots[i]));
    out += "</g>\n";
  }
  const std::vector<std::optional<PlacedLabel>> labels = place_point_labels(layout.points, kDotFont, plot, drawn);
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i]) {
      out += group("kernel-label", i);
      append_point_label(out, *labels[i], layout.points[i].text, kDotFont, layout.colors[i]);
      out += "</g>\n";
    }
  // The dots at their drawn size (a heavy kernel's dot is wider than its
  // marker box), so that the legend keeps clear of all of each.
  for (std::size_t i = 0; i < dots.size(); ++i) {
    const Point at = layout.points[i].at;
    drawn.boxes.push_back(Rect{at.x, at.y, at.x, at.y}.inflated(radii[i] + 1));
  }
  out += "</g>\n";
}

// One document: an entry per roof. Several: an entry per document.
std::vector<LegendEntry> legend_entries(const std::vector<RoofSet>& sets) {
  std::vector<LegendEntry> entries;
  if (sets.size() == 1) {
    for (const Roof* r : drawn_roofs(sets[0])) {
      LegendEntry e;
      e.label = r->label;
      e.color = r->color;
      e.dash = roof_stroke(*r).dash;
      e.line_width = roof_stroke(*r).width;
      entries.push_back(e);
    }
  } else {
    for (std::size_t i = 0; i < sets.size(); ++i) {
      LegendEntry e;
      const RoofsDocument& d = *sets[i].doc;
      e.label = device_label(d, true);
      e.color = palette_color(i);
      entries.push_back(e);
    }
  }
  return entries;
}

constexpr double kOutsideGap = 12;  // between the plot and a legend outside it

// The right margin that holds the legend beside the plot.
double outside_margin(const std::vector<LegendEntry>& entries) { return legend_size(entries).x + kOutsideGap + 8; }

// The legend goes where the chart is empty: the lower right (under the slopes,
// below the compute roofs) or else the upper left (above the slopes), else a
// clear spot along the plot's edges. False, drawing nothing, when no spot is
// clear: the chart is then drawn again with the legend outside.
bool append_legend(std::string& out, const std::vector<LegendEntry>& entries, const Rect& plot, const Drawn& drawn, bool outside) {
  if (entries.empty()) return true;
  const Point size = legend_size(entries);
  if (outside) {
    append_legend_at(out, entries, Rect{plot.x1 + kOutsideGap, plot.y0, plot.x1 + kOutsideGap + size.x, plot.y0 + size.y});
    return true;
  }
  const auto box = find_clear_edge_box(size.x, size.y, plot, drawn,
                                       {Corner::lower_right, Corner::upper_left, Corner::lower_left, Corner::upper_right});
  if (!box) return false;
  append_legend_at(out, entries, *box);
  return true;
}

}  // namespace
}  // namespace carm
}  // namespace chart

namespace {

// A dot the chart draws: the others (no operations, no time) have no place on it.
bool drawn_dot(const Placement& p) { return p.ai > 0 && p.performance > 0 && std::isfinite(p.ai) && std::isfinite(p.performance); }

}  // namespace

std::string undrawable_dot(const Placement& p) { return drawn_dot(p) ? chart::carm::off_scale(p) : ""; }

std::string render_carm_svg(const RoofsDocument& doc, const ChartOptions& opt, const std::vector<Placement>& dots) {
  return render_carm_svg(std::vector<const RoofsDocument*>{&doc}, opt, dots);
}

std::string render_carm_svg(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt,
                            const std::vector<Placement>& input_dots) {
  using namespace chart;
  using namespace chart::carm;
  if (docs.empty()) throw std::invalid_argument("a CARM chart needs at least one roofs document");
  std::vector<Placement> dots;
  std::vector<std::size_t> index;  // of each drawn dot among input_dots
  std::vector<double> radii;
  for (std::size_t i = 0; i < input_dots.size(); ++i) {
    const Placement& p = input_dots[i];
    if (drawn_dot(p)) {
      if (const std::string why = off_scale(p); !why.empty())
        throw std::invalid_argument("the dot of " + p.display_label() + " cannot be drawn: " + why);
      dots.push_back(p);
      index.push_back(i);
      radii.push_back(dot_radius(opt, i));
    }
  }
  const std::vector<RoofSet> chosen = choose_roofs(docs, opt, dots);
  const std::string title = opt.title.empty() ? title_of(chosen) : opt.title;
  const DotLabels labelled = choose_dot_labels(dots, opt);
  const bool levels = std::any_of(dots.begin(), dots.end(), [](const Placement& p) { return p.analysis && !p.analysis->levels.empty(); });
  const std::string sub = subtitle(chosen, dots.size(), levels, labelled.note);
  const std::vector<LegendEntry> entries = legend_entries(chosen);
  // Drawn with the legend inside the plot; where no spot there is clear, again
  // with the legend in a right margin of its own, beside the plot.
  std::string out;
  for (const bool outside : {false, true}) {
    std::vector<RoofSet> sets = chosen;
    const Canvas canvas = make_canvas(opt, outside ? outside_margin(entries) : 24, sub);
    const Rect& plot = canvas.plot;
    const Scales scales = choose_scales(sets, dots, plot);
    mark_coincident_roofs(sets, scales);
    const auto [x_axis, y_axis] = axis_specs(scales, sets);
    out.clear();
    append_svg_header(out, canvas, "Cache-aware roofline: " + title);
    for (const RoofSet& set : sets) append_attainable_region(out, set, scales, sets.size() > 1);
    append_grid(out, plot, x_axis, y_axis);
    Drawn drawn;
    append_spread_bands(out, sets, scales);
    append_roofs(out, sets, scales, drawn);
    append_ridges(out, sets, scales, drawn);
    append_math_roofs(out, dots, scales, plot, drawn);
    append_axes(out, plot, x_axis, y_axis);
    append_titles(out, canvas, title, sub);
    // The roof labels keep clear of the dots, and the dots' labels of the roof labels.
    const DotLayout dot_layout = layout_dots(dots, labelled, sets, scales);
    append_compute_labels(out, sets, scales, plot, drawn, dot_layout.avoid);
    append_memory_labels(out, sets, scales, plot, drawn, dot_layout.avoid);
    append_dots(out, dots, index, radii, dot_layout, plot, drawn);
    if (all_empty(sets)) append_note(out, plot, "no ceilings measured");
    if (append_legend(out, entries, plot, drawn, outside)) break;
  }
  out += "</svg>\n";
  return out;
}

}  // namespace roofline
