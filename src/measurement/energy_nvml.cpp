// measurement/energy_nvml: an NVIDIA GPU's board energy from NVML's
// total-energy counter (mJ since the driver loaded, Volta and newer), the GPU
// matched to the OpenCL device by PCI address (device/nvml).
#include "device/nvml.hpp"
#include "measurement/energy_source.hpp"

namespace roofline {
namespace {

class NvmlSource final : public EnergySource {
 public:
  explicit NvmlSource(std::unique_ptr<NvmlDevice> dev) : dev_(std::move(dev)) {}
  std::string backend() const override { return "nvml"; }
  // The board: GPU, HBM and the board's own circuitry.
  std::vector<std::string> domains() const override { return {"board"}; }
  double joules() override {
    const auto mj = dev_->total_energy_mj();
    if (!mj) throw std::runtime_error("nvmlDeviceGetTotalEnergyConsumption stopped answering");
    return double(*mj) * 1e-3;
  }
  // The counter moves every ~100 ms on Hopper (shared notes, A.7.3); older
  // GPUs update faster, so this is the safe figure.
  double update_period_s() const override { return 0.1; }

 private:
  std::unique_ptr<NvmlDevice> dev_;
};

}  // namespace

std::unique_ptr<EnergySource> open_nvml_source(const std::string& pci, std::string& why) {
  auto dev = NvmlDevice::open(pci, why);
  if (!dev) return nullptr;
  if (!dev->total_energy_mj()) {
    why = "NVML has no total-energy counter for this GPU (it needs Volta or newer)";
    return nullptr;
  }
  return std::make_unique<NvmlSource>(std::move(dev));
}

}  // namespace roofline
