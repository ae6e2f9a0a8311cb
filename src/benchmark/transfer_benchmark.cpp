#include "benchmark/transfer_benchmark.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>

#include "benchmark/random_fill.hpp"
#include "measurement/interrupt.hpp"
#include "analysis/transfer_fit.hpp"

namespace roofline {
namespace {

constexpr std::uint64_t kMinBytes = 4ull << 10;

std::string human_bytes(std::uint64_t b) {
  if (b >= (1ull << 20) && b % (1ull << 20) == 0) return std::to_string(b >> 20) + " MiB";
  if (b >= (1ull << 10) && b % (1ull << 10) == 0) return std::to_string(b >> 10) + " KiB";
  return std::to_string(b) + " B";
}

double event_seconds(const cl::Event& ev) {
  const auto start = ev.getProfilingInfo<CL_PROFILING_COMMAND_START>();
  const auto end = ev.getProfilingInfo<CL_PROFILING_COMMAND_END>();
  return double(end - start) * 1e-9;
}

// Host memory the transfers copy from and to. Preferably a CL_MEM_ALLOC_HOST_PTR
// buffer mapped once for the whole run: on a discrete GPU that is page-locked
// memory the DMA engines reach directly (a pageable vector would add a staging
// copy and measure the host's memcpy as well). A plain vector is the fallback.
class HostStaging {
 public:
  HostStaging(Session& s, std::uint64_t bytes) : queue_(s.queue) {
    try {
      buffer_ = cl::Buffer(s.context, CL_MEM_READ_WRITE | CL_MEM_ALLOC_HOST_PTR, bytes);
      mapped_ = queue_.enqueueMapBuffer(buffer_, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes);
      data_ = static_cast<std::uint8_t*>(mapped_);
    } catch (const cl::Error& e) {
      mapped_ = nullptr;
      buffer_ = cl::Buffer();
      why_ = "OpenCL error " + std::to_string(e.err());
      try {
        fallback_.resize(bytes / 4);
      } catch (const std::bad_alloc&) {
        throw std::runtime_error("cannot allocate " + human_bytes(bytes) + " of host memory for the transfer test");
      }
      data_ = reinterpret_cast<std::uint8_t*>(fallback_.data());
    }
  }
  ~HostStaging() {
    if (mapped_) {
      // The C API: a destructor must not throw.
      clEnqueueUnmapMemObject(queue_(), buffer_(), mapped_, 0, nullptr, nullptr);
      clFinish(queue_());
    }
  }
  HostStaging(const HostStaging&) = delete;
  HostStaging& operator=(const HostStaging&) = delete;

  std::uint8_t* data() { return data_; }
  bool pinned() const { return mapped_ != nullptr; }
  const std::string& why_not_pinned() const { return why_; }

 private:
  cl::CommandQueue queue_;
  cl::Buffer buffer_;
  void* mapped_ = nullptr;
  std::vector<std::uint32_t> fallback_;
  std::uint8_t* data_ = nullptr;
  std::string why_;
};

// One write, read back and map of `n` bytes, compared with the source. It also
// touches the device buffer's pages before they are timed.
void check_round_trip(Session& s, cl::Buffer& dev, std::uint8_t* src, std::uint8_t* dst, std::uint64_t n) {
  std::memset(dst, 0, n);
  s.queue.enqueueWriteBuffer(dev, CL_TRUE, 0, n, src);
  s.queue.enqueueReadBuffer(dev, CL_TRUE, 0, n, dst);
  if (std::memcmp(src, dst, n) != 0)
    throw WrongResult("host-device transfer of " + human_bytes(n) + ": the bytes read back differ from those written");
  void* p = s.queue.enqueueMapBuffer(dev, CL_TRUE, CL_MAP_READ, 0, n);
  const bool same = std::memcmp(src, p, n) == 0;
  cl::Event unmapped;
  s.queue.enqueueUnmapMemObject(dev, p, nullptr, &unmapped);
  unmapped.wait();
  if (!same)
    throw WrongResult("host-device transfer of " + human_bytes(n) + ": the mapped bytes differ from those written");
}

}  // namespace

std::vector<std::uint64_t> transfer_sizes(bool quick, std::uint64_t max_alloc_bytes) {
  const std::uint64_t top = quick ? (64ull << 20) : (256ull << 20);
  const std::uint64_t cap = std::min(top, max_alloc_bytes / 4) / kMinBytes * kMinBytes;
  if (cap < 2 * kMinBytes)
    throw std::runtime_error("the device's largest allocation (" + human_bytes(max_alloc_bytes) +
                             ") is too small for the transfer test");
  const std::uint64_t step = quick ? 16 : 4;
  std::vector<std::uint64_t> sizes;
  for (std::uint64_t b = kMinBytes; b <= cap; b *= step) sizes.push_back(b);
  if (sizes.back() < cap) sizes.push_back(cap);
  return sizes;
}

namespace {

constexpr std::array<TransferDirection, 3> kDirections{TransferDirection::write, TransferDirection::read,
                                                       TransferDirection::map};

// The host and device memory of the transfers, filled with random data.
struct TransferBuffers {
  TransferBuffers(Session& s, std::uint64_t bytes) : src(s, bytes), dst(s, bytes) {
    if (!src.pinned() || !dst.pinned())
      s.notes.push_back("transfers: CL_MEM_ALLOC_HOST_PTR host memory refused (" +
                        (src.pinned() ? dst.why_not_pinned() : src.why_not_pinned()) +
                        "), ordinary host memory used instead");
    fill_random(reinterpret_cast<std::uint32_t*>(src.data()), bytes / 4, 0x7a5f);
    try {
      dev = cl::Buffer(s.context, CL_MEM_READ_WRITE, bytes);
    } catch (const cl::Error& e) {
      throw std::runtime_error("cannot allocate a buffer of " + human_bytes(bytes) + " on the device (OpenCL error " +
                               std::to_string(e.err()) + ")");
    }
  }
  HostStaging src, dst;
  cl::Buffer dev;
};

// One timed transfer of n bytes: its events' START..END (map: the map's plus
// the unmap's), or the host's time where the stamps are not a clock.
double timed_transfer(Session& s, TransferBuffers& b, TransferDirection direction, std::uint64_t n) {
  if (direction == TransferDirection::write)
    return s.timer.time([&] {
      cl::Event ev;
      s.queue.enqueueWriteBuffer(b.dev, CL_FALSE, 0, n, b.src.data(), nullptr, &ev);
      return ev;
    });
  if (direction == TransferDirection::read)
    return s.timer.time([&] {
      cl::Event ev;
      s.queue.enqueueReadBuffer(b.dev, CL_FALSE, 0, n, b.dst.data(), nullptr, &ev);
      return ev;
    });
  void* p = nullptr;
  const double map = s.timer.time([&] {
    cl::Event ev;
    p = s.queue.enqueueMapBuffer(b.dev, CL_FALSE, CL_MAP_READ, 0, n, nullptr, &ev);
    return ev;
  });
  return map + s.timer.time([&] {
    cl::Event unmapped;
    s.queue.enqueueUnmapMemObject(b.dev, p, nullptr, &unmapped);
    return unmapped;
  });
}

// The seconds of each direction by size, every size checked first.
std::array<std::vector<CurvePoint>, 3> transfer_points(Session& s, TransferBuffers& b, const std::vector<std::uint64_t>& sizes) {
  std::array<std::vector<CurvePoint>, 3> points;
  for (std::uint64_t n : sizes) {
    throw_if_interrupted();
    s.progress.detail("transfers: checking " + human_bytes(n));
    check_round_trip(s, b.dev, b.src.data(), b.dst.data(), n);
    for (std::size_t d = 0; d < kDirections.size(); ++d) {
      throw_if_interrupted();
      s.progress.detail("transfers: " + str(kDirections[d]) + " " + human_bytes(n));
      timed_transfer(s, b, kDirections[d], n);  // untimed: first use of this size and direction
      const std::vector<double> t = sample([&] { return timed_transfer(s, b, kDirections[d], n); }, s.plan.sweep);
      points[d].push_back(CurvePoint{double(n), summarize(t)});
    }
  }
  return points;
}

}  // namespace

std::vector<TransferFit> measure_transfers(Session& s) {
  const std::vector<std::uint64_t> sizes = transfer_sizes(s.plan.quick, s.device.identity.max_alloc_bytes);
  const std::uint64_t max_bytes = sizes.back();
  s.progress.detail("transfers: filling " + human_bytes(max_bytes) + " with random data");
  TransferBuffers buffers(s, max_bytes);
  const auto points = transfer_points(s, buffers, sizes);

  std::vector<TransferFit> fits;
  // A map whose largest size takes under a tenth of the read's moved no bytes:
  // zero-copy (CPUs, integrated GPUs). Its times then grow by a few hundred
  // nanoseconds at most, which a line turns into absurd "bandwidths" one run
  // and a flat line the next; it gets the flat result every time.
  const bool zero_copy = points[2].back().stats.median < 0.1 * points[1].back().stats.median;
  for (std::size_t d = 0; d < kDirections.size(); ++d) {
    const bool map = kDirections[d] == TransferDirection::map;
    fits.push_back(map && zero_copy ? flat_transfer_fit(kDirections[d], points[d]) : fit_transfer(kDirections[d], points[d]));
    if (flat_transfer(fits.back()))
      s.notes.push_back("transfers: " + str(kDirections[d]) + " takes about " +
                        std::to_string(fits.back().latency_s * 1e6).substr(0, 5) + " us at every size from " +
                        human_bytes(sizes.front()) + " to " + human_bytes(max_bytes) + (map ? " (zero-copy)" : "") +
                        ": no bandwidth, 0 recorded");
  }
  return fits;
}

LaunchOverhead measure_launch_overhead(Session& s) {
  cl::Kernel k(s.programs.get("empty.cl", transfer_programs().front().second), "empty");
  cl::Buffer out(s.context, CL_MEM_WRITE_ONLY, sizeof(cl_uint));
  k.setArg(0, out);
  const std::vector<std::uint64_t> counts = s.plan.quick ? std::vector<std::uint64_t>{1, 1024, 1ull << 20}
                                                         : std::vector<std::uint64_t>{1, 32, 1024, 32768, 1ull << 20};
  LaunchOverhead lo;
  for (std::uint64_t count : counts) {
    throw_if_interrupted();
    s.progress.detail("launch overhead: " + std::to_string(count) + " work-items");
    std::vector<double> device;
    auto launch = [&] {
      cl::Event ev;
      const auto t0 = std::chrono::steady_clock::now();
      s.queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(count), cl::NullRange, nullptr, &ev);
      s.queue.finish();
      const auto t1 = std::chrono::steady_clock::now();
      if (!s.timer.host_timed()) device.push_back(event_seconds(ev));
      return std::chrono::duration<double>(t1 - t0).count();
    };
    launch();  // untimed: PoCL compiles the work-group function per launch shape
    device.clear();
    // The sampler's budget and stopping rule run on the host times (the wall
    // time this costs); the device times are taken from the same launches.
    const std::vector<double> host = sample(launch, s.plan.sweep);
    // Without a device clock (timer) there are host times only.
    if (!device.empty()) lo.device_seconds.push_back(CurvePoint{double(count), summarize(device)});
    lo.host_seconds.push_back(CurvePoint{double(count), summarize(host)});
  }
  return lo;
}

ProgramList transfer_programs() { return {{"empty.cl", "-cl-std=CL1.2"}}; }

}  // namespace roofline
