// chart/carm_chart: the CARM chart as a standalone SVG 1.1 document.
//
// Drawing order, back to front: background, attainable region, grid, roofs,
// ridge markers, plot frame and ticks, roof labels, legend. Everything inside
// the plot area is clipped to it, so no roof can stray over the axes.
#include "chart/carm_chart.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <stdexcept>

#include "model/roofline.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {

namespace {

constexpr double kGiga = 1e9;  // the document holds ops/s; the y axis shows Gops/s
constexpr double kPi = 3.14159265358979323846;

std::string printf_string(const char* format, ...) {
  char buffer[256];
  va_list args;
  va_start(args, format);
  const int n = std::vsnprintf(buffer, sizeof buffer, format, args);
  va_end(args);
  return n < 0 ? std::string() : std::string(buffer, std::min<std::size_t>(n, sizeof buffer - 1));
}

int decade_exponent(double v) { return static_cast<int>(std::lround(std::log10(v))); }

// Superscript digits: DejaVu Sans has them, so "10⁴" needs no tspan tricks.
std::string superscript(int exponent) {
  static const char* digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string out = exponent < 0 ? "⁻" : "";
  for (char c : std::to_string(std::abs(exponent))) out += digits[c - '0'];
  return out;
}

// Length of the valid UTF-8 sequence starting at s[i], 0 when it is not one.
std::size_t utf8_sequence_length(const std::string& s, std::size_t i) {
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

}  // namespace

// ---------------------------------------------------------------------------
// Axis and text helpers (public, tested)

double LogAxis::to_pixel(double v) const {
  if (!(v > 0)) return pixel_lo;
  const double t = (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
  return pixel_lo + t * (pixel_hi - pixel_lo);
}

std::vector<double> LogAxis::decades() const {
  std::vector<double> out;
  for (int e = decade_exponent(lo); e <= decade_exponent(hi); ++e) out.push_back(std::pow(10.0, e));
  return out;
}

std::vector<double> LogAxis::minor_ticks() const {
  std::vector<double> out;
  const std::vector<double> d = decades();
  for (std::size_t i = 0; i + 1 < d.size(); ++i)
    for (int m = 2; m <= 9; ++m) out.push_back(m * d[i]);
  return out;
}

LogAxis make_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi) {
  if (!(data_min > 0) || !(data_max > 0) || !std::isfinite(data_min) || !std::isfinite(data_max))
    throw std::invalid_argument("a log axis needs positive, finite bounds");
  if (data_min > data_max) std::swap(data_min, data_max);
  // The tolerance keeps an exact power of ten (whose log10 may come out a hair
  // off) on its own decade instead of widening the axis by one.
  const int e_lo = static_cast<int>(std::floor(std::log10(data_min) + 1e-9));
  int e_hi = static_cast<int>(std::ceil(std::log10(data_max) - 1e-9));
  if (e_hi <= e_lo) e_hi = e_lo + 1;
  return LogAxis{std::pow(10.0, e_lo), std::pow(10.0, e_hi), pixel_lo, pixel_hi};
}

std::string format_tick(double v) {
  if (!(v > 0) || !std::isfinite(v)) return printf_string("%g", v);
  const int e = decade_exponent(v);
  if (std::fabs(v / std::pow(10.0, e) - 1) > 1e-9) return printf_string("%g", v);
  if (e >= -2 && e <= 3) return printf_string("%.*f", e < 0 ? -e : 0, v);
  return "10" + superscript(e);
}

std::string xml_escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size();) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      const std::size_t len = utf8_sequence_length(text, i);
      out += len ? text.substr(i, len) : "\xEF\xBF\xBD";  // U+FFFD for a broken byte
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

namespace {

// ---------------------------------------------------------------------------
// The roofs to draw

// Okabe-Ito, ordered so the first roofs get the colors with the best contrast
// on white; yellow comes last.
const char* const kPalette[] = {"#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                "#E69F00", "#56B4E9", "#000000", "#F0E442"};

struct Roof {
  const Ceiling* ceiling = nullptr;
  bool memory = false;
  double value = 0;   // ops/s or bytes/s, as in the document
  std::string name;   // "float MAD", "DRAM read"
  std::string label;  // name, rate and warning: "float MAD 65.0 TFLOP/s"
  std::string color;
};

struct RoofSet {
  std::vector<Roof> compute, memory;  // each sorted highest first
  const Roof* top_compute() const { return compute.empty() ? nullptr : &compute.front(); }
  const Roof* top_memory() const { return memory.empty() ? nullptr : &memory.front(); }
  bool empty() const { return compute.empty() && memory.empty(); }
};

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

bool is_float_type(const std::string& t) { return t == "float" || t == "double" || t == "half"; }

std::string roof_unit(const Ceiling& c) {
  if (!c.unit.empty()) return c.unit;
  if (c.kind == "memory") return "B/s";
  return is_float_type(c.type) ? "FLOP/s" : "INTOP/s";
}

bool counts_integer_ops(const Roof& r) { return !r.memory && roof_unit(*r.ceiling).rfind("INTOP", 0) == 0; }

std::string roof_name(const Ceiling& c) {
  if (c.kind == "memory") return (c.level.empty() ? std::string("memory") : c.level) + " " + c.op;
  return c.type.empty() ? upper(c.op) : c.type + " " + upper(c.op);
}

Roof make_roof(const Ceiling& c) {
  Roof r;
  r.ceiling = &c;
  r.memory = c.kind == "memory";
  r.value = c.value;
  r.name = roof_name(c);
  r.label = r.name + " " + format_si(c.value, roof_unit(c)) + (c.above_theory ? " (above theory!)" : "");
  return r;
}

// The best ceiling of each (op, type) for compute and of each (level, op) for
// memory: the other variants measured the same roof less well.
RoofSet choose_roofs(const RoofsDocument& doc) {
  RoofSet set;
  for (const Ceiling* c : best_ceilings(doc)) {
    if (!std::isfinite(c->value)) continue;  // nothing to draw on a log axis
    if (c->kind == "compute") set.compute.push_back(make_roof(*c));
    else if (c->kind == "memory") set.memory.push_back(make_roof(*c));
  }
  const auto higher = [](const Roof& a, const Roof& b) { return a.value > b.value; };
  std::stable_sort(set.compute.begin(), set.compute.end(), higher);
  std::stable_sort(set.memory.begin(), set.memory.end(), higher);
  std::size_t i = 0;
  for (Roof& r : set.compute) r.color = kPalette[i++ % std::size(kPalette)];
  for (Roof& r : set.memory) r.color = kPalette[i++ % std::size(kPalette)];
  return set;
}

// ---------------------------------------------------------------------------
// Geometry

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

bool segment_hits(const Segment& s, const Rect& r) {
  // Sampling every few pixels is exact enough for labels and avoids a clipping algorithm.
  const int steps = std::max(16, static_cast<int>(std::hypot(s.b.x - s.a.x, s.b.y - s.a.y) / 3));
  for (int k = 0; k <= steps; ++k) {
    const double t = static_cast<double>(k) / steps;
    if (r.contains({s.a.x + t * (s.b.x - s.a.x), s.a.y + t * (s.b.y - s.a.y)})) return true;
  }
  return false;
}

// Rough advance width of DejaVu Sans text; it only has to keep labels apart.
double text_width(const std::string& s, double font_size) {
  std::size_t glyphs = 0;
  for (unsigned char c : s) glyphs += (c & 0xC0) != 0x80;  // count UTF-8 code points
  return 0.6 * font_size * static_cast<double>(glyphs);
}

struct Scales {
  LogAxis x, y;
  Point at(double ai, double gops) const { return {x.to_pixel(ai), y.to_pixel(gops)}; }
};

// X: at least 1/16..64 FLOP/byte and every ridge with room on either side.
// Y: a decade above the top compute roof down to a decade below the lowest
// memory roof at the left edge or a tenth of the lowest compute roof.
Scales choose_scales(const RoofSet& roofs, const Rect& plot) {
  double x_min = 1.0 / 16, x_max = 64;
  if (!roofs.compute.empty() && !roofs.memory.empty()) {
    x_min = std::min(x_min, ridge_point(roofs.memory.front().value, roofs.compute.back().value) / 8);
    x_max = std::max(x_max, ridge_point(roofs.memory.back().value, roofs.compute.front().value) * 8);
  }
  Scales s{make_log_axis(x_min, x_max, plot.x0, plot.x1), {}};
  double y_min = 1, y_max = 1e3;
  if (!roofs.compute.empty()) y_max = roofs.compute.front().value / kGiga;
  else if (!roofs.memory.empty()) y_max = roofs.memory.front().value * s.x.hi / kGiga;
  if (!roofs.empty()) y_min = std::numeric_limits<double>::infinity();
  if (!roofs.memory.empty()) y_min = std::min(y_min, roofs.memory.back().value * s.x.lo / kGiga);
  if (!roofs.compute.empty()) y_min = std::min(y_min, roofs.compute.back().value / kGiga / 10);
  const double decade_above = std::pow(10.0, std::floor(std::log10(y_max)) + 1);
  s.y = make_log_axis(y_min, decade_above, plot.y1, plot.y0);
  // The top roof's label sits above its line: give it another decade when it would touch the frame.
  if (!roofs.compute.empty() && s.y.to_pixel(y_max) - plot.y0 < 24) s.y.hi *= 10;
  return s;
}

// A compute roof runs from its ridge with the top memory roof to the right
// edge; left of the ridge the memory slope is the bound.
std::optional<Segment> compute_segment(const Roof& c, const Roof* top_memory, const Scales& s) {
  double a0 = s.x.lo;
  if (top_memory) a0 = std::max(a0, ridge_point(top_memory->value, c.value));
  if (a0 >= s.x.hi) return std::nullopt;
  const double gops = c.value / kGiga;
  return Segment{s.at(a0, gops), s.at(s.x.hi, gops)};
}

// A memory roof, perf = B x AI, runs from the left edge to its ridge with the
// top compute roof, cut to the plot area.
std::optional<Segment> memory_segment(const Roof& m, const Roof* top_compute, const Scales& s) {
  const double b = m.value / kGiga;  // Gops/s per op/byte
  double a0 = std::max(s.x.lo, s.y.lo / b);
  double a1 = std::min(s.x.hi, s.y.hi / b);
  if (top_compute) a1 = std::min(a1, ridge_point(m.value, top_compute->value));
  if (a0 >= a1) return std::nullopt;
  return Segment{s.at(a0, b * a0), s.at(a1, b * a1)};
}

// ---------------------------------------------------------------------------
// SVG writing

std::string px(double v) { return printf_string("%.2f", v); }

std::string exact_number(double v) { return printf_string("%.15g", v); }

std::string darken(const std::string& hex, double keep) {
  unsigned r = 0, g = 0, b = 0;
  std::sscanf(hex.c_str(), "#%02x%02x%02x", &r, &g, &b);
  return printf_string("#%02X%02X%02X", unsigned(r * keep), unsigned(g * keep), unsigned(b * keep));
}

// Text in a roof's color, dark enough to read on white (orange and sky blue are not).
std::string text_color(const Roof& r) { return darken(r.color, 0.75); }

void append_text(std::string& out, Point p, const std::string& content, const std::string& attrs) {
  out += "<text x=\"" + px(p.x) + "\" y=\"" + px(p.y) + "\" " + attrs + ">" + xml_escape(content) + "</text>\n";
}

// SVG 1.1 has no paint-order, so the white halo that keeps a label legible
// over grid and roof lines is a stroked copy drawn first.
void append_haloed_text(std::string& out, Point p, const std::string& content, const std::string& attrs,
                        const std::string& fill) {
  append_text(out, p, content, attrs + " fill=\"white\" stroke=\"white\" stroke-width=\"3.5\" stroke-linejoin=\"round\"");
  append_text(out, p, content, attrs + " fill=\"" + fill + "\"");
}

void append_line(std::string& out, Point a, Point b, const std::string& attrs, const std::string& title = "") {
  out += "<line x1=\"" + px(a.x) + "\" y1=\"" + px(a.y) + "\" x2=\"" + px(b.x) + "\" y2=\"" + px(b.y) + "\" " + attrs;
  out += title.empty() ? "/>\n" : "><title>" + xml_escape(title) + "</title></line>\n";
}

std::string derived_title(const RoofsDocument& doc) {
  std::string t = doc.device.name.empty() ? "unknown device" : doc.device.name;
  if (!doc.device.driver.empty()) t += " — driver " + doc.device.driver;
  if (!doc.date.empty()) t += " — " + doc.date.substr(0, 10);
  return t;
}

std::string subtitle(const RoofsDocument& doc, const RoofSet& roofs) {
  std::string t = "Cache-aware roofline model";
  if (!doc.tool_version.empty()) t += " · roofline " + doc.tool_version;
  if (doc.quick) t += " · quick run";
  if (!doc.complete) t += " · incomplete run";
  if (roofs.compute.empty() && !roofs.memory.empty()) t += " · no compute roofs measured";
  if (roofs.memory.empty() && !roofs.compute.empty()) t += " · no memory roofs measured";
  return t;
}

void append_header(std::string& out, int width, int height, const Rect& plot, const std::string& title) {
  const std::string w = std::to_string(width), h = std::to_string(height);
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + w + "\" height=\"" + h +
         "\" viewBox=\"0 0 " + w + " " + h + "\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n";
  out += "<title>" + xml_escape("Cache-aware roofline: " + title) + "</title>\n";
  out += "<defs><clipPath id=\"plot-area\"><rect x=\"" + px(plot.x0) + "\" y=\"" + px(plot.y0) + "\" width=\"" +
         px(plot.width()) + "\" height=\"" + px(plot.height()) + "\"/></clipPath></defs>\n";
  out += "<rect x=\"0\" y=\"0\" width=\"" + w + "\" height=\"" + h + "\" fill=\"white\"/>\n";
}

// Cuts text to at most max_width, marking the cut with an ellipsis.
std::string fit_text(std::string text, double font_size, double max_width) {
  if (text_width(text, font_size) <= max_width) return text;
  while (!text.empty() && text_width(text + "…", font_size) > max_width) {
    while (!text.empty() && (static_cast<unsigned char>(text.back()) & 0xC0) == 0x80) text.pop_back();
    if (!text.empty()) text.pop_back();  // the lead byte of the last code point
  }
  return text + "…";
}

// A long device name first shrinks the title font, then gets cut, so the title never leaves the canvas.
void append_titles(std::string& out, const RoofsDocument& doc, const RoofSet& roofs, double canvas_width,
                   const Rect& plot, const std::string& title) {
  const double room = canvas_width - plot.x0 - 10, bold = 1.08;  // bold glyphs run wider
  const double size = std::clamp(std::floor(160 * room / text_width(title, 16 * bold)) / 10, 11.0, 16.0);
  append_text(out, {plot.x0, 26}, fit_text(title, size * bold, room),
              "font-size=\"" + printf_string("%.1f", size) + "\" font-weight=\"bold\" fill=\"#222\"");
  append_text(out, {plot.x0, 45}, fit_text(subtitle(doc, roofs), 11.5, room), "font-size=\"11.5\" fill=\"#555\"");
}

// Tick labels get thinned out when decades are too narrow to hold them.
int label_stride(const LogAxis& axis, double min_spacing) {
  const double per_decade = std::fabs(axis.pixel_hi - axis.pixel_lo) / (axis.decades().size() - 1);
  return std::max(1, static_cast<int>(std::ceil(min_spacing / per_decade)));
}

// Minor ticks would only smear narrow decades into a grey band.
std::vector<double> visible_minor_ticks(const LogAxis& axis) {
  const double per_decade = std::fabs(axis.pixel_hi - axis.pixel_lo) / (axis.decades().size() - 1);
  return per_decade >= 40 ? axis.minor_ticks() : std::vector<double>{};
}

void append_grid(std::string& out, const Scales& s, const Rect& plot) {
  out += "<g id=\"grid\" fill=\"none\">\n";
  for (double v : visible_minor_ticks(s.x)) append_line(out, {s.x.to_pixel(v), plot.y0}, {s.x.to_pixel(v), plot.y1}, "stroke=\"#EEEEEE\" stroke-width=\"0.8\"");
  for (double v : visible_minor_ticks(s.y)) append_line(out, {plot.x0, s.y.to_pixel(v)}, {plot.x1, s.y.to_pixel(v)}, "stroke=\"#EEEEEE\" stroke-width=\"0.8\"");
  for (double v : s.x.decades()) append_line(out, {s.x.to_pixel(v), plot.y0}, {s.x.to_pixel(v), plot.y1}, "stroke=\"#D4D4D4\" stroke-width=\"1\"");
  for (double v : s.y.decades()) append_line(out, {plot.x0, s.y.to_pixel(v)}, {plot.x1, s.y.to_pixel(v)}, "stroke=\"#D4D4D4\" stroke-width=\"1\"");
  out += "</g>\n";
}

std::string x_axis_label(const RoofSet& roofs) {
  const bool integer = std::any_of(roofs.compute.begin(), roofs.compute.end(), counts_integer_ops);
  return integer ? "Arithmetic intensity [op/byte]" : "Arithmetic intensity [FLOP/byte]";
}

void append_axes(std::string& out, const Scales& s, const Rect& plot, const RoofSet& roofs) {
  out += "<g id=\"axes\" font-size=\"12\" fill=\"#333\">\n";
  out += "<rect x=\"" + px(plot.x0) + "\" y=\"" + px(plot.y0) + "\" width=\"" + px(plot.width()) + "\" height=\"" +
         px(plot.height()) + "\" fill=\"none\" stroke=\"#444\" stroke-width=\"1\"/>\n";
  const std::string tick = "stroke=\"#444\" stroke-width=\"1\"";
  for (double v : visible_minor_ticks(s.x)) append_line(out, {s.x.to_pixel(v), plot.y1}, {s.x.to_pixel(v), plot.y1 + 3}, tick);
  for (double v : visible_minor_ticks(s.y)) append_line(out, {plot.x0 - 3, s.y.to_pixel(v)}, {plot.x0, s.y.to_pixel(v)}, tick);
  const std::vector<double> xd = s.x.decades(), yd = s.y.decades();
  const int x_stride = label_stride(s.x, 48), y_stride = label_stride(s.y, 22);
  for (std::size_t i = 0; i < xd.size(); ++i) {
    const double x = s.x.to_pixel(xd[i]);
    append_line(out, {x, plot.y1}, {x, plot.y1 + 6}, tick);
    if (i % x_stride == 0) append_text(out, {x, plot.y1 + 20}, format_tick(xd[i]), "text-anchor=\"middle\"");
  }
  for (std::size_t i = 0; i < yd.size(); ++i) {
    const double y = s.y.to_pixel(yd[i]);
    append_line(out, {plot.x0 - 6, y}, {plot.x0, y}, tick);
    if (i % y_stride == 0) append_text(out, {plot.x0 - 9, y + 4}, format_tick(yd[i]), "text-anchor=\"end\"");
  }
  append_text(out, {(plot.x0 + plot.x1) / 2, plot.y1 + 42}, x_axis_label(roofs), "text-anchor=\"middle\" font-size=\"13\"");
  const Point y_label{plot.x0 - 56, (plot.y0 + plot.y1) / 2};
  append_text(out, y_label, "Performance [GFLOP/s or GINTOP/s]",
              "text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 " + px(y_label.x) + " " + px(y_label.y) + ")\"");
  out += "</g>\n";
}

// The region no kernel can leave: under min(top memory roof, top compute roof).
void append_attainable_region(std::string& out, const RoofSet& roofs, const Scales& s) {
  if (roofs.empty()) return;
  std::vector<Point> top;
  const Roof* m = roofs.top_memory();
  const Roof* c = roofs.top_compute();
  if (m && c) {
    const double ridge = ridge_point(m->value, c->value);
    for (double ai : {s.x.lo, std::clamp(ridge, s.x.lo, s.x.hi), s.x.hi})
      top.push_back(s.at(ai, attainable(ai, m->value, c->value) / kGiga));
  } else if (m) {
    top = {s.at(s.x.lo, m->value * s.x.lo / kGiga), s.at(s.x.hi, m->value * s.x.hi / kGiga)};
  } else {
    top = {s.at(s.x.lo, c->value / kGiga), s.at(s.x.hi, c->value / kGiga)};
  }
  std::string points = px(s.x.pixel_lo) + "," + px(s.y.pixel_lo);
  for (const Point& p : top) points += " " + px(p.x) + "," + px(p.y);
  points += " " + px(s.x.pixel_hi) + "," + px(s.y.pixel_lo);
  out += "<polygon id=\"attainable\" points=\"" + points +
         "\" fill=\"#0072B2\" fill-opacity=\"0.07\" stroke=\"none\" clip-path=\"url(#plot-area)\"/>\n";
}

std::string percent(double fraction) { return printf_string("%.0f%%", fraction * 100); }

// The tooltip of a roof: its exact value and how it was obtained.
std::string roof_tooltip(const Roof& r) {
  const Ceiling& c = *r.ceiling;
  const std::string unit = roof_unit(c);
  std::string t = r.name + ": " + format_si(c.value, unit) + " (" + exact_number(c.value) + " " + unit + ")";
  if (c.stats.samples > 0)
    t += "\nmedian of " + std::to_string(c.stats.samples) + " runs, min " + format_si(c.stats.min, unit) + ", max " +
         format_si(c.stats.max, unit);
  if (!r.memory && c.width > 1) t += "\nvector width " + std::to_string(c.width);
  if (!c.variant.empty()) t += "\nkernel: " + c.variant;
  if (c.theory) t += "\ntheoretical peak " + format_si(*c.theory, unit);
  if (c.efficiency) t += " (" + percent(*c.efficiency) + " reached)";
  if (c.above_theory) t += "\nmeasured above the theoretical peak!";
  return t;
}

struct Drawn {  // what was drawn where, so labels and legend can keep clear of it
  std::vector<Segment> segments;
  std::vector<Rect> boxes;
};

void append_roofs(std::string& out, const RoofSet& roofs, const Scales& s, Drawn& drawn) {
  out += "<g id=\"roofs\" clip-path=\"url(#plot-area)\" fill=\"none\" stroke-linecap=\"round\">\n";
  for (const Roof& c : roofs.compute) {
    const auto seg = compute_segment(c, roofs.top_memory(), s);
    if (!seg) continue;
    append_line(out, seg->a, seg->b, "class=\"roof compute\" stroke=\"" + c.color + "\" stroke-width=\"2.2\"", roof_tooltip(c));
    drawn.segments.push_back(*seg);
  }
  for (const Roof& m : roofs.memory) {
    const auto seg = memory_segment(m, roofs.top_compute(), s);
    if (!seg) continue;
    append_line(out, seg->a, seg->b,
                "class=\"roof memory\" stroke=\"" + m.color + "\" stroke-width=\"2.2\" stroke-dasharray=\"8 4\"",
                roof_tooltip(m));
    drawn.segments.push_back(*seg);
  }
  out += "</g>\n";
}

// A marker where each memory roof meets the top compute roof.
void append_ridges(std::string& out, const RoofSet& roofs, const Scales& s, Drawn& drawn) {
  const Roof* top = roofs.top_compute();
  if (!top || roofs.memory.empty()) return;
  const std::string unit = counts_integer_ops(*top) ? "op/byte" : "FLOP/byte";
  out += "<g id=\"ridges\">\n";
  for (const Roof& m : roofs.memory) {
    const double ai = ridge_point(m.value, top->value);
    const Point p = s.at(ai, top->value / kGiga);
    out += "<circle class=\"ridge\" cx=\"" + px(p.x) + "\" cy=\"" + px(p.y) + "\" r=\"4.5\" fill=\"white\" stroke=\"" +
           m.color + "\" stroke-width=\"2\"><title>" +
           xml_escape("ridge point of " + m.name + " and " + top->name + ": " + printf_string("%.4g", ai) + " " + unit) +
           "</title></circle>\n";
    drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(6));
  }
  out += "</g>\n";
}

// Compute labels stand right-aligned at the right end of the plot, each just
// above its line when there is room. Roofs closer together than a label's
// height (a GPU's double MAD, int MAD and float ADD often are) would put their
// labels on top of each other, so the labels form groups that are spread to
// one line of text each and centred on where they want to be (least squares),
// merging groups until none overlap. Each label keeps its roof's color.
void append_compute_labels(std::string& out, const RoofSet& roofs, const Scales& s, const Rect& plot, Drawn& drawn) {
  const double size = 12, step = size + 3;
  struct Label { const Roof* roof; double want; };  // want: the baseline just above the line
  std::vector<Label> labels;
  for (const Roof& c : roofs.compute)
    if (const auto seg = compute_segment(c, roofs.top_memory(), s)) labels.push_back({&c, seg->a.y - 5});
  std::sort(labels.begin(), labels.end(), [](const Label& a, const Label& b) { return a.want < b.want; });

  struct Group { std::size_t first, count; double top; };  // baselines top, top + step, ...
  const double lowest_top = plot.y0 + size + 4, highest_bottom = plot.y1 - 6;
  const auto place = [&](Group& g) {
    double sum = 0;
    for (std::size_t i = 0; i < g.count; ++i) sum += labels[g.first + i].want - double(i) * step;
    g.top = sum / double(g.count);
    g.top = std::min(g.top, highest_bottom - double(g.count - 1) * step);
    g.top = std::max(g.top, lowest_top);
  };
  std::vector<Group> groups;
  for (std::size_t i = 0; i < labels.size(); ++i) {
    groups.push_back({i, 1, 0});
    place(groups.back());
    // Merge with the group above while they overlap.
    while (groups.size() > 1) {
      Group& above = groups[groups.size() - 2];
      const Group& below = groups.back();
      if (above.top + double(above.count) * step <= below.top) break;
      above.count += below.count;
      groups.pop_back();
      place(groups.back());
    }
  }
  for (const Group& g : groups)
    for (std::size_t i = 0; i < g.count; ++i) {
      const Roof& c = *labels[g.first + i].roof;
      const double baseline = g.top + double(i) * step, w = text_width(c.label, size);
      drawn.boxes.push_back(Rect{plot.x1 - 8 - w, baseline - size, plot.x1 - 8, baseline + 3});
      append_haloed_text(out, {plot.x1 - 8, baseline}, c.label, "text-anchor=\"end\" font-size=\"12\"", text_color(c));
    }
}

// Memory labels run along their (parallel) slopes. Positions are worked out
// in the slope's own frame: `along` the line and `normal` to it. A label goes
// above its line unless the next higher roof is too close, then below; labels
// that would still collide slide further along the slope.
void append_memory_labels(std::string& out, const RoofSet& roofs, const Scales& s, const Rect& plot, Drawn& drawn) {
  const double size = 11.5, h = size + 3;
  const double ppd_x = (s.x.pixel_hi - s.x.pixel_lo) / std::log10(s.x.hi / s.x.lo);
  const double ppd_y = (s.y.pixel_lo - s.y.pixel_hi) / std::log10(s.y.hi / s.y.lo);
  const double theta = std::atan2(ppd_y, ppd_x);
  const Point u{std::cos(theta), -std::sin(theta)}, v{-std::sin(theta), -std::cos(theta)};
  const Point origin{plot.x0, plot.y1};
  const auto dot = [&](Point p, Point d) { return (p.x - origin.x) * d.x + (p.y - origin.y) * d.y; };

  struct Band { double a0, a1, n0, n1; };
  std::vector<Band> placed;
  std::vector<std::optional<Segment>> segs;
  for (const Roof& m : roofs.memory) segs.push_back(memory_segment(m, roofs.top_compute(), s));
  for (std::size_t i = 0; i < roofs.memory.size(); ++i) {
    if (!segs[i]) continue;
    const Roof& m = roofs.memory[i];
    const double n = dot(segs[i]->a, v), a_start = dot(segs[i]->a, u), a_end = dot(segs[i]->b, u);
    const double gap_above = i > 0 && segs[i - 1] ? dot(segs[i - 1]->a, v) - n : 1e9;
    const bool above = gap_above >= h + 4;
    const double w = text_width(m.label, size);
    Band band{a_start + std::max(18.0, 0.08 * (a_end - a_start)), 0, above ? n + 2 : n - 2 - h, above ? n + 2 + h : n - 2};
    band.a1 = band.a0 + w;
    for (bool moved = true; moved;) {
      moved = false;
      for (const Band& o : placed)
        if (band.a0 < o.a1 + 8 && o.a0 < band.a1 + 8 && band.n0 < o.n1 && o.n0 < band.n1)
          band.a0 = o.a1 + 12, band.a1 = band.a0 + w, moved = true;
    }
    placed.push_back(band);
    const Point p{segs[i]->a.x + (band.a0 - a_start) * u.x, segs[i]->a.y + (band.a0 - a_start) * u.y};
    const std::string transform = "transform=\"translate(" + px(p.x) + " " + px(p.y) + ") rotate(" +
                                  px(-theta * 180 / kPi) + ")\"";
    append_haloed_text(out, {0, above ? -5 : size + 2}, m.label,
                       transform + " font-size=\"11.5\"", text_color(m));
    // The axis-aligned bounds of the rotated label, for the legend to avoid.
    Rect box{1e9, 1e9, -1e9, -1e9};
    for (double a : {band.a0, band.a1})
      for (double nn : {band.n0, band.n1}) {
        const Point q{origin.x + a * u.x + nn * v.x, origin.y + a * u.y + nn * v.y};
        box = {std::min(box.x0, q.x), std::min(box.y0, q.y), std::max(box.x1, q.x), std::max(box.y1, q.y)};
      }
    drawn.boxes.push_back(box);
  }
}

// The legend goes where the chart is empty: the lower right (under the slopes,
// below the compute roofs) or else the upper left (above the slopes).
Rect place_legend(double w, double h, const Rect& plot, const Drawn& drawn) {
  const Rect candidates[] = {{plot.x1 - 10 - w, plot.y1 - 10 - h, plot.x1 - 10, plot.y1 - 10},
                             {plot.x0 + 10, plot.y0 + 10, plot.x0 + 10 + w, plot.y0 + 10 + h}};
  for (const Rect& r : candidates) {
    const Rect keep_clear = r.inflated(4);
    const bool hits_line = std::any_of(drawn.segments.begin(), drawn.segments.end(),
                                       [&](const Segment& s) { return segment_hits(s, keep_clear); });
    const bool hits_box = std::any_of(drawn.boxes.begin(), drawn.boxes.end(),
                                      [&](const Rect& b) { return b.overlaps(keep_clear); });
    if (!hits_line && !hits_box) return r;
  }
  return candidates[0];
}

void append_legend(std::string& out, const RoofSet& roofs, const Rect& plot, const Drawn& drawn) {
  if (roofs.empty()) return;
  const double size = 12, row = 19, pad = 9, swatch = 28;
  std::vector<const Roof*> entries;
  for (const Roof& r : roofs.compute) entries.push_back(&r);
  for (const Roof& r : roofs.memory) entries.push_back(&r);
  double text_w = 0;
  for (const Roof* r : entries) text_w = std::max(text_w, text_width(r->label, size));
  const Rect box = place_legend(2 * pad + swatch + 8 + text_w, 2 * pad + row * entries.size() - 4, plot, drawn);
  out += "<g id=\"legend\" font-size=\"12\" fill=\"#222\">\n";
  out += "<rect x=\"" + px(box.x0) + "\" y=\"" + px(box.y0) + "\" width=\"" + px(box.width()) + "\" height=\"" +
         px(box.height()) + "\" fill=\"white\" fill-opacity=\"0.95\" stroke=\"#999\" stroke-width=\"0.8\" rx=\"3\"/>\n";
  double y = box.y0 + pad + row / 2 - 2;
  for (const Roof* r : entries) {
    const std::string dash = r->memory ? " stroke-dasharray=\"8 4\"" : "";
    append_line(out, {box.x0 + pad, y}, {box.x0 + pad + swatch, y}, "stroke=\"" + r->color + "\" stroke-width=\"2.2\"" + dash);
    append_text(out, {box.x0 + pad + swatch + 8, y + 4}, r->label, "");
    y += row;
  }
  out += "</g>\n";
}

Rect plot_area(int width, int height) { return {80, 62, width - 24.0, height - 60.0}; }

}  // namespace
}  // namespace chart

std::string render_carm_svg(const RoofsDocument& doc, const ChartOptions& opt) {
  using namespace chart;
  const int width = std::max(opt.width, 480), height = std::max(opt.height, 360);
  const Rect plot = plot_area(width, height);
  const RoofSet roofs = choose_roofs(doc);
  const Scales scales = choose_scales(roofs, plot);
  const std::string title = opt.title.empty() ? derived_title(doc) : opt.title;

  std::string out;
  append_header(out, width, height, plot, title);
  append_attainable_region(out, roofs, scales);
  append_grid(out, scales, plot);
  Drawn drawn;
  append_roofs(out, roofs, scales, drawn);
  append_ridges(out, roofs, scales, drawn);
  append_axes(out, scales, plot, roofs);
  append_titles(out, doc, roofs, width, plot, title);
  append_compute_labels(out, roofs, scales, plot, drawn);
  append_memory_labels(out, roofs, scales, plot, drawn);
  if (roofs.empty())
    append_text(out, {(plot.x0 + plot.x1) / 2, (plot.y0 + plot.y1) / 2}, "no ceilings measured",
                "text-anchor=\"middle\" font-size=\"16\" fill=\"#777\"");
  append_legend(out, roofs, plot, drawn);
  out += "</svg>\n";
  return out;
}

}  // namespace roofline
