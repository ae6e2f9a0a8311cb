// intercept/timing: every captured command is timed from its event's
// profiling timestamps (the layer enables profiling on every queue). The
// command signals the application's event when it asked for one (the layer
// retains it until the command completes) or one the layer adds and releases.
// A CL_COMPLETE callback reads the times, so out-of-order queues, commands
// waiting on user events and applications that never wait all work.
#pragma once
#include <optional>

#include "intercept/capture.hpp"

namespace roofline::intercept {

// Commands whose completion callback has not run yet.
long commands_in_flight();

// Forwards a command through `call(event)` and times it: `call` gets the
// event pointer to pass on (the application's, or the layer's own).
template <typename Call>
cl_int timed(Capture* capture, std::optional<CommandRef> command, cl_event* app_event, Call&& call);

// After a command was enqueued with event `e`: time it when it completes.
// `retain`: the event is the application's (the layer keeps a reference).
void time_command(Capture& capture, CommandRef command, cl_event e, bool retain) noexcept;

template <typename Call>
cl_int timed(Capture* capture, std::optional<CommandRef> command, cl_event* app_event, Call&& call) {
  if (!capture || !command) return call(app_event);
  cl_event own = nullptr;
  const cl_int err = call(app_event ? app_event : &own);
  if (err != CL_SUCCESS) {
    try {
      capture->enqueue_failed(*command);
    } catch (...) {
    }
    return err;
  }
  time_command(*capture, *command, app_event ? *app_event : own, app_event != nullptr);
  return err;
}

}  // namespace roofline::intercept
