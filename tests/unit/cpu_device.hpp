// The OpenCL CPU device (PoCL) that the unit tests running kernels use, or
// nullptr when the machine has none, after saying so in the test's output
// (the caller then returns: the test is skipped).
#pragma once
#include <doctest/doctest.h>

#include <memory>
#include <vector>

#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "benchmark/session.hpp"
#include "device/device.hpp"
#include "measurement/progress.hpp"

namespace roofline {

inline const DeviceEntry* cpu_device(std::vector<DeviceEntry>& devices) {
  try {
    return &select_device(devices, parse_selector("cpu"));
  } catch (const SelectionError&) {
    MESSAGE("no OpenCL CPU device: skipped");
    return nullptr;
  }
}

// A session of the quick plan on the CPU device, for tests that run
// benchmarks; `session` is null (the test returns) where there is none.
struct CpuSession {
  std::vector<DeviceEntry> devices = enumerate_devices();
  const DeviceEntry* device = cpu_device(devices);
  Progress progress{1, false};
  std::unique_ptr<Plan> plan = device ? std::make_unique<Plan>(make_plan(*device, /*quick=*/true)) : nullptr;
  std::unique_ptr<Session> session = device ? std::make_unique<Session>(*device, *plan, find_kernel_dir(""), progress) : nullptr;
};

}  // namespace roofline
