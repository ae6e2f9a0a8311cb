// analysis/prediction: a kernel's time predicted a priori, from its counts, its
// footprint and the roofs alone. The input (KernelWork) holds no time, so a
// prediction can never move with the measurement it predicts.
//
// The rule: the largest of these times, each a floor the kernel cannot beat.
//  - compute: each precision's FLOPs at its own best compute roof, summed
//    (INTOPs at the int roof for a kernel without floating point);
//  - math: the math calls at their math roofs, summed (analysis/math_time; calls
//    without a roof add nothing);
//  - global: the global and constant bytes the kernel loads and stores, all of
//    which pass through the nearest cache level, at that level's bandwidth;
//  - local: the local-memory bytes at the local-memory roof;
//  - footprint: the bytes of data the kernel touches (its buffers, capped at its
//    global bytes), which must come at least once from the nearest level that
//    holds them all (by detected capacity; the farthest level when none does),
//    at that level's bandwidth.
// A level's bandwidth for a kernel whose traffic is a fraction f of stores is
// interpolated, linear in time per byte, between the level's read (f = 0), copy
// (f = 1/2) and store (f = 1) roofs where measured, and the nearest measured
// one beyond them; roofs flagged below a farther level are left out, and so
// is a level without a read, copy or store roof.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "analysis/access_analysis.hpp"
#include "model/counts_file.hpp"
#include "model/op_counts.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

// What a kernel does, without how long it took.
// The counts' paths of dependent floating-point operations: the longest of any
// work-item, and each work-item's longest summed over the launch.
struct DependentChains {
  double longest = 0;
  double links = 0;
};

struct KernelWork {
  double flops = 0, intops = 0;
  std::map<DataType, double> flops_by_type;
  std::map<AddressSpace, SpaceBytes> bytes_by_space;
  std::optional<double> footprint_bytes;  // bytes of its buffers; none: unknown, no footprint term
  std::map<MathCall, double> math_calls;  // the math category's calls
  std::optional<double> work_items;       // of the launch; none: no occupancy or launch term
  DependentChains chains;                 // the counts' chains; none (0): no chain term
};
KernelWork work_of(const Placement& p);
KernelWork work_of(const OpCounts& counts, std::optional<double> footprint_bytes);
KernelWork work_of(const CountsFile& counts);  // its footprint the buffer bytes it records

// Store share of a roof's traffic: read 0, copy 1/2, store 1; none for another op.
std::optional<double> store_share(Op op);

// Stored / moved bytes over `spaces`; 0 when they move none.
double store_fraction_of(const std::map<AddressSpace, SpaceBytes>& bytes, std::initializer_list<AddressSpace> spaces);

// Bytes moved in one space.
double bytes_in(const std::map<AddressSpace, SpaceBytes>& bytes, AddressSpace s);

// The best compute roof of `type`; null when the roofs have none.
const Ceiling* best_compute_roof(const RoofsDocument& doc, DataType type);

// The type whose FLOPs dominate (half, float, double; the wider on a tie), or
// int for a kernel without floating point.
DataType dominant_type(const std::map<DataType, double>& flops_by_type);

// None when the roofs give no term (no compute roof for the type and no memory roof).
// Both predictions add the occupancy and launch terms of analysis/prediction_terms
// where the work-items are known: the launch's time on top of the largest term.
std::optional<Prediction> predict_time(const KernelWork& work, const RoofsDocument& doc);

// The hierarchical prediction, with the bytes each level serves from the
// access analysis: the largest of the compute term and, per level, its
// bytes at its bandwidth (interpolated by the level's store share as above;
// "local" at the local-memory roof). Where local memory shares the first
// level's data path (target.local_on_l1_path), their times add in one term.
// Levels without a roof for their mix give no term.
std::optional<Prediction> predict_time(const KernelWork& work, const std::vector<LevelTraffic>& levels, bool local_on_l1_path,
                                       const RoofsDocument& doc);

// The mean launch's prediction for launches of different work (a kernel's
// signatures), each predicted alone: seconds the weighted mean of theirs (a
// max is not taken of means); the terms merged by kind and roof, amounts and
// seconds weighted the same; limit the merged term with the most seconds.
// Weights are shares of the launches; none given: none returned.
std::optional<Prediction> mean_prediction(const std::vector<std::pair<double, Prediction>>& weighted);

// The cache levels and DRAM of the roofs, nearest first: caches by detected
// capacity (unknown last), then DRAM.
std::vector<MemoryLevel> hierarchy_nearest_first(const RoofsDocument& doc);

}  // namespace roofline
