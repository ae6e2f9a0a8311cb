#include "benchmark/session.hpp"

#include <chrono>

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
