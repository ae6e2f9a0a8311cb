// chart/legend: legend placement and drawing.
#include "chart/legend.hpp"

#include <algorithm>

#include "model/units.hpp"

namespace roofline::chart {

bool Obstacles::hit(const Rect& r) const {
  return std::any_of(segments.begin(), segments.end(), [&](const Segment& s) { return segment_hits(s, r); }) ||
         std::any_of(boxes.begin(), boxes.end(), [&](const Rect& b) { return b.overlaps(r); });
}

int Obstacles::count_hits(const Rect& r) const {
  return static_cast<int>(std::count_if(segments.begin(), segments.end(), [&](const Segment& s) { return segment_hits(s, r); }) +
                          std::count_if(boxes.begin(), boxes.end(), [&](const Rect& b) { return b.overlaps(r); }));
}

void Obstacles::add_polyline(const std::vector<Point>& points) {
  for (std::size_t i = 0; i + 1 < points.size(); ++i) segments.push_back({points[i], points[i + 1]});
  if (points.size() == 1) boxes.push_back(Rect{points[0].x, points[0].y, points[0].x, points[0].y}.inflated(4));
}

namespace {

constexpr double kFont = 12, kRow = 19, kPad = 9, kSwatch = 28;
// The widest an entry's text gets (a device's name may be long): about 50
// characters, so the legend fits in the plot of the smallest canvas.
constexpr double kMaxLabelWidth = 340;

std::string shown_label(const LegendEntry& e) { return fit_text(e.label, kFont, kMaxLabelWidth); }

Rect corner_box(Corner c, double w, double h, const Rect& plot) {
  switch (c) {
    case Corner::lower_right: return {plot.x1 - 10 - w, plot.y1 - 10 - h, plot.x1 - 10, plot.y1 - 10};
    case Corner::upper_left: return {plot.x0 + 10, plot.y0 + 10, plot.x0 + 10 + w, plot.y0 + 10 + h};
    case Corner::upper_right: return {plot.x1 - 10 - w, plot.y0 + 10, plot.x1 - 10, plot.y0 + 10 + h};
    case Corner::lower_left: return {plot.x0 + 10, plot.y1 - 10 - h, plot.x0 + 10 + w, plot.y1 - 10};
  }
  return {};
}

}  // namespace

std::optional<Rect> find_clear_box(double w, double h, const Rect& plot, const Obstacles& drawn,
                                   const std::vector<Corner>& corners) {
  for (Corner c : corners) {
    const Rect r = corner_box(c, w, h, plot);
    if (r.x0 >= plot.x0 && r.y0 >= plot.y0 && !drawn.hit(r.inflated(4))) return r;
  }
  return std::nullopt;
}

std::optional<Rect> find_clear_edge_box(double w, double h, const Rect& plot, const Obstacles& drawn,
                                        const std::vector<Corner>& corners) {
  if (const auto r = find_clear_box(w, h, plot, drawn, corners)) return r;
  const double left = plot.x0 + 10, right = plot.x1 - 10 - w, top = plot.y0 + 10, bottom = plot.y1 - 10 - h;
  if (right < left || bottom < top) return std::nullopt;
  const auto clear = [&](double x, double y) { return !drawn.hit(Rect{x, y, x + w, y + h}.inflated(4)); };
  constexpr double kStep = 8;
  for (double x = right; x >= left; x -= kStep) {  // along the bottom, then the top, from the right
    if (clear(x, bottom)) return Rect{x, bottom, x + w, bottom + h};
    if (clear(x, top)) return Rect{x, top, x + w, top + h};
  }
  for (double y = top; y <= bottom; y += kStep) {  // down the left, then the right side
    if (clear(left, y)) return Rect{left, y, left + w, y + h};
    if (clear(right, y)) return Rect{right, y, right + w, y + h};
  }
  return std::nullopt;
}

Rect place_box(double w, double h, const Rect& plot, const Obstacles& drawn, const std::vector<Corner>& corners) {
  if (const auto r = find_clear_edge_box(w, h, plot, drawn, corners)) return *r;
  std::optional<Rect> best;
  int best_hits = 0;
  for (Corner c : corners) {
    const Rect r = corner_box(c, w, h, plot);
    const int hits = drawn.count_hits(r.inflated(4));
    if (!best || hits < best_hits) best = r, best_hits = hits;
  }
  return best ? *best : corner_box(Corner::lower_right, w, h, plot);
}

Point legend_size(const std::vector<LegendEntry>& entries) {
  double text_w = 0;
  for (const LegendEntry& e : entries) text_w = std::max(text_w, text_width(shown_label(e), kFont));
  return {2 * kPad + kSwatch + 8 + text_w, 2 * kPad + kRow * static_cast<double>(entries.size()) - 4};
}

void append_legend_at(std::string& out, const std::vector<LegendEntry>& entries, const Rect& box) {
  out += "<g id=\"legend\" font-size=\"12\" fill=\"#222\">\n";
  out += "<rect x=\"" + px(box.x0) + "\" y=\"" + px(box.y0) + "\" width=\"" + px(box.width()) + "\" height=\"" +
         px(box.height()) + "\" fill=\"white\" fill-opacity=\"0.95\" stroke=\"#999\" stroke-width=\"0.8\" rx=\"3\"/>\n";
  double y = box.y0 + kPad + kRow / 2 - 2;
  for (const LegendEntry& e : entries) {
    const std::string opacity = e.opacity < 1 ? format_text(" stroke-opacity=\"%.2f\"", e.opacity) : "";
    if (e.swatch == LegendEntry::Swatch::band) {
      out += "<rect x=\"" + px(box.x0 + kPad) + "\" y=\"" + px(y - 6) + "\" width=\"" + px(kSwatch) +
             "\" height=\"12\" fill=\"" + e.color + "\" fill-opacity=\"" + format_text("%.2f", e.opacity) +
             "\" stroke=\"none\"/>\n";
    } else if (e.swatch == LegendEntry::Swatch::square) {
      out += "<rect x=\"" + px(box.x0 + kPad + kSwatch / 2 - 3.5) + "\" y=\"" + px(y - 3.5) +
             "\" width=\"7\" height=\"7\" fill=\"white\" stroke=\"" + e.color + "\" stroke-width=\"1.6\"/>\n";
    } else if (e.swatch == LegendEntry::Swatch::dot) {
      append_circle(out, {box.x0 + kPad + kSwatch / 2, y}, 5, "fill=\"" + e.color + "\" stroke=\"white\" stroke-width=\"1.5\"");
    } else {
      const std::string dash = e.dash.empty() ? "" : " stroke-dasharray=\"" + e.dash + "\"";
      append_line(out, {box.x0 + kPad, y}, {box.x0 + kPad + kSwatch, y},
                  "stroke=\"" + e.color + "\" stroke-width=\"" + format_text("%g", e.line_width) + "\"" + dash + opacity);
      if (e.swatch == LegendEntry::Swatch::line_with_marker)
        append_circle(out, {box.x0 + kPad + kSwatch / 2, y}, 3.2, "fill=\"white\" stroke=\"" + e.color + "\" stroke-width=\"1.6\"");
    }
    append_text(out, {box.x0 + kPad + kSwatch + 8, y + 4}, shown_label(e), "");
    y += kRow;
  }
  out += "</g>\n";
}

Rect append_legend(std::string& out, const std::vector<LegendEntry>& entries, const Rect& plot,
                   const Obstacles& drawn, const std::vector<Corner>& corners) {
  if (entries.empty()) return {};
  const Point size = legend_size(entries);
  const Rect box = place_box(size.x, size.y, plot, drawn, corners);
  append_legend_at(out, entries, box);
  return box;
}

}  // namespace roofline::chart
