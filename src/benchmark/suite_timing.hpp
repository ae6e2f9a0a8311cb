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

// `planned` in work-groups a kernel takes: local at most `kernel_max`, global
// rounded down to whole work-groups (kernels built for OpenCL C 1.2 take no
// partial one), at least one.
LaunchShape fit_to_kernel(LaunchShape planned, std::uint64_t kernel_max);

// The largest power of two not above n (1 for n = 0).
std::uint64_t floor_pow2(std::uint64_t n);

// The seconds of each timed launch of `kernel` at `shape`, sampled by the
// plan's suite policy (one sample where the first launch outlasted the policy's whole budget).
std::vector<double> time_launches(Session& session, const cl::Kernel& kernel, const LaunchShape& shape, double first_launch_s);

}  // namespace roofline
