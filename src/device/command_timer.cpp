#include "device/command_timer.hpp"

#include <chrono>
#include <cstdint>
#include <sstream>
#include <thread>

namespace roofline {
namespace {

using Clock = std::chrono::steady_clock;

double seconds_between(Clock::time_point a, Clock::time_point b) { return std::chrono::duration<double>(b - a).count(); }

struct Stamps {
  cl_ulong start = 0, end = 0;
};

Stamps stamps_of(const cl::Event& e) {
  return {e.getProfilingInfo<CL_PROFILING_COMMAND_START>(), e.getProfilingInfo<CL_PROFILING_COMMAND_END>()};
}

// Why the stamps of two writes `host_gap` seconds apart (the host slept
// between them) and within `host_span` seconds in all are not a clock, or ""
// when they are one: each START <= END, and the device's gap between the
// first's END and the second's START at least half the host's gap and at
// most twice the whole span (a timer in the wrong unit fails one of them).
std::string judge(const Stamps& a, const Stamps& b, double host_gap, double host_span) {
  const double device_gap = b.start >= a.end ? double(b.start - a.end) * 1e-9 : -1;
  if (a.start <= a.end && b.start <= b.end && device_gap >= 0.5 * host_gap && device_gap <= 2 * host_span + 1e-3)
    return "";
  std::ostringstream o;
  o.precision(3);
  o << "the driver's profiling stamps are not a clock (two writes " << host_gap * 1e3
    << " ms apart on the host read START " << a.start << " and " << b.start << " ns, END " << a.end << " and " << b.end
    << " ns)";
  return o.str();
}

}  // namespace

CommandTimer::CommandTimer(const cl::Context& context, const cl::CommandQueue& queue) {
  constexpr auto kSleep = std::chrono::milliseconds(5);
  try {
    cl::Buffer buffer(context, CL_MEM_READ_WRITE, sizeof(std::uint32_t));
    const std::uint32_t value = 0;
    const auto write = [&] {
      cl::Event e;
      queue.enqueueWriteBuffer(buffer, CL_TRUE, 0, sizeof value, &value, nullptr, &e);
      e.wait();
      return stamps_of(e);
    };
    write();  // the first command may set the queue up
    const Clock::time_point t0 = Clock::now();
    const Stamps first = write();
    const Clock::time_point slept_from = Clock::now();
    std::this_thread::sleep_for(kSleep);
    const Clock::time_point slept_to = Clock::now();
    const Stamps second = write();
    why_host_timed_ = judge(first, second, seconds_between(slept_from, slept_to), seconds_between(t0, Clock::now()));
  } catch (const cl::Error& e) {
    why_host_timed_ = "the driver gives no profiling stamps (" + std::string(e.what()) + ", OpenCL error " +
                      std::to_string(e.err()) + ")";
  }
  if (!why_host_timed_.empty())
    why_host_timed_ += ": commands are timed on the host around each blocking command, launch overhead included";
}

double CommandTimer::time(const std::function<cl::Event()>& enqueue) const {
  const Clock::time_point t0 = Clock::now();
  cl::Event e = enqueue();
  e.wait();
  if (host_timed()) return seconds_between(t0, Clock::now());
  const Stamps s = stamps_of(e);
  return double(s.end - s.start) * 1e-9;
}

}  // namespace roofline
