// chart/chart_kinds: every chart the tool draws, by name, and the default
// set that `roofline build`, `roofline plot --chart all` and the report write.
// The one place that maps a chart's name to its renderer.
#pragma once
#include <string>
#include <vector>

#include "chart/page.hpp"
#include "model/placement.hpp"

namespace roofline {

struct RoofsDocument;

// The names --chart accepts: carm, power, energy, efficiency, wg-count,
// wg-size, bandwidth, latency.
const std::vector<std::string>& chart_kind_names();

// What a chart shows: its kind and, for the launch sweeps, the metric
// ("performance", "power", "efficiency").
struct ChartSpec {
  std::string kind;
  std::string metric = "performance";
  std::string suffix() const;  // file name suffix: "" for the CARM, "-wg-count", "-wg-count-power"...
  std::string caption() const; // "Cache-aware roofline", "Throughput by work-group count"...
  bool is_energy() const;       // power, energy, efficiency: need a fitted power model
  bool compares_files() const;  // draws several roofs files on one chart
  bool takes_dots() const;      // has room for placed kernels
};

// The charts worth drawing for these documents: the CARM, the launch sweeps
// where measured, the memory sweeps where measured, and the energy charts and
// power sweeps where the first document has a power model.
std::vector<ChartSpec> default_charts(const RoofsDocument& doc);

// Whether a document has launch sweeps (with power readings, when asked).
bool has_launch_sweeps(const RoofsDocument& doc, bool with_power);

// Renders one chart. What a chart cannot show it leaves out, valid all the
// same: the launch sweeps draw the first document only, dots go on the CARM
// and energy charts only (see ChartSpec), a chart without its data says so in
// a note. Throws std::invalid_argument on an unknown kind or metric, or a
// malformed opt.compute_roofs.
std::string render_chart(const ChartSpec& spec, const std::vector<const RoofsDocument*>& docs,
                         const ChartOptions& opt = {}, const std::vector<Placement>& dots = {});

}  // namespace roofline
