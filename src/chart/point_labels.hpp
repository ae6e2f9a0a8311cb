// chart/point_labels: markers for measured points (placed kernels, validation
// runs) and labels next to them that avoid each other, the markers, the roofs
// and the plot's edges. Shared by the CARM and the energy charts.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "chart/legend.hpp"
#include "chart/page.hpp"
#include "chart/svg.hpp"
#include "model/placement.hpp"

namespace roofline::chart {

// A point with its marker (pixels), the marker's radius and its label's text;
// a point not to label is a marker for the labels to keep clear of, its text
// left to its tooltip.
struct PointToLabel {
  Point at;
  double radius = 5;
  std::string text;
  bool label = true;
  // A label of a selection (too many points to label all) is left out where
  // it cannot stand clear of a more important label (or an equal one of an
  // earlier point); other labels are always drawn.
  bool optional = false;
  double importance = 0;
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

// Places the label of every point that has one so that no label covers
// another, a marker or a box in `drawn`, and each reads as its own point's: a
// label stands right beside its marker, nearer to it than to any other, or
// else it gets a leader line, and leaders do not cross. Crossing a line of
// `drawn` is allowed where nothing better is near (the text has a halo). The
// markers are taken from `points` (`drawn` should not hold them); the markers,
// labels and leaders are added to `drawn` afterwards, so the legend keeps clear
// of them. Indexed as the points; none for a point without a label, or an
// optional label left out.
//
// Near-linear in the points and what was drawn: each candidate spot is checked
// against what lies near it only (chart/spatial_grid: the markers, what was
// drawn, and the other labels' current spots), and stops counting once the
// spot is worse than the best so far. A local search from several orders of
// the points keeps the layout of a few dozen labels good; more labels get
// fewer orders. Labels that give way (optional) stop counting in a crowd
// (they are left out unless they stand clear), so a chart of more labels
// than room draws in time about linear in them; labels that must all be
// drawn are placed as well as the crowd allows, a spot in a pile of them
// weighed no further than six conflicts, so that they too draw in
// time close to linear (tests/bench/chart_bench --labels, --named).
std::vector<std::optional<PlacedLabel>> place_point_labels(const std::vector<PointToLabel>& points, double font_size,
                                                           const Rect& plot, Obstacles& drawn);

// Which placed kernels' dots get a label: those named in opt.dot_labels (by
// label or kernel name) or, when none is named, at most opt.max_dot_labels,
// those with the largest share of the dots' total time (their median time;
// the earlier of equals). The others keep their tooltip.
struct DotLabels {
  std::vector<bool> labelled;  // indexed as the dots
  // Chosen by time, and a selection (fewer than the dots) or more than
  // kLabelsAlwaysDrawn: a label is left out where it would cover a
  // longer-running one's.
  bool by_time = false;
  std::string note;            // for the subtitle: which are labelled; empty when all are
};

// Up to this many labels chosen by time (the default --labels) are each drawn
// even where they cannot stand clear of another; more give way to the
// longer-running kernels' labels (by_time), so that a chart of many labels
// stays legible and its search bounded.
inline constexpr std::size_t kLabelsAlwaysDrawn = 40;
DotLabels choose_dot_labels(const std::vector<Placement>& dots, const ChartOptions& opt);

// Dot i's point at `at`, labelled with its label as `choice` says.
PointToLabel dot_point(Point at, const std::vector<Placement>& dots, std::size_t i, const DotLabels& choice);

// Draws one placed label (with its leader line) in the given text color.
void append_point_label(std::string& out, const PlacedLabel& label, const std::string& text, double font_size,
                        const std::string& color);

// A vertical error bar from y_low to y_high (pixels) at x, with caps.
void append_error_bar(std::string& out, double x, double y_low, double y_high, const std::string& color);

}  // namespace roofline::chart
