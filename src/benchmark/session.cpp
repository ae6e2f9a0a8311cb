#include "benchmark/session.hpp"

#include <chrono>
#include <cstdlib>
#include <sstream>

#include "measurement/interrupt.hpp"

namespace roofline {

Session::Session(const DeviceEntry& d, const Plan& p, const std::string& kernel_dir, Progress& prog)
    : device(d),
      plan(p),
      context(d.device),
      queue(context, d.device, CL_QUEUE_PROFILING_ENABLE),
      timer(context, queue),
      programs(context, d.device, kernel_dir),
      loop_budget(measure_loop_budget(programs, context, queue)),
      progress(prog) {
  std::string why;
  clock = make_clock_sampler(d, why);
  if (!clock && !d.is_cpu()) notes.push_back("clock under load not read: " + why);
}

double Session::run_timed(const cl::Kernel& kernel, const LaunchShape& s) {
  const auto t0 = std::chrono::steady_clock::now();
  const double seconds = timer.time([&] {
    cl::Event ev;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(s.global), cl::NDRange(s.local), nullptr, &ev);
    return ev;
  });
  if (ledger.watching) {
    ++ledger.launches;
    ledger.device_s += seconds;
    ledger.host_s += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (ledger.disagrees()) {
      std::ostringstream o;
      o.precision(3);
      o << "the device's timer says the first " << ledger.launches << " launches took " << ledger.device_s
        << " s, the host waited " << ledger.host_s
        << " s for them: its profiling stamps do not time the kernels, so the launches planned from them run far "
           "longer than planned";
      throw TimerDisagrees(o.str());
    }
  }
  return seconds;
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
