// chart/carm_roof_labels: the CARM's roof labels, each on its own line and
// clear of the placed kernels' markers, so that no dot covers a label and no
// label reads as another roof's.
#pragma once
#include <string>
#include <vector>

#include "chart/carm_roofs.hpp"
#include "chart/legend.hpp"

namespace roofline::chart::carm {

// What roof labels keep clear of besides what was drawn: the dots' markers and
// error bars, never covered, and where there is a choice, the spot beside each
// marker where its own label would go.
struct DotsToAvoid {
  Obstacles markers;
  std::vector<Rect> label_spots;
};

// Compute labels stand just above their line (below it when the line above
// leaves no room), right-aligned at the plot's right edge, slid left where a
// marker is in the way. Roofs that coincide share one label, each name in its
// roof's color. The labels' boxes are added to `drawn`.
void append_compute_labels(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, const Rect& plot,
                           Obstacles& drawn, const DotsToAvoid& dots);

// Memory labels run along their (parallel) slopes, above the line unless the
// next higher roof is too close, then below; each slides along its slope to
// the first spot clear of the other labels, the dots and the compute roofs.
// Coinciding roofs share a label. The labels are added to `drawn` as chains of
// small squares along them.
void append_memory_labels(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, const Rect& plot,
                          Obstacles& drawn, const DotsToAvoid& dots);

}  // namespace roofline::chart::carm
