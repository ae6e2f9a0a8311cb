// chart/suite_parts: what the suite's charts (suite_chart.cpp, math_chart.cpp)
// and its report tables (report_suite.cpp) say alike: a curve's name, a
// figure's runs, a launch and the note for a missing section.
#pragma once
#include <cmath>
#include <string>

#include "chart/chart_kinds.hpp"
#include "chart/page.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline::chart {

// A value a log axis can show.
inline bool usable(double v) { return v > 0 && std::isfinite(v); }

// "float read", "float4 store": the element type, its width when a vector, the op.
inline std::string stride_curve_name(const StrideCurve& c) {
  return str(c.type) + (c.width > 1 ? std::to_string(c.width) : "") + " " + str(c.op);
}

// "\nmedian of 5 runs, min 1.2 Gcalls/s, max 1.3 Gcalls/s" for a tooltip; empty for a single run.
inline std::string runs_text(const Stats& s, const std::string& unit) {
  if (s.samples <= 1) return "";
  return "\nmedian of " + std::to_string(s.samples) + " runs, min " + format_si(s.min, unit) + ", max " + format_si(s.max, unit);
}

// "1048576 work-items in groups of 256".
inline std::string launch_text(const LaunchShape& l) {
  return std::to_string(l.global) + " work-items in groups of " + std::to_string(l.local);
}

// The note of a suite chart whose section the document lacks ("no divergence
// test in this roofs file"); empty when it has it.
inline std::string missing_note(ChartKind kind, const RoofsDocument& doc) {
  const std::string missing = missing_section(kind, doc);
  return missing.empty() ? "" : missing + " in this roofs file";
}

}  // namespace roofline::chart
