// benchmark/power_readings: the power of measured kernels, read by a power
// meter (measurement/power_meter) while their replays run back to back: a
// ceiling's best point and its work-group count sweep, and the
// mixed-intensity kernels the power model is fitted to (analysis/power_model).
#pragma once
#include <string>
#include <vector>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "measurement/power_meter.hpp"
#include "analysis/power_model.hpp"

namespace roofline {

// The power of the ceiling's best point (its median over the meter's
// windows). Throws std::runtime_error when the counter does not move.
CeilingPower measure_ceiling_power(PowerMeter& meter, const Ceiling& ceiling, const ReplayAt& replay);

// The power of every point of the ceiling's work-group count sweep, over
// `windows` windows each (the thesis's power sweeps, figures 4.23-4.26).
void measure_sweep_power(Session& session, PowerMeter& meter, Ceiling& ceiling, const ReplayAt& replay, int windows);

// The mixed kernels of `level` at every AI of mixed_kernel_ais(), each timed
// and checked (benchmark/mixed_benchmark) and then read for power, appended
// to `out` as they finish. A kernel whose power cannot be read is skipped
// with a note in `notes`. Throws WrongResult for a wrong output (the kernels
// finished stay in `out`), KernelBuildError, and OpenCL errors.
void measure_mixed_power(Session& session, PowerMeter& meter, const MixedLevel& level,
                         std::vector<MixedKernelPower>& out, std::vector<std::string>& notes);

}  // namespace roofline
