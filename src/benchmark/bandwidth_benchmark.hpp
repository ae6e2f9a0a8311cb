// benchmark/bandwidth_benchmark: the DRAM roofs, read-only, store-only and
// copy bandwidth over a buffer several times the last-level cache, from
// kernels/bandwidth.cl, with the access pattern each device type needs.
#pragma once
#include <string>
#include <vector>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "model/roofs.hpp"

namespace roofline {

// The DRAM read, store and copy ceilings, in that order. Copy counts the
// bytes read plus the bytes written (the STREAM convention; a CPU's
// write-allocate traffic is not counted, nor for stores). Throws WrongResult when a kernel's output is
// wrong and std::runtime_error when the buffers cannot be allocated.
// With `with_replays`, each ceiling comes with its kernel's replay (for power).
std::vector<MeasuredCeiling> measure_dram(Session& session, bool with_replays = false);

// The programs the DRAM step builds: one per width of the plan.
ProgramList dram_programs(const Plan& plan);

}  // namespace roofline
