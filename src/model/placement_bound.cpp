#include "model/placement_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

#include "model/roofline.hpp"

namespace roofline {

DataType dominant_type(const Placement& p) {
  DataType best = DataType::int32;
  double most = 0;
  // On a tie the wider type wins.
  for (DataType type : {DataType::float64, DataType::float32, DataType::float16}) {
    const auto it = p.flops_by_type.find(type);
    if (it != p.flops_by_type.end() && it->second > most) {
      most = it->second;
      best = type;
    }
  }
  return best;
}

double store_fraction(const Placement& p) {
  double load = 0, store = 0;
  for (const auto& [space, b] : p.bytes_by_space) {
    if (space == AddressSpace::private_) continue;
    load += b.load;
    store += b.store;
  }
  return load + store > 0 ? store / (load + store) : 0;
}

std::vector<const Ceiling*> memory_roofs_for_mix(const RoofsDocument& doc, double f) {
  // The best roof of each (level, op), then per level the op whose store share
  // (read 0, copy 1/2, store 1) is nearest the kernel's; on a tie, copy.
  std::map<std::string, std::map<Op, const Ceiling*>> best;  // by level name
  for (const Ceiling& c : doc.ceilings) {
    if (!c.is_memory() || c.at(LevelKind::constant) || c.value <= 0) continue;
    if (c.op != Op::read && c.op != Op::copy && c.op != Op::store) continue;
    const Ceiling*& b = best[c.level_name()][c.op];
    if (!b || c.value > b->value) b = &c;
  }
  auto share = [](Op op) { return op == Op::read ? 0.0 : op == Op::copy ? 0.5 : 1.0; };
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

std::string place_on_roofs(Placement& p, const RoofsDocument& doc) {
  const DataType type = dominant_type(p);
  p.unit = rate_unit(CeilingKind::compute, type);
  const double ops = p.ops();
  p.ai = p.bytes > 0 ? ops / p.bytes : 0;
  p.performance = p.seconds > 0 ? ops / p.seconds : 0;

  const Ceiling* compute = nullptr;
  for (const Ceiling* c : best_ceilings(doc))
    if (c->is_compute() && c->type == type && (!compute || c->value > compute->value)) compute = c;
  std::vector<const Ceiling*> memory = memory_roofs_for_mix(doc, store_fraction(p));
  // The local-memory roof bounds local traffic: a kernel whose CARM bytes are
  // mostly global goes through the caches, whatever local memory could do
  // (on a CPU, PoCL's local memory is ordinary cached memory with a roof
  // between L1's and DRAM's, which would otherwise claim global streams).
  double local = 0;
  if (auto it = p.bytes_by_space.find(AddressSpace::local); it != p.bytes_by_space.end()) local = it->second.total();
  if (p.bytes <= 0 || local < 0.5 * p.bytes)
    memory.erase(std::remove_if(memory.begin(), memory.end(), [](const Ceiling* c) { return c->at(LevelKind::local); }), memory.end());
  if (!compute && memory.empty()) return "the roofs file has no " + str(type) + " compute roof and no memory roof";
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
    p.bound.level.reset();
    p.bound.roof = compute->label();
    p.bound.attainable = peak;
    p.predicted_seconds = ops / peak;
    note = "no memory roof in the roofs file: bound by compute alone";
  } else {
    const bool compute_bound = compute && p.ai > 0 && chosen->value * p.ai >= peak;
    p.bound.level = compute_bound ? std::nullopt : chosen->level;
    p.bound.roof = compute_bound ? compute->label() : chosen->label();
    p.bound.attainable = chosen_att;
    if (compute) p.predicted_seconds = predicted_seconds(ops, p.bytes, chosen->value, peak);
    else p.predicted_seconds = p.bytes / chosen->value;
    if (!compute) note = "the roofs file has no " + str(type) + " compute roof: memory roofs only";
  }
  p.bound.fraction = p.bound.attainable > 0 ? p.performance / p.bound.attainable : 0;
  return note;
}

}  // namespace roofline
