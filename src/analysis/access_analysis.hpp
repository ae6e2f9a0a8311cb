// analysis/access_analysis: why a kernel sits below its roof, from the accesses
// its address-recording run saw (model/access_trace): the AIWC memory
// metrics (seed 002), coalescing and local-memory bank conflicts per access
// site, branch divergence, contended atomics, and the bytes each level of the
// target device's hierarchy serves, from a cache model sized by the roofs
// file's detected levels (analysis/target_architecture).
//
// The analysis is a set of observers, one purpose each, fed by one walk over
// the recorded groups, as Oclgrind's tools are plugins of its simulator:
//   access_observer.hpp  the interface: callbacks per group, per sub-group step, per access in execution order
//   access_walk.hpp      the walk: sub-group steps, and the order the target runs the accesses in
//   step_observers.hpp   per sub-group step: site counts, coalescing, local memory and bank conflicts,
//                        contended atomics, branch divergence
//   aiwc_observer.hpp    per group: the AIWC metrics
//   cache_model.hpp      per access, in execution order: the bytes of the cache levels past the first and of
//                        DRAM (its assumptions are listed there)
// AccessAnalyzer below runs them all; this file holds their result.
#pragma once
#include <algorithm>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/target_architecture.hpp"
#include "model/access_trace.hpp"
#include "model/placement.hpp"

namespace roofline {

// Seed 002's metrics, over the accesses of the sampled groups. Addresses are
// virtual: each region at its own 2^40-aligned base, a __local region at the
// same base in every group (as AIWC's Oclgrind does).
struct AiwcMetrics {
  std::uint64_t accesses = 0, local_accesses = 0;
  std::uint64_t total_footprint = 0;  // distinct global and constant addresses
  std::uint64_t local_footprint = 0;  // distinct local addresses
  std::uint64_t footprint_90 = 0;     // fewest distinct addresses (any space) that take 90% of the accesses
  std::array<double, 11> lmae{};      // entropy (bits) of the accessed addresses with n low bits dropped; [0] is the global MAE
  double relative_local_usage = 0;    // local accesses / all accesses
  // Per group and logical step (the items' n-th access), the entropy of the
  // addresses the group's items access, n low bits dropped; averaged over
  // steps, then groups.
  std::array<double, 11> parallel_spatial_locality{};
  double global_mae() const { return lmae[0]; }
};

// One access site over the sub-group steps that executed it (the k-th
// execution of the site by each item of a sub-group is one step). A branch
// site (site.branch): its evaluations as accesses, `taken` of them true, and
// the steps whose items did not all agree (they run both paths, one after
// the other, on a GPU).
struct SiteAnalysis {
  TraceSite site;
  std::uint64_t steps = 0, accesses = 0, bytes = 0;  // bytes the items asked for
  std::uint64_t distinct_bytes = 0;  // of them, per step at distinct addresses (an address several items ask counts once)
  std::uint64_t taken = 0, divergent_steps = 0;      // branch sites
  std::uint64_t serialized = 0;  // atomic sites: per step, the most items on one address, summed
  double contention() const { return steps ? double(serialized) / double(steps) : 0; }
  double divergent_share() const { return steps ? double(divergent_steps) / double(steps) : 0; }
  std::uint64_t requests = 0;  // global: distinct request lines over the steps; local: passes through the banks
  std::uint64_t sectors = 0;   // global: distinct sectors (the target's sector_bytes) over the steps
  bool stores = false, loads = false;
  std::int64_t neighbour_stride = 0;  // bytes from item 0's address to item 1's, at the first step with both
  // global: distinct bytes asked for / bytes of the lines read (1: coalesced, never more); local: passes per step (1: no conflict)
  double lines_per_step() const { return steps ? double(requests) / double(steps) : 0; }
  double efficiency(std::uint32_t request_bytes) const { return used_share(requests, request_bytes); }
  double sector_efficiency(std::uint32_t sector_bytes) const { return used_share(sectors, sector_bytes); }
  // Bytes asked per distinct byte: above 1, items of a step ask the same addresses (reuse, a broadcast).
  double reuse() const { return distinct_bytes ? double(bytes) / double(distinct_bytes) : 1; }
  // The share of `units` of `unit_bytes` that the distinct bytes fill (files
  // written before distinct_bytes: the bytes asked), at most 1.
  double used_share(std::uint64_t units, std::uint32_t unit_bytes) const {
    const double used = double(distinct_bytes ? distinct_bytes : bytes);
    return units ? std::min(1.0, used / (double(units) * unit_bytes)) : 0;
  }
};

// Bytes a level serves over the whole launch: the first level the request
// lines of the global steps, and of the local ones where local memory has no
// banks (at least the bytes asked, where lanes do not share requests), the local memory its passes times the width of its banks
// (without banks: the bytes asked, at the local roof the device measured),
// every further level the misses (and write-backs) of the one before.
struct LevelTraffic {
  std::string level;   // the roofs' level name, "local" or "DRAM"
  double bytes = 0;
  double store_bytes = 0;
};

struct AccessAnalysis {
  TargetArchitecture target;
  TraceSample sample;
  std::uint64_t items = 0, truncated_items = 0;
  std::uint64_t branch_capped_items = 0;  // items with kTraceBranchesPerItem branch records: any later outcome unrecorded
  AiwcMetrics aiwc;
  std::vector<SiteAnalysis> sites;   // those executed, by id
  double transfer_efficiency = 0;    // global bytes asked for / bytes of the request lines
  double divergent_share = 0;        // over every branch site: divergent steps / steps
  std::vector<LevelTraffic> levels;  // first cache level (requests), local (when used), further caches, DRAM
  double scale = 1;                  // launch groups / sampled groups: what the levels' bytes were multiplied by
  std::optional<double> footprint_bytes;  // the kernel's buffer bytes (the DRAM cap), where known
};

// The whole analysis: every observer, fed the sampled groups batch by batch,
// in sample order (the walk of analysis/access_walk.hpp).
class AccessAnalyzer {
 public:
  // `footprint_bytes`: the kernel's buffer bytes (the cache model's DRAM cap); none: no cap.
  AccessAnalyzer(TraceLayout layout, TargetArchitecture target, std::optional<double> footprint_bytes);
  ~AccessAnalyzer();
  AccessAnalyzer(const AccessAnalyzer&) = delete;
  AccessAnalyzer& operator=(const AccessAnalyzer&) = delete;
  void add(TracedGroup group);
  AccessAnalysis finish();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

void to_json(nlohmann::json& j, const AccessAnalysis& a);
void from_json(const nlohmann::json& j, AccessAnalysis& a);

// What the analysis says in words, each with its code and a suggestion with
// the change it expects: the term that bounds the hierarchical prediction (in
// its unit: operations, calls or bytes), then per site: branches whose
// sub-groups diverge, dependent chains (an access whose address is what its
// previous execution loaded), atomics that items of a step make on one
// address (they serialize), local sites with bank conflicts, sites whose
// lines (a write-through level's stores: sectors) carry under half the
// distinct bytes asked for (with their neighbour stride); then a launch too
// small to fill the device, a sampled DRAM charge above the buffers (the
// model may over-charge), the sample's metrics (lower bounds), items
// whose records were cut, and items that reached the branch outcomes the
// recording keeps. (Finding: model/placement.hpp.)
std::vector<Finding> diagnose(const AccessAnalysis& a, const std::optional<Prediction>& hierarchical, std::uint64_t work_items);

// Which groups a sample holds, in words: "every 132 from 0", "2 windows of
// 256 consecutive groups, 2048 apart from 896".
std::string sample_layout(const TraceSample& s);

// The finding for a prediction limited by a term of analysis/prediction_terms
// (occupancy, latency, atomic, launch), with what to change; none for a limit
// of bytes or operations at a roof.
std::optional<Finding> term_limit_finding(const Prediction& p);

// The kernel's dots at each level that serves bytes, for `ops` operations.
std::vector<LevelDot> level_dots(const std::vector<LevelTraffic>& levels, double ops);

}  // namespace roofline
