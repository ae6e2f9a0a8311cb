// measurement/energy_perf: RAPL through the Linux perf `power` PMU, read with
// perf_event_open using the type, event encoding and scale the kernel
// publishes in /sys/bus/event_source/devices/power/. Needs no libpfm4
// whitelist, so it works on CPUs PAPI does not know. Exposed for tests: the
// parsing of the PMU's sysfs files.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "measurement/energy_source.hpp"

namespace roofline {

struct PerfEnergyEvent {
  std::string name;      // "energy-pkg", "energy-ram", "energy-psys"...
  std::uint64_t config = 0;
  double scale = 1;      // joules per count (from NAME.scale, converted through NAME.unit)
};

struct PerfPowerPmu {
  std::uint32_t type = 0;
  std::vector<int> cpus;  // one CPU per package (cpumask)
  std::vector<PerfEnergyEvent> events;
};

// Parses the PMU folder; throws std::runtime_error naming the file and the problem.
PerfPowerPmu parse_perf_power_pmu(const std::string& dir);
// "event=0x02,umask=0x1" through the PMU's format/ files ("config:0-7") into a config word.
std::uint64_t perf_event_config(const std::string& dir, const std::string& encoding);
// "0", "0,28", "0-1,4": the CPUs of a cpumask file.
std::vector<int> parse_cpu_list(const std::string& text);
// The events whose sum is the energy of `target` (as powercap_domains).
std::vector<PerfEnergyEvent> perf_domains(const std::vector<PerfEnergyEvent>& events, EnergyTarget target);

}  // namespace roofline
