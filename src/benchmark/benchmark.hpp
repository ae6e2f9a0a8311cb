// benchmark: the microbenchmarks, after the device in the one-way flow
// device -> benchmark -> measurement -> model -> chart. Takes a DeviceEntry,
// runs the .cl kernels of kernels/ on it, checks every kernel's output on the
// host, and hands back measured ceilings with their statistics as the roofs
// document's parts, each with its kernel ready to run again for power.
// Nothing here draws or writes files. Uses: device, measurement, model.
//
//   session.hpp             what one run shares: context, profiling queue, program cache, plan
//   loop_budget.hpp         the loop iterations a work-item may run where a driver stops loops early
//   plan.hpp                what a build measures and how hard it tries (device type, --quick)
//   program_cache.hpp       each (kernel file, build options) built once; build errors with their log
//   compute_benchmark.hpp   ADD and MAD ceilings over types and widths, with their launch sweeps
//   compute_reference.hpp   the host's recomputation of the compute kernels' outputs
//   math_benchmark.hpp      built-in math functions' calls per second (seed 000 Table 1, sqrt/exp2/log2, int mul/div/mod)
//   math_reference.hpp      their arguments, long double references, OpenCL C error bounds and checks
//   bandwidth_benchmark.hpp the DRAM read and copy roofs
//   cache_benchmark.hpp     working-set sweep, pointer chase, levels and their roofs, local and constant memory
//   working_set.hpp         the working-set walks (loads, image reads, stores, copies) the sweep and roofs time
//   transfer_benchmark.hpp  host-device transfers and launch overhead
//   suite_benchmark.hpp     the suite's benchmarks, a row each of model/suite_table: their measure
//                           functions (stride, divergence, scalability, atomics: seed 000) and host checks
//   suite_timing.hpp        the suite's work per launch and timed samples
//   mixed_benchmark.hpp     mixed-intensity kernels for the power model
//   power_readings.hpp      the power of measured kernels and of the mixed kernels (power model)
//   replay.hpp              a measured ceiling with its kernel kept ready to run again (power readings)
//   random_fill.hpp         incompressible test data
#pragma once

#include "benchmark/bandwidth_benchmark.hpp"
#include "benchmark/cache_benchmark.hpp"
#include "benchmark/compute_benchmark.hpp"
#include "benchmark/math_benchmark.hpp"
#include "benchmark/math_reference.hpp"
#include "benchmark/mixed_benchmark.hpp"
#include "benchmark/plan.hpp"
#include "benchmark/power_readings.hpp"
#include "benchmark/program_cache.hpp"
#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "benchmark/suite_benchmark.hpp"
#include "benchmark/transfer_benchmark.hpp"
#include "benchmark/working_set.hpp"
