// device/command_timer: how long a command took on a device. From the
// event's START and END profiling stamps where the driver's stamps are a
// clock; on the host, around the blocking command, where they are not (Mesa
// 22.3's Rusticl answers QUEUED 0, SUBMIT 1, START 2 and END 3 ns for every
// command: tests/drivers/rusticl/stamps.py, docs/drivers.md).
#pragma once
#include <functional>
#include <string>

#include <CL/opencl.hpp>

namespace roofline {

class CommandTimer {
 public:
  // Probes the queue's stamps: two small writes a few milliseconds apart on
  // the host must be at least half as far apart on the device's timer, each
  // with START <= END. The queue must have been made with profiling.
  CommandTimer(const cl::Context& context, const cl::CommandQueue& queue);

  // Runs `enqueue` (which enqueues one command and returns its event), waits
  // for it and returns its duration in seconds: END - START, or the host's
  // time from before the enqueue to the end of the wait (queueing and launch
  // overhead included) when the stamps are not a clock.
  double time(const std::function<cl::Event()>& enqueue) const;

  bool host_timed() const { return !why_host_timed_.empty(); }
  // Empty when the stamps are used; otherwise what they said and what is
  // done instead, one sentence for a note.
  const std::string& why_host_timed() const { return why_host_timed_; }

 private:
  std::string why_host_timed_;
};

}  // namespace roofline
