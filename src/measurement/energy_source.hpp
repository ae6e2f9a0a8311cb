// measurement/energy_source: one interface over the energy counters roofline
// reads, one implementation per backend (energy_papi, energy_perf,
// energy_powercap, energy_nvml). A source is a cumulative counter in joules;
// power is the difference of two readings over the wall time between them
// (measurement/power_meter does that).
#pragma once
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/vocabulary.hpp"

namespace roofline {

struct DeviceEntry;

class EnergySource {
 public:
  virtual ~EnergySource() = default;
  virtual std::string backend() const = 0;               // "papi", "perf", "powercap", "nvml"
  virtual std::vector<std::string> domains() const = 0;  // what the readings cover: "package-0", "dram", "board"...
  // Energy since an arbitrary origin, summed over the domains, in J. Counter
  // wrap-around is handled inside, so readings never go backwards as long as
  // they are taken more often than the counter wraps (minutes).
  virtual double joules() = 0;
  // How often the counter moves, in s (RAPL ~1 ms, NVML ~100 ms on Hopper):
  // the power meter makes its windows many times longer than this.
  virtual double update_period_s() const = 0;
};

// Where the sysfs trees are; tests point them at fixture trees.
struct EnergyRoots {
  std::string powercap = "/sys/class/powercap";
  std::string perf_pmu = "/sys/bus/event_source/devices/power";
  // The defaults, or $ROOFLINE_POWERCAP_ROOT and $ROOFLINE_PERF_PMU_ROOT where
  // set (a whole build run against a fixture tree).
  static EnergyRoots from_environment();
};

// What the device is, as far as choosing a domain goes: a CPU device or a GPU
// sharing the package (RAPL covers it) versus a discrete GPU (NVML).
enum class EnergyTarget { cpu_package, integrated_gpu, discrete_gpu };

// Each backend's opener: nullptr with `why` saying, in a sentence, why it
// cannot be read here (no such file, permissions, no RAPL in a VM...).
std::unique_ptr<EnergySource> open_powercap_source(const EnergyRoots& roots, EnergyTarget target, std::string& why);
std::unique_ptr<EnergySource> open_perf_source(const EnergyRoots& roots, EnergyTarget target, std::string& why);
// `events`: libpfm4 names; empty for the RAPL events that fit `target`.
std::unique_ptr<EnergySource> open_papi_source(const EnergyRoots& roots, EnergyTarget target, std::string& why,
                                               const std::vector<std::string>& events = {});
bool papi_available_in_build();
std::unique_ptr<EnergySource> open_nvml_source(const std::string& pci_address, std::string& why);

// An explicitly requested backend that cannot work.
struct EnergyUnavailable : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The source of `backend` for the device:
//  - none: nullptr, no reason.
//  - automatic: the first backend that fits the device and can be read
//    (NVIDIA GPU: NVML; CPU or integrated GPU: perf, powercap, PAPI), else
//    nullptr with `why` listing each backend's reason.
//  - a named backend: it, or EnergyUnavailable with its reason.
std::unique_ptr<EnergySource> open_energy_source(EnergyBackend backend, const DeviceEntry& device,
                                                 const EnergyRoots& roots, std::string& why);
EnergyTarget energy_target(const DeviceEntry& device);

}  // namespace roofline
