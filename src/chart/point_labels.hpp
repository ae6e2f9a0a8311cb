// chart/point_labels: markers for measured points (placed kernels, validation
// runs) and labels next to them that avoid each other, the markers, the roofs
// and the plot's edges. Shared by the CARM and the energy charts.
#pragma once
#include <string>
#include <vector>

#include "chart/legend.hpp"
#include "chart/svg.hpp"

namespace roofline::chart {

// A point to label: where its marker is (pixels), the marker's radius and the text.
struct PointToLabel {
  Point at;
  double radius = 5;
  std::string text;
};

struct PlacedLabel {
  Point baseline;            // where the text starts (text-anchor start)
  Rect box;                  // the text's bounds
  bool leader = false;       // a thin line joins a label set further away to its point
  Point leader_from, leader_to;
  int collisions = 0;        // obstacles the box could not avoid (0 when legible)
};

// Places labels one point at a time (left to right) at the first of several
// candidate positions around the point, nearest first, that hits nothing drawn
// and stays in the plot; labels further than next to the point get a leader
// line. Every marker and placed label is added to `drawn`, so later labels and
// the legend keep clear of them.
std::vector<PlacedLabel> place_point_labels(const std::vector<PointToLabel>& points, double font_size,
                                            const Rect& plot, Obstacles& drawn);

// Draws one placed label (with its leader line) in the given text color.
void append_point_label(std::string& out, const PlacedLabel& label, const std::string& text, double font_size,
                        const std::string& color);

// A vertical error bar from y_low to y_high (pixels) at x, with caps.
void append_error_bar(std::string& out, double x, double y_low, double y_high, const std::string& color);

}  // namespace roofline::chart
