// analysis/placement_bound: where a counted and timed kernel sits among the roofs.
// Its arithmetic intensity and performance come from its counts and median
// time; each memory level L of the roofs file gives an attainable performance
// min(B_L x AI, F) with F the compute roof of the kernel's dominant type and
// B_L the level's roof for the kernel's mix of loads and stores (read, copy or
// store, whichever store share, 0, 1/2 or 1, is nearest the kernel's). The
// attained roof is the nearest (in ratio) of those not below the kernel, a
// roof up to 10% under it counting as not below (the roof it presses against;
// the highest when it beats them all), reported with the fraction of it
// reached. It is chosen after timing; the predicted time is not
// (analysis/prediction.hpp). The
// local-memory roof is a candidate only for kernels whose CARM traffic is at
// least half local.
// A kernel that makes math calls (the counts' math category) is compared
// with its math roofs too (analysis/math_time): when its math time exceeds its
// FLOP time (its ops at the compute roof of its dominant type) and its memory
// time (its CARM bytes at the memory roof chosen above), it is math-bound: the
// attained roof is "<name> roof" of the call with the largest share of the
// math time, its attainable performance ops / math time (the math roof in the
// CARM's unit), the fraction math time / measured time. Calls without a
// roof are named in the note and not timed.
// A kernel up to 10% above a roof still presses against it: a user's kernel
// can beat a measured roof by a few percent (another access pattern, another
// launch shape), and holding it to the next level up (an H200 streaming
// kernel at 102% of its DRAM roof reported at 52% of the far L2's) says the
// wrong thing. It is then reported above 100% of that roof.
#pragma once
#include <string>
#include <vector>

#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

constexpr double kRoofTolerance = 1.10;

// Stored bytes / CARM bytes (private traffic excluded).
double store_fraction(const Placement& p);

// One memory roof per level (constant memory left out) for a kernel whose
// CARM traffic is a fraction `store_fraction` of stores; roofs flagged below
// a farther level (model/level_consistency) only `with_flagged`.
std::vector<const Ceiling*> memory_roofs_for_mix(const RoofsDocument& doc, double store_fraction,
                                                 bool with_flagged = false);

// Fills p.ai, p.unit, p.performance from p's counts and p.seconds, and, when the
// roofs have a roof for the dominant type or a memory roof, p.attained,
// p.math (for a kernel with math calls) and p.prediction (from the counts and
// footprint alone). A roof flagged below a farther level never bounds a
// kernel; where it would have, the note says so. Returns a note when no roof
// applies or a flagged one was passed over (empty otherwise).
std::string place_on_roofs(Placement& p, const RoofsDocument& doc);

}  // namespace roofline
