// chart/fleet_chart: the fleet report's strip chart (`roofline fleet --svg`,
// `roofline plot ROOFS... --chart fleet`). One strip per key ceiling, side by
// side on one axis: each device a dot at its ratio to its group's median
// (log scale, so 0.5x and 2x lie as far from 1), in its group's color; the
// median (1) a grey line, --fail-below a dashed red one; outliers by the robust
// score ringed, devices below the threshold drawn as squares, and both
// labelled with their names; a key ceiling a device lacks while its group has
// it as a cross at the strip's foot. Every dot's tooltip holds its value, its
// group's median, the ratio and the score.
#pragma once
#include <string>
#include <vector>

#include "chart/page.hpp"
#include "model/fleet.hpp"

namespace roofline {

std::string render_fleet_svg(const FleetReport& report, const ChartOptions& opt = {});

// The fleet chart of roofs documents (the chart kinds' table): each device
// named by its name and UUID, PCI address or place in the list.
std::string render_fleet_of_roofs(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt = {});

}  // namespace roofline
