// intercept/copies: the buffers a launch reads, copied on the device just
// before it, for counting outside the application. The copies go on the
// launch's own queue after the launch's wait list (on an out-of-order queue
// the launch also waits for them), into buffers the layer owns; the layer
// maps them on a queue of its own (no host copy where the device shares
// memory) and a worker thread writes them to files, so the application's buffers, results and launches are untouched
// (a counted signature's first launch starts after its copies).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "intercept/capture.hpp"

namespace roofline::intercept {

struct StartedCopies {
  struct Part {
    BufferToCopy buffer;
    cl_mem copy = nullptr;
    cl_event copied = nullptr;
  };
  std::vector<Part> parts;
  std::string problem;  // set when the copies could not be started (then parts is empty)
  std::vector<cl_event> events() const;
};

// Enqueues a copy of each of the plan's buffers on `queue`, after `wait`.
StartedCopies start_copies(const LaunchPlan& plan, cl_command_queue queue, cl_uint num_wait, const cl_event* wait);

// Once the launch is enqueued (with `launch_status`): reads the copies back
// and hands them to the worker, or records why there is no copy.
void read_back(Capture& capture, const LaunchPlan& plan, StartedCopies& copies, cl_int launch_status) noexcept;

// The worker's round: writes the copies whose reads completed, records the
// failed ones; returns how many are still pending.
std::size_t poll_copies(Capture& capture);
std::size_t copies_pending();

// Releases the layer's own queues on a context the application let go of.
void release_layer_queues(cl_context context);

}  // namespace roofline::intercept
