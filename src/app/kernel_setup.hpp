// app/kernel_setup: what `roofline count` and `roofline place` (and later
// trace) share: reading the .cl file and its // roofline: launch lines, the
// device, building the kernel with its argument data, and counting it with
// the instrumenter. Inside the application layer only (it holds the launcher).
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/device_choice.hpp"
#include "app/kernel_request.hpp"
#include "launch/launch_spec.hpp"
#include "launch/user_kernel.hpp"
#include "model/counts_file.hpp"

namespace roofline {

// A kernel ready to run: its source, the merged launch spec, the device and the built kernel.
struct PreparedKernel {
  std::string file, source;
  LaunchSpec spec;
  ChosenDevice device;
  std::unique_ptr<UserKernel> kernel;
  CountedLaunch launch() const;
};

// The .cl file a kernel command reads: `file`, or for a replay bundle of
// roofline trace (a folder), its kernel.cl.
std::string kernel_source_file(const std::string& file);

// Reads the file (up to kSourceFileCap), merges the specs, picks the device
// and builds the kernel. Throws InputFileError for an unreadable or oversized
// file, CommandError: usage for a bad spec, and the device and kernel-build
// failures. Inside a worker process only (app/worker): it makes OpenCL
// objects, and starts the instrumenter for the file's typedefs.
PreparedKernel prepare_kernel(const KernelRequest& request);

// How Clang must parse the kernel's file to see what the device build sees
// (the kernel's name and the mode left to the caller).
struct InstrumentRequest instrument_request(const PreparedKernel& kernel);

// The kernel's counting copy, or with `record_addresses` its
// address-recording copy (count/instrument.hpp), made by the instrumenter
// (app/instrumenter), its sites named by the kernel's file as given. Throws
// CommandError: runtime when there is no instrumenter, kernel_build when the
// kernel cannot be instrumented, and the instrumenter's own failures
// (app/instrumenter.hpp).
struct InstrumentResult instrumented_copy(const PreparedKernel& kernel, const KernelRequest& request, bool record_addresses);

// Instruments the kernel and runs the counting copy once. Throws
// CommandError: runtime when counting is unavailable (no instrumenter) or the
// device fails, kernel_build when it cannot be instrumented.
CountsFile count_kernel(PreparedKernel& kernel, const KernelRequest& request);

}  // namespace roofline
