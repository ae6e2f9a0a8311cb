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
};

// The charts worth drawing for these documents: the CARM, the launch sweeps
// where measured, the memory sweeps where measured, and the energy charts and
// power sweeps where the first document has a power model.
std::vector<ChartSpec> default_charts(const RoofsDocument& doc);

// Renders one chart. The memory sweeps and launch sweeps show the first
// document only; dots go on the CARM and energy charts. Throws
// std::invalid_argument on an unknown kind or metric, or a malformed opt.compute_roofs.
std::string render_chart(const ChartSpec& spec, const std::vector<const RoofsDocument*>& docs,
                         const ChartOptions& opt = {}, const std::vector<Placement>& dots = {});

}  // namespace roofline
