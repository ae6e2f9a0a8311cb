#include "launch/kernel_power.hpp"

#include <algorithm>

namespace roofline {

KernelPower read_kernel_power(UserKernel& kernel, std::unique_ptr<EnergySource> source, double median_seconds, bool cpu) {
  const int batch = int(std::clamp(0.02 / std::max(median_seconds, 1e-9), 1.0, 10000.0));
  PowerPolicy policy = power_policy(*source, false);
  policy.first_warmup_s = cpu ? 0.5 : 2.0;
  PowerMeter meter(std::move(source), policy);
  KernelPower p;
  p.reading = meter.measure([&] {
    kernel.launch_batch(batch);
    return 0.0;
  }, batch);
  // launches per second = watts / (joules per launch)
  p.duty = p.reading.watts.median / p.reading.joules_per_unit.median * median_seconds;
  return p;
}

}  // namespace roofline
