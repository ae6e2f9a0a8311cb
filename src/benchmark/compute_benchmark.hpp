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

// On a GPU, every program the plan's compute ceilings will try (each op,
// type, width, chain shape and count, in the order they are measured) is
// built ahead on a thread of its own (ProgramCache::prefetch), while the
// device measures; on a CPU device nothing is.
void prefetch_compute_programs(Session& session);

}  // namespace roofline
