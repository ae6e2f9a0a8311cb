// chart/compare_chart: the comparison's chart (`roofline compare --svg`).
// One row per compared ceiling or kernel, named on the left; its speed, B's
// over A's (model/comparison: below 1 slower), a dot on a log axis with a
// bar from 1, so that 0.5x and 2x lie as far from it. A grey line at 1 (A),
// a dashed red one at 1 - --fail-if-slower; rows slower than it drawn as red
// squares. The title names each run by its date and revision, the subtitle
// its file and device; every dot's tooltip holds both values, the basis and
// the kernel's bound in each run.
#pragma once
#include <string>

#include "chart/page.hpp"
#include "model/comparison.hpp"

namespace roofline {

std::string render_comparison_svg(const Comparison& comparison, const ChartOptions& opt = {});

}  // namespace roofline
