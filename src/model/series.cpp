#include "model/series.hpp"

#include <algorithm>

namespace roofline {

const SeriesPoint* MeasuredSeries::at(double x) const {
  for (const SeriesPoint& p : points)
    if (p.x == x) return &p;
  return nullptr;
}

std::optional<std::uint64_t> MeasuredSeries::mark(const std::string& field) const {
  const auto it = marks.find(field);
  if (it == marks.end()) return std::nullopt;
  return it->second;
}

double ratio_to_unit(const MeasuredSeries& series, const SeriesPoint& point) {
  const SeriesPoint* unit = series.at(1);
  if (!unit || !(unit->y.median > 0)) return 0;
  return point.y.median / unit->y.median;
}

std::optional<std::uint64_t> implied_subgroup_width(const MeasuredSeries& series) {
  struct Ratio {
    double paths, ratio;
  };
  std::vector<Ratio> sorted;
  for (const SeriesPoint& p : series.points) sorted.push_back({p.x, ratio_to_unit(series, p)});
  std::sort(sorted.begin(), sorted.end(), [](const Ratio& a, const Ratio& b) { return a.paths < b.paths; });
  // The largest such P: a noisy point that reads low below the real width
  // must not stand for it. At P = 2, 0.6 P would let a loaded machine's noise
  // (a third slower at random) imply a width: the ratio must reach 1.5.
  // Requiring every point beyond P to stay level keeps a plateau that noise
  // made (a CPU's 2.5, 2.6, 1.3, 2.6 beyond 4 paths) from implying one.
  const auto level_beyond = [&](std::size_t i) {
    for (std::size_t j = i + 1; j < sorted.size(); ++j)
      if (sorted[j].ratio >= 1.3 * sorted[i].ratio || sorted[j].ratio * 1.3 <= sorted[i].ratio) return false;
    return true;
  };
  std::optional<std::uint64_t> width;
  for (std::size_t i = 0; i + 1 < sorted.size(); ++i) {
    const Ratio &p = sorted[i], &next = sorted[i + 1];
    if (p.paths < 2 || next.paths != 2 * p.paths) continue;
    if (p.ratio >= std::max(0.6 * p.paths, 1.5) && level_beyond(i)) width = std::uint64_t(p.paths);
  }
  return width;
}

std::optional<std::uint64_t> saturation_point(const MeasuredSeries& series) {
  double best = 0;
  for (const SeriesPoint& p : series.points) best = std::max(best, p.y.median);
  if (!(best > 0)) return std::nullopt;
  std::optional<double> fewest;
  for (const SeriesPoint& p : series.points)
    if (p.y.median >= 0.9 * best && (!fewest || p.x < *fewest)) fewest = p.x;
  return std::uint64_t(*fewest);
}

}  // namespace roofline
