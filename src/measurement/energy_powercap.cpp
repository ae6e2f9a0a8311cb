#include "measurement/energy_powercap.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace roofline {
namespace fs = std::filesystem;
namespace {

bool read_line(const fs::path& p, std::string& out) {
  std::ifstream in(p);
  return bool(std::getline(in, out));
}

// A counter file; throws naming the file when it cannot be read.
std::uint64_t read_counter(const fs::path& p) {
  std::ifstream in(p);
  std::uint64_t v = 0;
  if (!(in >> v)) throw std::runtime_error("cannot read " + p.string());
  return v;
}

class PowercapSource final : public EnergySource {
 public:
  explicit PowercapSource(std::vector<PowercapZone> zones) : zones_(std::move(zones)) {
    for (const auto& z : zones_) last_.push_back(read_counter(fs::path(z.path) / "energy_uj"));
  }
  std::string backend() const override { return "powercap"; }
  std::vector<std::string> domains() const override {
    std::vector<std::string> d;
    for (const auto& z : zones_) d.push_back(z.name);
    return d;
  }
  double joules() override {
    for (std::size_t i = 0; i < zones_.size(); ++i) {
      const std::uint64_t now = read_counter(fs::path(zones_[i].path) / "energy_uj");
      total_uj_ += powercap_delta_uj(last_[i], now, zones_[i].max_energy_range_uj);
      last_[i] = now;
    }
    return double(total_uj_) * 1e-6;
  }
  double update_period_s() const override { return 0.001; }

 private:
  std::vector<PowercapZone> zones_;
  std::vector<std::uint64_t> last_;
  std::uint64_t total_uj_ = 0;
};

}  // namespace

std::vector<PowercapZone> powercap_zones(const std::string& root) {
  std::vector<PowercapZone> zones;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(root, ec)) {
    const std::string dir = e.path().filename().string();
    if (dir.rfind("intel-rapl:", 0) != 0) continue;  // intel-rapl-mmio duplicates the package zone
    PowercapZone z;
    z.path = e.path().string();
    z.top = std::count(dir.begin(), dir.end(), ':') == 1;
    std::string range;
    if (!read_line(e.path() / "name", z.name)) continue;
    if (read_line(e.path() / "max_energy_range_uj", range)) z.max_energy_range_uj = std::strtoull(range.c_str(), nullptr, 10);
    zones.push_back(z);
  }
  std::sort(zones.begin(), zones.end(), [](const PowercapZone& a, const PowercapZone& b) { return a.path < b.path; });
  return zones;
}

std::vector<PowercapZone> powercap_domains(const std::vector<PowercapZone>& zones, EnergyTarget target) {
  std::vector<PowercapZone> out;
  if (target != EnergyTarget::discrete_gpu)
    for (const auto& z : zones)
      if ((z.top && z.name.rfind("package", 0) == 0) || z.name == "dram") out.push_back(z);
  // A discrete GPU is outside every RAPL domain but the platform's (psys);
  // psys is also the only choice where a client part exposes no package zone.
  if (out.empty())
    for (const auto& z : zones)
      if (z.name == "psys") out.push_back(z);
  return out;
}

std::uint64_t powercap_delta_uj(std::uint64_t before, std::uint64_t after, std::uint64_t range) {
  if (after >= before) return after - before;
  // The counter wrapped: it ran from `before` up to `range`, then from 0 to `after`.
  return range > before ? range - before + after : after;
}

std::unique_ptr<EnergySource> open_powercap_source(const EnergyRoots& roots, EnergyTarget target, std::string& why) {
  if (!fs::exists(roots.powercap)) {
    why = roots.powercap + " does not exist (no RAPL driver: a virtual machine, or a kernel without intel_rapl)";
    return nullptr;
  }
  const auto zones = powercap_zones(roots.powercap);
  if (zones.empty()) {
    why = "no intel-rapl zones under " + roots.powercap;
    return nullptr;
  }
  auto chosen = powercap_domains(zones, target);
  if (chosen.empty()) {
    why = "no package, DRAM or psys zone under " + roots.powercap;
    return nullptr;
  }
  for (const auto& z : chosen) {
    const fs::path f = fs::path(z.path) / "energy_uj";
    std::FILE* file = std::fopen(f.c_str(), "r");
    if (!file) {
      why = "cannot read " + f.string() + ": " + std::strerror(errno) +
            (errno == EACCES ? " (energy_uj is root-only since CVE-2020-8694)" : "");
      return nullptr;
    }
    std::fclose(file);
    if (z.max_energy_range_uj == 0) {
      why = "no max_energy_range_uj in " + z.path + ": wrap-around could not be handled";
      return nullptr;
    }
  }
  return std::make_unique<PowercapSource>(std::move(chosen));
}

}  // namespace roofline
