#include "benchmark/session.hpp"

#include <chrono>
#include <cstdlib>

#include "measurement/interrupt.hpp"

namespace roofline {

Session::Session(const DeviceEntry& d, const Plan& p, const std::string& kernel_dir, Progress& prog)
    : device(d),
      plan(p),
      context(d.device),
      queue(context, d.device, CL_QUEUE_PROFILING_ENABLE),
      programs(context, d.device, kernel_dir),
      progress(prog) {
  std::string why;
  clock = make_clock_sampler(d, why);
  if (!clock && !d.is_cpu()) notes.push_back("clock under load not read: " + why);
}

double Session::run_timed(const cl::Kernel& kernel, const LaunchShape& s) {
  cl::Event ev;
  queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(s.global), cl::NDRange(s.local), nullptr, &ev);
  ev.wait();
  const auto start = ev.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const auto end = ev.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return double(end - start) * 1e-9;
}

cl::Buffer Session::working_set_buffer(cl_mem_flags flags, std::size_t bytes) {
  if (!device.is_cpu()) return cl::Buffer(context, flags, bytes);
  constexpr std::size_t kAlign = std::size_t(2) << 20;
  void* host = std::aligned_alloc(kAlign, (bytes + kAlign - 1) / kAlign * kAlign);
  if (!host) throw cl::Error(CL_OUT_OF_HOST_MEMORY, "aligned_alloc");
  try {
    cl::Buffer b(context, flags | CL_MEM_USE_HOST_PTR, bytes, host);
    // The runtime may use the memory until it releases the buffer, so the buffer frees it.
    b.setDestructorCallback([](cl_mem, void* p) { std::free(p); }, host);
    return b;
  } catch (...) {
    std::free(host);
    throw;
  }
}

std::size_t Session::max_local(const cl::Kernel& kernel) const {
  return kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(device.device);
}

void Session::warm_up_with(const std::function<void()>& run_once, double seconds) {
  auto t0 = std::chrono::steady_clock::now();
  do {
    throw_if_interrupted();
    run_once();
  } while (std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() < seconds);
}

}  // namespace roofline
