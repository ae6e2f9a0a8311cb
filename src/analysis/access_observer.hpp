// analysis/access_observer: the interface of the parts of the access analysis
// (analysis/access_analysis.hpp), as Oclgrind's Plugin is of its tools. One
// walk over the recorded groups (analysis/access_walk.hpp) calls every
// observer at each event it cares for; at the end each adds its own part of
// the AccessAnalysis. Observers never see one another.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "analysis/access_analysis.hpp"
#include "model/access_trace.hpp"

namespace roofline {

// What every observer reads: the trace's regions and sites, the target, and
// the kernel's buffer bytes (the cache model's DRAM cap; none: no cap).
struct AccessContext {
  TraceLayout layout;
  TargetArchitecture target;
  std::optional<double> footprint_bytes;

  AddressSpace space(const TraceAccess& a) const { return layout.regions[a.region].space; }
  // A local access where local memory has banks; elsewhere local memory is cached memory like global.
  bool banked_local(const TraceAccess& a) const { return target.banks > 0 && space(a) == AddressSpace::local; }
  // Whether `site` is one of the layout's (a record's site id is an index into it).
  bool known_site(std::uint32_t site) const { return site < layout.sites.size(); }
};

// Addresses are virtual (AiwcMetrics): region r at (r + 1) << kRegionShift.
inline constexpr int kRegionShift = 40;
inline std::uint64_t virtual_address(const TraceAccess& a) { return (std::uint64_t(a.region + 1) << kRegionShift) + a.offset; }

// A read-modify-write (`x += y`, `x++`) is one record with both bits: a load
// and a store, two steps (or accesses) in one record.
inline std::uint32_t directions(std::uint8_t flags) { return ((flags & kTraceLoad) && (flags & kTraceStore)) ? 2 : 1; }

// One sub-group step: the records the items of one sub-group made at the k-th
// execution of one site, in item order; never empty.
using SubGroupStep = std::vector<const TraceAccess*>;

// The callbacks, each empty unless an observer needs it.
class AccessObserver {
 public:
  virtual ~AccessObserver() = default;
  // Each sampled group, whole, in sample order.
  virtual void group(const TracedGroup&) {}
  // Each sub-group step of a memory site (loads, stores, atomics), of each
  // sub-group of a group in turn.
  virtual void memory_step(const SubGroupStep&) {}
  // Each sub-group step of a branch: its condition's evaluations (offset 1: taken).
  virtual void branch_step(const SubGroupStep&) {}
  // Each memory access in the order the target runs them (analysis/access_walk.hpp),
  // on simulated compute unit `compute_unit`.
  virtual void access(const TraceAccess&, std::uint32_t /*compute_unit*/) {}
  // After the last group: adds this observer's part to `out`, whose target,
  // sample, items, scale and sites (every site of the layout, by id) are set.
  virtual void finish(AccessAnalysis& /*out*/) {}
};

}  // namespace roofline
