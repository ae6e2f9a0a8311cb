// analysis/prediction_terms: the terms of the a-priori time beyond bytes and
// operations at their roofs (issue 28), each from what the build measured:
//  - occupancy: the kernel's operations at the throughput its own launch
//    size reached in the build's work-group-count sweep of the compute roof
//    (Little's law: below saturation the rate grows with the work-items in
//    flight; below the sweep's first point in proportion to them). The sweep's
//    kernel runs its own independent chains per work-item, so a kernel with
//    fewer is slower still: the term is a floor, never an over-charge;
//  - latency: a dependent chain of loads (an access whose address its
//    previous execution loaded, from the access analysis) charged one
//    measured load latency per link, at the level that holds the footprint,
//    for each wave of the device's resident work-items;
//  - atomic: each atomic site's operations at the rate the build measured for
//    its contention (work-items per address per step, from the recorded
//    accesses): the atomic_contention sweep of its address space, else the
//    atomics rates (one address or distinct addresses);
//  - chain: a work-item's longest path of dependent floating-point operations
//    (instrument/chain_writer) at the measured latency of a dependent add or MAD;
//  - launch: the empty kernel's time at the launch's work-items, which every
//    kernel pays on top of its work (added, not maxed).
// A term the roofs cannot give (no sweep, no latency, no atomic measurement)
// is absent: the prediction then says less, never something unmeasured.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/access_analysis.hpp"
#include "analysis/prediction.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

// The compute roof of `type` at `work_items`, from its work-group-count sweep:
// rate (ops/s, at most the roof's) and the fewest swept work-items that reach
// 90% of the roof. None without a sweep.
struct RateAtLaunch {
  double rate = 0;
  double saturation_items = 0;
};
std::optional<RateAtLaunch> compute_rate_at(const Ceiling& roof, double work_items);

// The occupancy term for `flops_by_type` (or `intops` at the int roof when no
// FLOPs) at `work_items`; none when the launch reaches every roof it uses.
std::optional<PredictionTerm> occupancy_term(const std::map<DataType, double>& flops_by_type, double intops, double work_items,
                                             const RoofsDocument& doc);

// The chains at what the build measured of a dependent add or MAD: the
// longest at one link's latency (no launch ends before its longest chain),
// and all of them at the rate the device ran chains side by side (one a
// work-item, the device full), the larger of both. Taken for the add or MAD
// of the types the kernel computes in that gives the smallest, one link one
// operation: a floor whatever the chains' operations are. None without a
// chain or a latency; without a measured rate, the longest chain alone.
std::optional<PredictionTerm> chain_term(const DependentChains& chains, const std::map<DataType, double>& flops_by_type,
                                         double work_items, const RoofsDocument& doc);

// The empty kernel's device time at `work_items`; none when not measured.
std::optional<PredictionTerm> launch_term(const RoofsDocument& doc, double work_items);

// Dependent loads (chained sites) at the measured latency; none without chained sites or latencies.
std::optional<PredictionTerm> latency_term(const AccessAnalysis& a, const RoofsDocument& doc, double work_items,
                                           std::optional<double> footprint_bytes);

// Atomic sites at their contention's measured rate; none without atomic sites or an atomic measurement.
std::optional<PredictionTerm> atomic_term(const AccessAnalysis& a, const RoofsDocument& doc);

// `p` with `extra` terms: the bound is the largest term but the launch's, to
// which the launch's time is added; the limit is the largest term.
Prediction with_terms(Prediction p, const std::vector<std::optional<PredictionTerm>>& extra);

}  // namespace roofline
