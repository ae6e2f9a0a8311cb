// device/nvml: NVIDIA's management library, loaded at run time (dlopen of
// libnvidia-ml.so.1, versioned symbols) so that roofline builds without the
// CUDA toolkit and runs where NVML is absent. One GPU, matched to the OpenCL
// device by PCI address. Used by the device's identity (memory clock and bus
// width), the clock sampler and the NVML energy source.
#pragma once
#include <memory>
#include <optional>
#include <string>

namespace roofline {

class NvmlDevice {
 public:
  // Loads NVML and finds the GPU at `pci` ("dddd:bb:dd.f"); with no PCI
  // address only a lone GPU can be matched. nullptr with `why` on failure.
  static std::unique_ptr<NvmlDevice> open(const std::string& pci, std::string& why);
  ~NvmlDevice();
  NvmlDevice(const NvmlDevice&) = delete;
  NvmlDevice& operator=(const NvmlDevice&) = delete;

  std::optional<unsigned> sm_clock_mhz() const;
  // The memory's maximum clock and its bus width, the DRAM peak's factors.
  std::optional<unsigned> max_memory_clock_mhz() const;
  std::optional<unsigned> memory_bus_width_bits() const;
  // Board energy since the driver loaded, in mJ (Volta and newer); nullopt
  // when the GPU or driver does not support the counter.
  std::optional<unsigned long long> total_energy_mj() const;

 private:
  struct Api;
  explicit NvmlDevice(std::unique_ptr<Api> api);
  std::unique_ptr<Api> api_;
};

}  // namespace roofline
