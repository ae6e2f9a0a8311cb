// chart/suite_chart: the micro-benchmark suite's sections of a roofs document
// (model/suite) as standalone SVG 1.1 charts, in the style of the memory and
// launch sweeps (same page, axes, legend and palette):
//   math         calls/s of each built-in math function, a horizontal bar per
//                (function, form, type) on a log axis, grouped by seed 000's
//                Table 1 group, coloured by form and type, the min-max of the
//                runs as a whisker; the canvas grows with the rows
//   a suite benchmark's series (model/suite_table), as its row says: y (or
//                its ratio to the point at x = 1) against x on log axes, a
//                line per series, the runs' min-max as whiskers, the point at
//                x = 0 in a column apart where the row keeps one, a reference
//                line y = x where it names one, and its facts (an implied
//                width, a saturation point) as marked positions. The stride
//                chart (a line per width and op, stride 0 apart), divergence
//                (the ratio by paths, the ideal ratio = paths, the implied and
//                reported widths) and scalability (the saturation point) are its rows.
// A document without the section, or with no point a log axis can show (a
// zero), gives a valid chart with a note. Never throws.
#pragma once
#include <string>

#include "chart/page.hpp"

namespace roofline {

struct RoofsDocument;
struct SuiteRow;

std::string render_math_svg(const RoofsDocument& doc, const ChartOptions& opt = {});
std::string render_series_svg(const RoofsDocument& doc, const SuiteRow& row, const ChartOptions& opt = {});

}  // namespace roofline
