#include <cstdio>

#include "chart/carm_chart.hpp"
#include "chart/sweep_chart.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "model/atomic_file.hpp"
#include "model/roofs.hpp"

namespace roofline {

int run_plot(const std::string& roofs_path, const std::string& svg_path, const std::string& chart) {
  RoofsDocument doc;
  try {
    doc = load_roofs(roofs_path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "roofline: %s\n", e.what());
    return exit_code::usage;
  }
  try {
    write_file_atomically(svg_path, chart == "bandwidth" ? render_bandwidth_sweep_svg(doc)
                                    : chart == "latency" ? render_latency_sweep_svg(doc)
                                                         : render_carm_svg(doc));
  } catch (const std::exception& e) {
    std::fprintf(stderr, "roofline: %s\n", e.what());
    return exit_code::output;
  }
  return exit_code::ok;
}

}  // namespace roofline
