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

namespace {

std::unique_ptr<EnergySource> open_backend(EnergyBackend backend, const DeviceEntry& d, const EnergyRoots& roots,
                                           std::string& reason) {
  const EnergyTarget target = energy_target(d);
  switch (backend) {
    case EnergyBackend::papi: return open_papi_source(roots, target, reason);
    case EnergyBackend::perf: return open_perf_source(roots, target, reason);
    case EnergyBackend::powercap: return open_powercap_source(roots, target, reason);
    case EnergyBackend::nvml: return open_nvml_source(d.identity.pci_address, reason);
    case EnergyBackend::automatic:
    case EnergyBackend::none: break;
  }
  return nullptr;
}

// The backends `automatic` tries for the device, in order: NVML for an NVIDIA
// GPU (RAPL does not see a discrete GPU); RAPL for a CPU or a GPU inside the
// package, the perf PMU first since it needs no libpfm4 whitelist. Empty, with
// `why`, where none fits.
std::vector<EnergyBackend> automatic_order(const DeviceEntry& d, std::string& why) {
  if (energy_target(d) != EnergyTarget::discrete_gpu)
    return {EnergyBackend::perf, EnergyBackend::powercap, EnergyBackend::papi};
  if (d.has_extension("cl_nv_device_attribute_query")) return {EnergyBackend::nvml};
  why = "no energy backend for a discrete " + d.identity.vendor + " GPU (roofline reads NVIDIA GPUs through NVML)";
  return {};
}

}  // namespace

std::unique_ptr<EnergySource> open_energy_source(EnergyBackend backend, const DeviceEntry& d, const EnergyRoots& roots,
                                                 std::string& why) {
  why.clear();
  if (backend == EnergyBackend::none) return nullptr;
  if (backend != EnergyBackend::automatic) {
    std::string reason;
    auto s = open_backend(backend, d, roots, reason);
    if (!s) throw EnergyUnavailable("--energy " + str(backend) + ": " + reason);
    return s;
  }
  for (EnergyBackend b : automatic_order(d, why)) {
    std::string reason;
    if (auto s = open_backend(b, d, roots, reason)) return s;
    why += (why.empty() ? "" : "; ") + str(b) + ": " + reason;
  }
  return nullptr;
}

}  // namespace roofline
