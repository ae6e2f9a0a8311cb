#include "cli/present.hpp"

#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/units.hpp"

namespace roofline {

void print_error(const std::string& msg) { std::fprintf(stderr, "roofline: %s\n", msg.c_str()); }
void print_warning(const std::string& msg) { std::fprintf(stderr, "roofline: warning: %s\n", msg.c_str()); }

std::string format_ceiling_table(const RoofsDocument& doc) {
  std::ostringstream o;
  o << doc.device.name << " (" << doc.device.platform << ", driver " << doc.device.driver << ")";
  if (doc.clock) o << ", clock under load " << format_text("%.0f", doc.clock->mhz) << " MHz (" << doc.clock->source << ")";
  o << "\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-8s %-5s %-8s %5s %14s %8s %8s %16s  %s\n", "kind", "op", "type", "width",
                "value", "spread", "of peak", "launch", "kernel");
  o << line;
  for (const auto& c : doc.ceilings) {
    std::string eff = c.efficiency ? format_text("%.1f%%", *c.efficiency * 100) : "-";
    if (c.above_theory) eff += "!";
    const std::string spread = format_text("%.1f%%", c.value > 0 ? 100.0 * (c.stats.max - c.stats.min) / c.value : 0.0);
    const std::string launch = std::to_string(c.launch.work_groups()) + " x " + std::to_string(c.launch.local);
    // The kernel description can be long: only the fixed columns go through the buffer.
    std::snprintf(line, sizeof line, "%-8s %-5s %-8s %5d %14s %8s %8s %16s  ", str(c.kind).c_str(), str(c.op).c_str(),
                  (c.is_memory() ? c.level_name() : str(c.type)).c_str(), c.width, format_si(c.value, c.unit()).c_str(), spread.c_str(),
                  eff.c_str(), launch.c_str());
    if (!c.below_farther_level.empty()) o << "[below " << c.below_farther_level << "!] ";
    o << line << c.variant << "\n";
  }
  return o.str();
}

std::string format_counts(const CountsFile& c) {
  std::ostringstream o;
  auto n = [](double v) { return format_text("%.0f", v); };
  const OpCounts& k = c.counts;
  o << "kernel " << c.launch.kernel << " (" << c.source << "), " << c.work_items << " work-items, counted on " << c.device << "\n";
  o << "  FLOPs    " << n(k.flops()) << "  (half " << n(double(k.slot[kFlopHalf])) << ", float " << n(double(k.slot[kFlopFloat]))
    << ", double " << n(double(k.slot[kFlopDouble])) << ")\n";
  o << "  INTOPs   " << n(k.intops()) << "\n";
  o << "  bytes    " << n(k.carm_bytes()) << "  (CARM traffic: global, constant and local)\n";
  o << "    global    load " << n(double(k.slot[kGlobalLoad])) << "  store " << n(double(k.slot[kGlobalStore])) << "\n";
  o << "    constant  load " << n(double(k.slot[kConstantLoad])) << "\n";
  o << "    local     load " << n(double(k.slot[kLocalLoad])) << "  store " << n(double(k.slot[kLocalStore])) << "\n";
  o << "    private   load " << n(double(k.slot[kPrivateLoad])) << "  store " << n(double(k.slot[kPrivateStore]))
    << "  (not CARM traffic)\n";
  const double ops = k.flops() > 0 ? k.flops() : k.intops();
  if (k.carm_bytes() > 0)
    o << "  AI       " << format_text("%.4g", ops / k.carm_bytes()) << (k.flops() > 0 ? " FLOP/byte" : " INTOP/byte") << "\n";
  for (const auto& w : c.warnings) o << "  warning: " << w << "\n";
  return o.str();
}

std::string format_placement(const Placement& p, const CountsFile& c, bool counted_here) {
  std::ostringstream o;
  o << format_counts(c);
  o << format_text("  time     %s median (min %s, max %s, rse %.2f%%, %zu runs)\n", format_si(p.seconds, "s").c_str(),
                   format_si(p.time.min, "s").c_str(), format_si(p.time.max, "s").c_str(), 100 * p.time.rse, p.time.samples);
  o << "  perf     " << format_si(p.performance, p.unit) << " on " << p.device << "\n";
  if (p.watts) {
    o << format_text("  power    %.1f W, %s per launch", *p.watts, format_si(*p.joules, "J").c_str());
    if (p.efficiency) o << ", " << format_si(*p.efficiency, p.unit == RateUnit::intop ? "INTOP" : "FLOP") << "/J";
    o << "\n";
  }
  if (!p.bound.roof.empty()) {
    o << "  bound    " << p.bound.roof << (p.bound.level ? "" : " (compute)") << ": "
      << format_text("%s attainable at this AI, %.1f%% reached\n", format_si(p.bound.attainable, p.unit).c_str(),
                     100 * p.bound.fraction);
  }
  if (p.predicted_seconds) {
    o << format_text("  predicted %s by the roofs, measured %s (measured / predicted %.2f)\n",
                     format_si(*p.predicted_seconds, "s").c_str(), format_si(p.seconds, "s").c_str(), p.seconds / *p.predicted_seconds);
  }
  if (counted_here && c.instrumented_seconds > 0 && p.seconds > 0) {
    o << "  counting run " << format_si(c.instrumented_seconds, "s") << " on " << c.device
      << format_text(", %.2fx the kernel's median time\n", c.instrumented_seconds / p.seconds);
  }
  if (!p.note.empty()) o << "  note: " << p.note << "\n";
  return o.str();
}

std::string format_idle_power(const IdleReading& r) {
  std::string domains;
  for (const auto& d : r.domains) domains += (domains.empty() ? "" : ", ") + d;
  return r.device + ": backend " + r.backend + ", domains " + domains + "\n" +
         format_text("idle power %.2f W (median of %zu windows of %.2f s; min %.2f, max %.2f)\n", r.watts.median,
                     r.watts.samples, r.window_s, r.watts.min, r.watts.max);
}

std::string devices_json(const std::vector<DeviceEntry>& devices) {
  nlohmann::json j = nlohmann::json::array();
  for (const auto& d : devices) {
    nlohmann::json e = d.identity;
    e["index"] = d.index;
    e["selector"] = std::to_string(d.platform_index) + ":" + std::to_string(d.device_index);
    j.push_back(e);
  }
  return j.dump(2) + "\n";
}

}  // namespace roofline
