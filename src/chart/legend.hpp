// chart/legend: the legend box of every chart, placed in the first corner of
// the plot where it hides nothing that was drawn.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "chart/svg.hpp"

namespace roofline::chart {

// What was drawn where, so labels and the legend can keep clear of it.
struct Obstacles {
  std::vector<Segment> segments;
  std::vector<Rect> boxes;
  bool hit(const Rect& r) const;        // any segment or box touches r
  int count_hits(const Rect& r) const;  // how many segments and boxes touch r
  void add_polyline(const std::vector<Point>& points);
};

enum class Corner { lower_right, upper_left, upper_right, lower_left };

// The first of the corners (10 pixels inside the plot) where a w x h box,
// with 4 pixels to spare, hits no obstacle; none when all do.
std::optional<Rect> find_clear_box(double w, double h, const Rect& plot, const Obstacles& drawn,
                                   const std::vector<Corner>& corners);

// As find_clear_box, then, where no corner is clear, the first clear spot
// along the plot's edges (10 pixels in, 8-pixel steps): the bottom and the top
// from the right, then the left and the right side from the top.
std::optional<Rect> find_clear_edge_box(double w, double h, const Rect& plot, const Obstacles& drawn,
                                        const std::vector<Corner>& corners);

// As find_clear_edge_box, but when none is clear the corner that hides least.
Rect place_box(double w, double h, const Rect& plot, const Obstacles& drawn, const std::vector<Corner>& corners);

struct LegendEntry {
  enum class Swatch { line, line_with_marker, band, square, dot };  // square, dot: a marker alone
  std::string label;
  std::string color;       // "#RRGGBB"
  Swatch swatch = Swatch::line;
  std::string dash;        // stroke-dasharray of a line swatch, empty: solid
  double line_width = 2.2;
  double opacity = 1;      // of the line or band
};

// The width and height of the legend box of these entries. An entry's text
// wider than about 50 characters is cut with an ellipsis, here and when drawn.
Point legend_size(const std::vector<LegendEntry>& entries);

// Draws the legend (<g id="legend">) in the given box.
void append_legend_at(std::string& out, const std::vector<LegendEntry>& entries, const Rect& box);

// Draws the legend at place_box and returns its box; nothing for no entries.
Rect append_legend(std::string& out, const std::vector<LegendEntry>& entries, const Rect& plot,
                   const Obstacles& drawn, const std::vector<Corner>& corners);

}  // namespace roofline::chart
