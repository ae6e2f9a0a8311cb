// measurement/energy_powercap: RAPL through the Linux powercap sysfs tree
// (/sys/class/powercap/intel-rapl:*; AMD reuses the same zone names). Exposed
// for tests: the zone discovery and the wrap-around arithmetic.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "measurement/energy_source.hpp"

namespace roofline {

struct PowercapZone {
  std::string path;     // the zone's folder
  std::string name;     // its `name` file: "package-0", "dram", "core", "psys"...
  bool top = false;     // intel-rapl:N (a package or psys) rather than intel-rapl:N:M
  std::uint64_t max_energy_range_uj = 0;
};

// Every RAPL zone under `root`, sorted by folder name.
std::vector<PowercapZone> powercap_zones(const std::string& root);

// The zones whose sum is the energy of `target`: every package and DRAM zone
// (package-level devices), or the platform (psys) where there is no package.
std::vector<PowercapZone> powercap_domains(const std::vector<PowercapZone>& zones, EnergyTarget target);

// Energy between two readings of a counter that wraps at `range` (uJ): one
// wrap at most between readings.
std::uint64_t powercap_delta_uj(std::uint64_t before, std::uint64_t after, std::uint64_t range);

}  // namespace roofline
