// measurement: how a figure is taken. How often to repeat a timing and what a
// repeated figure is (model/stats), energy counters and the power they give,
// the progress line and Ctrl-C between two measurements. Benchmarks and user
// kernels hand it timings and counter readings; it knows nothing of roofs.
// Uses: device (which counter fits a device), model.
//
//   sampler.hpp          repeat until the relative standard error is small or the budget is spent
//   energy_source.hpp    one interface over the energy counters (PAPI, perf power PMU, powercap, NVML)
//   energy_perf.hpp, energy_powercap.hpp
//                        the sysfs-reading backends' parsing, exposed for tests
//   power_meter.hpp      power from a counter: idle, windows of update periods, median of windows
//   progress.hpp         the progress line on stderr (silent when it is not a terminal)
//   interrupt.hpp        Ctrl-C between two measurements
//   host_load.hpp        how much of the host's CPU time other processes took while a run measured
#pragma once

#include "measurement/energy_source.hpp"
#include "measurement/host_load.hpp"
#include "measurement/interrupt.hpp"
#include "measurement/power_meter.hpp"
#include "measurement/progress.hpp"
#include "measurement/sampler.hpp"
