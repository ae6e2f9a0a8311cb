// Atomic contention (kernels/atomic_contention.cl): the row atomic_contention
// of model/suite_benchmarks.inc, a series per memory space.
#include "benchmark/atomic_contention_benchmark.hpp"

#include <string>

#include "benchmark/suite_benchmark.hpp"
#include "benchmark/suite_timing.hpp"
#include "measurement/sampler.hpp"

namespace roofline {
namespace {

std::string label(AtomicSpace space, std::uint32_t share) {
  return str(space) + " atomic contention, " + std::to_string(share) + (share == 1 ? " work-item" : " work-items") +
         " per address";
}

// One space's kernel at the atomics' launch, fitted to what it takes.
class ContentionRun {
 public:
  ContentionRun(Session& s, AtomicSpace space) : s_(s), space_(space) {
    const bool global = space == AtomicSpace::global;
    kernel_ = cl::Kernel(s.programs.get("atomic_contention.cl", "-cl-std=CL1.2"),
                         global ? "global_contention" : "local_contention");
    shape_ = fit_to_kernel(s.plan.suite.atomic_launch, s.max_local(kernel_));
    counters_ = cl::Buffer(s.context, CL_MEM_READ_WRITE, shape_.global * 4);
    kernel_.setArg(0, counters_);
    if (!global) kernel_.setArg(1, cl::Local(shape_.local * 4));
    share_arg_ = global ? 1 : 2;
  }

  const LaunchShape& shape() const { return shape_; }

  // One point: the steps per work-item calibrated to the target time, a
  // launch from zeroed counters checked, then the timed ones; adds per second.
  SeriesPoint measure(std::uint32_t share) {
    s_.progress.detail(label(space_, share));
    kernel_.setArg(share_arg_, cl_uint(share));
    const std::uint32_t adds =
        calibrate_iterations([&](std::uint32_t n) { return run(n); }, 16, 1u << 20, s_.plan.suite.target_s);
    const std::uint64_t n = shape_.global / share;
    s_.queue.enqueueFillBuffer(counters_, cl_uint(0), 0, n * 4);
    const double first = run(adds);
    std::vector<std::uint32_t> got(n);
    s_.queue.enqueueReadBuffer(counters_, CL_TRUE, 0, n * 4, got.data());
    check_contention_counters(space_, got, shape_.global, share, adds);
    const std::vector<double> seconds = time_launches(s_, kernel_, shape_, first);
    return {double(share), rate_stats(seconds, double(shape_.global) * adds), std::nullopt, 0};
  }

 private:
  double run(std::uint32_t adds) {
    kernel_.setArg(share_arg_ + 1, cl_uint(adds));
    return s_.run_timed(kernel_, shape_);
  }

  Session& s_;
  AtomicSpace space_;
  cl::Kernel kernel_;
  LaunchShape shape_;
  cl::Buffer counters_;
  int share_arg_ = 1;
};

}  // namespace

std::vector<std::uint32_t> contention_levels(std::uint64_t most) {
  std::vector<std::uint32_t> levels;
  for (std::uint64_t share = 1; share <= most && most % share == 0 && share <= 0x80000000u; share *= 2)
    levels.push_back(std::uint32_t(share));
  return levels;
}

std::uint32_t contention_counter(std::uint64_t c, std::uint32_t share, std::uint32_t adds) {
  std::uint64_t sum = 0;
  const std::uint64_t steps = std::uint64_t(adds) * (adds - 1) / 2;
  for (std::uint64_t gid = c * share; gid < (c + 1) * share; ++gid) sum += std::uint64_t(adds) * (gid + 1) + steps;
  return std::uint32_t(sum);  // the device's uint sums wrap alike
}

void check_contention_counters(AtomicSpace space, const std::vector<std::uint32_t>& counters, std::uint64_t global,
                               std::uint32_t share, std::uint32_t adds) {
  const std::uint64_t n = global / share;
  if (counters.size() != n)
    throw WrongResult(label(space, share) + ": " + std::to_string(counters.size()) + " counters read, not " + std::to_string(n));
  for (std::uint64_t c = 0; c < n; ++c)
    if (const std::uint32_t want = contention_counter(c, share, adds); counters[c] != want)
      throw WrongResult(label(space, share) + ": counter " + std::to_string(c) + " ends at " + std::to_string(counters[c]) +
                        ", not " + std::to_string(want));
}

MeasuredSeries measure_atomic_contention(Session& s, const SeriesTags& which) {
  ContentionRun run(s, *which.space);
  MeasuredSeries series;
  series.tags = which;
  series.launch = run.shape();
  // Global memory: beyond the work-group too (work-items of several groups,
  // on several compute units or threads, on one address); local memory: its group.
  const LaunchShape& shape = run.shape();
  for (std::uint32_t share : contention_levels(*which.space == AtomicSpace::global ? shape.global : shape.local))
    series.points.push_back(run.measure(share));
  return series;
}


ProgramList programs_atomic_contention(const Plan&, const std::vector<SeriesTags>&) {
  return {{"atomic_contention.cl", "-cl-std=CL1.2"}};
}

}  // namespace roofline
