#include "analysis/cache_model.hpp"

#include <algorithm>

namespace roofline {

LruCache::LruCache(std::size_t sectors) : capacity_(std::max<std::size_t>(1, sectors)) {}

LruCache::Outcome LruCache::access(std::uint64_t sector, bool store, bool allocate) {
  Outcome o;
  const auto it = where_.find(sector);
  if (it != where_.end()) {
    order_.splice(order_.begin(), order_, it->second);
    it->second->dirty |= store;
    o.hit = true;
    return o;
  }
  if (!allocate) return o;
  if (where_.size() >= capacity_) {
    const Line& last = order_.back();
    o.evicted_dirty = last.dirty;
    o.evicted = last.sector;
    where_.erase(last.sector);
    order_.pop_back();
  }
  order_.push_front({sector, store});
  where_[sector] = order_.begin();
  return o;
}

std::vector<std::uint64_t> LruCache::dirty_sectors() const {
  std::vector<std::uint64_t> out;
  for (const Line& l : order_)
    if (l.dirty) out.push_back(l.sector);
  return out;
}

CacheModelObserver::CacheModelObserver(const AccessContext& context)
    : context_(context),
      caches_(context.target.caches.size()),
      traffic_(context.target.caches.size() + 1, 0),
      store_traffic_(context.target.caches.size() + 1, 0) {}

LruCache& CacheModelObserver::cache(std::size_t level, std::uint32_t compute_unit) {
  const TargetArchitecture& t = context_.target;
  const bool shared = t.caches[level].shared;
  const std::uint32_t key = shared ? 0 : compute_unit;
  auto it = caches_[level].find(key);
  if (it == caches_[level].end()) {
    double capacity = t.caches[level].capacity_bytes;
    // A shared level serves every compute unit: groups spaced apart are the
    // ones a unit runs, so they get its share; a window of neighbouring
    // groups is what the whole device runs together, so it gets the whole.
    if (shared && context_.layout.sample.spaced()) capacity /= double(t.compute_units);
    it = caches_[level].emplace(key, LruCache(std::size_t(capacity / t.sector_bytes))).first;
  }
  return it->second;
}

// One sector's access at `level` (a write-back from above is a store);
// `bytes` of it are written (a store written through moves only those).
void CacheModelObserver::sector_access(std::size_t level, std::uint64_t sector, bool store, std::uint32_t compute_unit, double bytes) {
  const TargetArchitecture& t = context_.target;
  const double s = t.sector_bytes;
  if (level == t.caches.size()) return;  // DRAM: counted by the caller
  const bool write_through = level == 0 && t.l1_write_through;
  if (store && write_through) {
    // Written through: a sector the level holds stays clean (its bytes go on now), a missing one is not allocated.
    cache(level, compute_unit).access(sector, false, false);
    return store_into(level + 1, sector, compute_unit, bytes > 0 ? bytes : s);
  }
  const LruCache::Outcome o = cache(level, compute_unit).access(sector, store);
  if (o.hit) return;
  if (o.evicted_dirty) store_into(level + 1, o.evicted, compute_unit, s);
  // A load miss fills the sector from the next level; a store miss
  // allocates it without reading it (write-validate): its bytes go on
  // when it is evicted or at the end.
  if (store) return;
  traffic_[level + 1] += s;
  sector_access(level + 1, sector, false, compute_unit);
}

// `bytes` of `sector` written into `level` by the one above (DRAM: counted only).
void CacheModelObserver::store_into(std::size_t level, std::uint64_t sector, std::uint32_t compute_unit, double bytes) {
  traffic_[level] += bytes;
  store_traffic_[level] += bytes;
  sector_access(level, sector, true, compute_unit);
}

void CacheModelObserver::access(const TraceAccess& a, std::uint32_t compute_unit) {
  const TargetArchitecture& t = context_.target;
  if (context_.banked_local(a) || t.caches.empty()) return;
  const std::uint64_t v = virtual_address(a);
  const bool store = a.flags & kTraceStore;
  const std::uint64_t end = v + std::max<std::uint32_t>(1, a.bytes);
  for (std::uint64_t sec = v / t.sector_bytes; sec <= (end - 1) / t.sector_bytes; ++sec) {
    if ((a.flags & kTraceLoad) || !store) sector_access(0, sec, false, compute_unit);
    const double written = double(std::min(end, (sec + 1) * t.sector_bytes) - std::max(v, sec * t.sector_bytes));
    if (store) sector_access(0, sec, true, compute_unit, written);
  }
}

void CacheModelObserver::finish(AccessAnalysis& out) {
  const TargetArchitecture& t = context_.target;
  // Dirty sectors left at the end are written back, level by level.
  for (std::size_t k = 0; k < caches_.size(); ++k)
    for (const auto& [cu, c] : caches_[k])
      for (std::uint64_t sector : c.dirty_sectors()) store_into(k + 1, sector, cu, t.sector_bytes);
  const std::optional<double>& footprint = context_.footprint_bytes;
  for (std::size_t k = 1; k <= t.caches.size(); ++k) {
    const bool dram = k == t.caches.size();
    double bytes = traffic_[k] * out.scale, stores = store_traffic_[k] * out.scale;
    if (dram && footprint && *footprint <= t.caches.back().capacity_bytes && bytes > *footprint) {
      stores *= *footprint / bytes;
      bytes = *footprint;
    }
    out.levels.push_back({dram ? "DRAM" : t.caches[k].name, bytes, stores});
  }
}

}  // namespace roofline
