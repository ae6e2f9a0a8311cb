// The scalability sweep of benchmark/suite_benchmark (kernels/vector_add.cl).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "benchmark/random_fill.hpp"
#include "benchmark/suite_benchmark.hpp"
#include "benchmark/suite_timing.hpp"
#include "measurement/interrupt.hpp"
#include "measurement/sampler.hpp"

namespace roofline {
namespace {

// Random floats in [1, 2): finite, and their sums exact to one rounding.
std::vector<float> random_floats(std::size_t n, std::uint64_t seed) {
  std::vector<std::uint32_t> words(n);
  fill_random(words.data(), n, seed);
  std::vector<float> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = 1.0f + float(words[i] >> 8) / float(1u << 24);
  return out;
}

std::string vector_add_options(const Plan& plan) { return std::string("-cl-std=CL1.2 -DCHUNKED=") + (plan.chunked ? "1" : "0"); }

class VectorAddRun {
 public:
  explicit VectorAddRun(Session& s) : s_(s) {
    n_ = s.plan.suite.scalability_bytes / 12 / 1024 * 1024;
    a_ = random_floats(n_, 5);
    b_ = random_floats(n_, 6);
    const std::size_t bytes = n_ * sizeof(float);
    da_ = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, a_.data());
    db_ = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, bytes, b_.data());
    dc_ = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, bytes);
    kernel_ = cl::Kernel(s.programs.get("vector_add.cl", vector_add_options(s.plan)), "vector_add");
    kernel_.setArg(0, da_);
    kernel_.setArg(1, db_);
    kernel_.setArg(2, dc_);
    kernel_.setArg(3, cl_uint(n_));
    // A power of two, so that it divides every count of the sweep it is below
    // (powers of the plan's step, itself a power of two).
    max_local_ = floor_pow2(std::min<std::uint64_t>(s.plan.suite.scalability_max_local, s.max_local(kernel_)));
  }

  std::uint64_t elements() const { return n_; }
  double moved_bytes() const { return 3.0 * double(n_) * sizeof(float); }

  // c filled with NaN, one launch checked element by element, then the timed ones.
  SeriesPoint measure(std::uint64_t items) {
    s_.progress.detail("scalability, " + std::to_string(items) + " work-items");
    const LaunchShape shape{items, std::min(items, max_local_)};
    const std::size_t bytes = n_ * sizeof(float);
    s_.queue.enqueueFillBuffer(dc_, std::numeric_limits<float>::quiet_NaN(), 0, bytes);
    const double first = s_.run_timed(kernel_, shape);
    std::vector<float> c(n_);
    s_.queue.enqueueReadBuffer(dc_, CL_TRUE, 0, bytes, c.data());
    check_vector_add(a_, b_, c);
    const std::vector<double> seconds = time_launches(s_, kernel_, shape, first);
    return {double(items), rate_stats(seconds, moved_bytes()), summarize(seconds), shape.local};
  }

 private:
  Session& s_;
  std::uint64_t n_ = 0, max_local_ = 1;
  std::vector<float> a_, b_;
  cl::Buffer da_, db_, dc_;
  cl::Kernel kernel_;
};

// Past the plan's last count (GPUs only), the sweep goes on while the
// bandwidth still grows: it stops two steps after the last 5% gain, or at
// one work-item per element.
bool keep_going(const SuitePlan& plan, std::uint64_t items, std::uint64_t elements, int steps_since_gain) {
  if (items > elements) return false;
  if (items <= plan.scalability_items) return true;
  return plan.scalability_beyond && steps_since_gain < 2;
}

}  // namespace

void check_vector_add(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    const float want = a[i] + b[i];
    if (i >= c.size() || std::memcmp(&c[i], &want, sizeof want) != 0)
      throw WrongResult("vector add (scalability): c[" + std::to_string(i) + "] is " +
                        (i < c.size() ? std::to_string(c[i]) : std::string("missing")) + ", not " + std::to_string(want));
  }
}

// Bandwidth by work-items; the row derives the saturation point.
MeasuredSeries measure_scalability(Session& s, const SeriesTags&) {
  const SuitePlan& plan = s.plan.suite;
  VectorAddRun run(s);
  MeasuredSeries sweep;
  sweep.bytes = std::uint64_t(run.moved_bytes());
  double best = 0;
  int since_gain = 0;
  // Where the driver stops loops early, the sweep starts at the first count
  // whose work-items each loop within its budget.
  const std::uint64_t budget = within_loop_budget(s.loop_budget, 0xFFFFFFFFu);
  std::uint64_t first = 1;
  while (first < run.elements() && (run.elements() + first - 1) / first > budget) first *= plan.scalability_step;
  if (first > 1)
    s.notes.push_back("scalability: from " + std::to_string(first) +
                      " work-items: with fewer, each would loop past the driver's loop budget");
  for (std::uint64_t items = first; keep_going(plan, items, run.elements(), since_gain); items *= plan.scalability_step) {
    throw_if_interrupted();
    SeriesPoint p = run.measure(items);
    if (p.y.median > 1.05 * best) since_gain = 0;
    else ++since_gain;
    best = std::max(best, p.y.median);
    sweep.points.push_back(p);
  }
  return sweep;
}


ProgramList programs_scalability(const Plan& plan, const std::vector<SeriesTags>&) {
  return {{"vector_add.cl", vector_add_options(plan)}};
}

}  // namespace roofline
