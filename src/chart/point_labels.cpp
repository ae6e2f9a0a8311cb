// chart/point_labels: label placement around points by local search.
//
// Each label has a fixed list of candidate boxes around its point. A greedy
// pass picks each label's cheapest candidate given those already placed;
// then rounds of improvement re-pick each label against the others near it
// until nothing changes; this from several orders of the points, keeping the
// cheapest outcome. Everything a candidate is checked against is looked up in
// spatial grids, the other labels' picks included, so only what lies near it
// is looked at. The cost of a candidate
// weighs what a reader would trip over: covering text or a marker is worst,
// crossing leaders and a label beside another point's marker are bad (they
// make a label read as the wrong point's), crossing a roof line and a long
// leader cost a little.
#include "chart/point_labels.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <numeric>
#include <optional>
#include <random>

#include "chart/spatial_grid.hpp"
#include "model/units.hpp"

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

// Starting orders times labels: 13 orders for up to 40 labels, fewer for more.
constexpr std::size_t kSearchBudget = 13 * 40;

// A spot that covers this many things (markers, boxes, lines) is unreadable
// wherever among such spots a label stands: counting stops there, so that a
// crowd of markers costs each candidate a bounded look rather than one that
// grows with the crowd.
constexpr int kHopeless = 6;

constexpr double kCover = 1e4, kOutside = 1e6, kLeaderCross = 5e3, kLeaderOverText = 2e3, kNearerOther = 3500,
                 kCrowding = 600, kLineCross = 90;

struct Candidate {
  Rect box;
  bool leader = false;
  Segment lead;
  Rect extent;      // the box a pixel wider, with the leader: another label touching neither cannot conflict
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

Rect united(const Rect& a, const Rect& b) {
  return {std::min(a.x0, b.x0), std::min(a.y0, b.y0), std::max(a.x1, b.x1), std::max(a.y1, b.y1)};
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

// Grid cells a little larger than a label's height: a candidate's checks visit a handful.
constexpr double kCell = 32;

// What the labels keep clear of, filed by where it is: the markers (ids as
// the points), the boxes and the lines drawn before.
struct Surroundings {
  const std::vector<PointToLabel>& points;
  const Obstacles& drawn;
  SpatialGrid markers, boxes, segments;
  Surroundings(const std::vector<PointToLabel>& p, const Obstacles& d, const Rect& plot)
      : points(p), drawn(d), markers(plot.inflated(160), kCell), boxes(plot.inflated(160), kCell),
        segments(plot.inflated(160), kCell) {
    for (const PointToLabel& q : points) markers.insert(marker_box(q));
    for (const Rect& b : drawn.boxes) boxes.insert(b);
    for (const Segment& g : drawn.segments) segments.insert(bounds(g));
  }
};

// What the other markers near a candidate box say about it: how many it
// covers, how much it reads as theirs, and whether it is clearly nearer its
// own (`own` pixels away) than any. Markers further than 2 * kCrowdingGap from
// the box change none of it: ambiguity counts only for a label attached to its
// marker, within kAttachedGap, so within 2 * kAttachedGap + 4 of another.
struct MarkersNear {
  int covered = 0;
  double crowding = 0;
  bool ambiguous = false;
};

MarkersNear markers_near(std::size_t i, const Rect& box, double own, const Surroundings& around) {
  MarkersNear m;
  around.markers.visit_near(box.inflated(2 * kCrowdingGap), [&](std::size_t j) {
    if (j == i) return true;
    const double other = distance_to_box(around.points[j].at, box) - around.points[j].radius;
    if (other < 1) ++m.covered;  // covers the marker
    else if (other < kCrowdingGap) m.crowding += kCrowding + (other < own ? kNearerOther : 0);  // reads as its label
    else if (other < own && other < 2 * kCrowdingGap) m.crowding += kCrowding / 2;
    m.ambiguous |= other <= 2 * own + 4;  // not clearly nearer its own marker
    return m.covered < kHopeless;
  });
  return m;
}

// How many of the things filed in `grid` near r `hit` says r meets, up to kHopeless.
template <typename Hit>
int hits_near(const SpatialGrid& grid, const Rect& r, Hit&& hit) {
  int n = 0;
  grid.visit_near(r, [&](std::size_t id) {
    n += hit(id);
    return n < kHopeless;
  });
  return n;
}

Candidate candidate(std::size_t i, const Rect& box, double shift, int rank, const Rect& inside, const Surroundings& around) {
  const PointToLabel& p = around.points[i];
  Candidate c;
  c.box = box;
  const double own = distance_to_box(p.at, c.box) - p.radius;
  const MarkersNear near = markers_near(i, c.box, own, around);
  int hits = near.covered;
  c.leader = own > kAttachedGap || near.ambiguous;
  c.extent = c.box.inflated(1);
  if (c.leader) {
    const Point to = {std::clamp(p.at.x, c.box.x0, c.box.x1), std::clamp(p.at.y, c.box.y0, c.box.y1)};
    const double dx = to.x - p.at.x, dy = to.y - p.at.y, n = std::hypot(dx, dy);
    c.lead = {n > 0 ? Point{p.at.x + dx / n * (p.radius + 1), p.at.y + dy / n * (p.radius + 1)} : p.at, to};
    c.extent = united(c.extent, bounds(c.lead));
  }
  const bool fits = c.box.x0 >= inside.x0 && c.box.x1 <= inside.x1 && c.box.y0 >= inside.y0 && c.box.y1 <= inside.y1;
  int leader_over = 0;
  hits += hits_near(around.boxes, c.box, [&](std::size_t b) { return around.drawn.boxes[b].overlaps(c.box); });
  const int line_hits = hits_near(around.segments, c.box, [&](std::size_t g) { return segment_hits(around.drawn.segments[g], c.box); });
  if (c.leader) {
    leader_over = hits_near(around.boxes, bounds(c.lead), [&](std::size_t b) { return segment_hits(c.lead, around.drawn.boxes[b]); });
    // A leader through another marker misleads.
    hits += hits_near(around.markers, bounds(c.lead),
                      [&](std::size_t j) { return j != i && segment_hits(c.lead, marker_box(around.points[j])); });
  }
  const double length = c.leader ? std::hypot(c.lead.b.x - c.lead.a.x, c.lead.b.y - c.lead.a.y) : own;
  c.hits = hits + line_hits + (fits ? 0 : 1);
  c.cost = (fits ? 0 : kOutside) + hits * kCover + leader_over * kLeaderOverText + near.crowding + line_hits * kLineCross +
           (c.leader ? 25 + 3 * length : 2 * length) + rank * 0.5 + std::fabs(shift) * 0.3;
  return c;
}

// Point i's candidates, those whose box `wanted` turns down left out (none
// when it is empty); each keeps its rank among all of them.
std::vector<Candidate> candidates(std::size_t i, double font_size, const Rect& plot, const Surroundings& around,
                                  const std::function<bool(const Rect&)>& wanted = {}) {
  const PointToLabel& p = around.points[i];
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
        const Rect box = candidate_box(p.at, p.radius, d, gap, shift, w, h);
        if (!wanted || wanted(box)) out.push_back(candidate(i, box, shift, rank, inside, around));
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

// The labels to place: each one's candidates, and the area their extents
// lie in (that of the grid of their picks).
struct Labels {
  std::vector<std::size_t> point;  // the point each label belongs to
  std::vector<bool> gives_way;     // its point's label is optional
  std::vector<std::vector<Candidate>> options;
  Rect area;
};

// A candidate for each label, indexed as the labelled points (null: none
// picked yet), with the picks' extents filed in a grid: a candidate meets
// only the picks whose extents touch its own, and those are looked up, so
// that checking one costs what lies near it however many labels there are.
class Picks {
 public:
  explicit Picks(const Labels& labels) : picked_(labels.options.size(), nullptr), grid_(labels.area, kCell) {}
  const Candidate* operator[](std::size_t k) const { return picked_[k]; }
  std::size_t size() const { return picked_.size(); }
  void set(std::size_t k, const Candidate* c) {
    picked_[k] = c;
    if (c) grid_.place(k, c->extent);
    else grid_.remove(k);
  }
  // Calls visit(j) for each label whose pick's extent touches r, until it returns false.
  template <typename Visit>
  void visit_near(const Rect& r, Visit&& visit) const {
    grid_.visit_near(r, visit);
  }

 private:
  std::vector<const Candidate*> picked_;
  SpatialGrid grid_;
};

// What candidate c of label `self` runs into among the other labels' picks,
// counted until their cost reaches `enough` (a caller that only compares
// with a bound needs no more) or there are `most` of them: past either, the
// counts are a lower bound.
Conflicts conflicts(const Candidate& c, std::size_t self, const Picks& chosen,
                    double enough = std::numeric_limits<double>::infinity(), int most = std::numeric_limits<int>::max()) {
  Conflicts k;
  chosen.visit_near(c.extent, [&](std::size_t j) {
    if (j == self) return true;
    const Candidate* o = chosen[j];
    k.covers += c.box.inflated(1).overlaps(o->box);
    k.leader_crossings += c.leader && o->leader && segments_cross(c.lead, o->lead);
    k.leaders_over_text += (c.leader && segment_hits(c.lead, o->box)) + (o->leader && segment_hits(o->lead, c.box));
    return k.cost() < enough && k.count() < most;
  });
  return k;
}

// What label k's candidate c costs beside the other labels' picks, counted up
// to `bound` and to kHopeless conflicts (a spot in a pile of labels is as bad
// as another: the search weighs it no further, so that a pile costs each
// look a bounded count rather than one that grows with the pile).
double cost_among(const Candidate& c, std::size_t k, const Picks& chosen,
                  double bound = std::numeric_limits<double>::infinity()) {
  return c.cost + conflicts(c, k, chosen, bound - c.cost, kHopeless).cost();
}

// Whether candidate c of label `self` meets none of the other picks.
bool clear_of_others(const Candidate& c, std::size_t self, const Picks& chosen) {
  return conflicts(c, self, chosen, /*enough=*/1).count() == 0;  // every conflict costs far more than 1
}

// A crowd: more than kLabelsAlwaysDrawn labels, every one of which gives way.
bool crowd(const Labels& labels) {
  return labels.point.size() > kLabelsAlwaysDrawn &&
         std::all_of(labels.gives_way.begin(), labels.gives_way.end(), [](bool b) { return b; });
}

// The labelled points and, unless they are a crowd (whose candidates are
// made as each label's turn comes: clear_by_importance), every one's
// candidates, in place before any is picked (the picks point into them).
Labels labels_to_place(double font_size, const Rect& plot, const Surroundings& around) {
  Labels l;
  l.area = plot.inflated(160);
  for (std::size_t i = 0; i < around.points.size(); ++i)
    if (around.points[i].label) l.point.push_back(i), l.gives_way.push_back(around.points[i].optional);
  l.options.resize(l.point.size());
  if (!crowd(l))
    for (std::size_t k = 0; k < l.point.size(); ++k) l.options[k] = candidates(l.point[k], font_size, plot, around);
  return l;
}

// How many other markers lie within 60 pixels of each labelled point.
std::vector<int> neighbour_counts(const Labels& labels, const Surroundings& around) {
  std::vector<int> neighbours;
  for (std::size_t i : labels.point) {
    const Point at = around.points[i].at;
    int n = 0;
    around.markers.visit_near(Rect{at.x, at.y, at.x, at.y}.inflated(60), [&](std::size_t j) {
      n += j != i && std::hypot(at.x - around.points[j].at.x, at.y - around.points[j].at.y) < 60;
      return true;
    });
    neighbours.push_back(n);
  }
  return neighbours;
}

// The orders the local search starts from: the most crowded points first,
// left to right, right to left, top down, bottom up, and eight shuffles of
// the first (with a fixed seed: the same chart every time). Every order costs
// a search over all the labels: up to 40 labels get all 13, more get fewer,
// the first always.
std::vector<std::vector<std::size_t>> search_orders(const Labels& labels, const Surroundings& around) {
  const std::size_t n = labels.point.size();
  std::vector<std::vector<std::size_t>> orders(5, std::vector<std::size_t>(n));
  for (auto& o : orders) std::iota(o.begin(), o.end(), 0);
  const std::vector<int> neighbours = neighbour_counts(labels, around);
  const auto at = [&](std::size_t k) { return around.points[labels.point[k]].at; };
  const auto by = [&](auto key) { return [&, key](std::size_t a, std::size_t b) { return key(a) < key(b); }; };
  std::stable_sort(orders[0].begin(), orders[0].end(), by([&](std::size_t k) { return -neighbours[k]; }));
  std::stable_sort(orders[1].begin(), orders[1].end(), by([&](std::size_t k) { return at(k).x; }));
  std::stable_sort(orders[2].begin(), orders[2].end(), by([&](std::size_t k) { return -at(k).x; }));
  std::stable_sort(orders[3].begin(), orders[3].end(), by([&](std::size_t k) { return at(k).y; }));
  std::stable_sort(orders[4].begin(), orders[4].end(), by([&](std::size_t k) { return -at(k).y; }));
  std::mt19937 shuffle(12345);
  for (int k = 0; k < 8; ++k) {
    orders.push_back(orders[0]);
    std::shuffle(orders.back().begin(), orders.back().end(), shuffle);
  }
  orders.resize(std::clamp<std::size_t>(kSearchBudget / std::max<std::size_t>(n, 1), 1, orders.size()));
  return orders;
}

// Re-picks label k's cheapest candidate against the others' picks; returns
// whether its pick changed.
bool repick(std::size_t k, const Labels& labels, Picks& picks) {
  const Candidate* best = nullptr;
  double best_cost = std::numeric_limits<double>::infinity();
  for (const Candidate& c : labels.options[k]) {
    if (c.cost >= best_cost) continue;
    const double cost = cost_among(c, k, picks, best_cost);
    if (cost < best_cost) best = &c, best_cost = cost;
  }
  const bool changed = best != picks[k];
  picks.set(k, best);
  return changed;
}

// A greedy pass in this order, then up to 8 rounds of improvement in the
// same order until no pick changes: a local optimum.
Picks settle(const std::vector<std::size_t>& order, const Labels& labels) {
  Picks picks(labels);
  for (std::size_t k : order) repick(k, labels, picks);
  for (int round = 0; round < 8; ++round) {
    bool changed = false;
    for (std::size_t k : order) changed |= repick(k, labels, picks);
    if (!changed) break;
  }
  return picks;
}

double total_cost(const Picks& picks) {
  double total = 0;
  for (std::size_t k = 0; k < picks.size(); ++k) total += cost_among(*picks[k], k, picks);
  return total;
}

// Each order settles in its own local optimum; the cheapest wins (the
// earliest of equals).
Picks cheapest_picks(const Labels& labels, const Surroundings& around) {
  std::optional<Picks> chosen;
  double chosen_total = std::numeric_limits<double>::infinity();
  for (const auto& order : search_orders(labels, around)) {
    Picks picks = settle(order, labels);
    const double total = total_cost(picks);
    if (!chosen || total < chosen_total) chosen_total = total, chosen = std::move(picks);
  }
  return std::move(*chosen);
}

// The cheapest of label k's candidates that conflicts with none of `kept`
// and costs no more than `picked` apart from the other labels (so covers no
// more of what was drawn); null when there is none.
const Candidate* cheapest_clear(std::size_t k, const Labels& labels, const Picks& kept, const Candidate& picked) {
  const Candidate* best = nullptr;
  for (const Candidate& c : labels.options[k])
    if (c.cost <= picked.cost && (!best || c.cost < best->cost) && clear_of_others(c, k, kept)) best = &c;
  return best;
}

// The labels, most important first (the earlier of equals first).
std::vector<std::size_t> by_importance(const Labels& labels, const Surroundings& around) {
  std::vector<std::size_t> order(labels.point.size());
  std::iota(order.begin(), order.end(), 0);
  const auto importance = [&](std::size_t k) { return around.points[labels.point[k]].importance; };
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return importance(a) > importance(b); });
  return order;
}

// The picks with no optional label covering, or crossing the leader of, a
// label kept before it, from the most important label down: an optional
// label in conflict moves to a clear spot no worse otherwise, or is left out.
Picks without_optional_conflicts(const Picks& chosen, const Labels& labels, const Surroundings& around) {
  Picks kept(labels);
  for (std::size_t k : by_importance(labels, around))
    kept.set(k, !labels.gives_way[k] || clear_of_others(*chosen[k], k, kept) ? chosen[k]
                                                                             : cheapest_clear(k, labels, kept, *chosen[k]));
  return kept;
}

// Whether a box covers one of the picked labels.
bool covers_picked(const Rect& box, const Picks& picked) {
  const Rect text = box.inflated(1);
  bool covers = false;
  picked.visit_near(text, [&](std::size_t j) {
    covers = text.overlaps(picked[j]->box);
    return !covers;
  });
  return covers;
}

// A crowd's picks: each label in turn, most important first, takes its
// cheapest spot clear of the labels kept before it, or is left out. No search
// over orders: the kept labels never overlap, so each check looks at a
// neighbourhood that room bounds, however many labels there are, and only the
// spots whose text covers none of them are weighed at all; the whole is
// about linear in the labels.
Picks clear_by_importance(Labels& labels, double font_size, const Rect& plot, const Surroundings& around) {
  Picks kept(labels);
  for (std::size_t k : by_importance(labels, around)) {
    labels.options[k] = candidates(labels.point[k], font_size, plot, around, [&](const Rect& box) { return !covers_picked(box, kept); });
    const Candidate* best = nullptr;
    for (const Candidate& c : labels.options[k])
      if ((!best || c.cost < best->cost) && clear_of_others(c, k, kept)) best = &c;
    kept.set(k, best);
  }
  return kept;
}

// Label k as picked, with what it could not avoid.
PlacedLabel placed_label(std::size_t k, const Picks& chosen) {
  const Candidate& c = *chosen[k];
  PlacedLabel l;
  l.box = c.box;
  l.baseline = {c.box.x0 + 1, c.box.y1 - 4};
  l.leader = c.leader;
  l.leader_from = c.lead.a;
  l.leader_to = c.lead.b;
  l.collisions = c.hits + conflicts(c, k, chosen).count();
  return l;
}

// The markers, labels and leaders, for what is drawn after them to avoid.
void add_to_drawn(const std::vector<PointToLabel>& points, const std::vector<std::optional<PlacedLabel>>& placed,
                  Obstacles& drawn) {
  for (const PointToLabel& p : points) drawn.boxes.push_back(marker_box(p));
  for (const auto& l : placed) {
    if (!l) continue;
    drawn.boxes.push_back(l->box);
    if (l->leader) drawn.segments.push_back({l->leader_from, l->leader_to});
  }
}

// The median time a dot's kernel took, for ranking: 0 when unknown.
double time_of(const Placement& p) { return std::isfinite(p.seconds) && p.seconds > 0 ? p.seconds : 0; }

}  // namespace

Rect marker_box(const PointToLabel& p) { return Rect{p.at.x, p.at.y, p.at.x, p.at.y}.inflated(p.radius + 1); }

Rect preferred_label_box(const PointToLabel& p, double font_size) {
  return candidate_box(p.at, p.radius, kDirections[0], kGaps[0], 0, label_width(p, font_size), label_height(font_size));
}

std::vector<std::optional<PlacedLabel>> place_point_labels(const std::vector<PointToLabel>& points, double font_size,
                                                           const Rect& plot, Obstacles& drawn) {
  std::vector<std::optional<PlacedLabel>> placed(points.size());
  {
    const Surroundings around(points, drawn, plot);
    Labels labels = labels_to_place(font_size, plot, around);
    if (!labels.point.empty()) {
      const Picks chosen = crowd(labels) ? clear_by_importance(labels, font_size, plot, around)
                                         : without_optional_conflicts(cheapest_picks(labels, around), labels, around);
      for (std::size_t k = 0; k < labels.point.size(); ++k)
        if (chosen[k]) placed[labels.point[k]] = placed_label(k, chosen);
    }
  }
  add_to_drawn(points, placed, drawn);
  return placed;
}

DotLabels choose_dot_labels(const std::vector<Placement>& dots, const ChartOptions& opt) {
  DotLabels choice;
  choice.labelled.assign(dots.size(), false);
  if (!opt.dot_labels.empty()) {
    for (std::size_t i = 0; i < dots.size(); ++i)
      for (const std::string& name : opt.dot_labels)
        choice.labelled[i] = choice.labelled[i] || name == dots[i].display_label() || name == dots[i].kernel;
  } else {
    std::vector<std::size_t> by_time(dots.size());
    std::iota(by_time.begin(), by_time.end(), 0);
    std::stable_sort(by_time.begin(), by_time.end(),
                     [&](std::size_t a, std::size_t b) { return time_of(dots[a]) > time_of(dots[b]); });
    for (std::size_t k = 0; k < std::min(opt.max_dot_labels, dots.size()); ++k) choice.labelled[by_time[k]] = true;
  }
  const auto n = static_cast<std::size_t>(std::count(choice.labelled.begin(), choice.labelled.end(), true));
  choice.by_time = opt.dot_labels.empty() && (n < dots.size() || n > kLabelsAlwaysDrawn);
  if (n == 0 && !dots.empty()) choice.note = "no dot labelled (hover a dot for its kernel)";
  else if (!opt.dot_labels.empty() && n < dots.size()) choice.note = "labels on the " + std::to_string(n) + " chosen";
  else if (choice.by_time) choice.note = "labels on the longest-running (at most " + std::to_string(n) + ")";
  return choice;
}

PointToLabel dot_point(Point at, const std::vector<Placement>& dots, std::size_t i, const DotLabels& choice) {
  PointToLabel p{at, 5, clip_text(dots[i].display_label())};
  p.label = choice.labelled[i];
  p.optional = choice.by_time;
  p.importance = time_of(dots[i]);
  return p;
}

void append_point_label(std::string& out, const PlacedLabel& label, const std::string& text, double font_size,
                        const std::string& color) {
  if (label.leader)
    append_line(out, label.leader_from, label.leader_to, "class=\"leader\" stroke=\"#777\" stroke-width=\"0.9\"");
  append_haloed_text(out, label.baseline, text,
                     "class=\"dot-label\" font-size=\"" + format_text("%.1f", font_size) + "\"", color);
}

void append_error_bar(std::string& out, double x, double y_low, double y_high, const std::string& color) {
  const std::string attrs = "stroke=\"" + color + "\" stroke-width=\"1.2\"";
  append_line(out, {x, y_low}, {x, y_high}, attrs);
  append_line(out, {x - 3, y_low}, {x + 3, y_low}, attrs);
  append_line(out, {x - 3, y_high}, {x + 3, y_high}, attrs);
}

}  // namespace roofline::chart
