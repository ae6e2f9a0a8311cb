#include "cli/ceiling_table.hpp"

#include <cstdio>
#include <sstream>

#include "model/units.hpp"

namespace roofline {

std::string format_ceiling_table(const RoofsDocument& doc) {
  std::ostringstream o;
  o << doc.device.name << " (" << doc.device.platform << ", driver " << doc.device.driver << ")";
  if (doc.clock) o << ", clock under load " << int(doc.clock->mhz + 0.5) << " MHz (" << doc.clock->source << ")";
  o << "\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-8s %-5s %-8s %5s %14s %8s %8s %16s  %s\n", "kind", "op", "type", "width",
                "value", "spread", "of peak", "launch", "kernel");
  o << line;
  for (const auto& c : doc.ceilings) {
    std::string eff = c.efficiency ? std::to_string(int(*c.efficiency * 1000 + 0.5) / 10) + "." +
                                         std::to_string(int(*c.efficiency * 1000 + 0.5) % 10) + "%"
                                   : "-";
    if (c.above_theory) eff += "!";
    char spread[32];
    std::snprintf(spread, sizeof spread, "%.1f%%", c.value > 0 ? 100.0 * (c.stats.max - c.stats.min) / c.value : 0.0);
    const std::string launch = std::to_string(c.launch.work_groups()) + " x " + std::to_string(c.launch.local);
    // The kernel description can be long: only the fixed columns go through the buffer.
    std::snprintf(line, sizeof line, "%-8s %-5s %-8s %5d %14s %8s %8s %16s  ", c.kind.c_str(), c.op.c_str(),
                  (c.kind == "memory" ? c.level : c.type).c_str(), c.width, format_si(c.value, c.unit).c_str(), spread,
                  eff.c_str(), launch.c_str());
    o << line << c.variant << "\n";
  }
  return o.str();
}

}  // namespace roofline
