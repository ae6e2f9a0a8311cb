// analysis/step_observers: the parts of the access analysis seen in
// sub-group steps (analysis/access_walk.hpp says what a step is), one
// purpose each. Each keeps its own counts per site and adds them to the
// sites' SiteAnalysis at the end.
#pragma once
#include <cstdint>
#include <vector>

#include "analysis/access_observer.hpp"

namespace roofline {

// How often each site ran: its steps, the accesses in them and the bytes the
// items asked for (and of those, the bytes at distinct addresses), whether it loads and stores (a read-modify-write is two
// steps); a branch's steps and evaluations.
class SiteStepObserver : public AccessObserver {
 public:
  explicit SiteStepObserver(const AccessContext& context);
  void memory_step(const SubGroupStep& s) override;
  void branch_step(const SubGroupStep& s) override;
  void finish(AccessAnalysis& out) override;

 private:
  struct Counts {
    std::uint64_t steps = 0, accesses = 0, bytes = 0, distinct_bytes = 0;
    bool loads = false, stores = false;
  };
  const AccessContext& context_;
  std::vector<Counts> sites_;
};

// Coalescing: the request lines (of the target's line size) and sectors each
// step of cached memory touches (global and constant, and local without
// banks), per site with the stride between neighbouring items; the bytes the
// first cache level serves (the lines, a write-through level's stores their
// sectors, or where lanes do not share requests at least the bytes asked),
// its first entry of the levels; the transfer efficiency of the global steps
// (distinct bytes asked over the bytes served).
class CoalescingObserver : public AccessObserver {
 public:
  explicit CoalescingObserver(const AccessContext& context);
  void memory_step(const SubGroupStep& s) override;
  void finish(AccessAnalysis& out) override;

 private:
  struct Counts {
    std::uint64_t requests = 0, sectors = 0;
    std::int64_t neighbour_stride = 0;
  };
  const AccessContext& context_;
  std::vector<Counts> sites_;
  double served_ = 0, served_stores_ = 0;          // by the first level
  double asked_global_ = 0, request_global_ = 0;  // the transfer efficiency's terms
};

// Local memory: where it has banks, the passes through them each step takes
// (a bank serves one distinct word per pass; one word for all is a
// broadcast), per site (its bank conflicts) and as the local level's bytes
// (passes times the banks' width); without banks, the bytes asked, which the
// local level serves at the local roof the device measured.
class LocalMemoryObserver : public AccessObserver {
 public:
  explicit LocalMemoryObserver(const AccessContext& context);
  void memory_step(const SubGroupStep& s) override;
  void finish(AccessAnalysis& out) override;

 private:
  const AccessContext& context_;
  std::vector<std::uint64_t> passes_;  // by site
  double pass_bytes_ = 0;              // banked
  double asked_bytes_ = 0, asked_store_bytes_ = 0;  // without banks
};

// Contended atomics: per step of an atomic site, the most items on one
// address (they take turns), summed.
class AtomicObserver : public AccessObserver {
 public:
  explicit AtomicObserver(const AccessContext& context);
  void memory_step(const SubGroupStep& s) override;
  void finish(AccessAnalysis& out) override;

 private:
  const AccessContext& context_;
  std::vector<std::uint64_t> serialized_;  // by site
};

// Branch divergence: per branch site the evaluations taken and the steps
// whose items disagree (a GPU runs both paths, one after the other); over
// every branch, the share of divergent steps.
class DivergenceObserver : public AccessObserver {
 public:
  explicit DivergenceObserver(const AccessContext& context);
  void branch_step(const SubGroupStep& s) override;
  void finish(AccessAnalysis& out) override;

 private:
  struct Counts {
    std::uint64_t steps = 0, taken = 0, divergent_steps = 0;
  };
  const AccessContext& context_;
  std::vector<Counts> sites_;
};

}  // namespace roofline
