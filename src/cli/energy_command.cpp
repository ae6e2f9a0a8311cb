// `roofline energy`: reads the energy counter --energy picks for a device for
// a few seconds with nothing running and prints the backend, its domains and
// the idle power: a quick check that a machine's counters can be read (and
// what they cover) before a long `roofline build --energy`.
#include <cstdio>

#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "device/device.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/power_meter.hpp"

namespace roofline {

int run_energy(const std::string& device, const std::string& backend, double seconds) {
  std::vector<DeviceEntry> devices;
  const DeviceEntry* chosen = nullptr;
  if (int rc = pick_device(device, devices, chosen)) return rc;
  const DeviceEntry& dev = *chosen;
  try {
    std::string why;
    auto source = open_energy_source(backend, dev, EnergyRoots::from_environment(), why);
    if (!source) {
      print_error("no energy readings for " + dev.identity.name + ": " + why);
      return exit_code::failure;
    }
    PowerPolicy policy = power_policy(*source, false);
    policy.idle_windows = std::max(1, int(seconds / policy.window_s));
    const std::string name = source->backend();
    std::string domains;
    for (const auto& d : source->domains()) domains += (domains.empty() ? "" : ", ") + d;
    PowerMeter meter(std::move(source), policy);
    const Stats idle = meter.idle();
    std::printf("%s: backend %s, domains %s\nidle power %.2f W (median of %zu windows of %.2f s; min %.2f, max %.2f)\n",
                dev.identity.name.c_str(), name.c_str(), domains.c_str(), idle.median, idle.samples, policy.window_s,
                idle.min, idle.max);
    return exit_code::ok;
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::failure;
  }
}

}  // namespace roofline
