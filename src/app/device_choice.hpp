// app/device_choice: the device a command's --device names (empty: the
// default device), from the list of every platform's devices.
#pragma once
#include <string>
#include <vector>

#include "device/device.hpp"

namespace roofline {

struct ChosenDevice {
  ChosenDevice() = default;
  ChosenDevice(ChosenDevice&&) = default;  // the choice still points into the moved list
  ChosenDevice& operator=(ChosenDevice&&) = default;
  ChosenDevice(const ChosenDevice&) = delete;
  std::vector<DeviceEntry> devices;  // every device found (the choice points into it)
  const DeviceEntry* device = nullptr;
  const DeviceEntry& operator*() const { return *device; }
  const DeviceEntry* operator->() const { return device; }
};

// Throws CommandError: usage for a malformed selector, device for no match or
// several (the device list as its detail), runtime for an OpenCL error.
ChosenDevice choose_device(const std::string& selector);

}  // namespace roofline
