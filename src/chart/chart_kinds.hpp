// chart/chart_kinds: every chart the tool draws, in one table (its name on the
// command line and in file names, its caption, what it can show and the
// function that draws it), and the default set that `roofline build`,
// `roofline plot --chart all` and the report write. Adding a chart kind is a
// row here and its renderer.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "chart/launch_sweep_chart.hpp"
#include "chart/page.hpp"
#include "model/placement.hpp"
#include "model/suite_table.hpp"

namespace roofline {

struct RoofsDocument;

enum class ChartKind {
  carm, power, energy, efficiency, wg_count, wg_size, bandwidth, latency,
  math,   // the math roofs (chart/math_chart)
  suite,  // a suite benchmark's series (chart/suite_chart): a kind per row of model/suite_table that has a chart
  fleet,  // many devices against their group's median (chart/fleet_chart)
};

// What a chart shows: its kind and, for the launch sweeps, the metric; for
// the suite's charts, the benchmark.
struct ChartSpec {
  ChartKind kind = ChartKind::carm;
  SweepMetric metric = SweepMetric::performance;
  SuiteBenchmark suite = SuiteBenchmark{};  // kind suite: whose series
  std::string name() const;     // "carm", "wg-count", "stride"...
  std::string suffix() const;   // file name suffix: "" for the CARM, "-wg-count", "-wg-count-power"...
  std::string caption() const;  // "Cache-aware roofline", "Throughput by work-group count"...
  bool is_energy() const;       // power, energy, efficiency: need a fitted power model
  bool compares_files() const;  // draws several roofs files on one chart
  bool takes_dots() const;      // has room for placed kernels
  bool has_metric() const;      // the launch sweeps: performance, power or efficiency
};

using ChartRenderer = std::string (*)(const ChartSpec&, const std::vector<const RoofsDocument*>&, const ChartOptions&,
                                      const std::vector<Placement>&);

// One row of the table. The suite's row stands for one chart per suite
// benchmark with a chart, each named and captioned by its own row
// (model/suite_table).
struct ChartKindInfo {
  ChartKind kind;
  std::string_view name;     // --chart NAME; the file suffix "-NAME" (the CARM has none)
  std::string_view caption;  // the kinds with a metric: what follows the metric ("by work-group count")
  bool compares_files;       // several roofs files on one chart
  bool takes_dots;           // placed kernels drawn as dots
  bool needs_power_model;    // drawn from the fitted power model
  bool has_metric;           // --metric performance|power|efficiency
  ChartRenderer render;
};

const ChartKindInfo& chart_kind_info(ChartKind kind);

// The names --chart accepts, in the table's order (the suite's charts in theirs).
std::vector<std::string> chart_kind_names();
// The chart --chart NAME asks for (with the default metric).
std::optional<ChartSpec> parse_chart(std::string_view name);
std::optional<SweepMetric> parse_sweep_metric(std::string_view name);

// The charts worth drawing for these documents: the CARM, the launch sweeps
// where measured, the memory sweeps where measured, the energy charts and
// power sweeps where the first document has a power model, and the suite's
// charts (math, then each suite benchmark's) where it has their section.
std::vector<ChartSpec> default_charts(const RoofsDocument& doc);

// Every chart default_charts can give, whatever the document: the files a
// build may write beside its CARM, checked before it measures.
std::vector<ChartSpec> every_default_chart();

// What a suite chart (math, or a suite benchmark's) lacks in this document:
// "no math roofs", "no divergence test"...; empty when it has its section, and
// for every other kind.
std::string missing_section(const ChartSpec& spec, const RoofsDocument& doc);

// Whether a document has launch sweeps (with power readings, when asked).
bool has_launch_sweeps(const RoofsDocument& doc, bool with_power);

// Renders one chart. What a chart cannot show it leaves out, valid all the
// same: the launch sweeps draw the first document only, dots go on the CARM
// and energy charts only (see ChartSpec), a chart without its data says so in
// a note. Throws std::invalid_argument for no document, a metric on a chart
// without one, or a malformed opt.compute_roofs.
std::string render_chart(const ChartSpec& spec, const std::vector<const RoofsDocument*>& docs,
                         const ChartOptions& opt = {}, const std::vector<Placement>& dots = {});

}  // namespace roofline
