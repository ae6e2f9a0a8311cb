// chart/spatial_grid: a uniform grid of rectangles.
#include "chart/spatial_grid.hpp"

#include <algorithm>
#include <cmath>

namespace roofline::chart {

namespace {

// Cells across a length, at least one and few enough that an empty grid costs nothing.
int cells_across(double length, double cell) {
  return std::clamp(static_cast<int>(std::ceil(length / cell)), 1, 512);
}

}  // namespace

SpatialGrid::SpatialGrid(const Rect& area, double cell)
    : area_(area), cell_(cell > 0 ? cell : 32), cols_(cells_across(area.width(), cell_)),
      rows_(cells_across(area.height(), cell_)), cells_(std::size_t(cols_) * std::size_t(rows_)) {}

int SpatialGrid::cell_of(double v, double origin, int count) const {
  const double k = std::floor((v - origin) / cell_);
  if (!(k > 0)) return 0;  // NaN too
  return k >= count - 1 ? count - 1 : static_cast<int>(k);
}

SpatialGrid::Span SpatialGrid::columns(double x0, double x1) const {
  return {cell_of(x0, area_.x0, cols_), cell_of(x1, area_.x0, cols_)};
}

SpatialGrid::Span SpatialGrid::rows(double y0, double y1) const {
  return {cell_of(y0, area_.y0, rows_), cell_of(y1, area_.y0, rows_)};
}

std::size_t SpatialGrid::insert(const Rect& r) {
  const std::size_t id = rects_.size();
  rects_.push_back(r);
  seen_.push_back(0);
  const Span c = columns(r.x0, r.x1), w = rows(r.y0, r.y1);
  for (int y = w.lo; y <= w.hi; ++y)
    for (int x = c.lo; x <= c.hi; ++x) cells_[std::size_t(y) * std::size_t(cols_) + std::size_t(x)].push_back(id);
  return id;
}

std::vector<std::size_t> SpatialGrid::near(const Rect& r) const {
  std::vector<std::size_t> found;
  if (++query_ == 0) std::fill(seen_.begin(), seen_.end(), 0), query_ = 1;  // the counter wrapped
  const Span c = columns(r.x0, r.x1), w = rows(r.y0, r.y1);
  for (int y = w.lo; y <= w.hi; ++y)
    for (int x = c.lo; x <= c.hi; ++x)
      for (std::size_t id : cells_[std::size_t(y) * std::size_t(cols_) + std::size_t(x)])
        if (seen_[id] != query_ && touches(rects_[id], r)) {
          seen_[id] = query_;
          found.push_back(id);
        }
  std::sort(found.begin(), found.end());
  return found;
}

Rect bounds(const Segment& s) {
  return {std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y), std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)};
}

}  // namespace roofline::chart
