// chart/spatial_grid: the rectangles near a rectangle without looking at every
// one. Each rectangle is filed under the cells of a uniform grid that it
// covers, and a query visits only the cells its own rectangle covers, so the
// label placement stays near-linear in the number of things drawn.
#pragma once
#include <algorithm>
#include <cstddef>
#include <vector>

#include "chart/svg.hpp"

namespace roofline::chart {

// The smallest rectangle holding both ends of a segment.
Rect bounds(const Segment& s);

// Whether two rectangles overlap or touch.
inline bool touches(const Rect& a, const Rect& b) { return a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1; }

class SpatialGrid {
 public:
  // A grid of cells `cell` pixels square over `area`; rectangles reaching
  // outside it are filed under its edge cells, so any rectangle may go in.
  SpatialGrid(const Rect& area, double cell);

  // Files a rectangle under the next id (0, 1, 2... in the order inserted).
  std::size_t insert(const Rect& r);

  // Files id under r, in place of where it was filed before (a rectangle
  // that moves: a label trying its spots). Ids need not come in order; one
  // never placed or removed is not reported.
  void place(std::size_t id, const Rect& r);
  void remove(std::size_t id);

  // The ids of the rectangles that overlap r or touch its edges, each once,
  // in ascending order. One query at a time: it marks what it has reported.
  std::vector<std::size_t> near(const Rect& r) const;

  // Calls visit(id) for each rectangle that overlaps or touches r, once, in
  // no particular order, until visit returns false: a caller that can stop
  // early (a sum past a bound) looks at no more than it needs.
  template <typename Visit>
  void visit_near(const Rect& r, Visit&& visit) const {
    if (++query_ == 0) std::fill(seen_.begin(), seen_.end(), 0), query_ = 1;  // the counter wrapped
    const Span c = columns(r.x0, r.x1), w = rows(r.y0, r.y1);
    for (int y = w.lo; y <= w.hi; ++y)
      for (int x = c.lo; x <= c.hi; ++x)
        for (std::size_t id : cells_[std::size_t(y) * std::size_t(cols_) + std::size_t(x)])
          if (seen_[id] != query_ && touches(rects_[id], r)) {
            seen_[id] = query_;
            if (!visit(id)) return;
          }
  }

  // One more than the largest id filed so far.
  std::size_t size() const { return rects_.size(); }

 private:
  struct Span { int lo, hi; };
  Span columns(double x0, double x1) const;
  Span rows(double y0, double y1) const;
  int cell_of(double v, double origin, int count) const;
  template <typename Visit>
  void for_cells(const Rect& r, Visit&& visit);

  Rect area_;
  double cell_;
  int cols_, rows_;
  std::vector<std::vector<std::size_t>> cells_;
  std::vector<Rect> rects_;
  std::vector<bool> filed_;             // whether each id is filed now
  mutable std::vector<unsigned> seen_;  // the query that last reported each id
  mutable unsigned query_ = 0;
};

}  // namespace roofline::chart
