// app: the application layer, between the command line (cli/) and the layers
// of the one-way flow device -> benchmark -> measurement -> model -> chart.
// Each command is a function from a request to a result; it runs the
// pipeline, writes the files, and throws typed errors (errors.hpp). Nothing
// here parses a command line or prints.
//
//   build.hpp          roofline build: the steps table, partial files, the wrong-result policy
//   build_power.hpp    the energy side of a build: idle, ceiling power, mixed kernels (used by build)
//   place.hpp          roofline place and count: counts, time, power, the bound
//   kernel_request.hpp a user's kernel as the command line names it
//   kernel_setup.hpp   the kernel read, specified, built and counted (used by place)
//   plot.hpp           roofline plot and report: charts drawn again from files
//   trace.hpp          roofline trace: an application's kernels captured, counted and placed
//   trace_merge.hpp    roofline trace --merge: the ranks' trace files as one, with each rank's share and the imbalance
//   fleet.hpp          roofline fleet: many devices' roofs files compared, the report and its gate
//   compare.hpp        roofline compare: two runs side by side, the table, chart and CI gate
//   export.hpp         roofline export: any file as CSV (ceilings, placements, kernels, findings)
//   output_template.hpp output paths with {host}, {device}, {rank}...: one file per process of a job
//   energy_check.hpp   roofline energy: the idle power a counter reads
//   device_choice.hpp  the device --device names
//   output_files.hpp   where results go: paths named after the device, charts beside a chart
//   command_files.hpp  every command's inputs and outputs, checked before any work
//   worker.hpp         a user's kernel run in a child process: crashes and hangs cost the child, not the tool
//   instrumenter.hpp   roofline-instrument, the Clang instrumenter, run as a program of its own (no LLVM in roofline)
//   child_process.hpp  a helper program run with pipes, a deadline and its death in words
//   errors.hpp         how a command fails, and what each failure means
#pragma once

#include "app/analyze.hpp"
#include "app/build.hpp"
#include "app/build_devices.hpp"
#include "app/command_files.hpp"
#include "app/compare.hpp"
#include "app/device_choice.hpp"
#include "app/energy_check.hpp"
#include "app/export.hpp"
#include "app/errors.hpp"
#include "app/fleet.hpp"
#include "app/kernel_request.hpp"
#include "app/output_files.hpp"
#include "app/output_template.hpp"
#include "app/place.hpp"
#include "app/plot.hpp"
#include "app/trace.hpp"
