// chart: the end of the one-way flow device -> benchmark -> measurement ->
// model -> chart. Reads roofs documents and placements and writes standalone
// SVG 1.1 charts and the HTML report; it never measures. Uses: model only.
//
//   chart_kinds.hpp      every chart by name, and the default set a build writes
//   carm_chart.hpp       the cache-aware roofline
//   energy_chart.hpp     the power, energy and energy-efficiency CARMs
//   sweep_chart.hpp      bandwidth and latency over the working set
//   launch_sweep_chart.hpp  throughput, power or efficiency by work-group count and size
//   suite_chart.hpp      math throughput by function; bandwidth by stride, divergence, scalability
//   fleet_chart.hpp      many devices' key ceilings against their group's median (strips)
//   report.hpp           one self-contained HTML page with every chart and table
//   report_suite.hpp     its tables of the micro-benchmark suite (html_table.hpp: a table)
//   roof_picks.hpp       which compute roofs a chart shows
// Shared by every chart kind (no chart has its own copy):
//   axes.hpp             log scales, ticks and their labels, frames and grids
//   legend.hpp           the legend, where it hides no data
//   point_labels.hpp     markers and labels that avoid each other
//   spatial_grid.hpp     what lies near a spot, without looking at everything
//   page.hpp             canvas, plot area, titles
//   svg.hpp              SVG elements, text metrics, escaping, the palette
#pragma once

#include "chart/carm_chart.hpp"
#include "chart/chart_kinds.hpp"
#include "chart/energy_chart.hpp"
#include "chart/fleet_chart.hpp"
#include "chart/launch_sweep_chart.hpp"
#include "chart/report.hpp"
#include "chart/roof_picks.hpp"
#include "chart/suite_chart.hpp"
#include "chart/sweep_chart.hpp"
