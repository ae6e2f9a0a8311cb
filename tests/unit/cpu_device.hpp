// The OpenCL CPU device (PoCL) that the unit tests running kernels use, or
// nullptr when the machine has none, after saying so in the test's output
// (the caller then returns: the test is skipped).
#pragma once
#include <doctest/doctest.h>

#include <vector>

#include "device/device.hpp"

namespace roofline {

inline const DeviceEntry* cpu_device(std::vector<DeviceEntry>& devices) {
  try {
    return &select_device(devices, parse_selector("cpu"));
  } catch (const SelectionError&) {
    MESSAGE("no OpenCL CPU device: skipped");
    return nullptr;
  }
}

}  // namespace roofline
