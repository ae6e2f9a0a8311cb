#include "benchmark/suite_timing.hpp"

#include <algorithm>
#include <cmath>

#include "measurement/interrupt.hpp"
#include "measurement/sampler.hpp"

namespace roofline {

std::uint32_t calibrate_iterations(const std::function<double(std::uint32_t)>& seconds, std::uint32_t first,
                                   std::uint32_t most, double target_s) {
  std::uint32_t n = std::clamp<std::uint32_t>(first, 1, most);
  for (;;) {
    throw_if_interrupted();
    const double t = seconds(n);
    if (t >= target_s / 10 || n >= most) {
      const double scaled = double(n) * target_s / std::max(t, 1e-9);
      return std::uint32_t(std::clamp(std::floor(scaled), 1.0, double(most)));
    }
    n = std::uint32_t(std::min<std::uint64_t>(std::uint64_t(n) * 2, most));
  }
}

LaunchShape fit_to_kernel(LaunchShape planned, std::uint64_t kernel_max) {
  planned.local = std::clamp<std::uint64_t>(planned.local, 1, std::max<std::uint64_t>(kernel_max, 1));
  planned.global = std::max<std::uint64_t>(planned.global / planned.local, 1) * planned.local;
  return planned;
}

std::uint64_t floor_pow2(std::uint64_t n) {
  std::uint64_t p = 1;
  while (p <= n / 2) p *= 2;
  return p;
}

std::vector<double> time_launches(Session& s, const cl::Kernel& kernel, const LaunchShape& shape, double first_launch_s) {
  SamplingPolicy policy = s.plan.suite.sampling;
  if (first_launch_s > policy.budget_s) policy.min_samples = 1;
  throw_if_interrupted();
  return sample([&] { return s.run_timed(kernel, shape); }, policy);
}

}  // namespace roofline
