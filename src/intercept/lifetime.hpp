// intercept/lifetime: when the capture starts and when its manifest is
// written. It starts at the first OpenCL call of a process whose environment
// names a capture folder. A worker thread writes the buffer copies as their
// reads complete and rewrites the manifest (state "running") at most every
// ROOFLINE_CAPTURE_FLUSH_MS while anything changed, so an application that
// is killed or calls _exit leaves what happened up to then. The manifest is
// written again when the application releases its last context
// ("contexts_released") and at exit ("exited"), each time after waiting (a
// bounded time) for pending completions and copies. A child forked from a
// traced process captures nothing: the folder is its parent's.
#pragma once
#include "intercept/capture.hpp"

namespace roofline::intercept {

// After the application created a context: the exit hook is registered then,
// once the driver is loaded, so that it runs before the driver's own teardown.
void on_context_created();
// Before the application's release of a context it holds no more goes
// through: the layer's queues on it are released; for the last context,
// pending completions and copies are waited for (a bounded time).
void before_context_release(cl_context context, bool last);
// After the last context's release went through.
void after_last_context_release();
// Wakes the worker (a copy was handed to it).
void wake_worker();

}  // namespace roofline::intercept
