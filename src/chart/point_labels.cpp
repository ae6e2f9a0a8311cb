// chart/point_labels: label placement around points by local search.
//
// Each label has a fixed list of candidate boxes around its point. A greedy
// pass picks each label's cheapest candidate given those already placed;
// then rounds of improvement re-pick each label against all the others until
// nothing changes; this from several orders of the points, keeping the
// cheapest outcome. The cost of a candidate
// weighs what a reader would trip over: covering text or a marker is worst,
// crossing leaders and a label beside another point's marker are bad (they
// make a label read as the wrong point's), crossing a roof line and a long
// leader cost a little.
#include "chart/point_labels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>

namespace roofline::chart {

namespace {

// Directions tried around a point, in order of preference: right, then above
// and below right, left, above and below left, above, below.
struct Direction { double dx, dy; };
constexpr Direction kDirections[] = {{1, 0}, {1, -1}, {1, 1}, {-1, 0}, {-1, -1}, {-1, 1}, {0, -1}, {0, 1}};
constexpr double kGaps[] = {2, 8, 16, 26, 38, 52, 70, 92, 120};
// A label further than this from its marker's edge gets a leader line.
constexpr double kAttachedGap = 5;
// A label this close to another marker reads as that marker's, leader or not.
constexpr double kCrowdingGap = 8;

constexpr double kCover = 1e4, kOutside = 1e6, kLeaderCross = 5e3, kLeaderOverText = 2e3, kNearerOther = 3500,
                 kCrowding = 600, kLineCross = 90;

struct Candidate {
  Rect box;
  bool leader = false;
  Segment lead;
  double cost = 0;  // against everything but the other labels
  int hits = 0;     // obstacles it could not avoid, without the other labels
};

double distance_to_box(Point p, const Rect& r) {
  return std::hypot(std::clamp(p.x, r.x0, r.x1) - p.x, std::clamp(p.y, r.y0, r.y1) - p.y);
}

// Whether two segments cross (touching ends do not count).
bool segments_cross(const Segment& a, const Segment& b) {
  const auto side = [](Point p, Point q, Point r) { return (q.x - p.x) * (r.y - p.y) - (q.y - p.y) * (r.x - p.x); };
  const double d1 = side(a.a, a.b, b.a), d2 = side(a.a, a.b, b.b), d3 = side(b.a, b.b, a.a), d4 = side(b.a, b.b, a.b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

// The text box whose nearest edge or corner is `gap` pixels from the marker
// in direction d, shifted `shift` pixels across that direction (labels of a
// cluster can then stand in a column beside it).
Rect candidate_box(Point p, double radius, Direction d, double gap, double shift, double w, double h) {
  const double reach = radius + gap;
  const double x0 = d.dx > 0 ? p.x + reach : d.dx < 0 ? p.x - reach - w : p.x - w / 2 + shift;
  const double y0 = (d.dy > 0 ? p.y + reach * 0.8 : d.dy < 0 ? p.y - reach * 0.8 - h : p.y - h / 2) + (d.dy == 0 ? shift : 0);
  return {x0, y0, x0 + w, y0 + h};
}

// A label's text box size: its width plus a pixel each side, its font size plus 3.
double label_width(const PointToLabel& p, double font_size) { return text_width(p.text, font_size) + 2; }
double label_height(double font_size) { return font_size + 3; }

std::vector<Candidate> candidates(std::size_t i, const std::vector<PointToLabel>& points, double font_size,
                                  const Rect& plot, const Obstacles& drawn) {
  const PointToLabel& p = points[i];
  const double w = label_width(p, font_size), h = label_height(font_size);
  const Rect inside = plot.inflated(-2);
  std::vector<Candidate> out;
  int rank = 0;
  for (double gap : kGaps)
    for (Direction d : kDirections) {
      ++rank;
      std::vector<double> shifts{0};
      if (gap >= 16) {
        if (d.dy == 0 && d.dx != 0) shifts = {0, -h, h, -2 * h, 2 * h, -3 * h, 3 * h};
        if (d.dx == 0) shifts = {0, -w / 2, w / 2};
      }
      for (double shift : shifts) {
        Candidate c;
        c.box = candidate_box(p.at, p.radius, d, gap, shift, w, h);
        const double own = distance_to_box(p.at, c.box) - p.radius;
        bool ambiguous = false;
        double crowding = 0;
        int hits = 0;
        for (std::size_t j = 0; j < points.size(); ++j) {
          if (j == i) continue;
          const double other = distance_to_box(points[j].at, c.box) - points[j].radius;
          if (other < 1) ++hits;  // covers the marker
          else if (other < kCrowdingGap) crowding += kCrowding + (other < own ? kNearerOther : 0);  // reads as its label
          else if (other < own && other < 2 * kCrowdingGap) crowding += kCrowding / 2;
          ambiguous |= other <= 2 * own + 4;  // not clearly nearer its own marker
        }
        c.leader = own > kAttachedGap || ambiguous;
        if (c.leader) {
          const Point to = {std::clamp(p.at.x, c.box.x0, c.box.x1), std::clamp(p.at.y, c.box.y0, c.box.y1)};
          const double dx = to.x - p.at.x, dy = to.y - p.at.y, n = std::hypot(dx, dy);
          c.lead = {n > 0 ? Point{p.at.x + dx / n * (p.radius + 1), p.at.y + dy / n * (p.radius + 1)} : p.at, to};
        }
        const bool fits = c.box.x0 >= inside.x0 && c.box.x1 <= inside.x1 && c.box.y0 >= inside.y0 && c.box.y1 <= inside.y1;
        int line_hits = 0, leader_over = 0;
        for (const Rect& b : drawn.boxes) {
          hits += b.overlaps(c.box);
          if (c.leader) leader_over += segment_hits(c.lead, b);
        }
        for (const Segment& s : drawn.segments) line_hits += segment_hits(s, c.box);
        if (c.leader)
          for (std::size_t j = 0; j < points.size(); ++j)
            if (j != i) hits += segment_hits(c.lead, marker_box(points[j]));  // a leader through a marker misleads
        const double length = c.leader ? std::hypot(c.lead.b.x - c.lead.a.x, c.lead.b.y - c.lead.a.y) : own;
        c.hits = hits + line_hits + (fits ? 0 : 1);
        c.cost = (fits ? 0 : kOutside) + hits * kCover + leader_over * kLeaderOverText + crowding + line_hits * kLineCross +
                 (c.leader ? 25 + 3 * length : 2 * length) + rank * 0.5 + std::fabs(shift) * 0.3;
        out.push_back(c);
      }
    }
  return out;
}

// What a candidate runs into among the labels placed for the other points.
struct Conflicts {
  int covers = 0, leader_crossings = 0, leaders_over_text = 0;
  double cost() const { return covers * kCover + leader_crossings * kLeaderCross + leaders_over_text * kLeaderOverText; }
  int count() const { return covers + leader_crossings + leaders_over_text; }
};

Conflicts conflicts(const Candidate& c, std::size_t self, const std::vector<const Candidate*>& chosen) {
  Conflicts k;
  for (std::size_t j = 0; j < chosen.size(); ++j) {
    const Candidate* o = chosen[j];
    if (j == self || !o) continue;
    k.covers += c.box.inflated(1).overlaps(o->box);
    k.leader_crossings += c.leader && o->leader && segments_cross(c.lead, o->lead);
    k.leaders_over_text += (c.leader && segment_hits(c.lead, o->box)) + (o->leader && segment_hits(o->lead, c.box));
  }
  return k;
}

// A candidate for each point's label, indexed as the points; null: none picked yet.
using Picks = std::vector<const Candidate*>;

// How many other points lie within 60 pixels of each point.
std::vector<int> neighbour_counts(const std::vector<PointToLabel>& points) {
  const std::size_t n = points.size();
  std::vector<int> neighbours(n, 0);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j)
      neighbours[i] += j != i && std::hypot(points[i].at.x - points[j].at.x, points[i].at.y - points[j].at.y) < 60;
  return neighbours;
}

// The orders the local search starts from: the most crowded points first,
// left to right, right to left, top down, bottom up, and eight shuffles of
// the first (with a fixed seed: the same chart every time).
std::vector<std::vector<std::size_t>> search_orders(const std::vector<PointToLabel>& points) {
  std::vector<std::vector<std::size_t>> orders(5, std::vector<std::size_t>(points.size()));
  for (auto& o : orders) std::iota(o.begin(), o.end(), 0);
  const std::vector<int> neighbours = neighbour_counts(points);
  const auto by = [&](auto key) { return [&, key](std::size_t a, std::size_t b) { return key(a) < key(b); }; };
  std::stable_sort(orders[0].begin(), orders[0].end(), by([&](std::size_t i) { return -neighbours[i]; }));
  std::stable_sort(orders[1].begin(), orders[1].end(), by([&](std::size_t i) { return points[i].at.x; }));
  std::stable_sort(orders[2].begin(), orders[2].end(), by([&](std::size_t i) { return -points[i].at.x; }));
  std::stable_sort(orders[3].begin(), orders[3].end(), by([&](std::size_t i) { return points[i].at.y; }));
  std::stable_sort(orders[4].begin(), orders[4].end(), by([&](std::size_t i) { return -points[i].at.y; }));
  std::mt19937 shuffle(12345);
  for (int k = 0; k < 8; ++k) {
    orders.push_back(orders[0]);
    std::shuffle(orders.back().begin(), orders.back().end(), shuffle);
  }
  return orders;
}

// Re-picks point i's cheapest candidate against the others' picks; returns
// whether its pick changed.
bool repick(std::size_t i, const std::vector<std::vector<Candidate>>& options, Picks& picks) {
  const Candidate* best = nullptr;
  double best_cost = std::numeric_limits<double>::infinity();
  for (const Candidate& c : options[i]) {
    if (c.cost >= best_cost) continue;
    const double cost = c.cost + conflicts(c, i, picks).cost();
    if (cost < best_cost) best = &c, best_cost = cost;
  }
  const bool changed = best != picks[i];
  picks[i] = best;
  return changed;
}

// A greedy pass in this order, then up to 8 rounds of improvement in the
// same order until no pick changes: a local optimum.
Picks settle(const std::vector<std::size_t>& order, const std::vector<std::vector<Candidate>>& options) {
  Picks picks(options.size(), nullptr);
  for (std::size_t i : order) repick(i, options, picks);
  for (int round = 0; round < 8; ++round) {
    bool changed = false;
    for (std::size_t i : order) changed |= repick(i, options, picks);
    if (!changed) break;
  }
  return picks;
}

double total_cost(const Picks& picks) {
  double total = 0;
  for (std::size_t i = 0; i < picks.size(); ++i) total += picks[i]->cost + conflicts(*picks[i], i, picks).cost();
  return total;
}

// Each order settles in its own local optimum; the cheapest wins (the
// earliest of equals).
Picks cheapest_picks(const std::vector<PointToLabel>& points, const std::vector<std::vector<Candidate>>& options) {
  Picks chosen;
  double chosen_total = std::numeric_limits<double>::infinity();
  for (const auto& order : search_orders(points)) {
    Picks picks = settle(order, options);
    const double total = total_cost(picks);
    if (total < chosen_total) chosen_total = total, chosen = std::move(picks);
  }
  return chosen;
}

// Point i's label as picked, with what it could not avoid.
PlacedLabel placed_label(std::size_t i, const Picks& chosen) {
  const Candidate& c = *chosen[i];
  PlacedLabel l;
  l.box = c.box;
  l.baseline = {c.box.x0 + 1, c.box.y1 - 4};
  l.leader = c.leader;
  l.leader_from = c.lead.a;
  l.leader_to = c.lead.b;
  l.collisions = c.hits + conflicts(c, i, chosen).count();
  return l;
}

// The markers, labels and leaders, for what is drawn after them to avoid.
void add_to_drawn(const std::vector<PointToLabel>& points, const std::vector<PlacedLabel>& placed, Obstacles& drawn) {
  for (const PointToLabel& p : points) drawn.boxes.push_back(marker_box(p));
  for (const PlacedLabel& l : placed) {
    drawn.boxes.push_back(l.box);
    if (l.leader) drawn.segments.push_back({l.leader_from, l.leader_to});
  }
}

}  // namespace

Rect marker_box(const PointToLabel& p) { return Rect{p.at.x, p.at.y, p.at.x, p.at.y}.inflated(p.radius + 1); }

Rect preferred_label_box(const PointToLabel& p, double font_size) {
  return candidate_box(p.at, p.radius, kDirections[0], kGaps[0], 0, label_width(p, font_size), label_height(font_size));
}

std::vector<PlacedLabel> place_point_labels(const std::vector<PointToLabel>& points, double font_size,
                                            const Rect& plot, Obstacles& drawn) {
  // Every candidate is in place before any is picked: the picks point into these vectors.
  std::vector<std::vector<Candidate>> options(points.size());
  for (std::size_t i = 0; i < points.size(); ++i) options[i] = candidates(i, points, font_size, plot, drawn);
  const Picks chosen = cheapest_picks(points, options);
  std::vector<PlacedLabel> placed;
  for (std::size_t i = 0; i < points.size(); ++i) placed.push_back(placed_label(i, chosen));
  add_to_drawn(points, placed, drawn);
  return placed;
}

void append_point_label(std::string& out, const PlacedLabel& label, const std::string& text, double font_size,
                        const std::string& color) {
  if (label.leader)
    append_line(out, label.leader_from, label.leader_to, "class=\"leader\" stroke=\"#777\" stroke-width=\"0.9\"");
  append_haloed_text(out, label.baseline, text,
                     "class=\"dot-label\" font-size=\"" + printf_string("%.1f", font_size) + "\"", color);
}

void append_error_bar(std::string& out, double x, double y_low, double y_high, const std::string& color) {
  const std::string attrs = "stroke=\"" + color + "\" stroke-width=\"1.2\"";
  append_line(out, {x, y_low}, {x, y_high}, attrs);
  append_line(out, {x - 3, y_low}, {x + 3, y_low}, attrs);
  append_line(out, {x - 3, y_high}, {x + 3, y_high}, attrs);
}

}  // namespace roofline::chart
