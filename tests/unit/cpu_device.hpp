// The OpenCL CPU device (PoCL) that the unit tests running kernels use, or
// nullptr when the machine has none (those tests then skip with a message).
#pragma once
#include <vector>

#include "device/device.hpp"

namespace roofline {

inline const DeviceEntry* cpu_device(std::vector<DeviceEntry>& devices) {
  try {
    return &select_device(devices, parse_selector("cpu"));
  } catch (const SelectionError&) {
    return nullptr;
  }
}

}  // namespace roofline
