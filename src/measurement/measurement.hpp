// measurement: how often to repeat and what a repeated figure is, the third
// room of the one-way flow device -> benchmark -> measurement -> model -> chart.
// Benchmarks hand it timings and counter readings; it hands back statistics
// (median, extremes, spread, samples) and power. It knows nothing of roofs.
//
//   sampler.hpp          repeat until the relative standard error is small or the budget is spent
//   stats.hpp            summary statistics kept with every figure
//   energy_source.hpp    one interface over the energy counters (PAPI, perf power PMU, powercap, NVML)
//   energy_perf.hpp, energy_powercap.hpp
//                        the sysfs-reading backends' parsing, exposed for tests
//   power_meter.hpp      power from a counter: idle, windows of update periods, median of windows
//   progress.hpp         the progress line on stderr (silent when it is not a terminal)
//   interrupt.hpp        Ctrl-C between two measurements
#pragma once

#include "measurement/energy_source.hpp"
#include "measurement/interrupt.hpp"
#include "measurement/power_meter.hpp"
#include "measurement/progress.hpp"
#include "measurement/sampler.hpp"
#include "measurement/stats.hpp"
