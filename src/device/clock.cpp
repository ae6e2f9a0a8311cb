#include "device/clock.hpp"

#include <chrono>
#include <cstring>

#include <dlfcn.h>

namespace roofline {
namespace {

// The few NVML entry points used, declared here instead of including nvml.h so
// that building needs no CUDA toolkit. Signatures follow NVML's public API.
using nvmlReturn_t = int;
using nvmlDevice_t = void*;
constexpr int kNvmlClockSm = 1;

class NvmlClockSampler final : public ClockSampler {
 public:
  static std::unique_ptr<NvmlClockSampler> open(const std::string& pci, std::string& why) {
    void* lib = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
      why = "libnvidia-ml.so.1 not found";
      return nullptr;
    }
    auto s = std::unique_ptr<NvmlClockSampler>(new NvmlClockSampler(lib));
    if (!s->bind(why) || !s->attach(pci, why)) return nullptr;
    s->thread_ = std::thread([p = s.get()] { p->run(); });
    return s;
  }
  ~NvmlClockSampler() override {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
    if (shutdown_) shutdown_();
    dlclose(lib_);
  }
  std::size_t begin() override {
    std::lock_guard<std::mutex> g(mu_);
    return samples_.size();
  }
  std::vector<double> end(std::size_t token) override {
    std::lock_guard<std::mutex> g(mu_);
    if (token > samples_.size()) return {};
    return std::vector<double>(samples_.begin() + long(token), samples_.end());
  }
  std::string source() const override { return "nvml"; }

 private:
  explicit NvmlClockSampler(void* lib) : lib_(lib) {}
  template <typename F>
  bool sym(F& f, const char* name) {
    f = reinterpret_cast<F>(dlsym(lib_, name));
    return f != nullptr;
  }
  bool bind(std::string& why) {
    if (!sym(init_, "nvmlInit_v2") || !sym(shutdown_, "nvmlShutdown") || !sym(by_pci_, "nvmlDeviceGetHandleByPciBusId_v2") ||
        !sym(count_, "nvmlDeviceGetCount_v2") || !sym(by_index_, "nvmlDeviceGetHandleByIndex_v2") ||
        !sym(clock_, "nvmlDeviceGetClockInfo")) {
      why = "libnvidia-ml.so.1 lacks an expected symbol";
      shutdown_ = nullptr;
      return false;
    }
    if (init_() != 0) {
      why = "nvmlInit failed";
      shutdown_ = nullptr;
      return false;
    }
    return true;
  }
  bool attach(const std::string& pci, std::string& why) {
    if (!pci.empty() && by_pci_(pci.c_str(), &dev_) == 0) return true;
    unsigned n = 0;
    // Without a PCI address only an unambiguous single GPU can be matched.
    if (count_(&n) == 0 && n == 1 && by_index_(0, &dev_) == 0) return true;
    why = pci.empty() ? "no PCI address to match the OpenCL device to an NVML device" : "NVML knows no device at PCI " + pci;
    return false;
  }
  void run() {
    while (!stop_) {
      unsigned mhz = 0;
      if (clock_(dev_, kNvmlClockSm, &mhz) == 0) {
        std::lock_guard<std::mutex> g(mu_);
        samples_.push_back(mhz);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  void* lib_;
  nvmlReturn_t (*init_)() = nullptr;
  nvmlReturn_t (*shutdown_)() = nullptr;
  nvmlReturn_t (*by_pci_)(const char*, nvmlDevice_t*) = nullptr;
  nvmlReturn_t (*count_)(unsigned*) = nullptr;
  nvmlReturn_t (*by_index_)(unsigned, nvmlDevice_t*) = nullptr;
  nvmlReturn_t (*clock_)(nvmlDevice_t, int, unsigned*) = nullptr;
  nvmlDevice_t dev_ = nullptr;
  std::thread thread_;
  std::atomic<bool> stop_{false};
  std::mutex mu_;
  std::vector<double> samples_;
};

}  // namespace

std::unique_ptr<ClockSampler> make_clock_sampler(const DeviceEntry& d, std::string& why) {
  if (!d.has_extension("cl_nv_device_attribute_query")) {
    why = d.is_cpu() ? "CPU device: clock measured with a dependent-add chain instead" : "no clock source for this vendor";
    return nullptr;
  }
  return NvmlClockSampler::open(d.identity.pci_address, why);
}

std::optional<double> measure_cpu_clock_mhz(int threads) {
#if defined(__x86_64__)
  constexpr long kAdds = 200'000'000;  // ~60 ms at 3 GHz
  auto chain = [] {
    long x = 0;
    auto t0 = std::chrono::steady_clock::now();
    for (long i = 0; i < kAdds / 8; ++i)
      // Eight dependent adds: one cycle each, the loop counter runs in parallel.
      __asm__ volatile("add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\t"
                       "add $1,%0\n\tadd $1,%0\n\tadd $1,%0\n\tadd $1,%0"
                       : "+r"(x));
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return x / s / 1e6;
  };
  if (threads < 1) threads = 1;
  std::vector<double> mhz(std::size_t(threads), 0);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back([&, t] {
    chain();  // warm-up: let the core reach its load clock
    mhz[std::size_t(t)] = chain();
  });
  for (auto& t : pool) t.join();
  double sum = 0;
  for (double m : mhz) sum += m;
  return sum / threads;
#else
  (void)threads;
  return std::nullopt;
#endif
}

}  // namespace roofline
