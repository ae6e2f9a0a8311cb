#include "intercept/timing.hpp"

#include <atomic>

#include "intercept/dispatch.hpp"

namespace roofline::intercept {
namespace {

std::atomic<long> g_in_flight{0};

void CL_CALLBACK on_complete(cl_event e, cl_int status, void* data) {
  const CommandRef command = CommandRef::decode(data);
  try {
    if (Capture* c = capture()) {
      cl_ulong start = 0, end = 0;
      if (status != CL_COMPLETE) {
        c->command_done(command, false, 0, 0);
      } else if (next().clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_START, sizeof start, &start, nullptr) ==
                     CL_SUCCESS &&
                 next().clGetEventProfilingInfo(e, CL_PROFILING_COMMAND_END, sizeof end, &end, nullptr) == CL_SUCCESS) {
        c->command_done(command, true, start, end);
      } else {
        c->command_untimed(command);
      }
    }
  } catch (...) {
  }
  next().clReleaseEvent(e);
  g_in_flight.fetch_sub(1, std::memory_order_acq_rel);
}

}  // namespace

long commands_in_flight() { return g_in_flight.load(std::memory_order_acquire); }

void time_command(Capture& capture, CommandRef command, cl_event e, bool retain) noexcept {
  try {
    const cl_icd_dispatch& d = next();
    // Untimed: the layer's own event is released, the application's left as it is.
    auto untimed = [&] {
      if (!retain && e && d.clReleaseEvent) d.clReleaseEvent(e);
      capture.command_untimed(command);
    };
    if (!e || !d.clSetEventCallback || !d.clGetEventProfilingInfo || !d.clRetainEvent || !d.clReleaseEvent)
      return untimed();
    if (retain && d.clRetainEvent(e) != CL_SUCCESS) return capture.command_untimed(command);
    g_in_flight.fetch_add(1, std::memory_order_acq_rel);
    if (d.clSetEventCallback(e, CL_COMPLETE, on_complete, command.encode()) != CL_SUCCESS) {
      g_in_flight.fetch_sub(1, std::memory_order_acq_rel);
      d.clReleaseEvent(e);  // the layer's reference, or its own event
      capture.command_untimed(command);
    }
  } catch (...) {
  }
}

}  // namespace roofline::intercept
