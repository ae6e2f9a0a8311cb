// analysis/cache_model: the bytes each cache level past the first, and DRAM,
// serve a kernel's accesses, from an LRU model of the target's caches
// (analysis/target_architecture) fed the accesses in the order the target
// runs them (analysis/access_walk.hpp says which order that is).
//
// Assumptions of the cache model, stated once:
//  - every cache is LRU and fully associative, in units of the target's
//    sector (NVIDIA: 32 B; else the line);
//  - the first level is private to a compute unit; the last cache level is
//    shared by all of them; levels between are private (a CPU's L2);
//  - the groups a compute unit runs at once (resident_groups) advance
//    together, access by access, between barriers (a GPU); on a CPU the
//    items of a group run in chunks of sub_group items, one barrier interval
//    of a chunk after another, as PoCL's work-group loops do;
//  - sampled groups are taken in order, resident_groups at a time, on one
//    simulated compute unit after another; the shared level is scaled to the
//    share of the compute units simulated (its other users are assumed to
//    touch other data);
//  - NVIDIA's L1 writes stores through to the L2 without allocating; other
//    levels write back, and a store miss allocates the sector without
//    reading it (write-validate: GPUs' L2 sectors keep byte masks; on a CPU
//    this leaves out the read-for-ownership of ordinary stores);
//  - when the kernel's buffers fit in the last cache level, DRAM serves each
//    of their bytes at most once (a sampled cache sees only its groups' reuse).
// Local memory with banks is no cache (analysis/step_observers.hpp,
// LocalMemoryObserver); without banks it is cached like global memory.
#pragma once
#include <cstdint>
#include <list>
#include <map>
#include <unordered_map>
#include <vector>

#include "analysis/access_observer.hpp"

namespace roofline {

// An LRU cache of sector numbers, fully associative.
class LruCache {
 public:
  explicit LruCache(std::size_t sectors);
  struct Outcome {
    bool hit = false;
    bool evicted_dirty = false;
    std::uint64_t evicted = 0;
  };
  // A store marks the sector dirty (when allocate is true, a miss allocates it).
  Outcome access(std::uint64_t sector, bool store, bool allocate = true);
  // The dirty sectors, most recently used first.
  std::vector<std::uint64_t> dirty_sectors() const;

 private:
  struct Line {
    std::uint64_t sector;
    bool dirty;
  };
  std::size_t capacity_;
  std::list<Line> order_;
  std::unordered_map<std::uint64_t, std::list<Line>::iterator> where_;
};

// The levels past the first: one LevelTraffic per cache level after the
// first (the misses and write-backs of the one before), then DRAM. The first
// level's bytes are the request lines (CoalescingObserver).
class CacheModelObserver : public AccessObserver {
 public:
  explicit CacheModelObserver(const AccessContext& context);
  void access(const TraceAccess& a, std::uint32_t compute_unit) override;
  void finish(AccessAnalysis& out) override;

 private:
  LruCache& cache(std::size_t level, std::uint32_t compute_unit);
  void sector_access(std::size_t level, std::uint64_t sector, bool store, std::uint32_t compute_unit, double bytes = 0);
  void store_into(std::size_t level, std::uint64_t sector, std::uint32_t compute_unit, double bytes);

  const AccessContext& context_;
  // Per level, one cache per simulated compute unit (private) or one (shared).
  std::vector<std::map<std::uint32_t, LruCache>> caches_;
  std::vector<double> traffic_, store_traffic_;  // bytes arriving at cache level k (k = caches: DRAM)
};

}  // namespace roofline
