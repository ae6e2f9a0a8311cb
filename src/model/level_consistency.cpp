#include "model/level_consistency.hpp"

#include <cstdio>
#include <limits>
#include <map>

#include "model/units.hpp"

namespace roofline {
namespace {

// The best roof of each (level, op) of the hierarchy, by rank.
using Roofs = std::map<Op, std::map<double, Ceiling*>>;

Roofs hierarchy_roofs(RoofsDocument& doc) {
  Roofs roofs;
  for (Ceiling& c : doc.ceilings) {
    const auto rank = level_rank(doc, c);
    if (!rank || !(c.value > 0)) continue;
    Ceiling*& best = roofs[c.op][*rank];
    if (!best || c.value > best->value) best = &c;
  }
  return roofs;
}

std::string flag_note(const Ceiling& near, const Ceiling& far) {
  char b[400];
  std::snprintf(b, sizeof b,
                "%s %s is %.0f%% below the %s %s roof, farther from the compute units: flagged as not measuring %s "
                "(place does not bound kernels by it)",
                near.label().c_str(), format_si(near.value, near.unit()).c_str(), 100 * (1 - near.value / far.value),
                far.label().c_str(), format_si(far.value, far.unit()).c_str(), near.level_name().c_str());
  return b;
}

}  // namespace

std::optional<double> level_rank(const RoofsDocument& doc, const Ceiling& c) {
  if (!c.is_memory() || !c.level) return std::nullopt;
  switch (c.level->kind) {
    case LevelKind::dram: return std::numeric_limits<double>::infinity();
    case LevelKind::local:
    case LevelKind::constant: return std::nullopt;
    case LevelKind::cache: break;
  }
  if (doc.memory)
    for (std::size_t i = 0; i < doc.memory->levels.size(); ++i)
      if (doc.memory->levels[i].level == *c.level) return double(i);
  if (c.capacity_bytes) return *c.capacity_bytes;
  return std::nullopt;
}

std::vector<std::string> flag_inconsistent_levels(RoofsDocument& doc) {
  for (Ceiling& c : doc.ceilings) c.below_farther_level.clear();
  std::vector<std::string> notes;
  for (auto& [op, by_rank] : hierarchy_roofs(doc))
    for (auto near = by_rank.begin(); near != by_rank.end(); ++near) {
      const Ceiling* fastest_farther = nullptr;
      for (auto far = std::next(near); far != by_rank.end(); ++far)
        if (!fastest_farther || far->second->value > fastest_farther->value) fastest_farther = far->second;
      if (!fastest_farther || near->second->value >= kLevelTolerance * fastest_farther->value) continue;
      near->second->below_farther_level = fastest_farther->level_name();
      notes.push_back(flag_note(*near->second, *fastest_farther));
    }
  return notes;
}

}  // namespace roofline
