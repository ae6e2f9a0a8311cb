// The atomic_add throughput of benchmark/suite_benchmark (kernels/atomics.cl).
#include <algorithm>
#include <string>

#include "benchmark/suite_benchmark.hpp"
#include "benchmark/suite_timing.hpp"
#include "measurement/sampler.hpp"

namespace roofline {
namespace {

constexpr std::uint32_t kIncrement = 3;  // not 1: an add that ignores its operand shows

const char* kernel_name(AtomicSpace space, AtomicTarget target) {
  if (space == AtomicSpace::global) return target == AtomicTarget::one_address ? "global_one" : "global_distinct";
  return target == AtomicTarget::one_address ? "local_one" : "local_distinct";
}

std::string label(AtomicSpace space, AtomicTarget target) { return str(space) + " atomic_add, " + str(target); }

// How many counters the check reads: one for the NDRange's one address
// (the local kernels add their group's counter to it), one per work-item else.
std::uint64_t counter_count(AtomicTarget target, std::uint64_t global) {
  return target == AtomicTarget::one_address ? 1 : global;
}

class AtomicRun {
 public:
  AtomicRun(Session& s, AtomicSpace space, AtomicTarget target)
      : s_(s), space_(space), target_(target) {
    kernel_ = cl::Kernel(s.programs.get("atomics.cl", "-cl-std=CL1.2"), kernel_name(space, target));
    shape_ = fit_to_kernel(s.plan.suite.atomic_launch, s.max_local(kernel_));
    counters_ = cl::Buffer(s.context, CL_MEM_READ_WRITE, counter_count(target, shape_.global) * 4);
    int arg = 0;
    kernel_.setArg(arg++, counters_);
    if (space == AtomicSpace::local) kernel_.setArg(arg++, cl::Local(shape_.local * 4));
    adds_arg_ = arg;
    kernel_.setArg(arg + 1, cl_uint(kIncrement));
  }

  // One rate: the series' one point.
  MeasuredSeries measure() {
    s_.progress.detail(label(space_, target_));
    // The one counter must not wrap (global x adds x increment below 2^32), nor a loop pass the driver's budget.
    const std::uint32_t most = within_loop_budget(
        s_.loop_budget, std::uint32_t(std::max<std::uint64_t>(1, (0xFFFFFFFFull / kIncrement) / shape_.global)));
    const std::uint32_t adds = calibrate_iterations([&](std::uint32_t n) { return run(n); }, 16, most, s_.plan.suite.target_s);
    const double first = checked_run(adds);
    MeasuredSeries rate;
    rate.tags.space = space_;
    rate.tags.target = target_;
    rate.launch = shape_;
    rate.points.push_back({0, rate_stats(time_launches(s_, kernel_, shape_, first), double(shape_.global) * adds), std::nullopt, 0});
    return rate;
  }

 private:
  double run(std::uint32_t adds) {
    kernel_.setArg(adds_arg_, cl_uint(adds));
    return s_.run_timed(kernel_, shape_);
  }

  // From zeroed counters, one launch whose counters the host checks.
  double checked_run(std::uint32_t adds) {
    const std::uint64_t n = counter_count(target_, shape_.global);
    s_.queue.enqueueFillBuffer(counters_, cl_uint(0), 0, n * 4);
    const double t = run(adds);
    std::vector<std::uint32_t> got(n);
    s_.queue.enqueueReadBuffer(counters_, CL_TRUE, 0, n * 4, got.data());
    check_atomic_counters(space_, target_, got, shape_.global, adds, kIncrement);
    return t;
  }

  Session& s_;
  AtomicSpace space_;
  AtomicTarget target_;
  LaunchShape shape_;
  cl::Kernel kernel_;
  cl::Buffer counters_;
  int adds_arg_ = 1;
};

}  // namespace

void check_atomic_counters(AtomicSpace space, AtomicTarget target, const std::vector<std::uint32_t>& counters,
                           std::uint64_t global, std::uint32_t adds, std::uint32_t inc) {
  const std::uint64_t per_counter = std::uint64_t(adds) * inc * (target == AtomicTarget::one_address ? global : 1);
  const std::uint64_t n = counter_count(target, global);
  if (counters.size() != n)
    throw WrongResult(label(space, target) + ": " + std::to_string(counters.size()) + " counters read, not " + std::to_string(n));
  for (std::size_t i = 0; i < counters.size(); ++i)
    if (counters[i] != std::uint32_t(per_counter))
      throw WrongResult(label(space, target) + ": counter " + std::to_string(i) + " ends at " + std::to_string(counters[i]) +
                        ", not " + std::to_string(per_counter));
}

MeasuredSeries measure_atomics(Session& s, const SeriesTags& which) { return AtomicRun(s, *which.space, *which.target).measure(); }


ProgramList programs_atomics(const Plan&, const std::vector<SeriesTags>&) { return {{"atomics.cl", "-cl-std=CL1.2"}}; }

}  // namespace roofline
