// launch: a user's kernel launched as its launch spec says, beside the
// microbenchmarks (benchmark/) and below the application layer: `roofline
// count`, `place` and later `trace` run kernels through here. Takes a
// DeviceEntry (device/), builds the kernel, makes its argument buffers, times
// it (measurement/ repeats it), reads its power, or runs its instrumented
// copy (count/) and reads the counters into model/op_counts.
//
//   launch_spec.hpp      the launch options and argument specs (command line, // roofline: lines)
//   kernel_args.hpp      the argument data a spec makes, the same on every machine
//   source_typedefs.hpp  typedef'd argument types read from the source (builds without Clang)
//   user_kernel.hpp      the kernel built and checked against its specs; timed, batched or counted runs
//   kernel_power.hpp     its power while it runs back to back
#pragma once

#include "launch/kernel_args.hpp"
#include "launch/kernel_power.hpp"
#include "launch/launch_spec.hpp"
#include "launch/source_typedefs.hpp"
#include "launch/user_kernel.hpp"
