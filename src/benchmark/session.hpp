// benchmark/session: what every microbenchmark of one run shares: the device,
// its context and profiling queue, the program cache, the run plan, progress
// reporting, and the clock sampler.
#pragma once
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <CL/opencl.hpp>

#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "device/clock.hpp"
#include "device/device.hpp"
#include "measurement/progress.hpp"
#include "model/roofs.hpp"

namespace roofline {

// A kernel's output failed the host's check: its figure would be meaningless.
struct WrongResult : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Session {
  Session(const DeviceEntry& device, const Plan& plan, const std::string& kernel_dir, Progress& progress);

  const DeviceEntry& device;
  Plan plan;
  cl::Context context;
  cl::CommandQueue queue;  // in order, with profiling
  ProgramCache programs;
  Progress& progress;
  std::unique_ptr<ClockSampler> clock;  // may be null
  std::vector<std::string> notes;       // what was skipped and why

  // Runs one launch and returns its device time in seconds, from the event's
  // START and END profiling stamps (queueing and launch overhead excluded).
  double run_timed(const cl::Kernel& kernel, const LaunchShape& shape);
  // A buffer for working sets that must sit in a cache level (sweeps, pointer
  // chase). On CPU devices it lives in host memory aligned to 2 MiB: PoCL maps
  // a large buffer a page or two below a 64 MiB boundary, and on AMD Zen the
  // pages on either side of such a boundary alias in the L1's way predictor
  // (a hash of linear address bits), so a working set across it misses in L1
  // at a third of the L1's size (a Zen 4 chase: L1 latency up to 8 KiB of its
  // 32; roofs/README.md). Elsewhere it is an ordinary device buffer.
  cl::Buffer working_set_buffer(cl_mem_flags flags, std::size_t bytes);
  // The largest work-group size this kernel accepts on this device.
  std::size_t max_local(const cl::Kernel& kernel) const;
  // Repeats `run_once` for `seconds` so that clocks ramp up before the first timing.
  void warm_up_with(const std::function<void()>& run_once, double seconds);
  bool warmed = false;
};

}  // namespace roofline
