// The branch-divergence test of benchmark/suite_benchmark (kernels/divergence.cl).
#include <optional>
#include <string>

#include "benchmark/suite_benchmark.hpp"
#include "benchmark/suite_timing.hpp"

namespace roofline {
namespace {

// kernels/divergence.cl's PATTERN, ROTATE and STEP.
std::uint32_t pattern(std::uint32_t path) { return (path * 43u + 21u) & 63u; }

std::uint32_t rotate(std::uint32_t x) { return (x << 13) | (x >> 19); }

std::uint32_t step(std::uint32_t path, std::uint32_t s, std::uint32_t x) {
  if ((pattern(path) >> (s % 6)) & 1u) return rotate((x ^ (0x9E3779B9u + s)) + 0x7F4A7C15u * (s + 1));
  return rotate((x + (0x85EBCA6Bu + s)) ^ (0xC2B2AE35u * (s + 1)));
}

std::string divergence_options(int paths) { return "-cl-std=CL1.2 -DPATHS=" + std::to_string(paths); }

class DivergenceRun {
 public:
  explicit DivergenceRun(Session& s) : s_(s) {
    cl::Kernel branch_free = kernel(1);
    shape_ = fit_to_kernel(s.plan.suite.divergence_launch, s.max_local(branch_free));
    out_ = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, shape_.global * 4);
    // One work count for every path count: the same work per work-item, so
    // the times compare.
    iters_ = calibrate_iterations([&](std::uint32_t n) { return run(branch_free, n); }, 64,
                                  within_loop_budget(s.loop_budget, 1u << 28), s.plan.suite.target_s);
  }

  const LaunchShape& shape() const { return shape_; }

  cl::Kernel kernel(int paths) {
    return cl::Kernel(s_.programs.get("divergence.cl", divergence_options(paths)), "divergence");
  }

  double run(cl::Kernel& k, std::uint32_t iters) {
    k.setArg(0, out_);
    k.setArg(1, cl_uint(iters));
    return s_.run_timed(k, shape_);
  }

  // The point of `paths`; none, with a note, when the device takes that
  // kernel only in smaller work-groups than the branch-free one ran in.
  std::optional<SeriesPoint> measure(int paths) {
    s_.progress.detail("branch divergence, " + std::to_string(paths) + (paths == 1 ? " path" : " paths"));
    cl::Kernel k = kernel(paths);
    if (paths > 1 && s_.max_local(k) < shape_.local) {
      s_.notes.push_back("branch divergence: the kernel of " + std::to_string(paths) + " paths takes work-groups of " +
                         std::to_string(s_.max_local(k)) + " at most, not " + std::to_string(shape_.local) + "; not measured");
      return std::nullopt;
    }
    const double first = run(k, iters_);
    std::vector<std::uint32_t> out(shape_.global);
    s_.queue.enqueueReadBuffer(out_, CL_TRUE, 0, out.size() * 4, out.data());
    check_divergence(out, shape_.local, paths, iters_, sampled_items(shape_.global, 256));
    SeriesPoint p;
    p.x = paths;
    p.y = summarize(time_launches(s_, k, shape_, first));
    if (paths == 1) reported_width_ = k.getWorkGroupInfo<CL_KERNEL_PREFERRED_WORK_GROUP_SIZE_MULTIPLE>(s_.device.device);
    return p;
  }

  std::uint64_t reported_width() const { return reported_width_; }

 private:
  Session& s_;
  cl::Buffer out_;
  LaunchShape shape_;
  std::uint32_t iters_ = 1;
  std::uint64_t reported_width_ = 0;
};

}  // namespace

std::uint32_t divergence_value(std::uint32_t gid, int path, std::uint32_t iters) {
  std::uint32_t x = gid;
  for (std::uint32_t i = 0; i < iters; ++i)
    for (std::uint32_t s = 0; s < 8; ++s) x = step(std::uint32_t(path), s, x);
  return x;
}

void check_divergence(const std::vector<std::uint32_t>& out, std::uint64_t local, int paths, std::uint32_t iters,
                      const std::vector<std::uint64_t>& items) {
  for (std::uint64_t gid : items) {
    const int path = int((gid % local) % std::uint64_t(paths));
    const std::uint32_t want = divergence_value(std::uint32_t(gid), path, iters);
    if (gid >= out.size() || out[gid] != want)
      throw WrongResult("branch divergence (" + std::to_string(paths) + " paths): work-item " + std::to_string(gid) +
                        " on path " + std::to_string(path) + " left " +
                        (gid < out.size() ? std::to_string(out[gid]) : std::string("nothing")) + ", not " +
                        std::to_string(want));
  }
}

// Time by path count; the row derives each point's ratio and the implied width.
MeasuredSeries measure_divergence(Session& s, const SeriesTags&) {
  DivergenceRun run(s);
  MeasuredSeries test;
  test.launch = run.shape();
  for (int paths : s.plan.suite.paths) {
    if (std::uint64_t(paths) > test.launch.local) continue;  // a work-group holds fewer lanes than paths
    if (auto point = run.measure(paths)) test.points.push_back(*point);
  }
  if (run.reported_width() > 0) test.marks["reported_width"] = run.reported_width();
  return test;
}


// Path counts a work-group of the plan's launch holds (a kernel that takes
// smaller groups is skipped after its build).
ProgramList programs_divergence(const Plan& plan, const std::vector<SeriesTags>&) {
  ProgramList programs;
  for (int paths : plan.suite.paths)
    if (paths == 1 || std::uint64_t(paths) <= plan.suite.divergence_launch.local)
      programs.push_back({"divergence.cl", divergence_options(paths)});
  return programs;
}

}  // namespace roofline
