#include "analysis/step_observers.hpp"

#include <algorithm>
#include <string>
#include <unordered_map>

namespace roofline {
namespace {

std::uint64_t bytes_asked(const SubGroupStep& s) {
  std::uint64_t bytes = 0;
  for (const TraceAccess* a : s) bytes += a->bytes;
  return bytes;
}

// The bytes of distinct addresses the step asks for: an address asked by
// several items (a broadcast) counts once (the others reuse it).
std::uint64_t distinct_bytes(const SubGroupStep& s) {
  std::vector<std::pair<std::uint64_t, std::uint64_t>> spans;  // [begin, end)
  spans.reserve(s.size());
  for (const TraceAccess* a : s) spans.emplace_back(virtual_address(*a), virtual_address(*a) + a->bytes);
  std::sort(spans.begin(), spans.end());
  std::uint64_t bytes = 0, covered = 0;  // covered: the end of the bytes counted so far
  for (const auto& [begin, end] : spans) {
    const std::uint64_t from = std::max(begin, covered);
    if (end > from) bytes += end - from;
    covered = std::max(covered, end);
  }
  return bytes;
}

// The distinct units of `unit` bytes the accesses touch, an access at
// address_of(access) (of at least one byte).
template <typename Address>
std::vector<std::uint64_t> distinct_units(const SubGroupStep& s, std::uint64_t unit, Address address_of) {
  std::vector<std::uint64_t> units;
  for (const TraceAccess* a : s) {
    const std::uint64_t at = address_of(*a);
    for (std::uint64_t u = at / unit; u <= (at + std::max<std::uint32_t>(1, a->bytes) - 1) / unit; ++u) units.push_back(u);
  }
  std::sort(units.begin(), units.end());
  units.erase(std::unique(units.begin(), units.end()), units.end());
  return units;
}

// Distinct words per bank: a bank serves one word per pass.
std::uint64_t bank_passes(const SubGroupStep& s, const AccessContext& c) {
  const std::vector<std::uint64_t> words =
      distinct_units(s, c.target.bank_bytes, [&](const TraceAccess& a) { return c.layout.regions[a.region].local_offset + a.offset; });
  std::vector<std::uint32_t> per_bank(c.target.banks, 0);
  std::uint32_t worst = 0;
  for (std::uint64_t w : words) worst = std::max(worst, ++per_bank[std::size_t(w % c.target.banks)]);
  return std::max<std::uint64_t>(worst, (words.size() + c.target.banks - 1) / c.target.banks);
}

// The most accesses of the step on one address (an atomic's serialization).
std::uint64_t most_on_one_address(const SubGroupStep& s) {
  std::unordered_map<std::uint64_t, std::uint64_t> on;
  std::uint64_t most = 0;
  for (const TraceAccess* a : s) most = std::max(most, ++on[virtual_address(*a)]);
  return most;
}

}  // namespace

// ---- site steps ----

SiteStepObserver::SiteStepObserver(const AccessContext& context) : context_(context), sites_(context.layout.sites.size()) {}

void SiteStepObserver::memory_step(const SubGroupStep& s) {
  const TraceAccess& first = *s.front();
  if (!context_.known_site(first.site)) return;
  Counts& c = sites_[first.site];
  const std::uint32_t n = directions(first.flags);
  c.steps += n;
  c.accesses += n * s.size();
  c.bytes += n * bytes_asked(s);
  c.distinct_bytes += n * distinct_bytes(s);
  c.stores |= bool(first.flags & kTraceStore);
  c.loads |= bool(first.flags & kTraceLoad);
}

void SiteStepObserver::branch_step(const SubGroupStep& s) {
  if (!context_.known_site(s.front()->site)) return;
  Counts& c = sites_[s.front()->site];
  ++c.steps;
  c.accesses += s.size();
}

void SiteStepObserver::finish(AccessAnalysis& out) {
  for (std::size_t i = 0; i < sites_.size(); ++i) {
    SiteAnalysis& site = out.sites[i];
    site.steps += sites_[i].steps;
    site.accesses += sites_[i].accesses;
    site.bytes += sites_[i].bytes;
    site.distinct_bytes += sites_[i].distinct_bytes;
    site.loads |= sites_[i].loads;
    site.stores |= sites_[i].stores;
  }
}

// ---- coalescing ----

CoalescingObserver::CoalescingObserver(const AccessContext& context) : context_(context), sites_(context.layout.sites.size()) {}

void CoalescingObserver::memory_step(const SubGroupStep& s) {
  const TraceAccess& first = *s.front();
  if (context_.banked_local(first)) return;
  const TargetArchitecture& t = context_.target;
  const std::uint32_t n = directions(first.flags);
  const std::uint64_t bytes = bytes_asked(s);
  const std::uint64_t requests = distinct_units(s, t.request_bytes, virtual_address).size();
  const std::uint64_t sectors = distinct_units(s, t.sector_bytes, virtual_address).size();
  const double line_bytes = double(requests) * t.request_bytes, sector_bytes = double(sectors) * t.sector_bytes;
  // A pure store through a write-through first level (NVIDIA) moves its sectors, not whole lines.
  const bool store_in_sectors = (first.flags & kTraceStore) && !(first.flags & kTraceLoad) && t.l1_write_through;
  const double served = std::max(store_in_sectors ? sector_bytes : line_bytes, t.lanes_share_requests ? 0.0 : double(bytes));
  served_ += n * served;
  if (first.flags & kTraceStore) served_stores_ += served;
  if (context_.space(first) != AddressSpace::local) {
    asked_global_ += double(n * distinct_bytes(s));
    request_global_ += n * (store_in_sectors ? sector_bytes : line_bytes);
  }
  if (!context_.known_site(first.site)) return;
  Counts& c = sites_[first.site];
  c.requests += n * requests;
  c.sectors += n * sectors;
  if (!c.neighbour_stride && s.size() >= 2) c.neighbour_stride = std::int64_t(virtual_address(*s[1]) - virtual_address(*s[0]));
}

void CoalescingObserver::finish(AccessAnalysis& out) {
  for (std::size_t i = 0; i < sites_.size(); ++i) {
    out.sites[i].requests += sites_[i].requests;
    out.sites[i].sectors += sites_[i].sectors;
    out.sites[i].neighbour_stride = sites_[i].neighbour_stride;
  }
  const TargetArchitecture& t = context_.target;
  const std::string first = t.caches.empty() ? "L1" : t.caches.front().name;
  out.levels.push_back({first, served_ * out.scale, served_stores_ * out.scale});
  out.transfer_efficiency = request_global_ > 0 ? asked_global_ / request_global_ : 0;
}

// ---- local memory ----

LocalMemoryObserver::LocalMemoryObserver(const AccessContext& context) : context_(context), passes_(context.layout.sites.size()) {}

void LocalMemoryObserver::memory_step(const SubGroupStep& s) {
  const TraceAccess& first = *s.front();
  if (context_.space(first) != AddressSpace::local) return;
  const TargetArchitecture& t = context_.target;
  const std::uint32_t n = directions(first.flags);
  if (!context_.banked_local(first)) {
    const std::uint64_t bytes = bytes_asked(s);
    asked_bytes_ += double(n * bytes);
    if (first.flags & kTraceStore) asked_store_bytes_ += double(bytes);
    return;
  }
  const std::uint64_t passes = bank_passes(s, context_);
  pass_bytes_ += double(n * passes) * t.banks * t.bank_bytes;
  if (context_.known_site(first.site)) passes_[first.site] += n * passes;
}

void LocalMemoryObserver::finish(AccessAnalysis& out) {
  for (std::size_t i = 0; i < passes_.size(); ++i) out.sites[i].requests += passes_[i];
  const bool banks = context_.target.banks > 0;
  if (banks && pass_bytes_ > 0) out.levels.push_back({"local", pass_bytes_ * out.scale, 0});
  if (!banks && asked_bytes_ > 0) out.levels.push_back({"local", asked_bytes_ * out.scale, asked_store_bytes_ * out.scale});
}

// ---- atomics ----

AtomicObserver::AtomicObserver(const AccessContext& context) : context_(context), serialized_(context.layout.sites.size()) {}

void AtomicObserver::memory_step(const SubGroupStep& s) {
  const TraceAccess& first = *s.front();
  if (!context_.known_site(first.site) || !context_.layout.sites[first.site].atomic) return;
  serialized_[first.site] += directions(first.flags) * most_on_one_address(s);
}

void AtomicObserver::finish(AccessAnalysis& out) {
  for (std::size_t i = 0; i < serialized_.size(); ++i) out.sites[i].serialized += serialized_[i];
}

// ---- divergence ----

DivergenceObserver::DivergenceObserver(const AccessContext& context) : context_(context), sites_(context.layout.sites.size()) {}

void DivergenceObserver::branch_step(const SubGroupStep& s) {
  if (!context_.known_site(s.front()->site)) return;
  Counts& c = sites_[s.front()->site];
  std::uint64_t taken = 0;
  for (const TraceAccess* e : s) taken += e->offset != 0;
  ++c.steps;
  c.taken += taken;
  c.divergent_steps += taken != 0 && taken != s.size();
}

void DivergenceObserver::finish(AccessAnalysis& out) {
  std::uint64_t steps = 0, divergent = 0;
  for (std::size_t i = 0; i < sites_.size(); ++i) {
    out.sites[i].taken += sites_[i].taken;
    out.sites[i].divergent_steps += sites_[i].divergent_steps;
    if (context_.layout.sites[i].branch) steps += sites_[i].steps, divergent += sites_[i].divergent_steps;
  }
  out.divergent_share = steps ? double(divergent) / double(steps) : 0;
}

}  // namespace roofline
