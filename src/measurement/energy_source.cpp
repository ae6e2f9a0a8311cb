// measurement/energy_source: choosing a backend for a device (see the header).
#include "measurement/energy_source.hpp"

#include <cstdlib>

#include "device/device.hpp"

namespace roofline {

EnergyRoots EnergyRoots::from_environment() {
  EnergyRoots r;
  if (const char* p = std::getenv("ROOFLINE_POWERCAP_ROOT")) r.powercap = p;
  if (const char* p = std::getenv("ROOFLINE_PERF_PMU_ROOT")) r.perf_pmu = p;
  return r;
}

EnergyTarget energy_target(const DeviceEntry& d) {
  if (d.is_cpu()) return EnergyTarget::cpu_package;
  return d.identity.host_unified_memory ? EnergyTarget::integrated_gpu : EnergyTarget::discrete_gpu;
}

std::unique_ptr<EnergySource> open_energy_source(const std::string& backend, const DeviceEntry& d,
                                                 const EnergyRoots& roots, std::string& why) {
  const EnergyTarget target = energy_target(d);
  auto open = [&](const std::string& name, std::string& reason) -> std::unique_ptr<EnergySource> {
    if (name == "papi") return open_papi_source(roots, target, reason);
    if (name == "perf") return open_perf_source(roots, target, reason);
    if (name == "powercap") return open_powercap_source(roots, target, reason);
    if (name == "nvml") return open_nvml_source(d.identity.pci_address, reason);
    throw std::invalid_argument("unknown energy backend \"" + name + "\" (auto, papi, perf, powercap, nvml or none)");
  };
  why.clear();
  if (backend == "none") return nullptr;
  if (backend != "auto") {
    std::string reason;
    auto s = open(backend, reason);
    if (!s) throw EnergyUnavailable("--energy " + backend + ": " + reason);
    return s;
  }
  // What fits the device: NVML for an NVIDIA GPU (RAPL does not see a discrete
  // GPU); RAPL for a CPU or a GPU inside the package, the perf PMU first since
  // it needs no libpfm4 whitelist.
  std::vector<std::string> order;
  if (target == EnergyTarget::discrete_gpu) {
    if (d.has_extension("cl_nv_device_attribute_query")) order = {"nvml"};
    else {
      why = "no energy backend for a discrete " + d.identity.vendor + " GPU (roofline reads NVIDIA GPUs through NVML)";
      return nullptr;
    }
  } else {
    order = {"perf", "powercap", "papi"};
  }
  for (const auto& name : order) {
    std::string reason;
    if (auto s = open(name, reason)) return s;
    why += (why.empty() ? "" : "; ") + name + ": " + reason;
  }
  return nullptr;
}

}  // namespace roofline
