// chart/svg: writing SVG 1.1 by hand, shared by every chart: geometry, number
// and text formatting, XML escaping, rough text metrics and the elements the
// charts are made of (text with a halo, lines, polylines, markers), plus the
// palette. Nothing here knows about roofs or memory curves.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace roofline::chart {

struct Point { double x = 0, y = 0; };

struct Rect {
  double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  double width() const { return x1 - x0; }
  double height() const { return y1 - y0; }
  bool contains(Point p) const { return p.x >= x0 && p.x <= x1 && p.y >= y0 && p.y <= y1; }
  bool overlaps(const Rect& o) const { return x0 < o.x1 && o.x0 < x1 && y0 < o.y1 && o.y0 < y1; }
  Rect inflated(double d) const { return {x0 - d, y0 - d, x1 + d, y1 + d}; }
};

struct Segment { Point a, b; };

// Whether any part of the segment lies in the rectangle (sampled every few pixels).
bool segment_hits(const Segment& s, const Rect& r);

std::string px(double v);            // a coordinate: "%.2f"
std::string exact_number(double v);  // every digit a double holds: "%.15g"

// Text made safe for XML character data and attribute values: escapes & < > " ',
// replaces control characters with '?' and invalid UTF-8 with U+FFFD.
std::string xml_escape(const std::string& text);

// Advance width of text in DejaVu Sans (Book), the charts' font: labels are
// placed by it, so it has to be right for them to keep apart. Bold runs ~8% wider.
double text_width(const std::string& text, double font_size);

// The character (code point) starting at byte i of text: its length in bytes
// (a byte of broken UTF-8 is one of its own) and its advance width in ems, as
// text_width adds them up.
struct GlyphAdvance {
  std::size_t bytes;
  double ems;
};
GlyphAdvance glyph_advance(std::string_view text, std::size_t i);

// Cuts text to at most max_width, marking the cut with an ellipsis. Linear in
// the text's length.
std::string fit_text(std::string text, double font_size, double max_width);

// The most characters (code points) a name or title shows on a chart: a
// device name, a kernel's label, a title. Longer ones are cut by clip_text;
// tooltips keep up to kMaxTooltipChars, the JSON files all of it.
inline constexpr std::size_t kMaxShownChars = 120;
inline constexpr std::size_t kMaxTooltipChars = 1000;

// Text of at most max_chars (>= 1) code points: longer text keeps its first
// max_chars - 1 and an ellipsis.
std::string clip_text(const std::string& text, std::size_t max_chars = kMaxShownChars);

// Okabe-Ito, ordered so the first series get the colors with the best contrast
// on white; yellow comes last. Index i wraps around.
const char* palette_color(std::size_t i);
inline constexpr std::size_t kPaletteSize = 8;

// "#RRGGBB" with each channel scaled by keep (0..1).
std::string darken(const std::string& hex, double keep);

// Text in a series' color, dark enough to read on white (orange and sky blue are not).
inline std::string text_color(const std::string& series_color) { return darken(series_color, 0.75); }

// <text x y attrs>content</text>; content is escaped here.
void append_text(std::string& out, Point p, const std::string& content, const std::string& attrs);

// SVG 1.1 has no paint-order, so the white halo that keeps a label legible
// over grid and data lines is a stroked copy drawn first.
void append_haloed_text(std::string& out, Point p, const std::string& content, const std::string& attrs,
                        const std::string& fill);

// A piece of text in its own color, for a label that names several things
// (roofs that coincide) each in its series' color.
struct Span {
  std::string text;
  std::string color;
};

// The text of the spans, joined by `separator` (drawn grey).
std::string spans_text(const std::vector<Span>& spans, const std::string& separator);

// As append_haloed_text, with the spans joined by the separator, each in its color.
void append_haloed_spans(std::string& out, Point p, const std::vector<Span>& spans, const std::string& separator,
                         const std::string& attrs);

// A <line>; with a title it carries it as a tooltip (escaped here).
void append_line(std::string& out, Point a, Point b, const std::string& attrs, const std::string& title = "");

// "x,y x,y ..." for polyline and polygon points.
std::string points_attribute(const std::vector<Point>& points);

void append_polyline(std::string& out, const std::vector<Point>& points, const std::string& attrs);
void append_polygon(std::string& out, const std::vector<Point>& points, const std::string& attrs);

// A <circle> with a tooltip (escaped here) when title is not empty.
void append_circle(std::string& out, Point center, double radius, const std::string& attrs,
                   const std::string& title = "");

}  // namespace roofline::chart
