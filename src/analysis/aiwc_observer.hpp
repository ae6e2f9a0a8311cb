// analysis/aiwc_observer: seed 002's memory metrics (AiwcMetrics in
// analysis/access_analysis.hpp) over the accesses of the sampled groups,
// group by group: the accesses per virtual address (their footprints and
// entropies at the end), and each group's parallel spatial locality.
#pragma once
#include <array>
#include <cstdint>
#include <unordered_map>

#include "analysis/access_observer.hpp"

namespace roofline {

class AiwcObserver : public AccessObserver {
 public:
  explicit AiwcObserver(const AccessContext& context) : context_(context) {}
  void group(const TracedGroup& g) override;
  void finish(AccessAnalysis& out) override;

 private:
  void count_addresses(const TracedGroup& g);
  void parallel_spatial_locality(const TracedGroup& g);

  const AccessContext& context_;
  std::uint64_t accesses_ = 0, local_accesses_ = 0;
  std::unordered_map<std::uint64_t, std::uint64_t> histogram_;  // virtual address -> accesses
  std::array<double, 11> psl_sum_{};  // per bits dropped: the groups' mean entropy over their steps, summed
  std::uint64_t psl_groups_ = 0;
};

}  // namespace roofline
