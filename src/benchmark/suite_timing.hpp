// benchmark/suite_timing: what the suite's benchmarks share: the work per
// launch that lasts the plan's target time, and a point's timed samples.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include <CL/opencl.hpp>

#include "benchmark/session.hpp"
#include "model/stats.hpp"

namespace roofline {

// The iteration count (at least 1, at most `most`) for which one launch lasts
// about `target_s`: `seconds(n)` times a launch of n iterations; n doubles
// from `first` until a launch lasts a tenth of the target, then scales.
std::uint32_t calibrate_iterations(const std::function<double(std::uint32_t)>& seconds, std::uint32_t first,
                                   std::uint32_t most, double target_s);

// The seconds of each timed launch of `kernel` at `shape`, sampled by the
// plan's suite policy (one sample where the first launch outlasted the policy's whole budget).
std::vector<double> time_launches(Session& session, const cl::Kernel& kernel, const LaunchShape& shape, double first_launch_s);

}  // namespace roofline
