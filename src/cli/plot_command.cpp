#include <cstdio>

#include "chart/carm_chart.hpp"
#include "chart/sweep_chart.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "model/atomic_file.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

int run_plot(const std::string& roofs_path, const std::string& svg_path, const std::string& chart,
             const std::vector<std::string>& placement_files) {
  RoofsDocument doc;
  std::vector<Placement> dots;
  try {
    doc = load_roofs(roofs_path);
    for (const auto& f : placement_files)
      for (auto& p : load_placements(f)) dots.push_back(std::move(p));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "roofline: %s\n", e.what());
    return exit_code::usage;
  }
  try {
    write_file_atomically(svg_path, chart == "bandwidth" ? render_bandwidth_sweep_svg(doc)
                                    : chart == "latency" ? render_latency_sweep_svg(doc)
                                                         : render_carm_svg(doc, {}, dots));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "roofline: %s\n", e.what());
    return exit_code::output;
  }
  return exit_code::ok;
}

}  // namespace roofline
