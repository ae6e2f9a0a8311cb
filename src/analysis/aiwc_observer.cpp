#include "analysis/aiwc_observer.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <vector>

namespace roofline {
namespace {

double entropy_of_counts(const std::vector<std::uint64_t>& counts, double total) {
  double h = 0;
  for (std::uint64_t c : counts)
    if (c) {
      const double p = double(c) / total;
      h -= p * std::log2(p);
    }
  return h;
}

}  // namespace

void AiwcObserver::group(const TracedGroup& g) {
  count_addresses(g);
  parallel_spatial_locality(g);
}

void AiwcObserver::count_addresses(const TracedGroup& g) {
  for (const TracedItem& item : g.items)
    for (const TraceAccess& a : item.accesses) {
      if (!a.memory()) continue;
      const std::uint32_t n = directions(a.flags);
      histogram_[virtual_address(a)] += n;
      accesses_ += n;
      if (context_.space(a) == AddressSpace::local) local_accesses_ += n;
    }
}

void AiwcObserver::parallel_spatial_locality(const TracedGroup& g) {
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
  for (int n = 0; n <= 10; ++n) psl_sum_[std::size_t(n)] += sum[std::size_t(n)] / double(steps.size());
  ++psl_groups_;
}

void AiwcObserver::finish(AccessAnalysis& out) {
  AiwcMetrics& m = out.aiwc;
  m.accesses = accesses_;
  m.local_accesses = local_accesses_;
  std::vector<std::uint64_t> counts;
  counts.reserve(histogram_.size());
  for (const auto& [v, c] : histogram_) {
    counts.push_back(c);
    const std::size_t region = std::size_t(v >> kRegionShift) - 1;
    if (context_.layout.regions[region].space == AddressSpace::local) ++m.local_footprint;
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
    for (const auto& [v, c] : histogram_) coarse[v >> n] += c;
    std::vector<std::uint64_t> cc;
    cc.reserve(coarse.size());
    for (const auto& [v, c] : coarse) cc.push_back(c);
    m.lmae[std::size_t(n)] = entropy_of_counts(cc, total);
  }
  m.relative_local_usage = double(m.local_accesses) / total;
  for (int n = 0; n <= 10; ++n) m.parallel_spatial_locality[std::size_t(n)] = psl_groups_ ? psl_sum_[std::size_t(n)] / double(psl_groups_) : 0;
}

}  // namespace roofline
