// benchmark/compute_benchmark: the compute ceilings (ADD and MAD over int,
// float, double and half, vector widths 1-16), each from kernels/compute.cl.
// For one (op, type, width) it tries every chain shape and chain count the
// plan allows, keeps the fastest, then sweeps work-group size and count
// (thesis figures 4.1 and 4.2) and reports the best point with its launch shape.
#pragma once
#include <string>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "model/roofs.hpp"

namespace roofline {

// Throws KernelBuildError when the kernel does not build and WrongResult
// when its output is wrong. The result has no theory yet (see device/theory).
// With `with_replay`, it comes with a replay of the winning kernel (for power).
MeasuredCeiling measure_compute(Session& session, Op op, DataType type, int width, bool with_replay = false);

// The time of one dependent `op` (add or mad) of `type` (float types): one
// chain (x = x + b or x = a*x + b, kernels/compute.cl's step and affine
// shapes) in one work-item, its output checked, timed as the plan's sweep
// points are.
OperationLatency measure_latency(Session& session, Op op, DataType type);
// The types whose latency a build measures: the plan's floating-point types.
std::vector<DataType> latency_types(const Plan& plan);

// Every program the plan's compute ceilings will try: each op, type, width,
// chain shape and count, in the order they are measured (for
// ProgramCache::prefetch).
ProgramList compute_programs(const Plan& plan);

}  // namespace roofline
