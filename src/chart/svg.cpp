// chart/svg: SVG 1.1 primitives shared by every chart.
#include "chart/svg.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string_view>

#include "model/units.hpp"

namespace roofline::chart {

namespace {

// Length of the valid UTF-8 sequence starting at s[i], 0 when it is not one.
std::size_t utf8_sequence_length(std::string_view s, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char lead = byte(i);
  std::size_t len = 0;
  unsigned char lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (lead >= 0xC2 && lead <= 0xDF) len = 2;
  else if (lead >= 0xE0 && lead <= 0xEF) len = 3, lo = lead == 0xE0 ? 0xA0 : 0x80, hi = lead == 0xED ? 0x9F : 0xBF;
  else if (lead >= 0xF0 && lead <= 0xF4) len = 4, lo = lead == 0xF0 ? 0x90 : 0x80, hi = lead == 0xF4 ? 0x8F : 0xBF;
  if (len == 0 || i + len > s.size()) return 0;
  if (byte(i + 1) < lo || byte(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < len; ++k)
    if (byte(i + k) < 0x80 || byte(i + k) > 0xBF) return 0;
  return len;
}

// Advance widths of DejaVu Sans (Book) in ems, from its hmtx table, for ASCII
// 32..126; the few other characters the charts write are listed in glyph_advance.
constexpr double kAscii[95] = {
    0.318, 0.401, 0.46,  0.838, 0.636, 0.95,  0.78,  0.275, 0.39,  0.39,  0.5,   0.838, 0.318, 0.361, 0.318, 0.337,
    0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.636, 0.337, 0.337, 0.838, 0.838, 0.838, 0.531,
    1.0,   0.684, 0.686, 0.698, 0.77,  0.632, 0.575, 0.775, 0.752, 0.295, 0.295, 0.656, 0.557, 0.863, 0.748, 0.787,
    0.603, 0.787, 0.695, 0.635, 0.611, 0.732, 0.684, 0.989, 0.685, 0.611, 0.685, 0.39,  0.337, 0.39,  0.838, 0.5,
    0.5,   0.613, 0.635, 0.55,  0.635, 0.615, 0.352, 0.635, 0.634, 0.278, 0.278, 0.579, 0.278, 0.974, 0.634, 0.612,
    0.635, 0.635, 0.411, 0.521, 0.392, 0.634, 0.592, 0.818, 0.592, 0.592, 0.525, 0.636, 0.337, 0.636, 0.838};

const char* const kPalette[kPaletteSize] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                            "#E69F00", "#56B4E9", "#000000", "#F0E442"};

}  // namespace

bool segment_hits(const Segment& s, const Rect& r) {
  // Sampling every few pixels is exact enough for labels and avoids a clipping
  // algorithm; the samples lie within the segment's bounds, so a rectangle
  // clear of those is missed without sampling.
  if (std::max(s.a.x, s.b.x) < r.x0 || std::min(s.a.x, s.b.x) > r.x1 || std::max(s.a.y, s.b.y) < r.y0 ||
      std::min(s.a.y, s.b.y) > r.y1)
    return false;
  const int steps = std::max(16, static_cast<int>(std::hypot(s.b.x - s.a.x, s.b.y - s.a.y) / 3));
  for (int k = 0; k <= steps; ++k) {
    const double t = static_cast<double>(k) / steps;
    if (r.contains({s.a.x + t * (s.b.x - s.a.x), s.a.y + t * (s.b.y - s.a.y)})) return true;
  }
  return false;
}

std::string px(double v) { return format_text("%.2f", v); }

std::string exact_number(double v) { return format_text("%.15g", v); }

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t len = utf8_sequence_length(text, i);
      if (len) out.append(text, i, len);
      else out += "\xEF\xBF\xBD";  // U+FFFD for a broken byte
      i += len ? len : 1;
      continue;
    }
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      case '\t': case '\n': case '\r': out += static_cast<char>(c); break;
      default: out += c < 0x20 ? '?' : static_cast<char>(c);  // XML 1.0 forbids other controls
    }
    ++i;
  }
  return out;
}

GlyphAdvance glyph_advance(std::string_view s, std::size_t i) {
  const unsigned char c = static_cast<unsigned char>(s[i]);
  if (c >= 32 && c < 127) return {1, kAscii[c - 32]};
  const std::size_t len = c >= 0x80 ? std::max<std::size_t>(1, utf8_sequence_length(s, i)) : 1;
  const std::string_view g = s.substr(i, len);
  if (g == "·") return {len, 0.318};
  if (g == "…" || g == "—") return {len, 1.0};
  if (g == "–") return {len, 0.5};
  if (g == "⁻") return {len, 0.528};
  if (g.size() > 1 && (g.substr(0, 2) == "\xE2\x81" || g == "¹" || g == "²" || g == "³")) return {len, 0.401};  // superscripts
  return {len, 0.64};  // µ, β, φ, ×...
}

double text_width(const std::string& s, double font_size) {
  double ems = 0;
  for (std::size_t i = 0; i < s.size();) {
    const GlyphAdvance g = glyph_advance(s, i);
    ems += g.ems;
    i += g.bytes;
  }
  return ems * font_size;
}

std::string fit_text(std::string text, double font_size, double max_width) {
  // One pass: the widest run of whole glyphs that leaves room for the ellipsis.
  const double ellipsis = glyph_advance("…", 0).ems;
  double ems = 0;
  std::size_t cut = 0;  // bytes of the glyphs that fit beside the ellipsis
  for (std::size_t i = 0; i < text.size();) {
    const GlyphAdvance g = glyph_advance(text, i);
    ems += g.ems;
    i += g.bytes;
    if ((ems + ellipsis) * font_size <= max_width) cut = i;
    if (ems * font_size > max_width) break;  // it does not fit; nor would more
  }
  if (ems * font_size <= max_width) return text;
  text.resize(cut);
  return text + "…";
}

std::string clip_text(const std::string& text, std::size_t max_chars) {
  std::size_t keep = 0;  // bytes of the first max_chars - 1 glyphs
  for (std::size_t i = 0, glyphs = 0; i < text.size(); ++glyphs) {
    if (glyphs == max_chars) return text.substr(0, keep) + "…";
    if (glyphs + 1 == max_chars) keep = i;
    i += glyph_advance(text, i).bytes;
  }
  return text;
}

const char* palette_color(std::size_t i) { return kPalette[i % kPaletteSize]; }

std::string darken(const std::string& hex, double keep) {
  unsigned r = 0, g = 0, b = 0;
  std::sscanf(hex.c_str(), "#%02x%02x%02x", &r, &g, &b);
  return format_text("#%02X%02X%02X", unsigned(r * keep), unsigned(g * keep), unsigned(b * keep));
}

void append_text(std::string& out, Point p, const std::string& content, const std::string& attrs) {
  out += "<text x=\"" + px(p.x) + "\" y=\"" + px(p.y) + "\" " + attrs + ">" + xml_escape(content) + "</text>\n";
}

void append_haloed_text(std::string& out, Point p, const std::string& content, const std::string& attrs,
                        const std::string& fill) {
  append_text(out, p, content, attrs + " fill=\"white\" stroke=\"white\" stroke-width=\"3.5\" stroke-linejoin=\"round\"");
  append_text(out, p, content, attrs + " fill=\"" + fill + "\"");
}

std::string spans_text(const std::vector<Span>& spans, const std::string& separator) {
  std::string t;
  for (const Span& s : spans) t += (t.empty() ? "" : separator) + s.text;
  return t;
}

void append_haloed_spans(std::string& out, Point p, const std::vector<Span>& spans, const std::string& separator,
                         const std::string& attrs) {
  if (spans.size() == 1) return append_haloed_text(out, p, spans.front().text, attrs, spans.front().color);
  append_text(out, p, spans_text(spans, separator),
              attrs + " fill=\"white\" stroke=\"white\" stroke-width=\"3.5\" stroke-linejoin=\"round\"");
  // xml:space keeps the separator's spaces, which would go at the tspans' edges.
  out += "<text x=\"" + px(p.x) + "\" y=\"" + px(p.y) + "\" " + attrs + " xml:space=\"preserve\">";
  for (std::size_t i = 0; i < spans.size(); ++i) {
    if (i) out += "<tspan fill=\"#555\">" + xml_escape(separator) + "</tspan>";
    out += "<tspan fill=\"" + spans[i].color + "\">" + xml_escape(spans[i].text) + "</tspan>";
  }
  out += "</text>\n";
}

void append_line(std::string& out, Point a, Point b, const std::string& attrs, const std::string& title) {
  out += "<line x1=\"" + px(a.x) + "\" y1=\"" + px(a.y) + "\" x2=\"" + px(b.x) + "\" y2=\"" + px(b.y) + "\" " + attrs;
  out += title.empty() ? "/>\n" : "><title>" + xml_escape(title) + "</title></line>\n";
}

std::string points_attribute(const std::vector<Point>& points) {
  std::string s;
  for (const Point& p : points) s += (s.empty() ? "" : " ") + px(p.x) + "," + px(p.y);
  return s;
}

void append_polyline(std::string& out, const std::vector<Point>& points, const std::string& attrs) {
  out += "<polyline points=\"" + points_attribute(points) + "\" " + attrs + "/>\n";
}

void append_polygon(std::string& out, const std::vector<Point>& points, const std::string& attrs) {
  out += "<polygon points=\"" + points_attribute(points) + "\" " + attrs + "/>\n";
}

void append_circle(std::string& out, Point c, double r, const std::string& attrs, const std::string& title) {
  out += "<circle cx=\"" + px(c.x) + "\" cy=\"" + px(c.y) + "\" r=\"" + px(r) + "\" " + attrs;
  out += title.empty() ? "/>\n" : "><title>" + xml_escape(title) + "</title></circle>\n";
}

}  // namespace roofline::chart
