// The energy backends' readers on fixture trees: powercap (zones, domains,
// wrap-around), the perf power PMU's sysfs files, and the error paths of
// PAPI and of backend selection.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include "device/device.hpp"
#include "measurement/energy_perf.hpp"
#include "measurement/energy_powercap.hpp"
#include "measurement/energy_source.hpp"
#include "cpu_device.hpp"

using namespace roofline;
namespace fs = std::filesystem;

namespace {

fs::path fixture_dir(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("roofline-energy-" + name);
  fs::remove_all(d);
  fs::create_directories(d);
  return d;
}

void write(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p) << text << "\n";
}

// A powercap zone as the kernel lays it out.
void zone(const fs::path& root, const std::string& dir, const std::string& name, std::uint64_t energy_uj,
          std::uint64_t range) {
  write(root / dir / "name", name);
  write(root / dir / "energy_uj", std::to_string(energy_uj));
  write(root / dir / "max_energy_range_uj", std::to_string(range));
}

// The perf power PMU of a server with package and DRAM domains and psys.
fs::path perf_fixture(const std::string& name) {
  const fs::path d = fixture_dir(name);
  write(d / "type", "23");
  write(d / "cpumask", "0,28");
  write(d / "format" / "event", "config:0-7");
  write(d / "events" / "energy-pkg", "event=0x02");
  write(d / "events" / "energy-pkg.scale", "2.3283064365386962890625e-10");
  write(d / "events" / "energy-pkg.unit", "Joules");
  write(d / "events" / "energy-ram", "event=0x03");
  write(d / "events" / "energy-ram.scale", "6.103515625e-05");
  write(d / "events" / "energy-ram.unit", "Joules");
  write(d / "events" / "energy-psys", "event=0x05");
  write(d / "events" / "energy-psys.scale", "2.3283064365386962890625e-10");
  write(d / "events" / "energy-psys.unit", "Joules");
  return d;
}

}  // namespace

TEST_CASE("powercap: zones and the domains chosen for each kind of device") {
  const fs::path root = fixture_dir("powercap-zones");
  zone(root, "intel-rapl:0", "package-0", 1000, 262143328850);
  zone(root, "intel-rapl:0:0", "core", 500, 262143328850);
  zone(root, "intel-rapl:0:1", "dram", 200, 65712999613);
  zone(root, "intel-rapl:1", "psys", 5000, 262143328850);
  zone(root, "intel-rapl-mmio:0", "package-0", 1000, 262143328850);  // a duplicate of the package: ignored
  const auto zones = powercap_zones(root.string());
  REQUIRE(zones.size() == 4);
  CHECK(zones[0].name == "package-0");
  CHECK(zones[0].top);
  CHECK_FALSE(zones[1].top);
  CHECK(zones[2].max_energy_range_uj == 65712999613ull);

  auto names = [](const std::vector<PowercapZone>& zs) {
    std::vector<std::string> n;
    for (const auto& z : zs) n.push_back(z.name);
    return n;
  };
  CHECK(names(powercap_domains(zones, EnergyTarget::cpu_package)) == std::vector<std::string>{"package-0", "dram"});
  CHECK(names(powercap_domains(zones, EnergyTarget::integrated_gpu)) == std::vector<std::string>{"package-0", "dram"});
  CHECK(names(powercap_domains(zones, EnergyTarget::discrete_gpu)) == std::vector<std::string>{"psys"});
}

TEST_CASE("powercap: wrap-around through max_energy_range_uj") {
  CHECK(powercap_delta_uj(100, 350, 1000) == 250);
  CHECK(powercap_delta_uj(900, 50, 1000) == 150);  // 900 -> 1000 -> 0 -> 50
  CHECK(powercap_delta_uj(7, 7, 1000) == 0);

  // The source reading a tree whose counters wrap between two readings.
  const fs::path root = fixture_dir("powercap-wrap");
  zone(root, "intel-rapl:0", "package-0", 262143000000, 262143328850);
  zone(root, "intel-rapl:0:0", "dram", 1000000, 65712999613);
  std::string why;
  auto src = open_powercap_source(EnergyRoots{root.string(), "/nonexistent"}, EnergyTarget::cpu_package, why);
  REQUIRE_MESSAGE(src, why);
  CHECK(src->backend() == "powercap");
  CHECK(src->domains() == std::vector<std::string>{"package-0", "dram"});
  const double j0 = src->joules();
  CHECK(j0 == doctest::Approx(0));
  // Package: 328850 uJ to the top, then 671150 more = 1 J; DRAM: 2 J.
  write(root / "intel-rapl:0" / "energy_uj", "671150");
  write(root / "intel-rapl:0:0" / "energy_uj", "3000000");
  CHECK(src->joules() == doctest::Approx(3.0));
  write(root / "intel-rapl:0" / "energy_uj", "1671150");
  CHECK(src->joules() == doctest::Approx(4.0));
}

TEST_CASE("powercap: missing trees and zones say why") {
  std::string why;
  CHECK_FALSE(open_powercap_source(EnergyRoots{"/nonexistent/powercap", ""}, EnergyTarget::cpu_package, why));
  CHECK(why.find("does not exist") != std::string::npos);
  const fs::path root = fixture_dir("powercap-empty");
  CHECK_FALSE(open_powercap_source(EnergyRoots{root.string(), ""}, EnergyTarget::cpu_package, why));
  CHECK(why.find("no intel-rapl zones") != std::string::npos);
  zone(root, "intel-rapl:0", "package-0", 1, 0);
  CHECK_FALSE(open_powercap_source(EnergyRoots{root.string(), ""}, EnergyTarget::cpu_package, why));
  CHECK(why.find("max_energy_range_uj") != std::string::npos);
}

TEST_CASE("perf power PMU: type, CPUs, event encodings and scales from sysfs") {
  const fs::path d = perf_fixture("perf-parse");
  const PerfPowerPmu pmu = parse_perf_power_pmu(d.string());
  CHECK(pmu.type == 23);
  CHECK(pmu.cpus == std::vector<int>{0, 28});
  REQUIRE(pmu.events.size() == 3);
  CHECK(pmu.events[0].name == "energy-pkg");
  CHECK(pmu.events[0].config == 2);
  CHECK(pmu.events[0].scale == doctest::Approx(1.0 / 4294967296.0));
  CHECK(pmu.events[1].name == "energy-psys");
  CHECK(pmu.events[2].name == "energy-ram");
  CHECK(pmu.events[2].scale == doctest::Approx(6.103515625e-05));

  auto names = [](const std::vector<PerfEnergyEvent>& es) {
    std::vector<std::string> n;
    for (const auto& e : es) n.push_back(e.name);
    return n;
  };
  CHECK(names(perf_domains(pmu.events, EnergyTarget::cpu_package)) == std::vector<std::string>{"energy-pkg", "energy-ram"});
  CHECK(names(perf_domains(pmu.events, EnergyTarget::discrete_gpu)) == std::vector<std::string>{"energy-psys"});
}

TEST_CASE("perf power PMU: encodings through format files, CPU lists, and bad files") {
  const fs::path d = perf_fixture("perf-format");
  write(d / "format" / "umask", "config:8-15");
  write(d / "format" / "edge", "config:18");
  CHECK(perf_event_config(d.string(), "event=0x02,umask=0x1") == 0x102);
  CHECK(perf_event_config(d.string(), "event=0x3,edge") == ((1ull << 18) | 3));
  CHECK_THROWS_WITH_AS(perf_event_config(d.string(), "event=0x1ff"), doctest::Contains("does not fit"), std::runtime_error);
  CHECK_THROWS_AS(perf_event_config(d.string(), "cmask=1"), std::runtime_error);  // no format/cmask

  CHECK(parse_cpu_list("0-2,8") == std::vector<int>{0, 1, 2, 8});
  CHECK(parse_cpu_list("5") == std::vector<int>{5});
  CHECK_THROWS_AS(parse_cpu_list("3-1"), std::runtime_error);
  CHECK_THROWS_AS(parse_cpu_list("x"), std::runtime_error);

  write(d / "events" / "energy-ram.unit", "Watts");
  CHECK_THROWS_WITH_AS(parse_perf_power_pmu(d.string()), doctest::Contains("not Joules"), std::runtime_error);
  write(d / "events" / "energy-ram.unit", "Joules");
  write(d / "events" / "energy-ram.scale", "zero");
  CHECK_THROWS_WITH_AS(parse_perf_power_pmu(d.string()), doctest::Contains("not a positive number"), std::runtime_error);
  fs::remove(d / "events" / "energy-ram.scale");
  CHECK_THROWS_WITH_AS(parse_perf_power_pmu(d.string()), doctest::Contains("is missing"), std::runtime_error);
  write(d / "type", "power");
  CHECK_THROWS_WITH_AS(parse_perf_power_pmu(d.string()), doctest::Contains("not a number"), std::runtime_error);

  std::string why;
  CHECK_FALSE(open_perf_source(EnergyRoots{"", "/nonexistent/power"}, EnergyTarget::cpu_package, why));
  CHECK(why.find("does not exist") != std::string::npos);
}

TEST_CASE("PAPI: an event it cannot count, or a build without PAPI, is an error that says why") {
  std::string why;
  auto src = open_papi_source(EnergyRoots{}, EnergyTarget::cpu_package, why, {"rapl::NO_SUCH_RAPL_EVENT:cpu=0"});
  CHECK_FALSE(src);
  if (papi_available_in_build()) {
    // Either the event itself is refused, naming it, or PAPI's uncore
    // component is off (it says why), depending on the machine.
    const bool names_event = why.find("rapl::NO_SUCH_RAPL_EVENT") != std::string::npos;
    const bool component_off = why.find("perf_event_uncore") != std::string::npos;
    CHECK_MESSAGE((names_event || component_off), why);
  } else {
    CHECK(why.find("PAPI is unavailable in this build") != std::string::npos);
  }
}

TEST_CASE("backend selection: none, unknown names, and a named backend that cannot work") {
  std::vector<DeviceEntry> devices = enumerate_devices();
  const DeviceEntry* dev = cpu_device(devices);
  if (!dev) return;
  const EnergyRoots nowhere{"/nonexistent/powercap", "/nonexistent/power"};
  std::string why;
  CHECK_FALSE(open_energy_source(EnergyBackend::none, *dev, nowhere, why));
  CHECK(why.empty());
  // An unknown backend name is refused where the name is read, before any source is opened.
  CHECK_THROWS_AS(parse_name<EnergyBackend>("rapl"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(open_energy_source(EnergyBackend::powercap, *dev, nowhere, why),
                       doctest::Contains("--energy powercap: /nonexistent/powercap does not exist"), EnergyUnavailable);
  CHECK_THROWS_WITH_AS(open_energy_source(EnergyBackend::perf, *dev, nowhere, why), doctest::Contains("--energy perf:"),
                       EnergyUnavailable);
  // auto on a CPU: every RAPL backend tried, each one's reason given (PAPI
  // may still find real RAPL on a bare-metal machine).
  auto src = open_energy_source(EnergyBackend::automatic, *dev, nowhere, why);
  if (!src) {
    CHECK(why.find("perf: /nonexistent/power does not exist") != std::string::npos);
    CHECK(why.find("powercap: /nonexistent/powercap does not exist") != std::string::npos);
    CHECK(why.find("papi: ") != std::string::npos);
  }
}
