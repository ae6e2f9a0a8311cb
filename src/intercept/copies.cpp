#include "intercept/copies.hpp"

#include <algorithm>
#include <map>
#include <mutex>

#include "intercept/dispatch.hpp"
#include "intercept/files.hpp"

namespace roofline::intercept {
namespace {

// A copy being mapped for the worker to write.
struct Readback {
  std::uint32_t signature = 0;
  std::size_t copy = 0;
  cl_command_queue queue = nullptr;  // the layer's, where the copies are mapped (retained: the context may go first)
  struct Part {
    BufferToCopy buffer;
    cl_mem copy = nullptr;
    cl_event read = nullptr;  // the map's
    void* host = nullptr;     // the copy, mapped for reading (no host copy where the device shares memory)
  };
  std::vector<Part> parts;
};

std::mutex g_mutex;
std::vector<Readback> g_pending;
std::map<std::pair<cl_context, cl_device_id>, cl_command_queue> g_queues;

void release(cl_mem m) {
  if (m) next().clReleaseMemObject(m);
}
void release(cl_event e) {
  if (e) next().clReleaseEvent(e);
}

std::string error_text(const char* what, cl_int err) { return std::string(what) + " failed (OpenCL error " + std::to_string(err) + ")"; }

// The layer's own queue on the launch's context and device, for the reads.
cl_command_queue layer_queue(cl_context context, cl_device_id device, cl_int& err) {
  std::lock_guard<std::mutex> lock(g_mutex);
  auto& q = g_queues[{context, device}];
  if (q) return q;
  const cl_icd_dispatch& d = next();
  if (d.clCreateCommandQueueWithProperties) {
    const cl_queue_properties none[] = {0};
    q = d.clCreateCommandQueueWithProperties(context, device, none, &err);
  } else {
    q = d.clCreateCommandQueue(context, device, 0, &err);
  }
  if (!q) g_queues.erase({context, device});
  return q;
}

// Writes a finished readback's files; returns what the manifest records of it.
std::vector<CapturedCopyFile> write_files(Capture& capture, const Readback& r, std::string& problem) {
  std::vector<CapturedCopyFile> out;
  const std::string folder = "copies/s" + std::to_string(r.signature) + "-" + std::to_string(r.copy);
  if (!make_dirs(capture.process_dir() + "/" + folder)) {
    problem = "cannot create " + capture.process_dir() + "/" + folder;
    return {};
  }
  for (const Readback::Part& p : r.parts) {
    const std::string file = folder + "/arg" + std::to_string(p.buffer.args.front()) + ".bin";
    if (!write_whole(capture.process_dir() + "/" + file, static_cast<const char*>(p.host), p.buffer.size)) {
      problem = "cannot write " + capture.process_dir() + "/" + file;
      return {};
    }
    for (unsigned arg : p.buffer.args) out.push_back({arg, file, p.buffer.size});
  }
  std::sort(out.begin(), out.end(), [](const CapturedCopyFile& a, const CapturedCopyFile& b) { return a.arg < b.arg; });
  return out;
}

void finish(Capture& capture, Readback& r, bool ok, std::string problem) {
  std::vector<CapturedCopyFile> files;
  if (ok) files = write_files(capture, r, problem);
  for (Readback::Part& p : r.parts) {
    if (p.host) next().clEnqueueUnmapMemObject(r.queue, p.copy, p.host, 0, nullptr, nullptr);
    release(p.read);
    release(p.copy);
  }
  if (r.queue) {
    next().clFlush(r.queue);
    next().clReleaseCommandQueue(r.queue);
  }
  capture.copy_done(r.signature, r.copy, problem.empty() ? CopyStatus::written : CopyStatus::failed, problem,
                    std::move(files));
}

}  // namespace

std::vector<cl_event> StartedCopies::events() const {
  std::vector<cl_event> out;
  for (const Part& p : parts) out.push_back(p.copied);
  return out;
}

StartedCopies start_copies(const LaunchPlan& plan, cl_command_queue queue, cl_uint num_wait, const cl_event* wait) {
  StartedCopies out;
  const cl_icd_dispatch& d = next();
  for (const BufferToCopy& b : plan.buffers) {
    cl_int err = CL_SUCCESS;
    StartedCopies::Part part{b, d.clCreateBuffer(plan.context, CL_MEM_READ_WRITE, b.size, nullptr, &err), nullptr};
    if (part.copy)
      err = d.clEnqueueCopyBuffer(queue, b.mem, part.copy, 0, 0, b.size, num_wait, num_wait ? wait : nullptr,
                                  &part.copied);
    if (!part.copy || err != CL_SUCCESS) {
      out.problem = error_text(part.copy ? "copying a buffer" : "allocating a buffer for a copy", err);
      release(part.copy);
      for (StartedCopies::Part& p : out.parts) {
        release(p.copied);
        release(p.copy);
      }
      out.parts.clear();
      return out;
    }
    out.parts.push_back(part);
  }
  return out;
}

void read_back(Capture& capture, const LaunchPlan& plan, StartedCopies& copies, cl_int launch_status) noexcept {
  if (!plan.copy) return;
  const std::uint32_t signature = plan.command.id;
  try {
    std::string problem = copies.problem;
    if (problem.empty() && copies.parts.empty()) problem = "the copies could not be started";
    if (problem.empty() && launch_status != CL_SUCCESS) problem = error_text("the launch", launch_status);
    cl_int err = CL_SUCCESS;
    const cl_command_queue q = problem.empty() ? layer_queue(plan.context, plan.device, err) : nullptr;
    if (problem.empty() && !q) problem = error_text("creating the layer's queue", err);
    Readback r;
    r.signature = signature;
    r.copy = *plan.copy;
    const cl_icd_dispatch& d = next();
    if (q && d.clRetainCommandQueue(q) == CL_SUCCESS) r.queue = q;
    for (StartedCopies::Part& p : copies.parts) {
      Readback::Part part;
      part.buffer = p.buffer;
      part.copy = p.copy;
      if (problem.empty()) {
        part.host = d.clEnqueueMapBuffer(q, p.copy, CL_FALSE, CL_MAP_READ, 0, p.buffer.size, 1, &p.copied, &part.read, &err);
        if (!part.host) problem = error_text("mapping a copy", err);
      }
      release(p.copied);
      r.parts.push_back(std::move(part));
    }
    copies.parts.clear();
    if (r.queue) d.clFlush(r.queue);
    if (!problem.empty()) return finish(capture, r, false, problem);
    std::lock_guard<std::mutex> lock(g_mutex);
    g_pending.push_back(std::move(r));
  } catch (const std::exception& e) {
    capture.copy_done(signature, *plan.copy, CopyStatus::failed, e.what(), {});
  } catch (...) {
  }
}

std::size_t poll_copies(Capture& capture) {
  std::vector<std::pair<Readback, bool>> done;
  std::size_t left = 0;
  {
    std::lock_guard<std::mutex> lock(g_mutex);
    const cl_icd_dispatch& d = next();
    for (auto it = g_pending.begin(); it != g_pending.end();) {
      bool complete = true, failed = false;
      for (const Readback::Part& p : it->parts) {
        cl_int status = CL_QUEUED;
        if (d.clGetEventInfo(p.read, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr) != CL_SUCCESS ||
            status < 0)
          failed = true;
        else if (status != CL_COMPLETE)
          complete = false;
      }
      if (failed || complete) {
        done.emplace_back(std::move(*it), !failed);
        it = g_pending.erase(it);
      } else {
        ++it;
      }
    }
    left = g_pending.size();
  }
  for (auto& [r, ok] : done) finish(capture, r, ok, ok ? std::string() : "the device copy or its read failed");
  return left;
}

std::size_t copies_pending() {
  std::lock_guard<std::mutex> lock(g_mutex);
  return g_pending.size();
}

void release_layer_queues(cl_context context) {
  std::lock_guard<std::mutex> lock(g_mutex);
  for (auto it = g_queues.begin(); it != g_queues.end();) {
    if (it->first.first == context) {
      next().clReleaseCommandQueue(it->second);
      it = g_queues.erase(it);
    } else {
      ++it;
    }
  }
}

}  // namespace roofline::intercept
