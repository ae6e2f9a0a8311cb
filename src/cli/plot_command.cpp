// cli/plot_command: `roofline plot` and `roofline report`, charts and the HTML
// report redrawn from roofs files (and placement files) without measuring.
#include <cstdio>
#include <filesystem>

#include "chart/chart_kinds.hpp"
#include "chart/report.hpp"
#include "chart/roof_picks.hpp"
#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "model/atomic_file.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

namespace {

// Checks --compute and reads every roofs and placement file; 0, or the exit
// status after a message on the first problem.
int load_inputs(const PlotOptions& o, std::vector<RoofsDocument>& docs, std::vector<Placement>& dots) {
  try {
    chart::check_roof_picks(o.compute);
  } catch (const std::exception& e) {
    print_error(std::string("--compute: ") + e.what());
    return exit_code::usage;
  }
  try {
    for (const auto& p : o.roofs) docs.push_back(load_roofs(p));
    for (const auto& p : o.dots)
      for (Placement& d : load_placements(p)) dots.push_back(std::move(d));
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::usage;
  }
  return exit_code::ok;
}

ChartOptions chart_options(const PlotOptions& o) {
  ChartOptions opt;
  opt.title = o.title;
  opt.width = o.width;
  opt.height = o.height;
  opt.compute_roofs = o.compute;
  return opt;
}

std::string stem(const std::string& path) { return std::filesystem::path(path).stem().string(); }

bool is_energy_chart(const std::string& kind) { return kind == "power" || kind == "energy" || kind == "efficiency"; }

// Charts that overlay several roofs files, and those with room for placed kernels.
bool compares_files(const std::string& kind) { return kind == "carm" || kind == "bandwidth" || kind == "latency" || is_energy_chart(kind); }
bool takes_dots(const std::string& kind) { return kind == "carm" || is_energy_chart(kind); }

bool has_power_readings(const RoofsDocument& doc) {
  for (const Ceiling& c : doc.ceilings)
    for (const SweepPoint& p : c.sweep_wg_count)
      if (p.watts) return true;
  return false;
}

// What makes this plot impossible to draw as asked, empty when nothing: a
// chart of one file given several, dots where they cannot go, an energy chart
// of a file without a power model, a folder named like a chart.
std::string plot_refusal(const PlotOptions& o, const std::vector<RoofsDocument>& docs) {
  if (o.chart == "all") {
    if (std::filesystem::path(o.output).extension() == ".svg")
      return "--chart all writes a folder of charts: -o names that folder, not an .svg file";
    return "";
  }
  const std::string& kind = o.chart;
  if (docs.size() > 1 && !compares_files(kind))
    return "--chart " + kind + " draws one roofs file, got " + std::to_string(docs.size()) +
           " (carm, bandwidth, latency and the energy charts compare several)";
  if (!o.dots.empty() && !takes_dots(kind))
    return "--dots: the " + kind + " chart has no place for placed kernels (carm, power, energy and efficiency have)";
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (is_energy_chart(kind) && !(docs[i].energy && docs[i].energy->model))
      return o.roofs[i] + ": no power model (no energy section with a fitted model; measure with roofline build --energy)";
    if ((kind == "wg-count" || kind == "wg-size") && o.metric != "performance" && !has_power_readings(docs[i]))
      return o.roofs[i] + ": no power readings in the launch sweeps (measure with roofline build --energy)";
  }
  return "";
}

}  // namespace

int run_plot(const PlotOptions& o) {
  std::vector<RoofsDocument> docs;
  std::vector<Placement> dots;
  if (int rc = load_inputs(o, docs, dots)) return rc;
  if (const std::string why = plot_refusal(o, docs); !why.empty()) {
    print_error(why);
    return exit_code::usage;
  }
  const ChartOptions opt = chart_options(o);
  try {
    if (o.chart == "all") {
      // Each roofs file's default set, named after the file: plots/<stem><suffix>.svg.
      std::filesystem::create_directories(o.output);
      for (std::size_t i = 0; i < docs.size(); ++i)
        for (const ChartSpec& spec : default_charts(docs[i])) {
          const std::string path = (std::filesystem::path(o.output) / (stem(o.roofs[i]) + spec.suffix() + ".svg")).string();
          write_file_atomically(path, render_chart(spec, {&docs[i]}, opt, dots));
          if (!o.quiet) std::printf("wrote %s\n", path.c_str());
        }
      return exit_code::ok;
    }
    std::vector<const RoofsDocument*> pointers;
    for (const RoofsDocument& d : docs) pointers.push_back(&d);
    const std::string svg = render_chart({o.chart, o.metric}, pointers, opt, dots);
    write_file_atomically(o.output, svg);
  } catch (const std::invalid_argument& e) {
    print_error(e.what());
    return exit_code::usage;
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::output;
  }
  return exit_code::ok;
}

int run_report(const PlotOptions& o) {
  std::vector<RoofsDocument> docs;
  std::vector<Placement> dots;
  if (int rc = load_inputs(o, docs, dots)) return rc;
  if (docs.size() > 1) {
    print_error("report describes one roofs file, got " + std::to_string(docs.size()) +
                " (to compare them, plot them together: roofline plot A.json B.json)");
    return exit_code::usage;
  }
  try {
    write_file_atomically(o.output, render_report_html(docs.front(), dots, chart_options(o)));
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::output;
  }
  return exit_code::ok;
}

}  // namespace roofline
