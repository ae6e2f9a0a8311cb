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

// The box a point's marker covers.
Rect marker_box(const PointToLabel& p);

// Where place_point_labels tries a point's label first (right of its marker,
// beside it): what other labels (the CARM's roof labels) should leave free.
Rect preferred_label_box(const PointToLabel& p, double font_size);

// Places every point's label so that no label covers another, a marker or a
// box in `drawn`, and each reads as its own point's: a label stands right
// beside its marker, nearer to it than to any other, or else it gets a leader
// line, and leaders do not cross. Crossing a line of `drawn` is allowed where
// nothing better is near (the text has a halo). The markers are taken from
// `points` (`drawn` should not hold them); the markers, labels and leaders are
// added to `drawn` afterwards, so the legend keeps clear of them.
std::vector<PlacedLabel> place_point_labels(const std::vector<PointToLabel>& points, double font_size,
                                            const Rect& plot, Obstacles& drawn);

// Draws one placed label (with its leader line) in the given text color.
void append_point_label(std::string& out, const PlacedLabel& label, const std::string& text, double font_size,
                        const std::string& color);

// A vertical error bar from y_low to y_high (pixels) at x, with caps.
void append_error_bar(std::string& out, double x, double y_low, double y_high, const std::string& color);

}  // namespace roofline::chart
