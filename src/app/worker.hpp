// app/worker: a user's kernel runs in a child process (its build, counting
// run, timed runs and power windows: everything that touches the kernel), so
// that a kernel that faults, or the driver or compiler running it, takes the
// child down and not the tool, and one that never ends can be stopped: the
// child is killed outright (SIGKILL), which works where the driver cannot
// cancel a kernel. The parent reads the result, then writes the files itself:
// a killed child leaves nothing half-written.
//
// The child is forked, not started anew, so the work is any function of the
// caller; fork must come before any OpenCL or Clang object exists in this
// process (OpenCL runtimes do not survive fork: their threads and device state
// stay behind). count and place, and trace's replays, call it first thing.
#pragma once
#include <functional>
#include <string>

namespace roofline {

// Seconds a kernel command (count, place) waits for its worker by default.
// The slowest examples' whole `place` (counting run, an untimed run, at least
// 5 timed runs) takes 70-82 s on a shared 2-core CPU (matmul_simple: 8.6 s a
// launch): 5 minutes leaves them 4x room, fits kernels of up to about 30 s a
// launch, and still ends a hung one within minutes. --timeout 0: no limit.
inline constexpr double kDefaultKernelTimeout = 300;

struct WorkerLimits {
  double timeout_s = kDefaultKernelTimeout;  // the child's whole run; 0: no limit
};

// Given to the work, in the child: what it tells the parent as it goes.
class WorkerChannel {
 public:
  explicit WorkerChannel(int fd) : fd_(fd) {}
  // What the child does now, in words that name the kernel ("counting
  // kernel 'k' of k.cl"): the message says it if the child dies or times out.
  void doing(const std::string& what) const;

 private:
  int fd_;
};

// The work: its result as text (a JSON document), which the parent gets back.
using WorkerJob = std::function<std::string(const WorkerChannel&)>;

// Runs `job` in a child process and returns what it returned. `doing` says
// what the child does until the job says otherwise. Call it before any
// OpenCL or Clang object exists in this process, and after
// install_interrupt_handler (measurement/interrupt.hpp).
// Throws:
// - the job's own failure as a CommandError of the same kind, message and
//   detail (app/errors: a bad argument stays a usage error...);
// - CommandError kernel_crash when the child dies without a result (a signal,
//   an exit of its own), naming what it was doing and the signal or status;
// - CommandError timeout when it has no result after limits.timeout_s (the
//   child is killed);
// - Interrupted on Ctrl-C or SIGTERM (the child is killed).
std::string run_in_worker(const std::string& doing, const WorkerLimits& limits, const WorkerJob& job);

}  // namespace roofline
