// benchmark: the microbenchmarks, the second room of the one-way flow
//   device -> benchmark -> measurement -> model -> chart.
// Takes a DeviceEntry (device/), runs the .cl kernels of kernels/ on it, checks
// every kernel's output on the host, and hands back measured figures with their
// statistics (measurement/) as the roofs document's parts (model/). Nothing
// here draws or writes files.
//
//   session.hpp             what one run shares: context, profiling queue, program cache, plan
//   plan.hpp                what a build measures and how hard it tries (device type, --quick)
//   program_cache.hpp       each (kernel file, build options) built once; build errors with their log
//   compute_benchmark.hpp   ADD and MAD ceilings over types and widths, with their launch sweeps
//   compute_reference.hpp   the host's recomputation of the compute kernels' outputs
//   bandwidth_benchmark.hpp the DRAM read and copy roofs
//   cache_benchmark.hpp     working-set sweep, pointer chase, levels and their roofs, local and constant memory
//   transfer_benchmark.hpp  host-device transfers and launch overhead
//   mixed_benchmark.hpp     mixed-intensity kernels for the power model
//   replay.hpp              a measured kernel kept ready to run again (power readings)
//   random_fill.hpp         incompressible test data
//   launch_spec.hpp, kernel_args.hpp, user_kernel.hpp, source_typedefs.hpp
//                           a user's kernel: its launch spec, argument data, typedefs, and runs (timed or counted)
#pragma once

#include "benchmark/bandwidth_benchmark.hpp"
#include "benchmark/cache_benchmark.hpp"
#include "benchmark/compute_benchmark.hpp"
#include "benchmark/kernel_args.hpp"
#include "benchmark/launch_spec.hpp"
#include "benchmark/mixed_benchmark.hpp"
#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "benchmark/source_typedefs.hpp"
#include "benchmark/transfer_benchmark.hpp"
#include "benchmark/user_kernel.hpp"
