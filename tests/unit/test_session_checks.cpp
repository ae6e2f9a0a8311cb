// What a build's session finds out about its device before measuring, on
// PoCL (profiling stamps that are a clock, loops that run to their end), and
// the rules built on it: the loop budget's cap on a kernel's iterations and
// the launch ledger that stops a build whose device timer does not time.
// Rusticl's side (stamps of 1 ns, a budget of 65535) is checked end to end in
// tests/e2e/test_icds.cpp.
#include <doctest/doctest.h>

#include "benchmark/benchmark.hpp"
#include "cpu_device.hpp"

using namespace roofline;

TEST_CASE("PoCL's profiling stamps time its commands and its loops run to the end") {
  std::vector<DeviceEntry> devices = enumerate_devices();
  const DeviceEntry* dev = cpu_device(devices);
  if (!dev) return;
  Progress progress(1, false);
  Session session(*dev, make_plan(*dev, /*quick=*/true), find_kernel_dir(""), progress);
  CHECK_FALSE(session.timer.host_timed());
  CHECK(session.timer.why_host_timed().empty());
  CHECK_FALSE(session.loop_budget.iterations);
  CHECK(session.loop_budget.note.empty());
}

TEST_CASE("a loop budget caps a kernel's iterations, its inner loops and other loops counted") {
  LoopBudget none;
  CHECK(within_loop_budget(none, 1u << 28) == 1u << 28);
  CHECK(within_loop_budget(none, 100, 8, 10) == 100);
  LoopBudget llvmpipe;
  llvmpipe.iterations = 65535;
  CHECK(within_loop_budget(llvmpipe, 1u << 28) == 65535);  // one loop: every iteration runs (tests/drivers/rusticl)
  CHECK(within_loop_budget(llvmpipe, 1000) == 1000);
  CHECK(within_loop_budget(llvmpipe, 1u << 28, 4) == 16383);
  CHECK(within_loop_budget(llvmpipe, 1u << 28, 1, 35) == 65500);
  CHECK(within_loop_budget(llvmpipe, 1u << 28, 1, 70000) == 1);  // never zero: the kernel still runs
}

TEST_CASE("the launch ledger disagrees only when the host waits far longer than the device's timer says") {
  const auto ledger = [](double device_s, double host_s) {
    LaunchLedger l;
    l.device_s = device_s;
    l.host_s = host_s;
    return l;
  };
  // Rusticl 22.3 without the host timer: 1 ns a launch, seconds each on the host.
  CHECK(ledger(1000 * 1e-9, 61).disagrees());
  // A slow device whose timer times: its launches take long on both clocks.
  CHECK_FALSE(ledger(600, 640).disagrees());
  // Launch overhead and a first launch's compilation: under a minute in all.
  CHECK_FALSE(ledger(1e-3, 59).disagrees());
  CHECK(ledger(10, 161).disagrees());
  CHECK_FALSE(ledger(10, 159).disagrees());
}
