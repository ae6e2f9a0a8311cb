// chart/spatial_grid: the rectangles near a rectangle without looking at every
// one. Each rectangle is filed under the cells of a uniform grid that it
// covers, and a query visits only the cells its own rectangle covers, so the
// label placement stays near-linear in the number of things drawn.
#pragma once
#include <cstddef>
#include <vector>

#include "chart/svg.hpp"

namespace roofline::chart {

class SpatialGrid {
 public:
  // A grid of cells `cell` pixels square over `area`; rectangles reaching
  // outside it are filed under its edge cells, so any rectangle may go in.
  SpatialGrid(const Rect& area, double cell);

  // Files a rectangle under the next id (0, 1, 2... in the order inserted).
  std::size_t insert(const Rect& r);

  // The ids of the rectangles that overlap r or touch its edges, each once,
  // in ascending order. One query at a time: it marks what it has reported.
  std::vector<std::size_t> near(const Rect& r) const;

  std::size_t size() const { return rects_.size(); }

 private:
  struct Span { int lo, hi; };
  Span columns(double x0, double x1) const;
  Span rows(double y0, double y1) const;
  int cell_of(double v, double origin, int count) const;

  Rect area_;
  double cell_;
  int cols_, rows_;
  std::vector<std::vector<std::size_t>> cells_;
  std::vector<Rect> rects_;
  mutable std::vector<unsigned> seen_;  // the query that last reported each id
  mutable unsigned query_ = 0;
};

// The smallest rectangle holding both ends of a segment.
Rect bounds(const Segment& s);

// Whether two rectangles overlap or touch.
inline bool touches(const Rect& a, const Rect& b) { return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1; }

}  // namespace roofline::chart
