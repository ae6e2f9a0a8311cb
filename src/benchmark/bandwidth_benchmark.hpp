// benchmark/bandwidth_benchmark: the first DRAM roofs, read-only and copy
// bandwidth over a buffer several times the last-level cache, from
// kernels/bandwidth.cl, with the access pattern each device type needs.
#pragma once
#include <string>
#include <vector>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "model/roofs.hpp"

namespace roofline {

// The DRAM "read" and "copy" ceilings, in that order. Copy counts the bytes
// read plus the bytes written (the STREAM convention; a CPU's write-allocate
// traffic is not counted). Throws std::runtime_error when a kernel's output
// is wrong or the buffers cannot be allocated.
// With `replays`, one replay per ceiling returned (same order), for power.
std::vector<Ceiling> measure_dram(Session& session, std::vector<ReplayAt>* replays = nullptr);

}  // namespace roofline
