// analysis/access_walk: the one walk over the recorded groups that feeds the
// observers of the access analysis (analysis/access_observer.hpp). It
// replays the sampled groups as the target runs them, in two orders:
//  - sub-group steps: the items of a group in chunks of the target's
//    sub-group; the k-th execution of a site by the items of a chunk is one
//    step (items with the same sequence of sites step together position by
//    position). Barriers are no step.
//  - execution order: the groups a compute unit runs at once
//    (resident_groups) are taken in sample order onto one simulated compute
//    unit after another. On a GPU (groups_in_lockstep) their items advance
//    together, access by access, between barriers; on a CPU the items of a
//    group run in chunks of sub_group items, one barrier interval of a chunk
//    after another, as PoCL's work-group loops do.
// The walk itself keeps the result's frame: the target, the sample, the items
// (and those whose records were cut), the scale from the sample to the
// launch, and the sites executed.
#pragma once
#include <cstdint>
#include <vector>

#include "analysis/access_observer.hpp"

namespace roofline {

class AccessWalk {
 public:
  // `context` and the observers must outlive the walk; finish calls the
  // observers in this order (the levels of the result come in it).
  AccessWalk(const AccessContext& context, std::vector<AccessObserver*> observers);
  // The next sampled group, in sample order.
  void add(TracedGroup group);
  AccessAnalysis finish();

 private:
  void sub_group_steps(const TracedGroup& g, std::size_t begin, std::size_t end);
  void step(const SubGroupStep& accesses);
  void run_wave();
  void run_together(const std::vector<const TracedItem*>& items, std::uint32_t compute_unit);

  const AccessContext& context_;
  std::vector<AccessObserver*> observers_;
  AccessAnalysis out_;
  std::vector<bool> executed_;  // by site id: a step of it was seen
  std::uint64_t groups_ = 0;
  std::vector<TracedGroup> wave_;  // the groups that run together on the next compute unit
  std::uint32_t unit_ = 0;         // the compute unit the next wave runs on
};

}  // namespace roofline
