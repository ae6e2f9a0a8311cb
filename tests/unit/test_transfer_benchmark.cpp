// The transfer and launch-overhead benchmarks on the PoCL CPU device, quick plan.
#include <doctest/doctest.h>

#include <string>

#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "benchmark/session.hpp"
#include "benchmark/transfer_benchmark.hpp"
#include "device/device.hpp"
#include "measurement/progress.hpp"
#include "analysis/transfer_fit.hpp"
#include "cpu_device.hpp"

using namespace roofline;

TEST_CASE("transfer sizes follow the plan and the device's allocation limit") {
  const std::vector<std::uint64_t> full = transfer_sizes(false, 8ull << 30);
  REQUIRE(full.size() == 9);
  CHECK(full.front() == 4096);
  CHECK(full.back() == 256ull << 20);
  for (std::size_t i = 1; i < full.size(); ++i) CHECK(full[i] == full[i - 1] * 4);
  CHECK(transfer_sizes(true, 8ull << 30) ==
        std::vector<std::uint64_t>{4096, 64 << 10, 1 << 20, 16 << 20, 64 << 20});
  // Capped at max alloc / 4: 100 MiB / 4 = 25 MiB, added as the last size.
  CHECK(transfer_sizes(false, 100ull << 20).back() == 25ull << 20);
  CHECK(transfer_sizes(false, 100ull << 20).size() == 8);
  CHECK(transfer_sizes(false, 100ull << 20)[6] == 16ull << 20);
  CHECK_THROWS_AS(transfer_sizes(true, 16 << 10), std::runtime_error);
}

TEST_CASE("transfer and launch overhead benchmarks on the CPU device") {
  CpuSession cpu;
  if (!cpu.session) return;
  Session& session = *cpu.session;
  const DeviceEntry* dev = cpu.device;

  const std::vector<TransferFit> fits = measure_transfers(session);
  REQUIRE(fits.size() == 3);
  CHECK(fits[0].direction == TransferDirection::write);
  CHECK(fits[1].direction == TransferDirection::read);
  CHECK(fits[2].direction == TransferDirection::map);
  const std::vector<std::uint64_t> sizes = transfer_sizes(true, dev->identity.max_alloc_bytes);
  for (const TransferFit& f : fits) {
    const std::string direction = str(f.direction);
    INFO(direction);
    MESSAGE(direction << ": latency " << f.latency_s * 1e6 << " us, bandwidth " << f.bandwidth / 1e9
                        << " GB/s, R^2 " << f.r2);
    CHECK(f.latency_s >= 0);
    if (f.direction == TransferDirection::map && dev->is_cpu()) {
      // Zero-copy (PoCL): no rate, bandwidth 0 by convention, and a note saying so.
      CHECK(flat_transfer(f));
      bool noted = false;
      for (const auto& n : session.notes) noted = noted || n.find("map") != std::string::npos;
      CHECK(noted);
      CHECK(f.latency_s > 0);
    } else {
      CHECK(f.bandwidth > 0);
    }
    CHECK(f.r2 <= 1.0);
    REQUIRE(f.points.size() == sizes.size());
    for (std::size_t i = 0; i < f.points.size(); ++i) {
      CHECK(f.points[i].bytes == double(sizes[i]));
      CHECK(f.points[i].stats.samples >= std::size_t(cpu.plan->sweep.min_samples));
      CHECK(f.points[i].stats.median > 0);
      if (i) CHECK(f.points[i - 1].bytes < f.points[i].bytes);
    }
  }
  // Copies (write, read) must take longer for 64 MiB than for 4 KiB.
  for (std::size_t d = 0; d < 2; ++d) CHECK(fits[d].points.back().stats.median > fits[d].points.front().stats.median);

  const LaunchOverhead lo = measure_launch_overhead(session);
  const std::vector<double> counts{1, 1024, 1 << 20};
  REQUIRE(lo.device_seconds.size() == counts.size());
  REQUIRE(lo.host_seconds.size() == counts.size());
  for (std::size_t i = 0; i < counts.size(); ++i) {
    CHECK(lo.device_seconds[i].bytes == counts[i]);
    CHECK(lo.host_seconds[i].bytes == counts[i]);
    CHECK(lo.device_seconds[i].stats.samples == lo.host_seconds[i].stats.samples);
    CHECK(lo.device_seconds[i].stats.median >= 0);
    CHECK(lo.host_seconds[i].stats.median > 0);
    // The host waited for the kernel, so it saw at least the device's time.
    CHECK(lo.host_seconds[i].stats.median >= lo.device_seconds[i].stats.median);
    MESSAGE(counts[i] << " work-items: device " << lo.device_seconds[i].stats.median * 1e6 << " us, host "
                      << lo.host_seconds[i].stats.median * 1e6 << " us");
  }
}
