#include "model/placement_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "model/roofline.hpp"

namespace roofline {

std::string dominant_type(const Placement& p) {
  std::string best = "int";
  double most = 0;
  for (const auto& [type, n] : p.flops_by_type)
    if (n > most) {
      most = n;
      best = type;
    }
  return best;
}

double store_fraction(const Placement& p) {
  double load = 0, store = 0;
  for (const auto& [space, b] : p.bytes_by_space) {
    if (space == "private") continue;
    load += b.load;
    store += b.store;
  }
  return load + store > 0 ? store / (load + store) : 0;
}

std::vector<const Ceiling*> memory_roofs_for_mix(const RoofsDocument& doc, double f) {
  // The best roof of each (level, op), then per level the op whose store share
  // (read 0, copy 1/2, store 1) is nearest the kernel's.
  std::map<std::string, std::map<std::string, const Ceiling*>> best;
  for (const Ceiling& c : doc.ceilings) {
    if (c.kind != "memory" || c.level == "constant" || c.value <= 0) continue;
    if (c.op != "read" && c.op != "copy" && c.op != "store") continue;
    const Ceiling*& b = best[c.level][c.op];
    if (!b || c.value > b->value) b = &c;
  }
  auto share = [](const std::string& op) { return op == "read" ? 0.0 : op == "copy" ? 0.5 : 1.0; };
  std::vector<const Ceiling*> out;
  for (const auto& [level, ops] : best) {
    const Ceiling* pick = nullptr;
    for (const auto& [op, c] : ops)
      if (!pick || std::abs(share(op) - f) < std::abs(share(pick->op) - f)) pick = c;
    out.push_back(pick);
  }
  return out;
}

std::string place_on_roofs(Placement& p, const RoofsDocument& doc) {
  const std::string type = dominant_type(p);
  p.unit = type == "int" ? "INTOP/s" : "FLOP/s";
  const double ops = p.ops();
  p.ai = p.bytes > 0 ? ops / p.bytes : 0;
  p.performance = p.seconds > 0 ? ops / p.seconds : 0;

  const Ceiling* compute = nullptr;
  for (const Ceiling* c : best_ceilings(doc))
    if (c->kind == "compute" && c->type == type && c->unit == p.unit && (!compute || c->value > compute->value)) compute = c;
  std::vector<const Ceiling*> memory = memory_roofs_for_mix(doc, store_fraction(p));
  // The local-memory roof bounds local traffic: a kernel whose CARM bytes are
  // mostly global goes through the caches, whatever local memory could do
  // (on a CPU, PoCL's local memory is ordinary cached memory with a roof
  // between L1's and DRAM's, which would otherwise claim global streams).
  double local = 0;
  if (auto it = p.bytes_by_space.find("local"); it != p.bytes_by_space.end()) local = it->second.load + it->second.store;
  if (p.bytes <= 0 || local < 0.5 * p.bytes)
    memory.erase(std::remove_if(memory.begin(), memory.end(), [](const Ceiling* c) { return c->level == "local"; }), memory.end());
  if (!compute && memory.empty()) return "the roofs file has no " + type + " compute roof and no memory roof";
  const double peak = compute ? compute->value : std::numeric_limits<double>::infinity();
  const Ceiling* chosen = nullptr;
  double chosen_att = 0;
  const Ceiling* highest = nullptr;
  double highest_att = 0;
  // Of the roofs not below the kernel (within the tolerance), the nearest in
  // log distance: the one it presses against, not one 10% under it when a
  // roof it has not reached is closer (near a ridge, or two close levels).
  // Ties (levels capped by the same compute roof) go to the slower level.
  double chosen_distance = 0;
  for (const Ceiling* m : memory) {
    const double att = p.ai > 0 ? attainable(p.ai, m->value, peak) : peak;
    if (!highest || att > highest_att) highest = m, highest_att = att;
    if (att * kRoofTolerance < p.performance) continue;
    const double distance = p.performance > 0 && att > 0 ? std::abs(std::log(p.performance / att)) : 0;
    if (!chosen || distance < chosen_distance - 1e-12 ||
        (std::abs(distance - chosen_distance) <= 1e-12 && m->value < chosen->value))
      chosen = m, chosen_att = att, chosen_distance = distance;
  }
  if (!chosen) chosen = highest, chosen_att = highest_att;
  std::string note;
  if (!chosen) {
    // Compute roof only.
    p.bound.level.clear();
    p.bound.roof = compute->label();
    p.bound.attainable = peak;
    p.predicted_seconds = ops / peak;
    note = "no memory roof in the roofs file: bound by compute alone";
  } else {
    const bool compute_bound = compute && p.ai > 0 && chosen->value * p.ai >= peak;
    p.bound.level = compute_bound ? "" : chosen->level;
    p.bound.roof = compute_bound ? compute->label() : chosen->label();
    p.bound.attainable = chosen_att;
    if (compute) p.predicted_seconds = predicted_seconds(ops, p.bytes, chosen->value, peak);
    else p.predicted_seconds = p.bytes / chosen->value;
    if (!compute) note = "the roofs file has no " + type + " compute roof: memory roofs only";
  }
  p.bound.fraction = p.bound.attainable > 0 ? p.performance / p.bound.attainable : 0;
  return note;
}

}  // namespace roofline
