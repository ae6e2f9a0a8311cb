// cli/plot_command: `roofline plot` and `roofline report`, charts and the HTML
// report redrawn from roofs files (and placement files) without measuring.
#include <cstdio>
#include <filesystem>

#include "chart/chart_kinds.hpp"
#include "chart/report.hpp"
#include "chart/roof_picks.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "model/atomic_file.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

namespace {

void error(const std::string& what) { std::fprintf(stderr, "roofline: %s\n", what.c_str()); }

// Reads every roofs and placement file; false (after a message) on the first that fails.
bool load_inputs(const std::vector<std::string>& roofs_paths, const std::vector<std::string>& dot_paths,
                 std::vector<RoofsDocument>& docs, std::vector<Placement>& dots) {
  try {
    for (const auto& p : roofs_paths) docs.push_back(load_roofs(p));
    for (const auto& p : dot_paths)
      for (Placement& d : load_placements(p)) dots.push_back(std::move(d));
  } catch (const std::exception& e) {
    error(e.what());
    return false;
  }
  return true;
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

}  // namespace

int run_plot(const PlotOptions& o) {
  std::vector<RoofsDocument> docs;
  std::vector<Placement> dots;
  try {
    chart::check_roof_picks(o.compute);
  } catch (const std::exception& e) {
    error(std::string("--compute: ") + e.what());
    return exit_code::usage;
  }
  if (!load_inputs(o.roofs, o.dots, docs, dots)) return exit_code::usage;
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
    error(e.what());
    return exit_code::usage;
  } catch (const std::exception& e) {
    error(e.what());
    return exit_code::output;
  }
  return exit_code::ok;
}

int run_report(const PlotOptions& o) {
  std::vector<RoofsDocument> docs;
  std::vector<Placement> dots;
  try {
    chart::check_roof_picks(o.compute);
  } catch (const std::exception& e) {
    error(std::string("--compute: ") + e.what());
    return exit_code::usage;
  }
  if (!load_inputs(o.roofs, o.dots, docs, dots)) return exit_code::usage;
  try {
    write_file_atomically(o.output, render_report_html(docs.front(), dots, chart_options(o)));
  } catch (const std::exception& e) {
    error(e.what());
    return exit_code::output;
  }
  return exit_code::ok;
}

}  // namespace roofline
