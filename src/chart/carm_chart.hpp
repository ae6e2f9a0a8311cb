// chart/carm_chart: draws the cache-aware roofline model (CARM)
// of one roofs document as a log-log chart, written as a standalone SVG 1.1
// document: no scripts, no images, no external fonts, so the file can be
// mailed, embedded in a report or converted to PNG/PDF with any SVG tool.
// The axes, text and legend come from the shared chart modules (axes, svg,
// legend, page), which also declare ChartOptions and chart::LogAxis,
// make_log_axis, format_tick and xml_escape.
#pragma once
#include <string>
#include <vector>

#include "chart/axes.hpp"
#include "chart/page.hpp"
#include "chart/svg.hpp"
#include "model/placement.hpp"

namespace roofline {

struct RoofsDocument;

// Renders the CARM of one roofs document as a standalone SVG 1.1 document.
// Draws the best ceiling of each (op, type) as a compute roof and of each
// (level, op) as a memory roof; ceilings with value <= 0 are left out. A
// document without roofs still gives a valid chart (axes and a note).
// Placed kernels (dots) are drawn at (ai, performance) with their labels and,
// where their timings vary visibly, error bars; a dot bound by a roof not
// drawn by default (a level's copy or store roof) has that roof drawn too,
// dotted. Roofs that coincide on screen take turns along their shared line
// and share a label. Roofs get a band from their
// measured min to max where it is at least a pixel wide. The compute roofs are
// opt.compute_roofs (see chart/roof_picks); throws std::invalid_argument on a
// malformed pick.
std::string render_carm_svg(const RoofsDocument& doc, const ChartOptions& opt = {},
                            const std::vector<Placement>& dots = {});

// Why the CARM cannot draw a placed kernel's dot ("its arithmetic intensity,
// 4.94066e-324, is too small for the chart's scale"): the room its scales
// leave around the dot would leave a double's range. Empty when it can, and
// for a dot it leaves out (without a positive, finite AI and performance: a
// kernel without operations). render_carm_svg throws std::invalid_argument
// with the reason and the dot's label.
std::string undrawable_dot(const Placement& p);

// Several roofs documents on one chart to compare devices or runs: each
// document's roofs in one color (compute solid, memory dashed), a legend of
// the documents, dots colored by the device they ran on.
std::string render_carm_svg(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt = {},
                            const std::vector<Placement>& dots = {});

}  // namespace roofline
