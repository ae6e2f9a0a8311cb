#include "model/level_consistency.hpp"

#include <cstdio>
#include <limits>
#include <map>

#include "model/units.hpp"

namespace roofline {
namespace {

// The best roof of each level of one op: the hierarchy's by rank (DRAM
// last; two levels may share a rank, their capacities equal), and the caches
// whose place in it is unknown (neither among the detected levels nor with a
// capacity) by name: such a cache is nearer than DRAM, and nothing more is
// known of it.
struct OpRoofs {
  std::map<std::pair<double, std::string>, Ceiling*> ranked;
  std::map<std::string, Ceiling*> unplaced;
};

void keep_best(Ceiling*& best, Ceiling& c) {
  if (!best || c.value > best->value) best = &c;
}

std::map<Op, OpRoofs> hierarchy_roofs(RoofsDocument& doc) {
  std::map<Op, OpRoofs> roofs;
  for (Ceiling& c : doc.ceilings) {
    if (!c.is_memory() || !(c.value > 0)) continue;
    if (const auto rank = level_rank(doc, c)) keep_best(roofs[c.op].ranked[{*rank, c.level_name()}], c);
    else if (c.at(LevelKind::cache)) keep_best(roofs[c.op].unplaced[c.level_name()], c);
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

// Flags `near` when it is more than the tolerance below `far`, with a note.
void flag_if_below(Ceiling& near, const Ceiling* far, std::vector<std::string>& notes) {
  if (!far || near.value >= kLevelTolerance * far->value) return;
  near.below_farther_level = far->level_name();
  notes.push_back(flag_note(near, *far));
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
  for (auto& [op, roofs] : hierarchy_roofs(doc)) {
    const auto& ranked = roofs.ranked;
    const Ceiling* dram = nullptr;
    for (auto near = ranked.begin(); near != ranked.end(); ++near) {
      const Ceiling* fastest_farther = nullptr;
      for (auto far = std::next(near); far != ranked.end(); ++far)
        if (far->first.first > near->first.first && (!fastest_farther || far->second->value > fastest_farther->value))
          fastest_farther = far->second;
      flag_if_below(*near->second, fastest_farther, notes);
      if (near->second->at(LevelKind::dram)) dram = near->second;
    }
    for (auto& [name, cache] : roofs.unplaced) flag_if_below(*cache, dram, notes);
  }
  return notes;
}

}  // namespace roofline
