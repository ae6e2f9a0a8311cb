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

template <typename Visit>
void SpatialGrid::for_cells(const Rect& r, Visit&& visit) {
  const Span c = columns(r.x0, r.x1), w = rows(r.y0, r.y1);
  for (int y = w.lo; y <= w.hi; ++y)
    for (int x = c.lo; x <= c.hi; ++x) visit(cells_[std::size_t(y) * std::size_t(cols_) + std::size_t(x)]);
}

std::size_t SpatialGrid::insert(const Rect& r) {
  const std::size_t id = rects_.size();
  place(id, r);
  return id;
}

void SpatialGrid::place(std::size_t id, const Rect& r) {
  remove(id);
  if (id >= rects_.size()) rects_.resize(id + 1), filed_.resize(id + 1, false), seen_.resize(id + 1, 0);
  rects_[id] = r;
  filed_[id] = true;
  for_cells(r, [id](std::vector<std::size_t>& cell) { cell.push_back(id); });
}

void SpatialGrid::remove(std::size_t id) {
  if (id >= filed_.size() || !filed_[id]) return;
  filed_[id] = false;
  for_cells(rects_[id], [id](std::vector<std::size_t>& cell) {
    const auto at = std::find(cell.begin(), cell.end(), id);
    *at = cell.back();
    cell.pop_back();
  });
}

std::vector<std::size_t> SpatialGrid::near(const Rect& r) const {
  std::vector<std::size_t> found;
  visit_near(r, [&](std::size_t id) {
    found.push_back(id);
    return true;
  });
  std::sort(found.begin(), found.end());
  return found;
}

Rect bounds(const Segment& s) {
  return {std::min(s.a.x, s.b.x), std::min(s.a.y, s.b.y), std::max(s.a.x, s.b.x), std::max(s.a.y, s.b.y)};
}

}  // namespace roofline::chart
