#include "app/energy_check.hpp"

#include <algorithm>

#include "app/device_choice.hpp"
#include "app/errors.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/power_meter.hpp"

namespace roofline {

IdleReading read_idle_power(const std::string& selector, EnergyBackend backend, double seconds) {
  const ChosenDevice device = choose_device(selector);
  std::string why;
  auto source = open_energy_source(backend, *device, EnergyRoots::from_environment(), why);
  if (!source) throw CommandError(Failure::runtime, "no energy readings for " + device->identity.name + ": " + why);
  PowerPolicy policy = power_policy(*source, false);
  policy.idle_windows = std::max(1, int(seconds / policy.window_s));
  IdleReading r;
  r.device = device->identity.name;
  r.backend = source->backend();
  r.domains = source->domains();
  r.window_s = policy.window_s;
  PowerMeter meter(std::move(source), policy);
  r.watts = meter.idle();
  return r;
}

}  // namespace roofline
