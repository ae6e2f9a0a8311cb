// cli/kernel_launch: what `roofline count` and `roofline place` share: their
// options, reading the .cl file and its // roofline: launch lines, choosing
// the device, preparing the kernel and counting it with the instrumenter.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "benchmark/launch_spec.hpp"
#include "cli/cli_support.hpp"
#include "benchmark/user_kernel.hpp"
#include "device/device.hpp"
#include "model/counts_file.hpp"

namespace roofline {

struct KernelOptions {
  std::string file;                  // the .cl file
  std::string kernel, global, local, build_options;
  std::vector<std::string> args, defines;
  std::string device, output;
  // place only
  std::string roofs, svg, counts;
  std::string label;
  int runs = 0;              // timed runs; 0: until the RSE is under 1% (5 to 100 runs, 2 s budget)
  double warmup_s = -1;      // warm-up seconds; negative: 0.5 on GPUs, 0.2 on CPUs
  std::string energy = "auto";  // --energy: auto, papi, perf, powercap, nvml, none
  bool quiet = false;
  std::string command_line;
};

// A prepared launch: the source, its merged spec, the device and the built kernel.
struct PreparedKernel {
  std::string source;
  LaunchSpec spec;
  std::vector<DeviceEntry> devices;
  const DeviceEntry* device = nullptr;
  std::unique_ptr<UserKernel> kernel;
  CountedLaunch launch() const;
};

// Reads the file, merges the specs, picks the device and builds the kernel;
// prints the error and returns the exit status on failure (0: prepared).
int prepare_kernel(const KernelOptions& o, PreparedKernel& out);

// Instruments and runs the counting copy; prints the error and returns the
// exit status on failure (0: counted).
int count_kernel(const KernelOptions& o, PreparedKernel& k, CountsFile& out);

// "12.3 GFLOP" style table of counts.
std::string format_counts(const CountsFile& c);


}  // namespace roofline
