// model/document_rules: what a roofs or placement file must hold to describe
// something that can exist, beyond what its schema can say: the numbers of
// one field against another's. A schema-valid file that breaks one is
// refused (exit status 2) with the field as a JSON pointer and the reason,
// like a schema problem; what physics allows but a reader must be warned of
// (a nearer level slower than a farther one) is flagged instead
// (model/level_consistency).
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

#include "files/schema.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

// A rate below this, in its unit per second (FLOP/s, INTOP/s, B/s), is no
// roof: every benchmark kernel does thousands of operations in well under a
// second on any device.
inline constexpr double kSlowestRoof = 1;

// How far apart two figures of a placement may be and still agree (its ai
// against ops / bytes, its performance against ops / seconds): rounding by
// hand, not a different kernel.
inline constexpr double kPlacementAgreement = 0.01;

// The statistics of runs anywhere in a document (a ceiling's stats, a sweep
// point's, a placement's time: each object with a "min" and a "max", or a
// "median" and "samples"): min is not above max, and where there were runs
// (samples above 0) both are given and the median and the mean lie between
// them. The first that breaks this, or none.
std::optional<SchemaProblem> stats_problem(const nlohmann::json& doc);

// What makes a roofs document (as read from its JSON, in the same order)
// impossible, the first of:
// - its detected levels (memory.levels, nearest first): a level named twice,
//   a level after DRAM, a capacity not above the one before, a cache
//   numbered below the one before (L1 after L2);
// - a cache ceiling at a level the detected levels do not list;
// - two ceilings of the same kind, op, type, width and level (which one was
//   measured cannot be told);
// - a ceiling whose value lies outside its runs' [min, max], or is below
//   kSlowestRoof.
std::optional<SchemaProblem> roofs_problem(const RoofsDocument& doc);

// A placement whose figures contradict each other: its ai not its ops over
// its bytes, or its performance not its ops over its seconds (further apart
// than kPlacementAgreement). Pointers are within the placement ("/ai").
std::optional<SchemaProblem> placement_problem(const Placement& p);

}  // namespace roofline
