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
std::string draw_math(const ChartSpec&, const Docs& docs, const ChartOptions& opt, const Dots&) {
  return render_math_svg(*docs.front(), opt);
}
std::string draw_suite(const ChartSpec& spec, const Docs& docs, const ChartOptions& opt, const Dots&) {
  return render_series_svg(*docs.front(), suite_row(spec.suite), opt);
}

//                     kind                  name          caption                                              compares dots  power  metric
constexpr ChartKindInfo kChartKinds[] = {
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
    {ChartKind::math, "math", "Math-function throughput by function", false, false, false, false, draw_math},
    {ChartKind::suite, "", "", false, false, false, false, draw_suite},  // named and captioned by each suite row
    {ChartKind::fleet, "fleet", "Fleet: each device's key ceilings against its group's median", true, false, false, false,
     draw_fleet},
};

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
  for (const ChartKindInfo& info : kChartKinds)
    if (info.kind != ChartKind::suite) names.emplace_back(info.name);
    else
      for (const SuiteRow& row : suite_rows())
        if (row.has_chart()) names.emplace_back(row.chart.name);
  return names;
}

std::optional<ChartSpec> parse_chart(std::string_view name) {
  for (const ChartKindInfo& info : kChartKinds)
    if (info.kind != ChartKind::suite && info.name == name) return ChartSpec{info.kind};
  if (const SuiteRow* row = suite_row_charted(name)) return ChartSpec{ChartKind::suite, SweepMetric::performance, row->id};
  return std::nullopt;
}

std::optional<SweepMetric> parse_sweep_metric(std::string_view name) {
  for (const auto& [metric, n] : kMetricNames)
    if (n == name) return metric;
  return std::nullopt;
}

std::string ChartSpec::name() const {
  return std::string(kind == ChartKind::suite ? suite_row(suite).chart.name : chart_kind_info(kind).name);
}

std::string ChartSpec::suffix() const {
  if (kind == ChartKind::carm) return "";
  const bool plain = metric == SweepMetric::performance;
  return "-" + name() + (plain ? "" : "-" + std::string(metric_name(metric)));
}

std::string ChartSpec::caption() const {
  const ChartKindInfo& info = chart_kind_info(kind);
  if (kind == ChartKind::suite) return std::string(suite_row(suite).chart.caption);
  if (!info.has_metric) return std::string(info.caption);
  return metric_caption(metric) + " " + std::string(info.caption);
}

bool ChartSpec::is_energy() const { return chart_kind_info(kind).needs_power_model; }
bool ChartSpec::compares_files() const { return chart_kind_info(kind).compares_files; }
bool ChartSpec::takes_dots() const { return chart_kind_info(kind).takes_dots; }
bool ChartSpec::has_metric() const { return chart_kind_info(kind).has_metric; }

std::string missing_section(const ChartSpec& spec, const RoofsDocument& doc) {
  switch (spec.kind) {
    case ChartKind::math: return doc.math.empty() ? "no math roofs" : "";
    case ChartKind::suite: {
      const SuiteRow& row = suite_row(spec.suite);
      return section_measured(row, doc.series(row.id)) ? "" : "no " + std::string(row.noun);
    }
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
bool math_roofs(const RoofsDocument& d) { return !d.math.empty(); }

// The suite benchmarks' charts follow these, in the suite table's order.
const DefaultChart kDefaultCharts[] = {
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
    {{ChartKind::math}, math_roofs},
};

// Each suite benchmark's chart.
std::vector<ChartSpec> suite_charts() {
  std::vector<ChartSpec> out;
  for (const SuiteRow& row : suite_rows())
    if (row.has_chart()) out.push_back({ChartKind::suite, SweepMetric::performance, row.id});
  return out;
}

}  // namespace

std::vector<ChartSpec> default_charts(const RoofsDocument& doc) {
  std::vector<ChartSpec> out;
  for (const DefaultChart& c : kDefaultCharts)
    if (c.drawn(doc)) out.push_back(c.spec);
  for (const ChartSpec& spec : suite_charts())
    if (missing_section(spec, doc).empty()) out.push_back(spec);
  return out;
}

std::vector<ChartSpec> every_default_chart() {
  std::vector<ChartSpec> out;
  for (const DefaultChart& c : kDefaultCharts) out.push_back(c.spec);
  for (const ChartSpec& spec : suite_charts()) out.push_back(spec);
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
