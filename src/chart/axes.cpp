// chart/axes: logarithmic scales, tick placement and labels, and the plot frame.
#include "chart/axes.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>

#include "model/units.hpp"

namespace roofline::chart {

namespace {

constexpr double kTolerance = 1e-9;  // keeps an exact power on its own tick despite log rounding

int decade_exponent(double v) { return static_cast<int>(std::lround(std::log10(v))); }

// Superscript digits: DejaVu Sans has them, so "10⁴" needs no tspan tricks.
std::string superscript(int exponent) {
  static const char* digits[] = {"⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"};
  std::string out = exponent < 0 ? "⁻" : "";
  for (char c : std::to_string(std::abs(exponent))) out += digits[c - '0'];
  return out;
}

void check_bounds(double data_min, double data_max) {
  if (!(data_min > 0) || !(data_max > 0) || !std::isfinite(data_min) || !std::isfinite(data_max))
    throw std::invalid_argument("a log axis needs positive, finite bounds");
}

// Round numbers for axis bounds: ..., 0.7, 1, 1.5, 2, 3, 5, 7, 10, 15, ...
constexpr double kRound[] = {1, 1.5, 2, 3, 5, 7};
double floor_round(double v) {
  const double d = std::pow(10.0, std::floor(std::log10(v) + kTolerance));
  double best = d;
  for (double m : kRound)
    if (m * d <= v * (1 + kTolerance)) best = m * d;
  return best;
}
double ceil_round(double v) {
  const double d = std::pow(10.0, std::floor(std::log10(v) - kTolerance));
  for (double m : kRound)
    if (m * d >= v * (1 - kTolerance)) return m * d;
  return 10 * d;
}
double next_round(double v) { return ceil_round(v * 1.01); }
double previous_round(double v) { return floor_round(v / 1.01); }

// Floor modulo: -3 mod 5 is 2.
int mod(int a, int b) { return ((a % b) + b) % b; }

// "m·10ᵉ", or "10ᵉ" for m = 1.
std::string power_form(double m, int e) {
  return (m == 1 ? std::string() : format_text("%.0f·", m)) + "10" + superscript(e);
}

std::string tick_attrs() { return "stroke=\"#444\" stroke-width=\"1\""; }

}  // namespace

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

double LogAxis::pixels_per_decade() const {
  double decades = std::fabs(std::log10(hi / lo));
  if (std::fabs(decades - std::round(decades)) < 1e-9) decades = std::round(decades);
  return decades > 0 ? std::fabs(pixel_hi - pixel_lo) / decades : 0;
}

LogAxis make_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi) {
  check_bounds(data_min, data_max);
  if (data_min > data_max) std::swap(data_min, data_max);
  const int e_lo = static_cast<int>(std::floor(std::log10(data_min) + kTolerance));
  int e_hi = static_cast<int>(std::ceil(std::log10(data_max) - kTolerance));
  if (e_hi <= e_lo) e_hi = e_lo + 1;
  return LogAxis{std::pow(10.0, e_lo), std::pow(10.0, e_hi), pixel_lo, pixel_hi};
}

LogAxis make_round_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi, double min_ratio) {
  check_bounds(data_min, data_max);
  if (data_min > data_max) std::swap(data_min, data_max);
  min_ratio = std::max(min_ratio, 2.0);
  double lo = floor_round(data_min), hi = ceil_round(data_max);
  for (bool up = true; hi / lo < min_ratio * (1 - kTolerance); up = !up) {
    if (up) hi = next_round(hi);
    else lo = previous_round(lo);
  }
  return LogAxis{lo, hi, pixel_lo, pixel_hi};
}

LogAxis make_octave_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi, double pad_octaves,
                             double min_octaves) {
  check_bounds(data_min, data_max);
  if (data_min > data_max) std::swap(data_min, data_max);
  double lo = data_min / std::exp2(pad_octaves), hi = data_max * std::exp2(pad_octaves);
  const double octaves = std::log2(hi / lo);
  if (octaves < min_octaves) {
    const double widen = std::exp2((min_octaves - octaves) / 2);
    lo /= widen;
    hi *= widen;
  }
  return LogAxis{lo, hi, pixel_lo, pixel_hi};
}

namespace {

// A tick value's mantissa 1..9 and exponent, when it is a whole multiple of a power of ten.
std::optional<std::pair<int, int>> whole_multiple(double v) {
  if (!(v > 0) || !std::isfinite(v)) return std::nullopt;
  const int e = static_cast<int>(std::floor(std::log10(v) + kTolerance));
  const double mantissa = v / std::pow(10.0, e), m = std::round(mantissa);
  if (std::fabs(mantissa - m) > 1e-9 * m || m < 1 || m > 9) return std::nullopt;
  return std::make_pair(int(m), e);
}

}  // namespace

std::string format_tick(double v) {
  const auto w = whole_multiple(v);
  if (!w) return format_text("%g", v);
  if (w->second >= -2 && w->second <= 3) return format_text("%.*f", w->second < 0 ? -w->second : 0, v);
  return power_form(w->first, w->second);
}

namespace {

// One notation per axis: where some labels need powers of ten (10⁴ and up,
// below 0.01), the labels at 1000 and up (or at 0.01 and below) take them
// too, so "5000" never stands beside "10⁴".
void harmonize_labels(Ticks& ticks) {
  bool high = false, low = false;
  for (const Tick& t : ticks)
    if (!t.label.empty()) high |= t.value >= 1e4 * (1 - kTolerance), low |= t.value < 0.01 * (1 - kTolerance);
  for (Tick& t : ticks) {
    if (t.label.empty()) continue;
    const bool change = (high && t.value >= 1000 * (1 - kTolerance)) || (low && t.value <= 0.01 * (1 + kTolerance));
    if (const auto w = whole_multiple(t.value); change && w) t.label = power_form(w->first, w->second);
  }
}

// Labels on more of the minor ticks (2 and 5, then 3, then the rest of each
// decade) until the axis has at least `wanted` labels, each at least
// `spacing` pixels from every other: a narrow axis otherwise shows one or
// two labels.
void label_more(Ticks& ticks, const LogAxis& axis, double spacing, std::size_t wanted) {
  const auto labelled = [&] { return std::count_if(ticks.begin(), ticks.end(), [](const Tick& t) { return !t.label.empty(); }); };
  for (const std::vector<int>& level : {std::vector<int>{2, 5}, {3}, {4, 6, 7, 8, 9}}) {
    if (std::size_t(labelled()) >= wanted) return;
    for (Tick& t : ticks) {
      const auto w = whole_multiple(t.value);
      if (!t.label.empty() || !w || std::find(level.begin(), level.end(), w->first) == level.end()) continue;
      const double p = axis.to_pixel(t.value);
      const bool room = std::all_of(ticks.begin(), ticks.end(), [&](const Tick& o) {
        return o.label.empty() || std::fabs(axis.to_pixel(o.value) - p) >= spacing;
      });
      if (room) t.label = format_tick(t.value);
    }
  }
}

}  // namespace

Ticks decade_ticks(const LogAxis& axis, double min_label_spacing, bool label_125) {
  Ticks out;
  const double lo = std::min(axis.lo, axis.hi), hi = std::max(axis.lo, axis.hi);
  const double per_decade = axis.pixels_per_decade();
  if (!(lo > 0) || !(per_decade > 0)) return out;
  const int e_first = static_cast<int>(std::ceil(std::log10(lo) - kTolerance));
  const int e_last = static_cast<int>(std::floor(std::log10(hi) + kTolerance));
  // Tick labels get thinned out when decades are too narrow to hold them.
  const int stride = std::max(1, static_cast<int>(std::ceil(min_label_spacing / per_decade)));
  for (int e = e_first; e <= e_last; ++e) {
    const double v = std::pow(10.0, e);
    out.push_back({v, (e - e_first) % stride == 0 ? format_tick(v) : "", true});
  }
  // Minor ticks would only smear narrow decades into a grey band.
  if (per_decade >= 40) {
    const bool label_minor = label_125 && stride == 1 && std::log10(2.0) * per_decade >= min_label_spacing;
    for (int e = static_cast<int>(std::floor(std::log10(lo) + kTolerance)); e <= e_last; ++e)
      for (int m = 2; m <= 9; ++m) {
        const double v = m * std::pow(10.0, e);
        if (v < lo * (1 - kTolerance) || v > hi * (1 + kTolerance)) continue;  // the ends too: a round bound gets its label
        out.push_back({v, label_minor && (m == 2 || m == 5) ? format_tick(v) : "", false});
      }
    if (label_125) label_more(out, axis, min_label_spacing, 4);
  }
  harmonize_labels(out);
  return out;
}

Ticks step_ticks(const LogAxis& axis, double min_label_spacing) {
  Ticks out;
  const double lo = std::min(axis.lo, axis.hi), hi = std::max(axis.lo, axis.hi);
  if (!(lo > 0) || !(hi > lo)) return out;
  const double pixels = std::fabs(axis.pixel_hi - axis.pixel_lo);
  const int first = static_cast<int>(std::floor(std::log10(hi - lo))) - 2;
  for (int e = first; e < first + 40; ++e)
    for (int m : {1, 2, 5}) {
      const double step = m * std::pow(10.0, e);
      // Two labels a step apart are closest at the top of a log axis.
      const double closest = step >= hi ? pixels : pixels * std::log(hi / (hi - step)) / std::log(hi / lo);
      if (closest < min_label_spacing) continue;
      const int decimals = std::max(0, -e);
      for (double k = std::ceil(lo / step - kTolerance); k * step <= hi * (1 + kTolerance); ++k)
        out.push_back({k * step, format_text("%.*f", decimals, k * step), true});
      return out;
    }
  return out;  // an axis too short for two labels
}

namespace {

// Powers of two, every step-th labelled by `format`, the step the smallest of
// 1, 2, 5, 10, 20 that keeps the widest label clear of its neighbours.
template <typename Format>
Ticks power_of_two_ticks(const LogAxis& axis, double font_size, Format format) {
  Ticks out;
  const double lo = std::min(axis.lo, axis.hi), hi = std::max(axis.lo, axis.hi);
  if (!(lo > 0) || !(hi > lo)) return out;
  const int k_first = static_cast<int>(std::ceil(std::log2(lo) - kTolerance));
  const int k_last = static_cast<int>(std::floor(std::log2(hi) + kTolerance));
  const double per_octave = std::fabs(axis.pixel_hi - axis.pixel_lo) / std::log2(hi / lo);
  int step = 20;
  for (int s : {1, 2, 5, 10}) {
    double widest = 0;
    for (int k = k_first; k <= k_last; ++k)
      if (mod(k, s) == 0) widest = std::max(widest, text_width(format(std::exp2(k)), font_size));
    if (s * per_octave >= widest + 14) {
      step = s;
      break;
    }
  }
  for (int k = k_first; k <= k_last; ++k) {
    const double v = std::exp2(k);
    if (mod(k, step) == 0) out.push_back({v, format(v), true});
    else if (per_octave >= 5) out.push_back({v, "", false});
  }
  return out;
}

}  // namespace

Ticks binary_ticks(const LogAxis& axis, double font_size) {
  return power_of_two_ticks(axis, font_size, [](double v) { return format_bytes(v); });
}

// One notation per axis: plain numbers where every power of two on it is
// under 10^4, else every one as 2^k (never "8192" beside "2^14").
Ticks count_ticks(const LogAxis& axis, double font_size) {
  if (std::max(axis.lo, axis.hi) < 1e4)
    return power_of_two_ticks(axis, font_size, [](double v) { return format_text("%.0f", v); });
  return power_of_two_ticks(axis, font_size, [](double v) { return "2" + superscript(static_cast<int>(std::lround(std::log2(v)))); });
}

void append_grid(std::string& out, const Rect& plot, const AxisSpec& x, const AxisSpec& y, const std::string& id) {
  const std::string faint = "stroke=\"#EEEEEE\" stroke-width=\"0.8\"", light = "stroke=\"#D4D4D4\" stroke-width=\"1\"";
  const auto vertical = [&](const Tick& t, const std::string& attrs) {
    const double px_x = x.scale.to_pixel(t.value);
    append_line(out, {px_x, plot.y0}, {px_x, plot.y1}, attrs);
  };
  const auto horizontal = [&](const Tick& t, const std::string& attrs) {
    const double px_y = y.scale.to_pixel(t.value);
    append_line(out, {plot.x0, px_y}, {plot.x1, px_y}, attrs);
  };
  out += "<g id=\"" + id + "\" fill=\"none\">\n";
  for (const Tick& t : x.ticks) if (!t.major) vertical(t, faint);
  for (const Tick& t : y.ticks) if (!t.major) horizontal(t, faint);
  for (const Tick& t : x.ticks) if (t.major) vertical(t, light);
  for (const Tick& t : y.ticks) if (t.major) horizontal(t, light);
  out += "</g>\n";
}

namespace {

// A vertical axis at pixel column `edge`; side -1 is the left edge (marks and
// labels go left), +1 the right edge. Minor marks and the rest come apart so
// the left axis keeps the drawing order of the first charts.
void append_vertical_minor_marks(std::string& out, double edge, int side, const AxisSpec& y) {
  for (const Tick& t : y.ticks)
    if (!t.major) append_line(out, {edge + side * 3.0, y.scale.to_pixel(t.value)}, {edge, y.scale.to_pixel(t.value)}, tick_attrs());
}

void append_vertical_major_marks_and_labels(std::string& out, double edge, int side, const AxisSpec& y) {
  const std::string anchor = side < 0 ? "text-anchor=\"end\"" : "text-anchor=\"start\"";
  for (const Tick& t : y.ticks) {
    const double py = y.scale.to_pixel(t.value);
    if (t.major) append_line(out, {edge + side * 6.0, py}, {edge, py}, tick_attrs());
    if (!t.label.empty())
      append_text(out, {edge + side * 9.0, py + 4}, t.label, t.major ? anchor : anchor + " fill=\"#666\" font-size=\"11\"");
  }
}

void append_vertical_title(std::string& out, Point at, const std::string& title) {
  if (title.empty()) return;
  append_text(out, at, title,
              "text-anchor=\"middle\" font-size=\"13\" transform=\"rotate(-90 " + px(at.x) + " " + px(at.y) + ")\"");
}

}  // namespace

void append_axes(std::string& out, const Rect& plot, const AxisSpec& x, const AxisSpec& y, const std::string& id) {
  out += "<g id=\"" + id + "\" font-size=\"12\" fill=\"#333\">\n";
  out += "<rect x=\"" + px(plot.x0) + "\" y=\"" + px(plot.y0) + "\" width=\"" + px(plot.width()) + "\" height=\"" +
         px(plot.height()) + "\" fill=\"none\" stroke=\"#444\" stroke-width=\"1\"/>\n";
  for (const Tick& t : x.ticks)
    if (!t.major) append_line(out, {x.scale.to_pixel(t.value), plot.y1}, {x.scale.to_pixel(t.value), plot.y1 + 3}, tick_attrs());
  append_vertical_minor_marks(out, plot.x0, -1, y);
  for (const Tick& t : x.ticks) {
    const double px_x = x.scale.to_pixel(t.value);
    if (t.major) append_line(out, {px_x, plot.y1}, {px_x, plot.y1 + 6}, tick_attrs());
    if (!t.label.empty())
      append_text(out, {px_x, plot.y1 + 20}, t.label,
                  t.major ? "text-anchor=\"middle\"" : "text-anchor=\"middle\" fill=\"#666\" font-size=\"11\"");
  }
  append_vertical_major_marks_and_labels(out, plot.x0, -1, y);
  if (!x.title.empty())
    append_text(out, {(plot.x0 + plot.x1) / 2, plot.y1 + 42}, x.title, "text-anchor=\"middle\" font-size=\"13\"");
  append_vertical_title(out, {plot.x0 - 56, (plot.y0 + plot.y1) / 2}, y.title);
  out += "</g>\n";
}

void append_right_axis(std::string& out, const Rect& plot, const AxisSpec& y) {
  out += "<g id=\"right-axis\" font-size=\"12\" fill=\"#333\">\n";
  append_vertical_minor_marks(out, plot.x1, +1, y);
  append_vertical_major_marks_and_labels(out, plot.x1, +1, y);
  append_vertical_title(out, {plot.x1 + 58, (plot.y0 + plot.y1) / 2}, y.title);
  out += "</g>\n";
}

}  // namespace roofline::chart
