// app/plot: `roofline plot` and `roofline report`: charts and the HTML report
// drawn again from roofs files (and placement files), without measuring. What
// a chart cannot show as asked is refused with the reason, before anything is
// written.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "chart/chart_kinds.hpp"

namespace roofline {

struct PlotRequest {
  std::vector<std::string> roofs;    // roofs files; the first is the main one
  std::vector<std::string> dots;     // placement files
  std::string output;                // the SVG or HTML file; with every chart (no kind), a folder
  std::optional<ChartSpec> chart = ChartSpec{};  // none: each roofs file's default set
  SweepMetric metric = SweepMetric::performance;  // the chart's
  std::vector<std::string> compute;  // --compute picks
  std::string title;
  int width = 960, height = 640;
  std::vector<std::string> label;    // --label: the dots to label, by label or kernel name
  std::size_t labels = 40;           // --labels: else at most this many, those taking the most time
};

// Writes the chart (or, for every chart, each roofs file's default set into
// the folder, named <roofs stem><suffix>.svg), telling `written` of each file
// as it is written. Throws CommandError (usage) for what cannot be drawn as asked.
void run_plot(const PlotRequest& request, const std::function<void(const std::string&)>& written = {});

// Writes the HTML report of the roofs files (the runs), with the placed kernels.
void run_report(const PlotRequest& request);

}  // namespace roofline
