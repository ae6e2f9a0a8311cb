// model/access_trace: the memory accesses an address-recording run of a
// kernel saw (count/ instruments it, launch/ runs it on sampled work-groups
// and decodes the records into these types; analysis/access_analysis reads them).
// Addresses are offsets into regions (a buffer argument, a __local variable
// or argument), so the trace is the same on every device.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/vocabulary.hpp"

namespace roofline {

// The words of the address-recording copy's records (count/instrument.hpp,
// "Address records"): a record's second word is meta | bytes << 32.
inline constexpr unsigned kRecordSiteMask = 0xFFFFFu;
inline constexpr unsigned kRecordLoad = 1u << 20, kRecordStore = 1u << 21, kRecordBarrier = 1u << 22;
inline constexpr unsigned kRecordBranch = 1u << 23;  // a condition evaluated: its first word 1 (taken) or 0
inline constexpr int kRecordHeaderWords = 8;

// What a record is (bits of TraceAccess::flags).
// A branch record's outcome is its offset (1: the condition held).
enum TraceFlag : std::uint8_t { kTraceLoad = 1, kTraceStore = 2, kTraceBarrier = 4, kTraceBranch = 8 };

// The local regions of an address-recording copy's header, as the
// instrumenter wrote them (count/instrument.hpp, "Address records").
struct RecordedLayout {
  std::vector<std::string> local_regions;  // __local variables, then __local pointer parameters
  std::vector<std::uint64_t> local_bytes;  // of each __local variable (0 for a parameter: its spec sizes it)
  std::uint64_t total_local_bytes() const {
    std::uint64_t n = 0;
    for (std::uint64_t b : local_bytes) n += b;
    return n;
  }
};

// A region addresses are offsets into: a global or constant buffer argument, a
// __local variable or argument (one per work-group), or the addresses of a
// space that fell in none of them ("other global", "other local").
struct TraceRegion {
  std::string name;
  AddressSpace space = AddressSpace::global;
  std::uint64_t bytes = 0;  // 0 when unknown
  std::uint64_t local_offset = 0;  // a __local region: where it starts in its group's local memory (the banks see this)
};

// Where the kernel accesses memory (an expression of its source), or a
// branch: the condition of an if, a loop or a ?: (its divergence).
struct TraceSite {
  std::uint32_t id = 0;
  std::string where;  // "kernel.cl:14"
  std::string text;   // "A[globalRow * N + k]", or the condition "lid < s"
  AddressSpace space = AddressSpace::global;
  bool branch = false;
  bool atomic = false;  // an atomic builtin's pointer argument
  bool chained = false;  // its address comes from what its previous execution loaded (v = a[v], p = p->next)
};

struct TraceAccess {
  std::uint64_t offset = 0;   // bytes into its region
  std::uint32_t region = 0;   // index into AccessTrace::regions
  std::uint32_t site = 0;     // TraceSite::id
  std::uint32_t bytes = 0;
  std::uint8_t flags = 0;     // TraceFlag bits; a barrier has only kTraceBarrier, a branch only kTraceBranch
  bool memory() const { return !(flags & (kTraceBarrier | kTraceBranch)); }
};

// One work-item's accesses in the order it made them.
struct TracedItem {
  std::vector<TraceAccess> accesses;
  std::uint64_t made = 0;  // records it made; more than accesses.size() when the buffer's cap cut it
  bool truncated() const { return made > accesses.size(); }
};

// The branch outcomes the recording copy keeps of one work-item: its first
// 1024 (every branch site together); later ones are neither written nor
// counted among its records, so a loop of many iterations costs the
// recording its memory accesses alone. A branch site's divergence and taken
// shares are then those of each item's first outcomes.
inline constexpr std::uint64_t kTraceBranchesPerItem = 1024;

// A sampled work-group: its linear id and its items by local linear id.
struct TracedGroup {
  std::uint64_t id = 0;
  std::vector<TracedItem> items;
};

// What was sampled, of the launch's groups_total: `count` groups in windows
// of `window` consecutive groups, the windows `stride` groups apart from
// `first` (window 1: groups first, first + stride, ...). window <= stride.
struct TraceSample {
  std::uint64_t groups_total = 0, group_size = 0;
  std::uint64_t first = 0, stride = 1, count = 0;
  std::uint64_t window = 1;
  bool whole_launch() const { return first == 0 && window >= stride && count >= groups_total; }
  // Single groups spaced apart: the groups one compute unit runs, not neighbours.
  bool spaced() const { return !whole_launch() && window == 1; }
  // The linear id of the sample's j-th group.
  std::uint64_t group(std::uint64_t j) const { return first + j / window * stride + j % window; }
  // Every group of a launch of `groups`.
  static TraceSample whole(std::uint64_t groups) { return {groups, 0, 0, 1, groups}; }
};

// The parts of a trace that do not change from one batch of groups to the next.
struct TraceLayout {
  std::vector<TraceRegion> regions;
  std::vector<TraceSite> sites;  // by id
  TraceSample sample;
};

}  // namespace roofline
