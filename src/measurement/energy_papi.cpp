// measurement/energy_papi: RAPL through PAPI, the thesis's way: libpfm4's
// rapl::RAPL_ENERGY_* events via PAPI's perf_event_uncore component (Debian's
// PAPI has no separate rapl component). Counts are in 2^-32 J. Compiled only
// when CMake finds PAPI (ROOFLINE_HAVE_PAPI); otherwise the opener says so.
#include <filesystem>
#include <fstream>

#include "measurement/energy_perf.hpp"
#include "measurement/energy_source.hpp"

#ifdef ROOFLINE_HAVE_PAPI
#include <papi.h>
#endif

namespace roofline {

#ifdef ROOFLINE_HAVE_PAPI
namespace {

constexpr double kRaplJoulesPerCount = 1.0 / 4294967296.0;  // libpfm4: "Unit is 2^-32 Joules"

// The package CPUs RAPL events must name (uncore events are system-wide and
// need a CPU): the perf power PMU's cpumask where the kernel has one, else CPU 0.
std::vector<int> package_cpus(const EnergyRoots& roots) {
  std::ifstream in(roots.perf_pmu + "/cpumask");
  std::string text;
  if (in && std::getline(in, text)) try {
      auto cpus = parse_cpu_list(text);
      if (!cpus.empty()) return cpus;
    } catch (const std::exception&) {
    }
  return {0};
}

class PapiSource final : public EnergySource {
 public:
  PapiSource(int event_set, std::vector<std::string> domains) : set_(event_set), domains_(std::move(domains)) {}
  ~PapiSource() override {
    std::vector<long long> v(domains_.size());
    PAPI_stop(set_, v.data());
    PAPI_cleanup_eventset(set_);
    PAPI_destroy_eventset(&set_);
  }
  std::string backend() const override { return "papi"; }
  std::vector<std::string> domains() const override { return domains_; }
  double joules() override {
    // PAPI_read gives the counts since PAPI_start: 64-bit perf counts, no wrap.
    std::vector<long long> v(domains_.size());
    const int rc = PAPI_read(set_, v.data());
    if (rc != PAPI_OK) throw std::runtime_error(std::string("PAPI_read failed: ") + PAPI_strerror(rc));
    double j = 0;
    for (long long c : v) j += double(c) * kRaplJoulesPerCount;
    return j;
  }
  double update_period_s() const override { return 0.001; }

 private:
  int set_;
  std::vector<std::string> domains_;
};

}  // namespace

bool papi_available_in_build() { return true; }

std::unique_ptr<EnergySource> open_papi_source(const EnergyRoots& roots, EnergyTarget target, std::string& why,
                                               const std::vector<std::string>& requested) {
  if (!PAPI_is_initialized()) {
    const int v = PAPI_library_init(PAPI_VER_CURRENT);
    if (v != PAPI_VER_CURRENT) {
      why = "PAPI_library_init failed (" + std::string(v < 0 ? PAPI_strerror(v) : "version mismatch") + ")";
      return nullptr;
    }
  }
  const int cidx = PAPI_get_component_index("perf_event_uncore");
  const PAPI_component_info_t* info = cidx >= 0 ? PAPI_get_component_info(cidx) : nullptr;
  if (!info) {
    why = "this PAPI has no perf_event_uncore component, through which RAPL is read";
    return nullptr;
  }
  if (info->disabled) {
    why = std::string("PAPI's perf_event_uncore component is disabled: ") + info->disabled_reason +
          " (no RAPL in a virtual machine; PAPI 7.0 also needs root or kernel.perf_event_paranoid <= 0)";
    return nullptr;
  }
  std::vector<std::string> events = requested, domains;
  if (events.empty())
    for (int cpu : package_cpus(roots)) {
      const std::string q = ":cpu=" + std::to_string(cpu);
      if (target == EnergyTarget::discrete_gpu) {
        events.push_back("rapl::RAPL_ENERGY_PSYS" + q);
      } else {
        events.push_back("rapl::RAPL_ENERGY_PKG" + q);
        events.push_back("rapl::RAPL_ENERGY_DRAM" + q);
      }
    }
  int set = PAPI_NULL;
  if (int rc = PAPI_create_eventset(&set); rc != PAPI_OK) {
    why = std::string("PAPI_create_eventset failed: ") + PAPI_strerror(rc);
    return nullptr;
  }
  std::string missing;
  for (const std::string& e : events) {
    const int rc = PAPI_add_named_event(set, e.c_str());
    if (rc == PAPI_OK) {
      domains.push_back(e);
      continue;
    }
    // DRAM is absent on client parts: the package alone is still a reading.
    if (requested.empty() && e.find("DRAM") != std::string::npos) continue;
    missing += (missing.empty() ? "" : "; ") + e + ": " + PAPI_strerror(rc);
  }
  if (!missing.empty() || domains.empty()) {
    PAPI_cleanup_eventset(set);
    PAPI_destroy_eventset(&set);
    why = "PAPI cannot count " + (missing.empty() ? std::string("any RAPL event") : missing) +
          " (libpfm4 does not know this CPU's RAPL events, or there is no RAPL: a virtual machine)";
    return nullptr;
  }
  if (int rc = PAPI_start(set); rc != PAPI_OK) {
    PAPI_cleanup_eventset(set);
    PAPI_destroy_eventset(&set);
    why = std::string("PAPI_start failed: ") + PAPI_strerror(rc);
    return nullptr;
  }
  return std::make_unique<PapiSource>(set, std::move(domains));
}

#else

bool papi_available_in_build() { return false; }

std::unique_ptr<EnergySource> open_papi_source(const EnergyRoots&, EnergyTarget, std::string& why,
                                               const std::vector<std::string>&) {
  why = "PAPI is unavailable in this build (CMake did not find papi.h and libpapi; install libpapi-dev and rebuild)";
  return nullptr;
}

#endif

}  // namespace roofline
