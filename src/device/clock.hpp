// device/clock: the clock a device actually holds under load, where it can be
// read. CL_DEVICE_MAX_CLOCK_FREQUENCY is a nominal figure (PoCL reports the
// host's current or maximum frequency, GPUs their boost clock); theoretical
// peaks computed from it can be wrong in either direction.
#pragma once
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "device/device.hpp"

namespace roofline {

// Samples a GPU's SM clock in the background (NVML on NVIDIA GPUs, loaded at
// run time so the tool runs where NVML is absent).
class ClockSampler {
 public:
  virtual ~ClockSampler() = default;
  // Marks the start of a window of interest; returns a token for end().
  virtual std::size_t begin() = 0;
  // Samples (MHz) taken since begin(token).
  virtual std::vector<double> end(std::size_t token) = 0;
  virtual std::string source() const = 0;
};

// Returns a sampler for the device, or nullptr with `why` saying why none is available.
std::unique_ptr<ClockSampler> make_clock_sampler(const DeviceEntry& device, std::string& why);

// Host CPU clock under load on `threads` threads at once, measured with a
// dependent chain of integer adds (one per cycle on every x86 core since the
// P6). nullopt on non-x86 hosts.
std::optional<double> measure_cpu_clock_mhz(int threads);

}  // namespace roofline
