// chart/axes: logarithmic axes for every chart: the scale (data to pixels),
// where the ticks go and what they read (decades, 1-2-5 steps, powers of two
// with binary prefixes), and the drawing of the plot frame, ticks, grid and
// axis titles, on the left/bottom and optionally on the right.
#pragma once
#include "model/units.hpp"
#include <string>
#include <vector>

#include "chart/svg.hpp"

namespace roofline::chart {

// A logarithmic axis: lo and hi land on pixel_lo and pixel_hi. make_log_axis
// gives whole decades; the other makers any positive bounds.
struct LogAxis {
  double lo = 1, hi = 10;            // data range
  double pixel_lo = 0, pixel_hi = 1; // where lo and hi land (pixel_hi < pixel_lo for a y axis)
  double to_pixel(double v) const;   // v <= 0 maps to pixel_lo
  std::vector<double> decades() const;      // lo, 10 lo, ..., hi (for whole-decade axes)
  double pixels_per_decade() const;         // absolute
};

// The smallest whole-decade axis holding [data_min, data_max], at least one
// decade wide. Throws std::invalid_argument unless both bounds are positive and finite.
LogAxis make_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi);

// The smallest axis with round bounds (1, 1.5, 2, 3, 5 or 7 times a power of
// ten) holding [data_min, data_max], at least min_ratio (>= 2) wide. Same throws.
LogAxis make_round_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi,
                            double min_ratio = 10);

// [data_min / 2^pad, data_max * 2^pad] widened to at least min_octaves, for a
// working-set axis whose ticks are powers of two. Same throws.
LogAxis make_octave_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi,
                             double pad_octaves = 0.4, double min_octaves = 4);

// Tick label of a power of ten: plain numbers from 0.01 to 1000 ("0.01", "1",
// "1000"), superscript powers beyond ("10⁴", "10⁻³"). Whole multiples 2..9 of
// those alike ("20", "0.05", "3·10⁴"); other values "%g".
std::string format_tick(double value);

// Sizes: the shared formatter of model/units.
using roofline::format_bytes;

struct Tick {
  double value = 0;
  std::string label;   // empty: a tick without a label
  bool major = true;   // major: long mark, darker grid line; minor: short mark, faint grid line
};
using Ticks = std::vector<Tick>;

// Decades (labelled, thinned to keep labels min_label_spacing pixels apart)
// and 2..9 times them as minor ticks when a decade is at least 40 pixels.
// With label_125, 2 and 5 times each decade get labels too when there is
// room, and an axis that still has fewer than four labels (one narrower than
// a decade or two) labels 3, then 4, 6..9 times them where they fit. One
// notation per axis: where a label needs a power of ten, the labels of 1000
// and up use them too ("5·10³" beside "10⁴", never "5000").
Ticks decade_ticks(const LogAxis& axis, double min_label_spacing, bool label_125 = false);

// Powers of two: every k-th one labelled with format_bytes, k the smallest of
// 1, 2, 5, 10, 20 (each divides 10, so 1 KiB, 1 MiB, 1 GiB are always among
// the labels) that keeps the widest label clear of its neighbours; the
// others are minor ticks.
Ticks binary_ticks(const LogAxis& axis, double font_size = 12);

// Ticks at whole multiples of a 1-2-5 step (0.01, 0.02, 0.05, 0.1...), the
// smallest that keeps labels min_label_spacing pixels apart, labelled with
// as many decimals as the step needs ("0.95", "1.00"): for an axis narrower
// than a decade (ratios around 1), where decade_ticks would label one or two.
Ticks step_ticks(const LogAxis& axis, double min_label_spacing);

// Powers of two, thinned as binary_ticks, in one notation per axis: plain
// numbers where all are under 10^4, else every one as "2¹⁴" (work-group counts and sizes).
Ticks count_ticks(const LogAxis& axis, double font_size = 12);

// One axis of a plot: its scale, ticks and title.
struct AxisSpec {
  LogAxis scale;
  Ticks ticks;
  std::string title;
};

// Faint lines at minor ticks, light lines at major ticks, all across the plot.
// `id` names the group; a chart of several plots gives each its own.
void append_grid(std::string& out, const Rect& plot, const AxisSpec& x, const AxisSpec& y,
                 const std::string& id = "grid");

// The plot frame, tick marks and labels on the bottom (x) and left (y), and
// the axis titles; in <g id="axes">.
void append_axes(std::string& out, const Rect& plot, const AxisSpec& x, const AxisSpec& y,
                 const std::string& id = "axes");

// A second y axis on the right edge (same pixel range as the left one, other
// unit); in <g id="right-axis">.
void append_right_axis(std::string& out, const Rect& plot, const AxisSpec& y);

}  // namespace roofline::chart
