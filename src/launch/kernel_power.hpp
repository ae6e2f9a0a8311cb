// launch/kernel_power: a user kernel's power, read while it runs back to back
// through windows long enough for the counter (measurement/power_meter), in
// batches of about 20 ms so the host's round trips do not leave the device
// idle. The meter's unit of work is one launch, so kernels without counted
// operations get watts too.
#pragma once
#include <memory>

#include "launch/user_kernel.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/power_meter.hpp"

namespace roofline {

struct KernelPower {
  PowerReading reading;  // joules_per_unit: J per launch
  // The share of the windows the kernel ran (launch rate x median time):
  // under 1 when launch overhead between short launches leaves gaps.
  double duty = 1;
};

// `median_seconds`: the kernel's median time, which sizes the batches.
// Throws std::runtime_error when the counter does not move.
KernelPower read_kernel_power(UserKernel& kernel, std::unique_ptr<EnergySource> source, double median_seconds, bool cpu);

}  // namespace roofline
