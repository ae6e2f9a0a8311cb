// chart/carm_roofs: the CARM's roofs, scales and segments.
#include "chart/carm_roofs.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include "chart/roof_colors.hpp"
#include "chart/roof_picks.hpp"
#include "model/roofline.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline::chart::carm {

namespace {

std::string roof_name(const Ceiling& c) {
  if (c.is_memory()) return c.level_name() + " " + str(c.op);
  return compute_label(c.type, c.op);
}

Roof make_roof(const Ceiling& c, std::size_t doc) {
  Roof r;
  r.ceiling = &c;
  r.doc = doc;
  r.memory = c.is_memory();
  r.value = c.value;
  r.name = roof_name(c);
  r.label = r.name + " " + format_si(c.value, c.unit()) + (c.above_theory ? " (above theory!)" : "") +
            (c.below_farther_level.empty() ? "" : " (below " + c.below_farther_level + "!)");
  return r;
}

// The memory ceiling a dot's bound names ("L3 copy"): the best of that level
// and op, none when the bound is a compute roof or names nothing here.
const Ceiling* bounding_ceiling(const Placement& p, const RoofsDocument& doc) {
  if (!p.attained.level) return nullptr;
  const Ceiling* found = nullptr;
  for (const Ceiling& c : doc.ceilings)
    if (c.is_memory() && c.value > 0 && std::isfinite(c.value) && c.label() == p.attained.roof &&
        (!found || c.value > found->value))
      found = &c;
  return found;
}

}  // namespace

bool counts_integer_ops(const Roof& r) { return !r.memory && r.ceiling->unit() == RateUnit::intop; }

std::optional<std::size_t> dot_document(const Placement& p, const std::vector<const RoofsDocument*>& docs) {
  for (std::size_t i = 0; i < docs.size(); ++i)
    if (!p.device.empty() && docs[i]->device.name == p.device) return i;
  if (docs.size() == 1 && p.device.empty()) return 0;
  return std::nullopt;
}

std::vector<RoofSet> choose_roofs(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt,
                                  const std::vector<Placement>& dots) {
  std::vector<RoofSet> sets;
  const bool several = docs.size() > 1;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    RoofSet set;
    set.doc = docs[d];
    for (const Ceiling* c : pick_compute_roofs(*docs[d], opt.compute_roofs))
      if (std::isfinite(c->value)) set.compute.push_back(make_roof(*c, d));
    for (const Ceiling* c : best_ceilings(*docs[d]))
      if (c->is_memory() && std::isfinite(c->value)) set.memory.push_back(make_roof(*c, d));
    for (const Placement& p : dots) {
      if (dot_document(p, docs) != d) continue;
      const Ceiling* c = bounding_ceiling(p, *docs[d]);
      const auto same = [&](const Roof& r) { return r.ceiling == c; };
      if (!c || std::any_of(set.memory.begin(), set.memory.end(), same) ||
          std::any_of(set.bounds.begin(), set.bounds.end(), same))
        continue;
      Roof r = make_roof(*c, d);
      r.bound = true;
      set.bounds.push_back(r);
    }
    const auto higher = [](const Roof& a, const Roof& b) { return a.value > b.value; };
    for (auto* list : {&set.compute, &set.memory, &set.bounds}) {
      std::stable_sort(list->begin(), list->end(), higher);
      for (Roof& r : *list)
        r.color = several ? palette_color(d)
                  : r.memory ? level_color(*r.ceiling->level)
                             : compute_color(r.ceiling->type, r.ceiling->op);
    }
    sets.push_back(std::move(set));
  }
  return sets;
}

// X: at least 1/16..64 FLOP/byte, every ridge with room on either side and
// every dot and level dot. Y: a decade above the top compute roof down to a decade below the
// lowest memory roof at the left edge or a tenth of the lowest compute roof,
// and every dot.
Scales choose_scales(const std::vector<RoofSet>& sets, const std::vector<Placement>& dots, const Rect& plot) {
  double x_min = 1.0 / 16, x_max = 64;
  for (const RoofSet& r : sets)
    if (!r.compute.empty() && !r.memory.empty()) {
      x_min = std::min(x_min, ridge_point(r.memory.front().value, r.compute.back().value) / 8);
      x_max = std::max(x_max, ridge_point(r.memory.back().value, r.compute.front().value) * 8);
    }
  for (const Placement& p : dots) {
    x_min = std::min(x_min, p.ai / kDotAiMargin), x_max = std::max(x_max, p.ai * kDotAiMargin);
    if (p.analysis)
      for (const LevelDot& l : p.analysis->levels)
        if (l.ai > 0 && std::isfinite(l.ai)) x_min = std::min(x_min, l.ai / kLevelAiMargin), x_max = std::max(x_max, l.ai * kLevelAiMargin);
  }
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
    y_min = std::min(y_min, gops / kDotBelow), y_max = std::max(y_max, gops);
    if (p.math && p.math->has_roof())  // its math roof, drawn across the plot
      y_min = std::min(y_min, p.math->roof_performance / kGiga / kDotBelow), y_max = std::max(y_max, p.math->roof_performance / kGiga);
  }
  if (!(y_max > 0)) y_min = 1, y_max = 1e3;
  const double decade_above = std::pow(10.0, std::floor(std::log10(y_max)) + 1);
  s.y = make_log_axis(y_min, decade_above, plot.y1, plot.y0);
  // The top roof's label sits above its line: when it would touch the frame, raise the top to a
  // round number (1.5, 2, 3...) above twice the roof rather than a whole decade of empty chart.
  if (s.y.to_pixel(y_max) - plot.y0 < 24) s.y = make_round_log_axis(s.y.lo, y_max * 2, plot.y1, plot.y0);
  return s;
}

namespace {

// Whether `value` keeps positive and finite with `below` and `above` of room around it.
bool has_room(double value, double below, double above) { return value / below > 0 && std::isfinite(value * above); }

}  // namespace

std::string off_scale(const Placement& p) {
  if (!has_room(p.ai, kDotAiMargin, kDotAiMargin))
    return "its arithmetic intensity, " + format_text("%g", p.ai) + ", is too " + (p.ai < 1 ? "small" : "large") + " for the chart's scale";
  if (!has_room(p.performance / kGiga, kDotBelow, kDotAbove))
    return "its performance, " + format_text("%g", p.performance) + " op/s, is too " + (p.performance < 1 ? "small" : "large") +
           " for the chart's scale";
  if (p.analysis)
    for (const LevelDot& l : p.analysis->levels)
      if (l.ai > 0 && std::isfinite(l.ai) && !has_room(l.ai, kLevelAiMargin, kLevelAiMargin))
        return "the arithmetic intensity of its " + l.level + " dot, " + format_text("%g", l.ai) + ", is beyond the chart's scale";
  if (p.math && p.math->has_roof() && !has_room(p.math->roof_performance / kGiga, kDotBelow, kDotAbove))
    return "its math roof, " + format_text("%g", p.math->roof_performance) + " op/s, is beyond the chart's scale";
  return "";
}

namespace {

std::optional<Segment> compute_segment(double value, const Roof* top_memory, const Scales& s) {
  double a0 = s.x.lo;
  if (top_memory) a0 = std::max(a0, ridge_point(top_memory->value, value));
  if (a0 >= s.x.hi) return std::nullopt;
  const double gops = value / kGiga;
  return Segment{s.at(a0, gops), s.at(s.x.hi, gops)};
}

}  // namespace

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

double roof_height(const Roof& r, const Scales& s) {
  return s.y.to_pixel(r.value / kGiga * (r.memory ? s.x.lo : 1));
}

namespace {

// Roofs in order of height, chained into groups while each is within
// kCoincidentPixels of the one before.
std::vector<std::vector<const Roof*>> chain_groups(std::vector<const Roof*> roofs, const Scales& s) {
  std::stable_sort(roofs.begin(), roofs.end(), [&](const Roof* a, const Roof* b) { return roof_height(*a, s) < roof_height(*b, s); });
  std::vector<std::vector<const Roof*>> groups;
  for (std::size_t i = 0; i < roofs.size(); ++i) {
    if (i == 0 || roof_height(*roofs[i], s) - roof_height(*roofs[i - 1], s) >= kCoincidentPixels) groups.emplace_back();
    groups.back().push_back(roofs[i]);
  }
  return groups;
}

}  // namespace

std::vector<std::vector<const Roof*>> coincident_groups(const std::vector<RoofSet>& sets, const Scales& s, bool memory) {
  std::vector<const Roof*> roofs;
  for (const RoofSet& set : sets)
    for (const Roof* r : drawn_roofs(set))
      if (r->memory == memory) roofs.push_back(r);
  return chain_groups(roofs, s);
}

void mark_coincident_roofs(std::vector<RoofSet>& sets, const Scales& s) {
  for (bool memory : {false, true})
    for (const auto& group : coincident_groups(sets, s, memory))
      for (std::size_t k = 0; k < group.size(); ++k) {
        Roof& r = const_cast<Roof&>(*group[k]);  // a roof of `sets`, which are ours to mark
        r.group_size = int(group.size());
        r.group_index = int(k);
      }
}

RoofStroke roof_stroke(const Roof& r) {
  if (r.bound) return {"2 3", 1.8};
  return {r.memory ? "8 4" : "", 2.2};
}

std::string roof_dash(const Roof& r) {
  const int k = r.group_size, j = r.group_index;
  if (k > 1) {
    // One dash of each roof in turn, every 12 px: compute dashes end to end, memory ones 4 px apart.
    const double period = 12, dash = r.memory ? 8 : 12;
    return format_text(" stroke-dasharray=\"%g %g\" stroke-dashoffset=\"%g\"", dash, period * k - dash, period * j);
  }
  const std::string dash = roof_stroke(r).dash;
  return dash.empty() ? "" : " stroke-dasharray=\"" + dash + "\"";
}

std::vector<const Roof*> drawn_roofs(const RoofSet& set) {
  std::vector<const Roof*> out;
  for (const auto* list : {&set.compute, &set.memory, &set.bounds})
    for (const Roof& r : *list) out.push_back(&r);
  return out;
}

}  // namespace roofline::chart::carm
