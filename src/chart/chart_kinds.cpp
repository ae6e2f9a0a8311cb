#include "chart/chart_kinds.hpp"

#include <algorithm>
#include <stdexcept>

#include "chart/carm_chart.hpp"
#include "chart/energy_chart.hpp"
#include "chart/launch_sweep_chart.hpp"
#include "chart/sweep_chart.hpp"
#include "model/roofs.hpp"

namespace roofline {

const std::vector<std::string>& chart_kind_names() {
  static const std::vector<std::string> names = {"carm",     "power",   "energy",    "efficiency",
                                                 "wg-count", "wg-size", "bandwidth", "latency"};
  return names;
}

std::string ChartSpec::suffix() const {
  if (kind == "carm") return "";
  return "-" + kind + (metric == "performance" || metric.empty() ? "" : "-" + metric);
}

bool ChartSpec::is_energy() const { return kind == "power" || kind == "energy" || kind == "efficiency"; }
bool ChartSpec::compares_files() const { return kind == "carm" || kind == "bandwidth" || kind == "latency" || is_energy(); }
bool ChartSpec::takes_dots() const { return kind == "carm" || is_energy(); }

std::string ChartSpec::caption() const {
  if (kind == "carm") return "Cache-aware roofline";
  if (kind == "power") return "Power CARM";
  if (kind == "energy") return "Energy CARM (energy per operation)";
  if (kind == "efficiency") return "Energy-efficiency CARM";
  if (kind == "bandwidth") return "Bandwidth by working set, with the detected levels";
  if (kind == "latency") return "Latency staircase (pointer chase)";
  const std::string m = metric == "power" ? "Power" : metric == "efficiency" ? "Energy efficiency" : "Throughput";
  return m + (kind == "wg-count" ? " by work-group count" : " by work-group size");
}

bool has_launch_sweeps(const RoofsDocument& doc, bool with_power) {
  return std::any_of(doc.ceilings.begin(), doc.ceilings.end(), [&](const Ceiling& c) {
    const auto powered = [](const SweepPoint& p) { return p.watts.has_value(); };
    return with_power ? std::any_of(c.sweep_wg_count.begin(), c.sweep_wg_count.end(), powered)
                      : c.sweep_wg_count.size() > 1 || c.sweep_wg_size.size() > 1;
  });
}

namespace {

SweepMetric parse_metric(const std::string& m) {
  if (m == "performance" || m.empty()) return SweepMetric::performance;
  if (m == "power") return SweepMetric::power;
  if (m == "efficiency") return SweepMetric::efficiency;
  throw std::invalid_argument("unknown metric '" + m + "' (performance, power or efficiency)");
}

}  // namespace

std::vector<ChartSpec> default_charts(const RoofsDocument& doc) {
  std::vector<ChartSpec> out = {{"carm"}};
  if (has_launch_sweeps(doc, false)) out.insert(out.end(), {{"wg-count"}, {"wg-size"}});
  if (doc.memory && !doc.memory->bandwidth.empty()) out.push_back({"bandwidth"});
  if (doc.memory && !doc.memory->latency.empty()) out.push_back({"latency"});
  if (doc.energy && doc.energy->model) out.insert(out.end(), {{"power"}, {"energy"}, {"efficiency"}});
  if (has_launch_sweeps(doc, true)) out.insert(out.end(), {{"wg-count", "power"}, {"wg-count", "efficiency"}});
  return out;
}

std::string render_chart(const ChartSpec& spec, const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt,
                         const std::vector<Placement>& dots) {
  if (docs.empty()) throw std::invalid_argument("a chart needs a roofs document");
  const RoofsDocument& first = *docs.front();
  const std::string& k = spec.kind;
  if (k != "wg-count" && k != "wg-size" && spec.metric != "performance" && !spec.metric.empty())
    throw std::invalid_argument("--metric applies to the wg-count and wg-size charts only");
  if (k == "carm") return render_carm_svg(docs, opt, dots);
  if (k == "power") return render_energy_svg(docs, EnergyChart::power, opt, dots);
  if (k == "energy") return render_energy_svg(docs, EnergyChart::energy, opt, dots);
  if (k == "efficiency") return render_energy_svg(docs, EnergyChart::efficiency, opt, dots);
  if (k == "wg-count") return render_launch_sweep_svg(first, LaunchSweep::work_group_count, parse_metric(spec.metric), opt);
  if (k == "wg-size") return render_launch_sweep_svg(first, LaunchSweep::work_group_size, parse_metric(spec.metric), opt);
  if (k == "bandwidth") return render_bandwidth_sweep_svg(docs, opt);
  if (k == "latency") return render_latency_sweep_svg(docs, opt);
  throw std::invalid_argument("unknown chart '" + k + "'");
}

}  // namespace roofline
