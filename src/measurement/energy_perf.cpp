#include "measurement/energy_perf.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace roofline {
namespace fs = std::filesystem;
namespace {

std::string read_text(const fs::path& p) {
  std::ifstream in(p);
  if (!in) throw std::runtime_error("cannot read " + p.string());
  std::string s;
  std::getline(in, s);
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

// One counter per (event, package CPU); counts are 64-bit, no wrap.
class PerfSource final : public EnergySource {
 public:
  PerfSource(std::vector<int> fds, std::vector<double> scales, std::vector<std::string> domains)
      : fds_(std::move(fds)), scales_(std::move(scales)), domains_(std::move(domains)) {}
  ~PerfSource() override {
    for (int fd : fds_) close(fd);
  }
  std::string backend() const override { return "perf"; }
  std::vector<std::string> domains() const override { return domains_; }
  double joules() override {
    double j = 0;
    for (std::size_t i = 0; i < fds_.size(); ++i) {
      std::uint64_t count = 0;
      if (read(fds_[i], &count, sizeof count) != sizeof count)
        throw std::runtime_error(std::string("reading the perf power counter failed: ") + std::strerror(errno));
      j += double(count) * scales_[i];
    }
    return j;
  }
  double update_period_s() const override { return 0.001; }

 private:
  std::vector<int> fds_;
  std::vector<double> scales_;
  std::vector<std::string> domains_;
};

}  // namespace

std::vector<int> parse_cpu_list(const std::string& text) {
  std::vector<int> cpus;
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, ',')) {
    if (part.empty()) continue;
    const auto dash = part.find('-');
    try {
      const int lo = std::stoi(part.substr(0, dash));
      const int hi = dash == std::string::npos ? lo : std::stoi(part.substr(dash + 1));
      if (lo < 0 || hi < lo) throw std::invalid_argument(part);
      for (int c = lo; c <= hi; ++c) cpus.push_back(c);
    } catch (const std::exception&) {
      throw std::runtime_error("bad CPU list \"" + text + "\"");
    }
  }
  return cpus;
}

std::uint64_t perf_event_config(const std::string& dir, const std::string& encoding) {
  std::uint64_t config = 0;
  std::stringstream ss(encoding);
  std::string term;
  while (std::getline(ss, term, ',')) {
    const auto eq = term.find('=');
    const std::string field = term.substr(0, eq);
    std::uint64_t value = 1;  // a bare flag means 1
    if (eq != std::string::npos) {
      try {
        value = std::stoull(term.substr(eq + 1), nullptr, 0);
      } catch (const std::exception&) {
        throw std::runtime_error("bad value in event encoding \"" + encoding + "\"");
      }
    }
    // format/<field> says where the field goes: "config:0-7" (or one bit, "config:5").
    const std::string fmt = read_text(fs::path(dir) / "format" / field);
    if (fmt.rfind("config:", 0) != 0)
      throw std::runtime_error("format/" + field + " is \"" + fmt + "\": only config fields are supported");
    const std::string bits = fmt.substr(7);
    const auto dash = bits.find('-');
    const int lo = std::stoi(bits.substr(0, dash));
    const int hi = dash == std::string::npos ? lo : std::stoi(bits.substr(dash + 1));
    if (lo < 0 || hi > 63 || hi < lo) throw std::runtime_error("format/" + field + " has bad bits \"" + fmt + "\"");
    const int width = hi - lo + 1;
    const std::uint64_t mask = width == 64 ? ~0ull : ((1ull << width) - 1);
    if (value & ~mask) throw std::runtime_error(field + "=" + std::to_string(value) + " does not fit " + fmt);
    config |= value << lo;
  }
  return config;
}

PerfPowerPmu parse_perf_power_pmu(const std::string& dir) {
  PerfPowerPmu pmu;
  const std::string type = read_text(fs::path(dir) / "type");
  try {
    pmu.type = std::uint32_t(std::stoul(type));
  } catch (const std::exception&) {
    throw std::runtime_error(dir + "/type is \"" + type + "\", not a number");
  }
  pmu.cpus = parse_cpu_list(read_text(fs::path(dir) / "cpumask"));
  if (pmu.cpus.empty()) throw std::runtime_error(dir + "/cpumask names no CPU");
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(fs::path(dir) / "events", ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind("energy-", 0) != 0 || name.find('.') != std::string::npos) continue;
    PerfEnergyEvent ev;
    ev.name = name;
    ev.config = perf_event_config(dir, read_text(e.path()));
    const fs::path scale = e.path().string() + ".scale", unit = e.path().string() + ".unit";
    if (!fs::exists(scale)) throw std::runtime_error(scale.string() + " is missing: counts cannot be turned into joules");
    const std::string s = read_text(scale);
    char* end = nullptr;
    ev.scale = std::strtod(s.c_str(), &end);
    if (end == s.c_str() || !(ev.scale > 0)) throw std::runtime_error(scale.string() + " is \"" + s + "\", not a positive number");
    const std::string u = fs::exists(unit) ? read_text(unit) : "Joules";
    if (u != "Joules") throw std::runtime_error(unit.string() + " is \"" + u + "\", not Joules");
    pmu.events.push_back(ev);
  }
  std::sort(pmu.events.begin(), pmu.events.end(),
            [](const PerfEnergyEvent& a, const PerfEnergyEvent& b) { return a.name < b.name; });
  return pmu;
}

std::vector<PerfEnergyEvent> perf_domains(const std::vector<PerfEnergyEvent>& events, EnergyTarget target) {
  std::vector<PerfEnergyEvent> out;
  if (target != EnergyTarget::discrete_gpu)
    for (const auto& e : events)
      if (e.name == "energy-pkg" || e.name == "energy-ram") out.push_back(e);
  if (out.empty())
    for (const auto& e : events)
      if (e.name == "energy-psys") out.push_back(e);
  return out;
}

std::unique_ptr<EnergySource> open_perf_source(const EnergyRoots& roots, EnergyTarget target, std::string& why) {
  if (!fs::exists(roots.perf_pmu)) {
    why = roots.perf_pmu + " does not exist (no perf power PMU: a virtual machine, or a CPU the kernel's RAPL driver does not know)";
    return nullptr;
  }
  PerfPowerPmu pmu;
  try {
    pmu = parse_perf_power_pmu(roots.perf_pmu);
  } catch (const std::exception& e) {
    why = e.what();
    return nullptr;
  }
  const auto chosen = perf_domains(pmu.events, target);
  if (chosen.empty()) {
    why = "the perf power PMU has no energy-pkg, energy-ram or energy-psys event";
    return nullptr;
  }
  std::vector<int> fds;
  std::vector<double> scales;
  std::vector<std::string> domains;
  for (const auto& ev : chosen)
    for (int cpu : pmu.cpus) {
      perf_event_attr attr;
      std::memset(&attr, 0, sizeof attr);
      attr.size = sizeof attr;
      attr.type = pmu.type;
      attr.config = ev.config;
      // A system-wide counter on one CPU of the package: pid -1, that CPU.
      const int fd = int(syscall(SYS_perf_event_open, &attr, -1, cpu, -1, 0));
      if (fd < 0) {
        const int err = errno;
        for (int f : fds) close(f);
        why = "perf_event_open(" + ev.name + ", cpu " + std::to_string(cpu) + ") failed: " + std::strerror(err) +
              (err == EACCES || err == EPERM ? " (needs root, CAP_PERFMON or kernel.perf_event_paranoid <= 0)" : "");
        return nullptr;
      }
      fds.push_back(fd);
      scales.push_back(ev.scale);
      domains.push_back(ev.name.substr(7) + (pmu.cpus.size() > 1 ? "-cpu" + std::to_string(cpu) : ""));
    }
  return std::make_unique<PerfSource>(std::move(fds), std::move(scales), std::move(domains));
}

}  // namespace roofline
