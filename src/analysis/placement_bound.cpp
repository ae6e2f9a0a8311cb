#include "analysis/placement_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "analysis/math_time.hpp"
#include "analysis/prediction.hpp"
#include "model/roofline.hpp"

namespace roofline {

double store_fraction(const Placement& p) {
  return store_fraction_of(p.bytes_by_space, {AddressSpace::global, AddressSpace::constant, AddressSpace::local});
}

std::vector<const Ceiling*> memory_roofs_for_mix(const RoofsDocument& doc, double f, bool with_flagged) {
  // The best roof of each (level, op), then per level the op whose store share
  // (read 0, copy 1/2, store 1) is nearest the kernel's; on a tie, copy.
  std::map<std::string, std::map<Op, const Ceiling*>> best;  // by level name
  for (const Ceiling& c : doc.ceilings) {
    if (!c.is_memory() || c.at(LevelKind::constant) || c.value <= 0) continue;
    if (!with_flagged && !c.below_farther_level.empty()) continue;
    if (c.op != Op::read && c.op != Op::copy && c.op != Op::store) continue;
    const Ceiling*& b = best[c.level_name()][c.op];
    if (!b || c.value > b->value) b = &c;
  }
  auto share = [](Op op) { return *store_share(op); };  // read, copy or store: each has one
  std::vector<const Ceiling*> out;
  for (const auto& [level, ops] : best) {
    const Ceiling* pick = nullptr;
    for (Op op : {Op::copy, Op::read, Op::store}) {
      const auto it = ops.find(op);
      if (it != ops.end() && (!pick || std::abs(share(op) - f) < std::abs(share(pick->op) - f))) pick = it->second;
    }
    out.push_back(pick);
  }
  return out;
}

namespace {

// The memory roof a kernel at (ai, performance) presses against: of the roofs
// not below it (within the tolerance), the nearest in log distance, not one
// 10% under it when a roof it has not reached is closer (near a ridge, or two
// close levels); ties (levels capped by the same compute roof) go to the
// slower level. When every roof is below it, the highest.
struct Pressed {
  const Ceiling* roof = nullptr;
  double attainable = 0;
};

Pressed pressed_roof(const Placement& p, const std::vector<const Ceiling*>& memory, double peak) {
  Pressed chosen, highest;
  double chosen_distance = 0;
  for (const Ceiling* m : memory) {
    const double att = p.ai > 0 ? attainable(p.ai, m->value, peak) : peak;
    if (!highest.roof || att > highest.attainable) highest = {m, att};
    if (att * kRoofTolerance < p.performance) continue;
    const double distance = p.performance > 0 && att > 0 ? std::abs(std::log(p.performance / att)) : 0;
    if (!chosen.roof || distance < chosen_distance - 1e-12 ||
        (std::abs(distance - chosen_distance) <= 1e-12 && m->value < chosen.roof->value))
      chosen = {m, att}, chosen_distance = distance;
  }
  return chosen.roof ? chosen : highest;
}

// The memory roofs that may bound the kernel: one per level for its mix of
// loads and stores, local memory only for mostly-local traffic (on a CPU,
// PoCL's local memory is ordinary cached memory with a roof between L1's and
// DRAM's, which would otherwise claim global streams).
std::vector<const Ceiling*> candidate_memory_roofs(const Placement& p, const RoofsDocument& doc, bool with_flagged) {
  std::vector<const Ceiling*> memory = memory_roofs_for_mix(doc, store_fraction(p), with_flagged);
  const double local = bytes_in(p.bytes_by_space, AddressSpace::local);
  if (p.bytes <= 0 || local < 0.5 * p.bytes)
    memory.erase(std::remove_if(memory.begin(), memory.end(), [](const Ceiling* c) { return c->at(LevelKind::local); }),
                 memory.end());
  return memory;
}

// What the note says when a flagged roof would have bounded the kernel.
std::string flagged_note(const Placement& p, const RoofsDocument& doc, double peak, const Pressed& used) {
  const Pressed with_flagged = pressed_roof(p, candidate_memory_roofs(p, doc, true), peak);
  if (!with_flagged.roof || with_flagged.roof->below_farther_level.empty()) return "";
  return "the " + with_flagged.roof->label() + " roof, which is below the " + with_flagged.roof->below_farther_level + " " +
         str(with_flagged.roof->op) + " roof and flagged, would bound it; bound by " + (used.roof ? used.roof->label() : std::string("compute")) +
         " instead";
}

void bound_by_compute(Placement& p, const Ceiling& compute) {
  p.attained.level.reset();
  p.attained.roof = compute.label();
  p.attained.attainable = compute.value;
}

void bound_by(Placement& p, const Pressed& chosen, const Ceiling* compute, double peak) {
  const bool compute_bound = compute && p.ai > 0 && chosen.roof->value * p.ai >= peak;
  p.attained.level = compute_bound ? std::nullopt : chosen.roof->level;
  p.attained.roof = compute_bound ? compute->label() : chosen.roof->label();
  p.attained.attainable = chosen.attainable;
}

std::string joined(const std::string& a, const std::string& b) { return a.empty() ? b : b.empty() ? a : a + "; " + b; }

// The math-bound rule (header): the math calls' time against the kernel's
// ops at its compute roof and its CARM bytes at the memory roof it was placed against.
MathPlacement math_placement(const Placement& p, const MathTime& t, const Ceiling* compute, const Ceiling* memory) {
  MathPlacement m;
  m.calls = t.terms;
  m.seconds = t.seconds;
  m.flop_seconds = compute ? p.ops() / compute->value : 0;
  m.memory_seconds = memory && memory->value > 0 ? p.bytes / memory->value : 0;
  if (t.dominant) m.roof = math_roof_label(*t.dominant);
  m.roof_performance = t.seconds > 0 ? p.ops() / t.seconds : 0;
  m.bound = t.seconds > 0 && t.seconds > m.flop_seconds && t.seconds > m.memory_seconds;
  return m;
}

void bound_by_math(Placement& p, const MathPlacement& m) {
  p.attained.level.reset();
  p.attained.roof = m.roof;
  p.attained.attainable = m.roof_performance;
}

}  // namespace

std::string place_on_roofs(Placement& p, const RoofsDocument& doc) {
  p.attained = {};
  p.prediction.reset();
  p.math.reset();
  const DataType type = dominant_type(p.flops_by_type);
  p.unit = rate_unit(CeilingKind::compute, type);
  p.ai = p.bytes > 0 ? p.ops() / p.bytes : 0;
  p.performance = p.seconds > 0 ? p.ops() / p.seconds : 0;
  const Ceiling* compute = best_compute_roof(doc, type);
  const std::vector<const Ceiling*> memory = candidate_memory_roofs(p, doc, false);
  if (!compute && memory.empty()) return "the roofs file has no " + str(type) + " compute roof and no memory roof";
  // Without a compute roof only a memory roof bounds, and none bounds a kernel that moves no bytes.
  if (!compute && !(p.ai > 0)) return "the roofs file has no " + str(type) + " compute roof and the kernel moves no bytes: no roof bounds it";
  const double peak = compute ? compute->value : std::numeric_limits<double>::infinity();
  const Pressed chosen = pressed_roof(p, memory, peak);
  std::string note;
  if (!chosen.roof) {
    bound_by_compute(p, *compute);
    note = "no memory roof in the roofs file: bound by compute alone";
  } else {
    bound_by(p, chosen, compute, peak);
    if (!compute) note = "the roofs file has no " + str(type) + " compute roof: memory roofs only";
  }
  std::string math_note;
  if (!p.math_calls.empty()) {
    const MathTime t = math_time(p.math_calls, doc);
    p.math = math_placement(p, t, compute, chosen.roof);
    if (p.math->bound) bound_by_math(p, *p.math);
    math_note = unmeasured_math_note(t);
  }
  p.attained.fraction = p.attained.attainable > 0 ? p.performance / p.attained.attainable : 0;
  p.prediction = predict_time(work_of(p), doc);
  return joined(joined(note, flagged_note(p, doc, peak, chosen)), math_note);
}

}  // namespace roofline
