#include "chart/chart_kinds.hpp"

#include <algorithm>
#include <stdexcept>

#include "chart/carm_chart.hpp"
#include "chart/energy_chart.hpp"
#include "chart/fleet_chart.hpp"
#include "chart/suite_chart.hpp"
#include "chart/sweep_chart.hpp"
#include "model/roofs.hpp"

namespace roofline {
namespace {

using Docs = std::vector<const RoofsDocument*>;
using Dots = std::vector<Placement>;

std::string draw_carm(const ChartSpec&, const Docs& docs, const ChartOptions& opt, const Dots& dots) {
  return render_carm_svg(docs, opt, dots);
}
template <EnergyChart kind>
std::string draw_energy(const ChartSpec&, const Docs& docs, const ChartOptions& opt, const Dots& dots) {
  return render_energy_svg(docs, kind, opt, dots);
}
template <LaunchSweep sweep>
std::string draw_launch_sweep(const ChartSpec& spec, const Docs& docs, const ChartOptions& opt, const Dots&) {
  return render_launch_sweep_svg(*docs.front(), sweep, spec.metric, opt);
}
std::string draw_bandwidth(const ChartSpec&, const Docs& docs, const ChartOptions& opt, const Dots&) {
  return render_bandwidth_sweep_svg(docs, opt);
}
std::string draw_latency(const ChartSpec&, const Docs& docs, const ChartOptions& opt, const Dots&) {
  return render_latency_sweep_svg(docs, opt);
}
std::string draw_fleet(const ChartSpec&, const Docs& docs, const ChartOptions& opt, const Dots&) {
  return render_fleet_of_roofs(docs, opt);
}
// The suite's charts draw the first document.
template <std::string (*render)(const RoofsDocument&, const ChartOptions&)>
std::string draw_first(const ChartSpec&, const Docs& docs, const ChartOptions& opt, const Dots&) {
  return render(*docs.front(), opt);
}

//                     kind                  name          caption                                              compares dots  power  metric
constexpr std::array<ChartKindInfo, 13> kChartKinds{{
    {ChartKind::carm, "carm", "Cache-aware roofline", true, true, false, false, draw_carm},
    {ChartKind::power, "power", "Power CARM", true, true, true, false, draw_energy<EnergyChart::power>},
    {ChartKind::energy, "energy", "Energy CARM (energy per operation)", true, true, true, false,
     draw_energy<EnergyChart::energy>},
    {ChartKind::efficiency, "efficiency", "Energy-efficiency CARM", true, true, true, false,
     draw_energy<EnergyChart::efficiency>},
    {ChartKind::wg_count, "wg-count", "by work-group count", false, false, false, true,
     draw_launch_sweep<LaunchSweep::work_group_count>},
    {ChartKind::wg_size, "wg-size", "by work-group size", false, false, false, true,
     draw_launch_sweep<LaunchSweep::work_group_size>},
    {ChartKind::bandwidth, "bandwidth", "Bandwidth by working set, with the detected levels", true, false, false, false,
     draw_bandwidth},
    {ChartKind::latency, "latency", "Latency staircase (pointer chase)", true, false, false, false, draw_latency},
    {ChartKind::math, "math", "Math-function throughput by function", false, false, false, false, draw_first<render_math_svg>},
    {ChartKind::stride, "stride", "Global-memory bandwidth by stride", false, false, false, false, draw_first<render_stride_svg>},
    {ChartKind::divergence, "divergence", "Branch divergence: time ratio by path count", false, false, false, false,
     draw_first<render_divergence_svg>},
    {ChartKind::scalability, "scalability", "Scalability: bandwidth by work-items", false, false, false, false,
     draw_first<render_scalability_svg>},
    {ChartKind::fleet, "fleet", "Fleet: each device's key ceilings against its group's median", true, false, false, false,
     draw_fleet},
}};

constexpr std::array<std::pair<SweepMetric, std::string_view>, 3> kMetricNames{
    {{SweepMetric::performance, "performance"}, {SweepMetric::power, "power"}, {SweepMetric::efficiency, "efficiency"}}};

std::string_view metric_name(SweepMetric m) {
  for (const auto& [metric, name] : kMetricNames)
    if (metric == m) return name;
  return "?";
}

std::string metric_caption(SweepMetric m) {
  switch (m) {
    case SweepMetric::power: return "Power";
    case SweepMetric::efficiency: return "Energy efficiency";
    case SweepMetric::performance: break;
  }
  return "Throughput";
}

}  // namespace

const ChartKindInfo& chart_kind_info(ChartKind kind) {
  for (const ChartKindInfo& info : kChartKinds)
    if (info.kind == kind) return info;
  throw std::invalid_argument("unknown chart kind");
}

std::vector<std::string> chart_kind_names() {
  std::vector<std::string> names;
  for (const ChartKindInfo& info : kChartKinds) names.emplace_back(info.name);
  return names;
}

std::optional<ChartKind> parse_chart_kind(std::string_view name) {
  for (const ChartKindInfo& info : kChartKinds)
    if (info.name == name) return info.kind;
  return std::nullopt;
}

std::optional<SweepMetric> parse_sweep_metric(std::string_view name) {
  for (const auto& [metric, n] : kMetricNames)
    if (n == name) return metric;
  return std::nullopt;
}

std::string ChartSpec::name() const { return std::string(chart_kind_info(kind).name); }

std::string ChartSpec::suffix() const {
  if (kind == ChartKind::carm) return "";
  const bool plain = metric == SweepMetric::performance;
  return "-" + name() + (plain ? "" : "-" + std::string(metric_name(metric)));
}

std::string ChartSpec::caption() const {
  const ChartKindInfo& info = chart_kind_info(kind);
  if (!info.has_metric) return std::string(info.caption);
  return metric_caption(metric) + " " + std::string(info.caption);
}

bool ChartSpec::is_energy() const { return chart_kind_info(kind).needs_power_model; }
bool ChartSpec::compares_files() const { return chart_kind_info(kind).compares_files; }
bool ChartSpec::takes_dots() const { return chart_kind_info(kind).takes_dots; }
bool ChartSpec::has_metric() const { return chart_kind_info(kind).has_metric; }

std::string missing_section(ChartKind kind, const RoofsDocument& doc) {
  switch (kind) {
    case ChartKind::math: return doc.math.empty() ? "no math roofs" : "";
    case ChartKind::stride: return doc.global_stride.empty() ? "no global-memory stride sweep" : "";
    case ChartKind::divergence: return doc.divergence && !doc.divergence->points.empty() ? "" : "no divergence test";
    case ChartKind::scalability: return doc.scalability && !doc.scalability->points.empty() ? "" : "no scalability sweep";
    default: return "";
  }
}

bool has_launch_sweeps(const RoofsDocument& doc, bool with_power) {
  return std::any_of(doc.ceilings.begin(), doc.ceilings.end(), [&](const Ceiling& c) {
    const auto powered = [](const SweepPoint& p) { return p.watts.has_value(); };
    return with_power ? std::any_of(c.sweep_wg_count.begin(), c.sweep_wg_count.end(), powered)
                      : c.sweep_wg_count.size() > 1 || c.sweep_wg_size.size() > 1;
  });
}

namespace {

// The default set, in its order, each chart with what makes it worth drawing.
struct DefaultChart {
  ChartSpec spec;
  bool (*drawn)(const RoofsDocument&);
};

bool always(const RoofsDocument&) { return true; }
bool launch_swept(const RoofsDocument& d) { return has_launch_sweeps(d, false); }
bool bandwidth_curve(const RoofsDocument& d) { return d.memory && !d.memory->bandwidth.empty(); }
bool latency_curve(const RoofsDocument& d) { return d.memory && !d.memory->latency.empty(); }
bool power_model(const RoofsDocument& d) { return d.energy && d.energy->model; }
bool powered_sweeps(const RoofsDocument& d) { return has_launch_sweeps(d, true); }
template <ChartKind kind>
bool suite_section(const RoofsDocument& d) { return missing_section(kind, d).empty(); }

const std::array<DefaultChart, 14> kDefaultCharts{{
    {{ChartKind::carm}, always},
    {{ChartKind::wg_count}, launch_swept},
    {{ChartKind::wg_size}, launch_swept},
    {{ChartKind::bandwidth}, bandwidth_curve},
    {{ChartKind::latency}, latency_curve},
    {{ChartKind::power}, power_model},
    {{ChartKind::energy}, power_model},
    {{ChartKind::efficiency}, power_model},
    {{ChartKind::wg_count, SweepMetric::power}, powered_sweeps},
    {{ChartKind::wg_count, SweepMetric::efficiency}, powered_sweeps},
    {{ChartKind::math}, suite_section<ChartKind::math>},
    {{ChartKind::stride}, suite_section<ChartKind::stride>},
    {{ChartKind::divergence}, suite_section<ChartKind::divergence>},
    {{ChartKind::scalability}, suite_section<ChartKind::scalability>},
}};

}  // namespace

std::vector<ChartSpec> default_charts(const RoofsDocument& doc) {
  std::vector<ChartSpec> out;
  for (const DefaultChart& c : kDefaultCharts)
    if (c.drawn(doc)) out.push_back(c.spec);
  return out;
}

std::vector<ChartSpec> every_default_chart() {
  std::vector<ChartSpec> out;
  for (const DefaultChart& c : kDefaultCharts) out.push_back(c.spec);
  return out;
}

std::string render_chart(const ChartSpec& spec, const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt,
                         const std::vector<Placement>& dots) {
  if (docs.empty()) throw std::invalid_argument("a chart needs a roofs document");
  if (!spec.has_metric() && spec.metric != SweepMetric::performance)
    throw std::invalid_argument("--metric applies to the wg-count and wg-size charts only");
  return chart_kind_info(spec.kind).render(spec, docs, opt, dots);
}

}  // namespace roofline
