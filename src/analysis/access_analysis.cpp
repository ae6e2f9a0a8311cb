#include "analysis/access_analysis.hpp"

#include <algorithm>
#include <cmath>
#include <list>
#include <map>
#include <unordered_map>

#include "model/json_fields.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

constexpr int kRegionShift = 40;  // each region's virtual base: (region + 1) << 40

std::uint64_t virtual_address(const TraceAccess& a) { return (std::uint64_t(a.region + 1) << kRegionShift) + a.offset; }

// A read-modify-write (`x += y`, `x++`) is one record with both bits: a load and a store.
std::uint32_t directions(std::uint8_t flags) { return ((flags & kTraceLoad) && (flags & kTraceStore)) ? 2 : 1; }

double entropy_of_counts(const std::vector<std::uint64_t>& counts, double total) {
  double h = 0;
  for (std::uint64_t c : counts)
    if (c) {
      const double p = double(c) / total;
      h -= p * std::log2(p);
    }
  return h;
}

// An LRU cache of sector numbers, fully associative.
class LruCache {
 public:
  explicit LruCache(std::size_t sectors) : capacity_(std::max<std::size_t>(1, sectors)) {}
  struct Outcome {
    bool hit = false;
    bool evicted_dirty = false;
    std::uint64_t evicted = 0;
  };
  // A store marks the sector dirty (when allocate is true, a miss allocates it).
  Outcome access(std::uint64_t sector, bool store, bool allocate = true) {
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
  std::vector<std::uint64_t> dirty_sectors() const {
    std::vector<std::uint64_t> out;
    for (const Line& l : order_)
      if (l.dirty) out.push_back(l.sector);
    return out;
  }

 private:
  struct Line {
    std::uint64_t sector;
    bool dirty;
  };
  std::size_t capacity_;
  std::list<Line> order_;
  std::unordered_map<std::uint64_t, std::list<Line>::iterator> where_;
};

}  // namespace

struct AccessAnalyzer::State {
  TraceLayout layout;
  TargetArchitecture target;
  std::optional<double> footprint;
  AccessAnalysis out;

  std::unordered_map<std::uint64_t, std::uint64_t> histogram;  // virtual address -> accesses
  std::array<double, 11> psl_sum{};
  std::uint64_t psl_groups = 0;
  double asked_global = 0, request_global = 0;  // transfer efficiency
  double l1_request_bytes = 0, local_pass_bytes = 0, l1_store_bytes = 0;
  double local_asked_bytes = 0, local_asked_store_bytes = 0;  // local memory without banks
  std::uint64_t groups = 0;

  // The cache model: per level, one cache per simulated compute unit (private) or one (shared).
  std::vector<std::map<std::uint32_t, LruCache>> caches;
  std::vector<double> traffic, store_traffic;  // bytes arriving at cache level k (k = caches: DRAM)
  std::vector<TracedGroup> wave;
  std::uint32_t unit = 0;  // the compute unit the next wave runs on

  State(TraceLayout l, TargetArchitecture t, std::optional<double> f) : layout(std::move(l)), target(std::move(t)), footprint(f) {
    out.target = target;
    out.sample = layout.sample;
    for (const TraceSite& s : layout.sites) out.sites.push_back(SiteAnalysis{s});
    caches.resize(target.caches.size());
    traffic.assign(target.caches.size() + 1, 0);
    store_traffic.assign(target.caches.size() + 1, 0);
  }

  bool banked_local(const TraceAccess& a) const { return target.banks > 0 && layout.regions[a.region].space == AddressSpace::local; }

  // ---- AIWC metrics ----

  void count_addresses(const TracedGroup& g) {
    for (const TracedItem& item : g.items)
      for (const TraceAccess& a : item.accesses) {
        if (!a.memory()) continue;
        const std::uint32_t n = directions(a.flags);
        histogram[virtual_address(a)] += n;
        out.aiwc.accesses += n;
        if (layout.regions[a.region].space == AddressSpace::local) out.aiwc.local_accesses += n;
      }
  }

  void parallel_spatial_locality(const TracedGroup& g) {
    std::vector<std::vector<std::uint64_t>> steps;  // per logical step, the items' addresses
    for (const TracedItem& item : g.items) {
      std::size_t t = 0;
      for (const TraceAccess& a : item.accesses) {
        if (!a.memory()) continue;
        if (steps.size() <= t) steps.resize(t + 1);
        steps[t++].push_back(virtual_address(a));
      }
    }
    if (steps.empty()) return;
    std::array<double, 11> sum{};
    for (auto& addresses : steps) {
      std::sort(addresses.begin(), addresses.end());
      for (int n = 0; n <= 10; ++n) {
        std::vector<std::uint64_t> runs;
        for (std::size_t i = 0; i < addresses.size(); ++i) {
          if (i == 0 || (addresses[i] >> n) != (addresses[i - 1] >> n)) runs.push_back(0);
          ++runs.back();
        }
        sum[std::size_t(n)] += entropy_of_counts(runs, double(addresses.size()));
      }
    }
    for (int n = 0; n <= 10; ++n) psl_sum[std::size_t(n)] += sum[std::size_t(n)] / double(steps.size());
    ++psl_groups;
  }

  // ---- coalescing and bank conflicts, per sub-group step ----

  // One sub-group step of a site: its request lines (or bank passes), once
  // per direction (a read-modify-write reads, then writes).
  void step(const std::vector<const TraceAccess*>& accesses) {
    if (accesses.empty()) return;
    const TraceAccess& first = *accesses.front();
    if (first.flags & kTraceBranch) return branch_step(accesses);
    SiteAnalysis* site = first.site < out.sites.size() ? &out.sites[first.site] : nullptr;
    const std::uint32_t n = directions(first.flags);
    std::uint64_t bytes = 0;
    for (const TraceAccess* a : accesses) bytes += a->bytes;
    const bool store = first.flags & kTraceStore;
    const bool local = layout.regions[first.region].space == AddressSpace::local;
    std::uint64_t requests = 0;
    if (banked_local(first)) {
      requests = bank_passes(accesses);
      local_pass_bytes += double(n * requests) * target.banks * target.bank_bytes;
    } else {
      requests = request_lines(accesses);
      const double served = std::max(double(requests) * target.request_bytes, target.lanes_share_requests ? 0.0 : double(bytes));
      l1_request_bytes += n * served;
      if (store) l1_store_bytes += served;
      if (local) {
        local_asked_bytes += double(n * bytes);
        if (store) local_asked_store_bytes += double(bytes);
      } else {
        asked_global += double(n * bytes);
        request_global += double(n * requests) * target.request_bytes;
      }
    }
    if (!site) return;
    if (site->site.atomic) site->serialized += n * most_on_one_address(accesses);
    if (!site->neighbour_stride && accesses.size() >= 2 && !banked_local(first))
      site->neighbour_stride = std::int64_t(virtual_address(*accesses[1]) - virtual_address(*accesses[0]));
    site->steps += n;
    site->accesses += n * accesses.size();
    site->bytes += n * bytes;
    site->requests += n * requests;
    site->stores |= store;
    site->loads |= bool(first.flags & kTraceLoad);
  }

  // One sub-group step of a branch: divergent when its items' outcomes differ.
  void branch_step(const std::vector<const TraceAccess*>& evaluations) {
    if (evaluations.front()->site >= out.sites.size()) return;
    SiteAnalysis& site = out.sites[evaluations.front()->site];
    std::uint64_t taken = 0;
    for (const TraceAccess* e : evaluations) taken += e->offset != 0;
    ++site.steps;
    site.accesses += evaluations.size();
    site.taken += taken;
    site.divergent_steps += taken != 0 && taken != evaluations.size();
  }

  // The most accesses of the step on one address (an atomic's serialization).
  static std::uint64_t most_on_one_address(const std::vector<const TraceAccess*>& accesses) {
    std::unordered_map<std::uint64_t, std::uint64_t> on;
    std::uint64_t most = 0;
    for (const TraceAccess* a : accesses) most = std::max(most, ++on[virtual_address(*a)]);
    return most;
  }

  // The distinct units of `unit` bytes the accesses touch, an access at
  // address_of(access) (of at least one byte).
  template <typename Address>
  static std::vector<std::uint64_t> distinct_units(const std::vector<const TraceAccess*>& accesses, std::uint64_t unit, Address address_of) {
    std::vector<std::uint64_t> units;
    for (const TraceAccess* a : accesses) {
      const std::uint64_t at = address_of(*a);
      for (std::uint64_t u = at / unit; u <= (at + std::max<std::uint32_t>(1, a->bytes) - 1) / unit; ++u) units.push_back(u);
    }
    std::sort(units.begin(), units.end());
    units.erase(std::unique(units.begin(), units.end()), units.end());
    return units;
  }

  // Distinct words per bank: a bank serves one word per pass.
  std::uint64_t bank_passes(const std::vector<const TraceAccess*>& accesses) const {
    const std::vector<std::uint64_t> words =
        distinct_units(accesses, target.bank_bytes, [&](const TraceAccess& a) { return layout.regions[a.region].local_offset + a.offset; });
    std::vector<std::uint32_t> per_bank(target.banks, 0);
    std::uint32_t worst = 0;
    for (std::uint64_t w : words) worst = std::max(worst, ++per_bank[std::size_t(w % target.banks)]);
    return std::max<std::uint64_t>(worst, (words.size() + target.banks - 1) / target.banks);
  }

  // Distinct request lines the step's accesses touch.
  std::uint64_t request_lines(const std::vector<const TraceAccess*>& accesses) const {
    return distinct_units(accesses, target.request_bytes, virtual_address).size();
  }

  // The k-th execution of a site by each item of the sub-group is one step;
  // items with the same sequence of sites step together position by position.
  void sub_group_steps(const TracedGroup& g, std::size_t begin, std::size_t end) {
    bool same = true;
    const auto& lead = g.items[begin].accesses;
    for (std::size_t i = begin + 1; i < end && same; ++i) {
      const auto& other = g.items[i].accesses;
      same = other.size() == lead.size();
      for (std::size_t p = 0; same && p < lead.size(); ++p) same = other[p].site == lead[p].site && other[p].flags == lead[p].flags;
    }
    std::vector<const TraceAccess*> s;
    if (same) {
      for (std::size_t p = 0; p < lead.size(); ++p) {
        if (lead[p].flags & kTraceBarrier) continue;
        s.clear();
        for (std::size_t i = begin; i < end; ++i) s.push_back(&g.items[i].accesses[p]);
        step(s);
      }
      return;
    }
    std::map<std::pair<std::uint32_t, std::uint64_t>, std::vector<const TraceAccess*>> steps;
    for (std::size_t i = begin; i < end; ++i) {
      std::unordered_map<std::uint32_t, std::uint64_t> executions;
      for (const TraceAccess& a : g.items[i].accesses)
        if (!(a.flags & kTraceBarrier)) steps[{a.site, executions[a.site]++}].push_back(&a);
    }
    for (const auto& [key, accesses] : steps) step(accesses);
  }

  // ---- the cache model ----

  LruCache& cache(std::size_t level, std::uint32_t cu) {
    const bool shared = target.caches[level].shared;
    const std::uint32_t key = shared ? 0 : cu;
    auto it = caches[level].find(key);
    if (it == caches[level].end()) {
      double capacity = target.caches[level].capacity_bytes;
      // A shared level serves every compute unit; the simulated ones get their share.
      if (shared && !layout.sample.whole_launch()) capacity /= double(target.compute_units);
      it = caches[level].emplace(key, LruCache(std::size_t(capacity / target.sector_bytes))).first;
    }
    return it->second;
  }

  // One sector's access at `level` (a write-back from above is a store);
  // `bytes` of it are written (a store written through moves only those).
  void access(std::size_t level, std::uint64_t sector, bool store, std::uint32_t cu, double bytes = 0) {
    const double s = target.sector_bytes;
    if (level == target.caches.size()) return;  // DRAM: counted by the caller
    const bool write_through = level == 0 && target.l1_write_through;
    if (store && write_through) {
      // Written through: a sector the level holds stays clean (its bytes go on now), a missing one is not allocated.
      cache(level, cu).access(sector, false, false);
      return store_into(level + 1, sector, cu, bytes > 0 ? bytes : s);
    }
    const LruCache::Outcome o = cache(level, cu).access(sector, store);
    if (o.hit) return;
    if (o.evicted_dirty) {
      store_into(level + 1, o.evicted, cu, s);
    }
    // A load miss fills the sector from the next level; a store miss
    // allocates it without reading it (write-validate): its bytes go on
    // when it is evicted or at the end.
    if (store) return;
    traffic[level + 1] += s;
    access(level + 1, sector, false, cu);
  }

  // `bytes` of `sector` written into `level` by the one above (DRAM: counted only).
  void store_into(std::size_t level, std::uint64_t sector, std::uint32_t cu, double bytes) {
    traffic[level] += bytes;
    store_traffic[level] += bytes;
    access(level, sector, true, cu);
  }

  void simulate(const TraceAccess& a, std::uint32_t cu) {
    if (!a.memory() || banked_local(a) || target.caches.empty()) return;
    const std::uint64_t v = virtual_address(a);
    const bool store = a.flags & kTraceStore;
    const std::uint64_t end = v + std::max<std::uint32_t>(1, a.bytes);
    for (std::uint64_t sec = v / target.sector_bytes; sec <= (end - 1) / target.sector_bytes; ++sec) {
      if ((a.flags & kTraceLoad) || !store) access(0, sec, false, cu);
      const double written = double(std::min(end, (sec + 1) * target.sector_bytes) - std::max(v, sec * target.sector_bytes));
      if (store) access(0, sec, true, cu, written);
    }
  }

  // Each item's accesses split at its barriers: [interval] -> positions.
  static std::vector<std::pair<std::size_t, std::size_t>> intervals(const TracedItem& item) {
    std::vector<std::pair<std::size_t, std::size_t>> out;
    std::size_t start = 0;
    for (std::size_t p = 0; p < item.accesses.size(); ++p)
      if (item.accesses[p].flags & kTraceBarrier) {
        out.push_back({start, p});
        start = p + 1;
      }
    out.push_back({start, item.accesses.size()});
    return out;
  }

  // Runs the accesses of `items` (one chunk that advances together) through the caches, interval by interval.
  void run_together(const std::vector<const TracedItem*>& items, std::uint32_t cu) {
    std::vector<std::vector<std::pair<std::size_t, std::size_t>>> spans;
    std::size_t count = 0;
    for (const TracedItem* i : items) {
      spans.push_back(intervals(*i));
      count = std::max(count, spans.back().size());
    }
    for (std::size_t b = 0; b < count; ++b) {
      std::size_t longest = 0;
      for (const auto& sp : spans)
        if (b < sp.size()) longest = std::max(longest, sp[b].second - sp[b].first);
      for (std::size_t t = 0; t < longest; ++t)
        for (std::size_t i = 0; i < items.size(); ++i)
          if (b < spans[i].size() && spans[i][b].first + t < spans[i][b].second) simulate(items[i]->accesses[spans[i][b].first + t], cu);
    }
  }

  void run_wave() {
    if (wave.empty()) return;
    const std::uint32_t cu = unit;
    unit = (unit + 1) % target.compute_units;
    if (target.groups_in_lockstep) {
      std::vector<const TracedItem*> all;
      for (const TracedGroup& g : wave)
        for (const TracedItem& i : g.items) all.push_back(&i);
      run_together(all, cu);
    } else {
      for (const TracedGroup& g : wave)
        for (std::size_t begin = 0; begin < g.items.size(); begin += target.sub_group) {
          std::vector<const TracedItem*> chunk;
          for (std::size_t i = begin; i < std::min(g.items.size(), begin + target.sub_group); ++i) chunk.push_back(&g.items[i]);
          run_together(chunk, cu);
        }
    }
    wave.clear();
  }

  void add(TracedGroup g) {
    ++groups;
    out.items += g.items.size();
    for (const TracedItem& i : g.items) out.truncated_items += i.truncated();
    count_addresses(g);
    parallel_spatial_locality(g);
    for (std::size_t begin = 0; begin < g.items.size(); begin += target.sub_group)
      sub_group_steps(g, begin, std::min(g.items.size(), begin + target.sub_group));
    wave.push_back(std::move(g));
    if (wave.size() >= target.resident_groups) run_wave();
  }

  void finish_aiwc() {
    AiwcMetrics& m = out.aiwc;
    std::vector<std::uint64_t> counts;
    counts.reserve(histogram.size());
    for (const auto& [v, c] : histogram) {
      counts.push_back(c);
      const std::size_t region = std::size_t(v >> kRegionShift) - 1;
      if (layout.regions[region].space == AddressSpace::local) ++m.local_footprint;
      else ++m.total_footprint;
    }
    const double total = double(m.accesses);
    if (total <= 0) return;
    std::sort(counts.begin(), counts.end(), std::greater<>());
    double covered = 0;
    for (std::uint64_t c : counts) {
      if (covered >= 0.9 * total) break;
      covered += double(c);
      ++m.footprint_90;
    }
    m.lmae[0] = entropy_of_counts(counts, total);
    for (int n = 1; n <= 10; ++n) {
      std::unordered_map<std::uint64_t, std::uint64_t> coarse;
      for (const auto& [v, c] : histogram) coarse[v >> n] += c;
      std::vector<std::uint64_t> cc;
      cc.reserve(coarse.size());
      for (const auto& [v, c] : coarse) cc.push_back(c);
      m.lmae[std::size_t(n)] = entropy_of_counts(cc, total);
    }
    m.relative_local_usage = double(m.local_accesses) / total;
    for (int n = 0; n <= 10; ++n) m.parallel_spatial_locality[std::size_t(n)] = psl_groups ? psl_sum[std::size_t(n)] / double(psl_groups) : 0;
  }

  void finish_levels() {
    const double scale = groups ? double(std::max<std::uint64_t>(layout.sample.groups_total, groups)) / double(groups) : 1;
    out.scale = scale;
    const std::string first = target.caches.empty() ? "L1" : target.caches.front().name;
    out.levels.push_back({first, l1_request_bytes * scale, l1_store_bytes * scale});
    if (target.banks > 0 && local_pass_bytes > 0) out.levels.push_back({"local", local_pass_bytes * scale, 0});
    if (target.banks == 0 && local_asked_bytes > 0)
      out.levels.push_back({"local", local_asked_bytes * scale, local_asked_store_bytes * scale});
    // Dirty sectors left at the end are written back, level by level.
    for (std::size_t k = 0; k < caches.size(); ++k)
      for (const auto& [cu, c] : caches[k])
        for (std::uint64_t sector : c.dirty_sectors()) {
          store_into(k + 1, sector, cu, target.sector_bytes);
        }
    for (std::size_t k = 1; k <= target.caches.size(); ++k) {
      const bool dram = k == target.caches.size();
      double bytes = traffic[k] * scale, stores = store_traffic[k] * scale;
      if (dram && footprint && !target.caches.empty() && *footprint <= target.caches.back().capacity_bytes && bytes > *footprint) {
        stores *= *footprint / bytes;
        bytes = *footprint;
      }
      out.levels.push_back({dram ? "DRAM" : target.caches[k].name, bytes, stores});
    }
    out.transfer_efficiency = request_global > 0 ? asked_global / request_global : 0;
    std::uint64_t branch_steps = 0, divergent_steps = 0;
    for (const SiteAnalysis& s : out.sites)
      if (s.site.branch) branch_steps += s.steps, divergent_steps += s.divergent_steps;
    out.divergent_share = branch_steps ? double(divergent_steps) / double(branch_steps) : 0;
  }

  AccessAnalysis finish() {
    run_wave();
    finish_aiwc();
    finish_levels();
    out.sites.erase(std::remove_if(out.sites.begin(), out.sites.end(), [](const SiteAnalysis& s) { return s.steps == 0; }), out.sites.end());
    return out;
  }
};

AccessAnalyzer::AccessAnalyzer(TraceLayout layout, TargetArchitecture target, std::optional<double> footprint_bytes)
    : state_(std::make_unique<State>(std::move(layout), std::move(target), footprint_bytes)) {}
AccessAnalyzer::~AccessAnalyzer() = default;
void AccessAnalyzer::add(TracedGroup group) { state_->add(std::move(group)); }
AccessAnalysis AccessAnalyzer::finish() { return state_->finish(); }

AccessAnalysis analyze_accesses(const TraceLayout& layout, const std::vector<TracedGroup>& groups, const TargetArchitecture& target,
                                std::optional<double> footprint_bytes) {
  AccessAnalyzer a(layout, target, footprint_bytes);
  for (const TracedGroup& g : groups) a.add(g);
  return a.finish();
}

}  // namespace roofline

namespace roofline {

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TargetArchitecture::Cache, name, capacity_bytes, shared)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TargetArchitecture, family, sub_group, request_bytes, sector_bytes, banks, bank_bytes,
                                                local_on_l1_path, groups_in_lockstep, l1_write_through, lanes_share_requests,
                                                compute_units, resident_groups, caches)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TraceSample, groups_total, group_size, first, stride, count)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TraceSite, id, where, text, space, branch, atomic, chained)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(AiwcMetrics, accesses, local_accesses, total_footprint, local_footprint, footprint_90, lmae,
                                   relative_local_usage, parallel_spatial_locality)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SiteAnalysis, site, steps, accesses, bytes, taken, divergent_steps, serialized, requests,
                                                stores, loads, neighbour_stride)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LevelTraffic, level, bytes, store_bytes)
void to_json(nlohmann::json& j, const AccessAnalysis& a) {
  j = {{"target", a.target}, {"sample", a.sample}, {"items", a.items}, {"truncated_items", a.truncated_items}, {"aiwc", a.aiwc},
       {"sites", a.sites}, {"transfer_efficiency", a.transfer_efficiency}, {"divergent_share", a.divergent_share}, {"levels", a.levels},
       {"scale", a.scale}};
}
void from_json(const nlohmann::json& j, AccessAnalysis& a) {
  j.at("target").get_to(a.target);
  j.at("sample").get_to(a.sample);
  j.at("items").get_to(a.items);
  j.at("truncated_items").get_to(a.truncated_items);
  j.at("aiwc").get_to(a.aiwc);
  j.at("sites").get_to(a.sites);
  j.at("transfer_efficiency").get_to(a.transfer_efficiency);
  a.divergent_share = j.value("divergent_share", 0.0);
  j.at("levels").get_to(a.levels);
  j.at("scale").get_to(a.scale);
}


std::vector<Finding> diagnose(const AccessAnalysis& a, const std::optional<Prediction>& hierarchical, std::uint64_t work_items) {
  std::vector<Finding> out;
  const TargetArchitecture& t = a.target;
  if (hierarchical) {
    const PredictionTerm& l = hierarchical->limit;
    std::string text = "bound by " + l.roof + ": " + format_bytes(l.amount) + " at " + format_si(l.rate, "B/s");
    if (l.kind == PredictionTermKind::level && l.level && !a.levels.empty() && l.level->name == a.levels.front().level && a.transfer_efficiency > 0)
      text += format_text(" (the lines requested carry %.0f%% of the bytes asked for)", 100 * a.transfer_efficiency);
    out.push_back({"", text});
  }
  // The request lines of every site, in the sample (the first level's bytes are the launch's).
  const double request_bytes = a.levels.empty() ? 0 : a.levels.front().bytes / a.scale;
  for (const SiteAnalysis& s : a.sites) {
    if (s.site.branch) {
      if (s.divergent_share() >= 0.1)
        out.push_back({s.site.where, s.site.text + ": " +
                                         format_text("%.0f%% of the %u-item steps diverge (their items take both ways, which run one after "
                                                     "the other)", 100 * s.divergent_share(), t.sub_group)});
      continue;
    }
    if (s.site.chained && s.steps > 0)
      out.push_back({s.site.where, s.site.text + ": " +
                                       format_text("dependent chain: each access's address is what the one before loaded (%.0f per "
                                                   "work-item in the sample, one after the other): the memory's latency bounds it, "
                                                   "not its bandwidth",
                                                   double(s.accesses) / double(std::max<std::uint64_t>(1, a.items)))});
    if (s.site.atomic && s.contention() >= 2)
      out.push_back({s.site.where, s.site.text + ": " +
                                       format_text("contended atomic: %.1f of the items of a %u-item step on one address (they take "
                                                   "turns)", s.contention(), t.sub_group)});
    const bool banked = s.site.space == AddressSpace::local && t.banks > 0;
    if (banked) {
      const double degree = s.lines_per_step();
      if (degree >= 1.5)
        out.push_back({s.site.where, s.site.text + ": " + format_text("%.0f-way bank conflicts (%.1f passes per step through %u banks", degree, degree, t.banks) +
                                         format_text(" of %u bytes)", t.bank_bytes)});
      continue;
    }
    const double share = request_bytes > 0 ? double(s.requests) * t.request_bytes / request_bytes : 0;
    const double used = s.efficiency(t.request_bytes);
    if (used >= 0.5 || share < 0.1) continue;
    const double per_step = double(s.bytes) / double(std::max<std::uint64_t>(1, s.steps));
    std::string text = s.site.text + ": " + format_text("%.0f of %u bytes used per line (%.1f lines per ", used * t.request_bytes, t.request_bytes, s.lines_per_step()) +
                       format_text("%u-item step, %.0f bytes asked), uncoalesced", t.sub_group, per_step);
    if (s.neighbour_stride) text += ": neighbouring work-items are " + std::to_string(std::llabs(s.neighbour_stride)) + " bytes apart";
    out.push_back({s.site.where, text});
  }
  const double slots = double(t.compute_units) * double(t.resident_groups) * double(std::max<std::uint64_t>(1, a.sample.group_size));
  if (work_items > 0 && double(work_items) < 0.5 * slots)
    out.push_back({"", format_text("too little parallelism: %.0f work-items fill %.2g%% of the %.0f the device runs at once", double(work_items),
                              100 * double(work_items) / slots, slots)});
  if (a.truncated_items)
    out.push_back({"", std::to_string(a.truncated_items) + " work-items made more records than were kept: their later accesses are not analysed"});
  return out;
}

std::vector<LevelDot> level_dots(const std::vector<LevelTraffic>& levels, double ops) {
  std::vector<LevelDot> dots;
  for (const LevelTraffic& l : levels)
    if (l.bytes > 0) dots.push_back({l.level, l.bytes, ops / l.bytes});
  return dots;
}

}  // namespace roofline
