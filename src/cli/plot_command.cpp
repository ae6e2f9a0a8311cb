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

// What makes this plot impossible to draw as asked, empty when nothing: a
// chart of one file given several, dots where they cannot go, an energy chart
// of a file without a power model, a folder named like a chart. (render_chart
// would draw what it can; asked for more, the user hears why.)
std::string plot_refusal(const PlotOptions& o, const std::vector<RoofsDocument>& docs) {
  if (o.chart == "all") {
    if (std::filesystem::path(o.output).extension() == ".svg")
      return "--chart all writes a folder of charts: -o names that folder, not an .svg file";
    return "";
  }
  const ChartSpec spec{o.chart, o.metric};
  if (docs.size() > 1 && !spec.compares_files())
    return "--chart " + spec.kind + " draws one roofs file, got " + std::to_string(docs.size()) +
           " (carm, bandwidth, latency and the energy charts compare several)";
  if (!o.dots.empty() && !spec.takes_dots())
    return "--dots: the " + spec.kind + " chart has no place for placed kernels (carm, power, energy and efficiency have)";
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (spec.is_energy() && !(docs[i].energy && docs[i].energy->model))
      return o.roofs[i] + ": no power model (no energy section with a fitted model; measure with roofline build --energy)";
    if ((spec.kind == "wg-count" || spec.kind == "wg-size") && o.metric != "performance" && !has_launch_sweeps(docs[i], true))
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
          write_file_atomically(path, render_chart(spec, {&docs[i]}, opt, spec.takes_dots() ? dots : std::vector<Placement>{}));
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
