// app/device_choice: the device a command's --device names (empty: the
// default device), from the list of every platform's devices; and for build,
// the several devices `--device all` or a list (`--device 0:0,0:1`) names.
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
  // Where no --device was given and the node has several devices: which one
  // was taken, why, and that `--device all` measures every one. Empty else.
  std::string default_note;
  const DeviceEntry& operator*() const { return *device; }
  const DeviceEntry* operator->() const { return device; }
};

// Throws CommandError: usage for a malformed selector, device for no match or
// several (the device list as its detail), runtime for an OpenCL error.
ChosenDevice choose_device(const std::string& selector);

// Whether `selector` names several devices: "all", or a comma-separated list.
bool names_several_devices(const std::string& selector);

struct ChosenDevices {
  ChosenDevices() = default;
  ChosenDevices(ChosenDevices&&) = default;  // the choices still point into the moved list
  ChosenDevices& operator=(ChosenDevices&&) = default;
  ChosenDevices(const ChosenDevices&) = delete;
  std::vector<DeviceEntry> devices;          // every device found
  std::vector<const DeviceEntry*> chosen;    // in the order the list gives (all: the device list's order)
};

// The devices "all" or a comma-separated list of selectors names, each item
// matching exactly one device (as choose_device's selector), none twice; a
// single selector gives its one device. Throws as choose_device; a device
// named twice is a usage error.
ChosenDevices choose_devices(const std::string& selector);

// "0:1", the P:D selector that names exactly this device.
std::string device_selector(const DeviceEntry& device);

}  // namespace roofline
