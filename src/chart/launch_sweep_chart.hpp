// chart/launch_sweep_chart: throughput (or power, or energy efficiency) against
// the work-group count and against the work-group size, the Carvalho thesis's
// figures 4.1, 4.2, 4.4-4.14 and 4.23-4.26. One small plot per roof family:
// compute families (op, type) with a line per vector width, memory families
// (level) with a line per load/store mix; a count sweep measured at several
// work-group sizes has a line per size (the ceiling's best solid, the others
// dashed). Each plot has its own log axes (powers of two along x; values of
// 1000 G-units and up in T-units) and one legend serves them all.
#pragma once
#include <string>

#include "chart/page.hpp"

namespace roofline {

struct RoofsDocument;

enum class LaunchSweep { work_group_count, work_group_size };
enum class SweepMetric { performance, power, efficiency };

// A standalone SVG 1.1 chart of the given sweep of every ceiling that has one
// (for power and efficiency, points with a power reading). The canvas grows
// downwards with the number of plots (opt.height is the least height). A
// document without such sweeps still gives a valid chart with a note.
std::string render_launch_sweep_svg(const RoofsDocument& doc, LaunchSweep sweep,
                                    SweepMetric metric = SweepMetric::performance, const ChartOptions& opt = {});

}  // namespace roofline
