// chart/carm_roof_labels: compute labels on their lines, memory labels along
// their slopes, both clear of the dots.
#include "chart/carm_roof_labels.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "chart/spatial_grid.hpp"

namespace roofline::chart::carm {

namespace {

constexpr double kPi = 3.14159265358979323846;
constexpr double kHit = 1e4;  // a label covering something: avoided wherever there is room
constexpr double kSpot = 300;  // a label where a dot's label would rather go
const std::string kSeparator = " · ";

// A label's lines of text, each a row of spans.
using TextLines = std::vector<std::vector<Span>>;

double widest_line(const TextLines& lines, double font_size) {
  double w = 0;
  for (const auto& line : lines) w = std::max(w, text_width(spans_text(line, kSeparator), font_size));
  return w;
}

std::vector<Span> spans_of(const std::vector<const Roof*>& roofs) {
  std::vector<Span> spans;
  for (const Roof* r : roofs) spans.push_back({r->label, text_color(r->color)});
  return spans;
}

// The longest segment of a group of coinciding roofs (they share the line).
std::optional<Segment> group_segment(const std::vector<const Roof*>& group, const std::vector<RoofSet>& sets,
                                     const Scales& s) {
  std::optional<Segment> best;
  for (const Roof* r : group)
    if (const auto seg = roof_segment(*r, sets[r->doc], s))
      if (!best || std::hypot(seg->b.x - seg->a.x, seg->b.y - seg->a.y) > std::hypot(best->b.x - best->a.x, best->b.y - best->a.y))
        best = seg;
  return best;
}

int spots_taken(const std::vector<Rect>& boxes, const std::vector<Rect>& spots) {
  return int(std::count_if(spots.begin(), spots.end(), [&](const Rect& spot) {
    return std::any_of(boxes.begin(), boxes.end(), [&](const Rect& b) { return b.overlaps(spot); });
  }));
}

}  // namespace

void append_compute_labels(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, const Rect& plot,
                           Obstacles& drawn, const DotsToAvoid& dots) {
  const double size = 12, line_h = size + 3;
  for (const auto& group : coincident_groups(sets, s, false)) {
    const auto seg = group_segment(group, sets, s);
    if (!seg) continue;
    // Roofs that coincide share a line of text; more than fit in half the plot's width take several.
    TextLines lines{{}};
    for (const Span& span : spans_of(group)) {
      std::vector<Span> longer = lines.back();
      longer.push_back(span);
      if (!lines.back().empty() && text_width(spans_text(longer, kSeparator), size) > 0.55 * plot.width()) lines.push_back({});
      lines.back().push_back(span);
    }
    const double w = widest_line(lines, size);
    const double line_y = seg->a.y, n = double(lines.size());
    // The text's boxes: just above the line (last line nearest it) or just below (first line nearest).
    const auto box_at = [&](double right, bool above) {
      const double top = above ? line_y - 2 - n * line_h : line_y + 2;
      return Rect{right - w, top, right, top + n * line_h};
    };
    double best_cost = std::numeric_limits<double>::infinity(), best_right = plot.x1 - 8;
    bool best_above = true;
    for (bool above : {true, false})
      for (double shift = 0; plot.x1 - 8 - shift - w >= seg->a.x + 6 || shift == 0; shift += 12) {
        const Rect box = box_at(plot.x1 - 8 - shift, above);
        const bool inside = box.y0 >= plot.y0 + 2 && box.y1 <= plot.y1 - 2;
        const double cost = (inside ? 0 : 1e6) + kHit * (drawn.count_hits(box) + dots.markers.count_hits(box)) +
                            kSpot * spots_taken({box}, dots.label_spots) + (above ? 0 : 30) + 0.4 * shift;
        if (cost < best_cost) best_cost = cost, best_right = box.x1, best_above = above;
        if (cost < kHit && shift == 0 && above) break;  // clear where it belongs
      }
    const Rect box = box_at(best_right, best_above);
    drawn.boxes.push_back(box);
    for (std::size_t k = 0; k < lines.size(); ++k)
      append_haloed_spans(out, {box.x1, box.y0 + line_h * double(k + 1) - 3}, lines[k], kSeparator,
                          "class=\"roof-label\" text-anchor=\"end\" font-size=\"12\"");
  }
}

namespace {

// The memory roofs' own frame: `along` their (parallel) slopes and `normal` to
// them (up and to the left), from the plot's lower left corner.
struct SlopeFrame {
  Point origin, u, v;
  double degrees = 0;  // the slopes' angle on the page
  SlopeFrame(const Scales& s, const Rect& plot) : origin{plot.x0, plot.y1} {
    const double ppd_x = (s.x.pixel_hi - s.x.pixel_lo) / std::log10(s.x.hi / s.x.lo);
    const double ppd_y = (s.y.pixel_lo - s.y.pixel_hi) / std::log10(s.y.hi / s.y.lo);
    const double theta = std::atan2(ppd_y, ppd_x);
    u = {std::cos(theta), -std::sin(theta)};
    v = {-std::sin(theta), -std::cos(theta)};
    degrees = theta * 180 / kPi;
  }
  double along(Point p) const { return (p.x - origin.x) * u.x + (p.y - origin.y) * u.y; }
  double normal(Point p) const { return (p.x - origin.x) * v.x + (p.y - origin.y) * v.y; }
  Point page(double a, double n) const { return {origin.x + a * u.x + n * v.x, origin.y + a * u.y + n * v.y}; }
};

// A label's extent in the slope frame: along a0..a1, normal n0..n1.
struct Band {
  double a0, a1, n0, n1;
  bool overlaps(const Band& o, double margin) const {
    return a0 < o.a1 + margin && o.a0 < a1 + margin && n0 < o.n1 && o.n0 < n1;
  }
};

constexpr double kMemoryFont = 11.5;               // the memory labels' font size
constexpr double kMemoryLine = kMemoryFont + 3;    // and their line height

// The compute roofs cross the slopes; a memory label must not.
Obstacles compute_roof_lines(const std::vector<RoofSet>& sets, const Scales& s) {
  Obstacles lines;
  for (const RoofSet& set : sets)
    for (const Roof& c : set.compute)
      if (const auto seg = roof_segment(c, set, s)) lines.segments.push_back(*seg);
  return lines;
}

// A label's lines of text as a chain of small squares along each: its
// axis-aligned bounds would block a whole triangle of empty chart beside it.
std::vector<Rect> square_chain(const Band& b, const SlopeFrame& f) {
  const double h = kMemoryLine;
  std::vector<Rect> squares;
  for (double mid = b.n0 + h / 2; mid < b.n1; mid += h)
    for (double a = b.a0; a < b.a1 + h / 2; a += h / 2) {
      const Point q = f.page(std::min(a, b.a1), mid);
      squares.push_back(Rect{q.x, q.y, q.x, q.y}.inflated(h / 2));
    }
  return squares;
}

// The dots filed by where they are: a band looks at those near it only.
struct DotIndex {
  const DotsToAvoid& dots;
  SpatialGrid markers, bars, spots;  // ids as in dots.markers.boxes, dots.markers.segments, dots.label_spots
  DotIndex(const DotsToAvoid& d, const Rect& plot)
      : dots(d), markers(plot.inflated(40), 32), bars(plot.inflated(40), 32), spots(plot.inflated(40), 32) {
    for (const Rect& m : dots.markers.boxes) markers.insert(m);
    for (const Segment& e : dots.markers.segments) bars.insert(bounds(e));
    for (const Rect& r : dots.label_spots) spots.insert(r);
  }
};

// A band's bounds on the page.
Rect page_bounds(const Band& b, const SlopeFrame& f) {
  const Point c[] = {f.page(b.a0, b.n0), f.page(b.a1, b.n0), f.page(b.a0, b.n1), f.page(b.a1, b.n1)};
  Rect r{c[0].x, c[0].y, c[0].x, c[0].y};
  for (const Point& p : c) r = {std::min(r.x0, p.x), std::min(r.y0, p.y), std::max(r.x1, p.x), std::max(r.y1, p.y)};
  return r;
}

// The markers are round and small: tested exactly in the slope frame, as
// circles against the band, so a dot between two close roofs counts
// against the labels it touches and no others. Only those whose bounds come
// within a pixel (error bars: 2.5) of the band's bounds can touch it.
int markers_in(const Band& b, const SlopeFrame& f, const DotIndex& index) {
  const auto near = [&](Point c, double r) {
    const double a = f.along(c), n = f.normal(c);
    return std::hypot(std::clamp(a, b.a0, b.a1) - a, std::clamp(n, b.n0, b.n1) - n) < r + 1;
  };
  const Rect page = page_bounds(b, f);
  int count = 0;
  for (std::size_t i : index.markers.near(page.inflated(1))) {
    const Rect& m = index.dots.markers.boxes[i];
    count += near({(m.x0 + m.x1) / 2, (m.y0 + m.y1) / 2}, m.width() / 2);
  }
  for (std::size_t i : index.bars.near(page.inflated(3))) {
    const Segment& e = index.dots.markers.segments[i];
    for (double t = 0; t <= 1; t += 0.1) count += near({e.a.x + t * (e.b.x - e.a.x), e.a.y + t * (e.b.y - e.a.y)}, 1.5);
  }
  return count;
}

// How many dots' label spots a label's squares cover.
int spots_taken(const std::vector<Rect>& squares, const DotIndex& index) {
  if (squares.empty()) return 0;
  Rect all = squares.front();
  for (const Rect& q : squares) all = {std::min(all.x0, q.x0), std::min(all.y0, q.y0), std::max(all.x1, q.x1), std::max(all.y1, q.y1)};
  std::vector<Rect> near;
  for (std::size_t i : index.spots.near(all)) near.push_back(index.dots.label_spots[i]);
  return spots_taken(squares, near);
}

// The cost of a memory label in a band: kHit for each marker it touches, for
// each label placed before it that it comes within 8 pixels of along the
// slope, and for each compute roof and drawn box each square of its chain
// touches; kSpot for each dot's label spot it takes. Of what was drawn only
// the boxes count: its segments are the roofs, which the labels run beside.
struct BandCost {
  const SlopeFrame& frame;
  const Obstacles& compute_lines;
  const Obstacles& drawn;
  const DotIndex& dots;
  const std::vector<Band>& placed;

  double operator()(const Band& band) const {
    int count = markers_in(band, frame, dots);
    for (const Band& o : placed) count += band.overlaps(o, 8);
    const std::vector<Rect> squares = square_chain(band, frame);
    for (const Rect& q : squares)
      count += compute_lines.count_hits(q) +
               int(std::count_if(drawn.boxes.begin(), drawn.boxes.end(), [&](const Rect& b) { return b.overlaps(q); }));
    return kHit * count + kSpot * spots_taken(squares, dots);
  }
};

// The line of a group of coinciding memory roofs, at `normal` in the slope frame.
struct Slope {
  std::vector<const Roof*> roofs;
  Segment seg;
  double normal;
};

// The memory roofs' lines, the highest first.
std::vector<Slope> slopes_top_down(const std::vector<RoofSet>& sets, const Scales& s, const SlopeFrame& f) {
  std::vector<Slope> slopes;
  for (const auto& group : coincident_groups(sets, s, true))
    if (const auto seg = group_segment(group, sets, s)) slopes.push_back({group, *seg, f.normal(seg->a)});
  std::stable_sort(slopes.begin(), slopes.end(), [](const Slope& a, const Slope& b) { return a.normal > b.normal; });
  return slopes;
}

// Where a slope's label may go: along the slope from a_start to a_end, and
// beside it within the gaps to the slopes above and below (1e9 where none).
struct Room {
  double n = 0, a_start = 0, a_end = 0;
  double gap_above = 0, gap_below = 0;
  bool prefer_above = true;  // above unless the next higher roof is too close and the one below is further
  double a_wanted = 0;       // where the label would rather start
};

Room room_of(const std::vector<Slope>& slopes, std::size_t i, const SlopeFrame& f) {
  Room r;
  r.n = slopes[i].normal;
  r.a_start = f.along(slopes[i].seg.a);
  r.a_end = f.along(slopes[i].seg.b);
  r.gap_above = i > 0 ? slopes[i - 1].normal - r.n : 1e9;
  r.gap_below = i + 1 < slopes.size() ? r.n - slopes[i + 1].normal : 1e9;
  r.prefer_above = r.gap_above >= kMemoryLine + 4 || r.gap_above >= r.gap_below;
  // A little way up the slope, clear of the plot's corner.
  r.a_wanted = r.a_start + std::max(18.0, 0.08 * (r.a_end - r.a_start));
  return r;
}

// Coinciding roofs: one line of text, or where that finds no room, a line each.
std::vector<TextLines> layouts_of(const std::vector<Span>& spans) {
  std::vector<TextLines> layouts = {{spans}};
  if (spans.size() > 1) {
    layouts.emplace_back();
    for (const Span& sp : spans) layouts.back().push_back({sp});
  }
  return layouts;
}

// Where a label goes: its band and which of its layouts.
struct LabelPlace {
  Band band{};
  std::size_t layout = 0;
};

// The cheapest band beside the line, or a little further off it (a dot
// sitting on it), but always nearer its own line than the next one. Other
// than the preferred side, a larger offset and a line per roof need room to
// spare; each costs a little, as does starting away from a_wanted.
LabelPlace cheapest_place(const Room& room, const std::vector<TextLines>& layouts, const BandCost& cost_of) {
  const double n = room.n;
  LabelPlace best;
  double best_cost = std::numeric_limits<double>::infinity();
  for (std::size_t l = 0; l < layouts.size(); ++l) {
    const double w = widest_line(layouts[l], kMemoryFont), height = kMemoryLine * double(layouts[l].size());
    for (bool above : {room.prefer_above, !room.prefer_above})
      for (double off : {2.0, 5.0, 8.0, 12.0}) {
        const double gap = above ? room.gap_above : room.gap_below;
        if ((above != room.prefer_above || off > 2 || l > 0) && gap < height + 2 + 2 * off) continue;
        for (double a0 = room.a_start + 10; a0 + w <= room.a_end - 6 || a0 == room.a_start + 10; a0 += 5) {
          const Band band{a0, a0 + w, above ? n + off : n - off - height, above ? n + off + height : n - off};
          const double cost = cost_of(band) + (above == room.prefer_above ? 0 : 40) + 6 * (off - 2) +
                              30 * double(l) + 0.25 * std::fabs(a0 - room.a_wanted);
          if (cost < best_cost) best_cost = cost, best = {band, l};
        }
      }
  }
  return best;
}

// The label's lines rotated onto the slope at normal n, from the band's start.
void append_slope_label(std::string& out, const TextLines& lines, const Band& band, double n, const SlopeFrame& f) {
  const std::string transform = "transform=\"translate(" + px(f.page(band.a0, n).x) + " " +
                                px(f.page(band.a0, n).y) + ") rotate(" + px(-f.degrees) + ")\"";
  // Baselines in the rotated frame, where y grows away from the line's upper side.
  for (std::size_t k = 0; k < lines.size(); ++k)
    append_haloed_spans(out, {0, -(band.n1 - n) + kMemoryLine * double(k + 1) - 3}, lines[k], kSeparator,
                        "class=\"roof-label\" " + transform + " font-size=\"11.5\"");
}

}  // namespace

void append_memory_labels(std::string& out, const std::vector<RoofSet>& sets, const Scales& s, const Rect& plot,
                          Obstacles& drawn, const DotsToAvoid& dots) {
  const SlopeFrame f(s, plot);
  const Obstacles compute_lines = compute_roof_lines(sets, s);
  const DotIndex index(dots, plot);
  std::vector<Band> placed;
  const BandCost cost_of{f, compute_lines, drawn, index, placed};
  const std::vector<Slope> slopes = slopes_top_down(sets, s, f);
  for (std::size_t i = 0; i < slopes.size(); ++i) {
    const Room room = room_of(slopes, i, f);
    const std::vector<TextLines> layouts = layouts_of(spans_of(slopes[i].roofs));
    const LabelPlace best = cheapest_place(room, layouts, cost_of);
    placed.push_back(best.band);
    append_slope_label(out, layouts[best.layout], best.band, room.n, f);
    for (const Rect& q : square_chain(best.band, f)) drawn.boxes.push_back(q);
  }
}

}  // namespace roofline::chart::carm
