// chart/report: one self-contained HTML page per roofs document: every chart
// of the default set inline (SVG, tooltips kept), and the tables behind them
// (device identity, ceilings with their efficiency against theory, detected
// memory levels, host transfers, launch overhead, energy and the power model,
// placed kernels, notes). No scripts, no external files: it reads offline.
#pragma once
#include <string>
#include <vector>

#include "chart/page.hpp"
#include "model/placement.hpp"

namespace roofline {

struct RoofsDocument;

std::string render_report_html(const RoofsDocument& doc, const std::vector<Placement>& dots = {},
                               const ChartOptions& opt = {});

// Several SVG documents inline in one HTML page share one id namespace: this
// prefixes every id="x" and url(#x) of an SVG with `prefix`, and drops the XML
// declaration, so the SVG can be inlined.
std::string inline_svg(const std::string& svg, const std::string& prefix);

}  // namespace roofline
