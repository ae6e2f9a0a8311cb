// chart/point_labels: greedy label placement around points.
#include "chart/point_labels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace roofline::chart {

namespace {

// Directions tried around a point, in order of preference: right, then above
// and below right, left, above, below.
struct Direction { double dx, dy; };
constexpr Direction kDirections[] = {{1, 0}, {1, -1}, {1, 1}, {-1, 0}, {-1, -1}, {-1, 1}, {0, -1}, {0, 1}};
constexpr double kDistances[] = {4, 14, 28, 46, 70};

// The text box of a label whose nearest corner or edge is `gap` pixels from
// the marker in direction d.
Rect candidate_box(Point p, double radius, Direction d, double gap, double w, double h) {
  const double reach = radius + gap;
  double x0 = d.dx > 0 ? p.x + reach : d.dx < 0 ? p.x - reach - w : p.x - w / 2;
  double y0 = d.dy > 0 ? p.y + reach * 0.8 : d.dy < 0 ? p.y - reach * 0.8 - h : p.y - h / 2;
  return {x0, y0, x0 + w, y0 + h};
}

Point nearest_on(const Rect& r, Point p) { return {std::clamp(p.x, r.x0, r.x1), std::clamp(p.y, r.y0, r.y1)}; }

}  // namespace

std::vector<PlacedLabel> place_point_labels(const std::vector<PointToLabel>& points, double font_size,
                                            const Rect& plot, Obstacles& drawn) {
  for (const PointToLabel& p : points) drawn.boxes.push_back(Rect{p.at.x, p.at.y, p.at.x, p.at.y}.inflated(p.radius + 1));
  std::vector<std::size_t> order(points.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return points[a].at.x < points[b].at.x; });

  std::vector<PlacedLabel> placed(points.size());
  const Rect inside = plot.inflated(-2);
  for (std::size_t i : order) {
    const PointToLabel& p = points[i];
    const double w = text_width(p.text, font_size) + 2, h = font_size + 3;
    // The marker itself must not count as a hit for its own label.
    Obstacles others = drawn;
    const Rect own = Rect{p.at.x, p.at.y, p.at.x, p.at.y}.inflated(p.radius + 1);
    others.boxes.erase(std::remove_if(others.boxes.begin(), others.boxes.end(),
                                      [&](const Rect& b) { return b.x0 == own.x0 && b.y0 == own.y0 && b.x1 == own.x1 && b.y1 == own.y1; }),
                       others.boxes.end());
    double best_cost = std::numeric_limits<double>::infinity();
    PlacedLabel best;
    for (double gap : kDistances) {
      int rank = 0;
      for (Direction d : kDirections) {
        const Rect box = candidate_box(p.at, p.radius, d, gap, w, h);
        ++rank;
        const bool fits = box.x0 >= inside.x0 && box.x1 <= inside.x1 && box.y0 >= inside.y0 && box.y1 <= inside.y1;
        int line_hits = 0, box_hits = 0;
        for (const Segment& seg : others.segments) line_hits += segment_hits(seg, box);
        for (const Rect& b : others.boxes) box_hits += b.overlaps(box);
        const int hits = line_hits + box_hits;
        // A clear spot nearby beats everything. Covering another label or marker is worst; crossing
        // a line costs less (the label's halo keeps it legible) than a long leader across the chart.
        const double cost = (fits ? 0 : 1e6) + box_hits * 1e4 + line_hits * 60 + gap * 2 + rank;
        if (cost < best_cost) {
          best_cost = cost;
          best.box = box;
          best.collisions = hits + (fits ? 0 : 1);
          best.baseline = {box.x0 + 1, box.y1 - 4};
          best.leader = gap > 10;
          if (best.leader) {
            best.leader_to = nearest_on(box, p.at);
            const double dx = best.leader_to.x - p.at.x, dy = best.leader_to.y - p.at.y, n = std::hypot(dx, dy);
            best.leader_from = n > 0 ? Point{p.at.x + dx / n * (p.radius + 1), p.at.y + dy / n * (p.radius + 1)} : p.at;
          }
        }
      }
      if (best.collisions == 0) break;  // a clear spot at this distance: no need to go further
    }
    placed[i] = best;
    drawn.boxes.push_back(best.box);
    if (best.leader) drawn.segments.push_back({best.leader_from, best.leader_to});
  }
  return placed;
}

void append_point_label(std::string& out, const PlacedLabel& label, const std::string& text, double font_size,
                        const std::string& color) {
  if (label.leader) append_line(out, label.leader_from, label.leader_to, "stroke=\"#888\" stroke-width=\"0.8\"");
  append_haloed_text(out, label.baseline, text, "font-size=\"" + printf_string("%.1f", font_size) + "\"", color);
}

void append_error_bar(std::string& out, double x, double y_low, double y_high, const std::string& color) {
  const std::string attrs = "stroke=\"" + color + "\" stroke-width=\"1.2\"";
  append_line(out, {x, y_low}, {x, y_high}, attrs);
  append_line(out, {x - 3, y_low}, {x + 3, y_low}, attrs);
  append_line(out, {x - 3, y_high}, {x + 3, y_high}, attrs);
}

}  // namespace roofline::chart
