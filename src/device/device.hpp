// device: the start of the one-way flow device -> benchmark -> measurement ->
// model -> chart. What OpenCL devices exist, which one the user means, and
// what each one tells about itself; the rest of the tool receives a
// DeviceEntry and never enumerates platforms itself. Uses: model only.
//
//   device.hpp       enumeration, selection (--device), identity, the device table
//   program.hpp      OpenCL C built for a device, with its build log on failure
//   clock.hpp        the clock a device holds under load (NVML on NVIDIA, a chain on CPUs)
//   command_timer.hpp a command's duration: profiling stamps, or the host's clock where they are not one
//   theory.hpp       theoretical peaks from what the device tells and a table of lanes per clock
//   nvml.hpp         NVIDIA's management library, loaded at run time
//   half_float.hpp   OpenCL's half on the host
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include <CL/opencl.hpp>

#include "model/device_identity.hpp"

namespace roofline {

struct DeviceEntry {
  int index = 0;           // position in the list `roofline devices` prints
  int platform_index = 0;  // P in a P:D selector
  int device_index = 0;    // D in a P:D selector
  cl::Platform platform;
  cl::Device device;
  DeviceIdentity identity;
  std::vector<std::string> extensions;
  cl_device_type type = 0;
  bool integrated = false;  // shares memory with the host
  bool has_extension(const std::string& name) const;
  bool is_cpu() const { return type & CL_DEVICE_TYPE_CPU; }
  bool is_gpu() const { return type & CL_DEVICE_TYPE_GPU; }
};

// All devices of all platforms. A platform whose devices cannot be listed is
// skipped; no platform at all gives an empty list.
std::vector<DeviceEntry> enumerate_devices();

// A platform the ICD loader found, with the number of devices it offers.
struct PlatformEntry {
  int index = 0;  // P in a P:D selector
  std::string name, version;
  int devices = 0;
  // Where it offers none: what it answered, and a hint where one is known
  // (Rusticl lists devices only for the drivers RUSTICL_ENABLE names).
  std::string why_none;
};

// Every platform, those without devices too, in the loader's order (the
// order of enumerate_devices' platform indices).
std::vector<PlatformEntry> enumerate_platforms();

// The device types --device names: a CPU, a GPU (integrated: sharing the
// host's memory, or discrete), an accelerator.
enum class DeviceClass { cpu, gpu, igpu, dgpu, accelerator };

// A parsed --device argument.
struct Selector {
  enum class Kind { Default, Type, PlatformDevice, Index, Name } kind = Kind::Default;
  DeviceClass type = DeviceClass::gpu;  // Kind::Type
  int platform = -1, device = -1;  // Kind::PlatformDevice
  int index = -1;          // Kind::Index
  std::string name;        // Kind::Name: case-insensitive substring of the device name
};

// Malformed selector text ("1:", "x:2", an empty string).
struct SelectorSyntaxError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
// A selector that matches no device, or several.
struct SelectionError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

Selector parse_selector(const std::string& text);

// Throws SelectionError when `devices` is empty (no OpenCL platform, or none
// with a device), saying what to install.
void require_devices(const std::vector<DeviceEntry>& devices);

// Default: a GPU if there is one (discrete before integrated), else a CPU,
// else the first device. Throws SelectionError when nothing or several match.
const DeviceEntry& select_device(const std::vector<DeviceEntry>& devices, const Selector& sel);

// What no query tells of a driver, for a warning where a kernel runs on it:
// Mesa's llvmpipe (Rusticl, Clover) stops a work-item's loops after 65535
// iterations in all, silently (docs/drivers.md; `roofline build` measures it).
// Empty for other devices.
std::string known_loop_limit(const DeviceIdentity& id);

// What a build cannot measure on the device, or must work around, as short
// phrases for `roofline devices`: types without their extension (no double or
// half roofs), a loop limit no query tells (known_loop_limit). Profiling
// stamps that are no clock show only on a queue: `build` names those.
std::vector<std::string> device_gaps(const DeviceEntry& d);

// The human-readable table `roofline devices` prints: each platform (of
// `platforms`, or of the devices when that is empty) with its devices, and
// a platform without any said so with its reason.
std::string format_device_table(const std::vector<DeviceEntry>& devices, const std::vector<PlatformEntry>& platforms = {});

// File-name form of a device name: "NVIDIA H200" -> "nvidia-h200".
std::string device_slug(const std::string& name);

}  // namespace roofline
