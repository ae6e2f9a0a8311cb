#include "device/nvml.hpp"

#include <dlfcn.h>

namespace roofline {
namespace {
// The few NVML entry points used, declared here instead of including nvml.h so
// that building needs no CUDA toolkit. Signatures follow NVML's public API;
// nvml.h maps the plain names to these _v2 symbols.
using nvmlReturn_t = int;
using nvmlDevice_t = void*;
constexpr int kNvmlSuccess = 0;
constexpr int kNvmlClockSm = 1;
constexpr int kNvmlClockMem = 2;
}  // namespace

struct NvmlDevice::Api {
  void* lib = nullptr;
  bool initialised = false;
  nvmlReturn_t (*init)() = nullptr;
  nvmlReturn_t (*shutdown)() = nullptr;
  nvmlReturn_t (*by_pci)(const char*, nvmlDevice_t*) = nullptr;
  nvmlReturn_t (*count)(unsigned*) = nullptr;
  nvmlReturn_t (*by_index)(unsigned, nvmlDevice_t*) = nullptr;
  nvmlReturn_t (*clock)(nvmlDevice_t, int, unsigned*) = nullptr;
  nvmlReturn_t (*energy)(nvmlDevice_t, unsigned long long*) = nullptr;  // optional: Volta+
  nvmlReturn_t (*max_clock)(nvmlDevice_t, int, unsigned*) = nullptr;       // optional
  nvmlReturn_t (*bus_width)(nvmlDevice_t, unsigned*) = nullptr;            // optional
  nvmlDevice_t dev = nullptr;

  template <typename F>
  bool sym(F& f, const char* name) {
    f = reinterpret_cast<F>(dlsym(lib, name));
    return f != nullptr;
  }
  ~Api() {
    if (initialised && shutdown) shutdown();
    if (lib) dlclose(lib);
  }
};

NvmlDevice::NvmlDevice(std::unique_ptr<Api> api) : api_(std::move(api)) {}
NvmlDevice::~NvmlDevice() = default;

std::unique_ptr<NvmlDevice> NvmlDevice::open(const std::string& pci, std::string& why) {
  auto a = std::make_unique<Api>();
  // The versioned name: the unversioned .so exists only with development
  // packages, and CUDA's stubs/libnvidia-ml.so must never be loaded at run time.
  a->lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!a->lib) {
    why = "libnvidia-ml.so.1 not found (no NVIDIA driver)";
    return nullptr;
  }
  if (!a->sym(a->init, "nvmlInit_v2") || !a->sym(a->shutdown, "nvmlShutdown") ||
      !a->sym(a->by_pci, "nvmlDeviceGetHandleByPciBusId_v2") || !a->sym(a->count, "nvmlDeviceGetCount_v2") ||
      !a->sym(a->by_index, "nvmlDeviceGetHandleByIndex_v2") || !a->sym(a->clock, "nvmlDeviceGetClockInfo")) {
    why = "libnvidia-ml.so.1 lacks an expected symbol";
    return nullptr;
  }
  a->sym(a->energy, "nvmlDeviceGetTotalEnergyConsumption");
  a->sym(a->max_clock, "nvmlDeviceGetMaxClockInfo");
  a->sym(a->bus_width, "nvmlDeviceGetMemoryBusWidth");
  if (a->init() != kNvmlSuccess) {
    why = "nvmlInit failed";
    return nullptr;
  }
  a->initialised = true;
  if (!pci.empty() && a->by_pci(pci.c_str(), &a->dev) == kNvmlSuccess) return std::unique_ptr<NvmlDevice>(new NvmlDevice(std::move(a)));
  unsigned n = 0;
  // Without a PCI address only an unambiguous single GPU can be matched.
  if (pci.empty() && a->count(&n) == kNvmlSuccess && n == 1 && a->by_index(0, &a->dev) == kNvmlSuccess)
    return std::unique_ptr<NvmlDevice>(new NvmlDevice(std::move(a)));
  why = pci.empty() ? "no PCI address to match the OpenCL device to an NVML device" : "NVML knows no device at PCI " + pci;
  return nullptr;
}

std::optional<unsigned> NvmlDevice::sm_clock_mhz() const {
  unsigned mhz = 0;
  if (api_->clock(api_->dev, kNvmlClockSm, &mhz) != kNvmlSuccess) return std::nullopt;
  return mhz;
}

std::optional<unsigned> NvmlDevice::max_memory_clock_mhz() const {
  unsigned mhz = 0;
  if (!api_->max_clock || api_->max_clock(api_->dev, kNvmlClockMem, &mhz) != kNvmlSuccess || mhz == 0) return std::nullopt;
  return mhz;
}

std::optional<unsigned> NvmlDevice::memory_bus_width_bits() const {
  unsigned bits = 0;
  if (!api_->bus_width || api_->bus_width(api_->dev, &bits) != kNvmlSuccess || bits == 0) return std::nullopt;
  return bits;
}

std::optional<unsigned long long> NvmlDevice::total_energy_mj() const {
  unsigned long long mj = 0;
  if (!api_->energy || api_->energy(api_->dev, &mj) != kNvmlSuccess) return std::nullopt;
  return mj;
}

}  // namespace roofline
