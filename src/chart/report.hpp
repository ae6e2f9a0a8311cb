// chart/report: one self-contained HTML page of one or several roofs
// documents (runs): every chart of each one's default set inline (SVG), the
// runs' CARM together when there are several, and the tables behind them
// (placed kernels, device identity, ceilings with their efficiency against
// theory, detected memory levels, host transfers, launch overhead, energy and
// the power model, the suite's sections, notes), charts first, under a table
// of contents. A small script of its own (report.js, inlined at build time)
// makes it interactive: zoom and pan on the charts, a tooltip for every mark
// that has one, a filter of the placed kernels by name, file or time share,
// each kernel's level dots on demand, sortable tables. Nothing is loaded from
// elsewhere: it reads offline, and without scripts it is the static page.
#pragma once
#include <string>
#include <vector>

#include "chart/page.hpp"
#include "model/placement.hpp"

namespace roofline {

struct RoofsDocument;

// What a report shows: the runs, and the placed kernels with where each came from.
struct ReportInputs {
  std::vector<const RoofsDocument*> docs;  // at least one
  std::vector<std::string> doc_files;      // the roofs file of each run (may be empty: not shown)
  std::vector<Placement> dots;
  std::vector<std::string> dot_files;      // the placement or trace file of each dot (may be empty)
  // Each dot's share of the time: a trace's share of the device time where
  // every dot comes from a trace (ChartOptions::dot_weights); empty: its
  // median time over the placed kernels' summed times.
  std::vector<double> time_shares;
};

std::string render_report_html(const ReportInputs& in, const ChartOptions& opt = {});

// The report of one document and its dots.
std::string render_report_html(const RoofsDocument& doc, const std::vector<Placement>& dots = {},
                               const ChartOptions& opt = {});

// Several SVG documents inline in one HTML page share one id namespace: this
// prefixes every id="x" and url(#x) of an SVG with `prefix`, and drops the XML
// declaration, so the SVG can be inlined.
std::string inline_svg(const std::string& svg, const std::string& prefix);

}  // namespace roofline
