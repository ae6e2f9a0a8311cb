#include "device/clock.hpp"

#include <algorithm>
#include <chrono>

#include "device/nvml.hpp"

namespace roofline {
namespace {

class NvmlClockSampler final : public ClockSampler {
 public:
  static std::unique_ptr<NvmlClockSampler> open(const std::string& pci, std::string& why) {
    auto nvml = NvmlDevice::open(pci, why);
    if (!nvml) return nullptr;
    auto s = std::unique_ptr<NvmlClockSampler>(new NvmlClockSampler(std::move(nvml)));
    s->thread_ = std::thread([p = s.get()] { p->run(); });
    return s;
  }
  ~NvmlClockSampler() override {
    stop_ = true;
    if (thread_.joinable()) thread_.join();
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
  explicit NvmlClockSampler(std::unique_ptr<NvmlDevice> nvml) : nvml_(std::move(nvml)) {}
  void run() {
    while (!stop_) {
      if (auto mhz = nvml_->sm_clock_mhz()) {
        std::lock_guard<std::mutex> g(mu_);
        samples_.push_back(*mhz);
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
  }

  std::unique_ptr<NvmlDevice> nvml_;
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
  constexpr long kAdds = 20'000'000;  // ~6 ms at 3 GHz
  constexpr int kWindows = 30;
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
    for (int i = 0; i < 10; ++i) chain();  // warm-up: let the core reach its load clock
    // The fastest of many short windows: time taken from a virtual CPU by other
    // guests, or by an interrupt, only ever slows a window down (one 60 ms
    // window on a shared 2-core VM put ADD ceilings 2-7% above theory;
    // roofs/README.md).
    double best = 0;
    for (int i = 0; i < kWindows; ++i) best = std::max(best, chain());
    mhz[std::size_t(t)] = best;
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
