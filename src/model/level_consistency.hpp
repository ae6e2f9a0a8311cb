// model/level_consistency: a memory level nearer the compute units cannot
// sustain less bandwidth than a farther one for the same access mix: data
// in L1 could always be served at L2's rate by missing. A nearer level's roof
// more than 5% below a farther level's roof of the same op (read, store, copy,
// image) is therefore a measurement that did not measure that level (all
// work-groups storing to the same lines, a noisy neighbour): it is flagged,
// with a note, and `place` never bounds a kernel by it.
#pragma once
#include <string>
#include <vector>

#include "model/roofs.hpp"

namespace roofline {

// A nearer roof within this factor of a farther one is consistent (noise).
inline constexpr double kLevelTolerance = 0.95;

// How near a memory level is: caches in the order detection found them
// (doc.memory's levels, else by capacity), DRAM farthest. Local and constant
// memory stand outside the hierarchy: no rank.
std::optional<double> level_rank(const RoofsDocument& doc, const Ceiling& c);

// Sets below_farther_level on the best roof of each (level, op) that falls
// more than 5% below a farther level's best roof of the same op, clears it
// elsewhere, and returns a note for each one flagged. A cache whose place in
// the hierarchy is unknown (no rank) is still nearer than DRAM: it is held
// against DRAM's roof.
std::vector<std::string> flag_inconsistent_levels(RoofsDocument& doc);

}  // namespace roofline
