// model/device_identity: what a device tells about itself, as every result
// file records it. Plain data; device/ fills it from OpenCL (and NVML), the roofs file
// stores it (model/roofs), the energy sources pick a counter by it.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/vocabulary.hpp"

namespace roofline {

struct DeviceIdentity {
  std::string platform, platform_version, vendor, name, driver, device_version, opencl_c_version;
  DeviceType type = DeviceType::other;
  bool host_unified_memory = false;
  std::uint32_t compute_units = 0;
  std::uint32_t max_clock_mhz = 0;
  std::uint64_t global_mem_bytes = 0, local_mem_bytes = 0, constant_mem_bytes = 0;
  std::uint64_t global_cache_bytes = 0, cache_line_bytes = 0, max_alloc_bytes = 0;
  std::string uuid;         // hex, when cl_khr_device_uuid is available
  std::string pci_address;  // "dddd:bb:dd.f", when the driver tells it
  std::string architecture; // e.g. "NVIDIA CC 9.0", "x86 Zen 3"
  int physical_cores = 0;   // CPUs only
  // The memory's maximum clock (as the driver counts it: HBM and GDDR move
  // 2 bits per pin per clock) and bus width, where the driver tells them
  // (NVML on NVIDIA GPUs); 0 when unknown.
  std::uint32_t memory_clock_mhz = 0, memory_bus_width_bits = 0;
  // CPUs only: the host's data (or unified) cache per level, L1 first, as
  // sysfs gives them (per instance: an L1 or L2 per core, the L3 shared).
  // OpenCL reports the last level only; these name the detected levels.
  std::vector<std::uint64_t> host_cache_bytes;
  // How many instances of each of those levels the host's online CPUs use
  // (distinct sysfs shared_cpu_list sets): 2 private L2s on 2 cores, 1 shared
  // L3. The device's threads run on all of them, so a working set spread over
  // them fits in bytes x instances. Empty in files written before it was kept.
  std::vector<std::uint32_t> host_cache_instances;
};

}  // namespace roofline
