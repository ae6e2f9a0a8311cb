// benchmark/session: what every microbenchmark of one run shares: the device,
// its context and profiling queue, the program cache, the run plan, progress
// reporting, and the clock sampler.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <CL/opencl.hpp>

#include "benchmark/loop_budget.hpp"
#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "device/clock.hpp"
#include "device/command_timer.hpp"
#include "device/device.hpp"
#include "measurement/progress.hpp"
#include "model/roofs.hpp"

namespace roofline {

// A kernel's output failed the host's check: its figure would be meaningless.
struct WrongResult : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The device's timer disagrees with the host's clock (see Session::watch):
// launches planned from its figures run far longer than the plan believes.
struct TimerDisagrees : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The time the launches took by the device's timer (what every plan and
// calibration is made of) and by the host's clock, while watched.
struct LaunchLedger {
  bool watching = false;
  std::uint64_t launches = 0;
  double device_s = 0, host_s = 0;
  // The host waited over 10 times the device's figure and over a minute more:
  // per-launch overheads (microseconds to milliseconds) and a first launch's
  // lazy compilation (seconds) stay far below, on a device however slow, since
  // its timer then says so too.
  bool disagrees() const { return host_s > 10 * device_s + 60; }
};

struct Session {
  Session(const DeviceEntry& device, const Plan& plan, const std::string& kernel_dir, Progress& progress);

  const DeviceEntry& device;
  Plan plan;
  cl::Context context;
  cl::CommandQueue queue;  // in order, with profiling
  CommandTimer timer;      // the queue's profiling stamps, or the host's clock where they are not one
  ProgramCache programs;
  LoopBudget loop_budget;  // the iterations a work-item's loops may run, where the driver stops them
  Progress& progress;
  std::unique_ptr<ClockSampler> clock;  // may be null
  std::vector<std::string> notes;       // what was skipped and why

  // Runs one launch and returns its device time in seconds, from the event's
  // START and END profiling stamps (queueing and launch overhead excluded),
  // or from the host's clock where the stamps are not a clock (timer).
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
  // While on, run_timed adds each launch to `ledger` and throws
  // TimerDisagrees once it disagrees (the build watches until its first
  // ceiling is kept: a device whose stamps do not time its kernels makes
  // calibrations ask for launches of hours).
  void watch(bool on) { ledger.watching = on; }
  LaunchLedger ledger;
};

}  // namespace roofline
