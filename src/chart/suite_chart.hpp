// chart/suite_chart: the micro-benchmark suite's sections of a roofs document
// (model/suite) as standalone SVG 1.1 charts, in the style of the memory and
// launch sweeps (same page, axes, legend and palette):
//   math         calls/s of each built-in math function, a horizontal bar per
//                (function, form, type) on a log axis, grouped by seed 000's
//                Table 1 group, coloured by form and type, the min-max of the
//                runs as a whisker; the canvas grows with the rows
//   stride       global-memory bandwidth against the stride (log2 x), a line
//                per (width, op); stride 0 (one address) in a column of its
//                own left of the axis break
//   divergence   time ratio against the path count (log-log), the ideal
//                ratio = paths, the implied sub-group width and the reported
//                preferred work-group multiple marked
//   scalability  bandwidth against work-items (log-log), the saturation point marked
// A document without the section, or with no point a log axis can show (a
// zero), gives a valid chart with a note. Never throws.
#pragma once
#include <string>

#include "chart/page.hpp"

namespace roofline {

struct RoofsDocument;

std::string render_math_svg(const RoofsDocument& doc, const ChartOptions& opt = {});
std::string render_stride_svg(const RoofsDocument& doc, const ChartOptions& opt = {});
std::string render_divergence_svg(const RoofsDocument& doc, const ChartOptions& opt = {});
std::string render_scalability_svg(const RoofsDocument& doc, const ChartOptions& opt = {});

}  // namespace roofline
