// chart/sweep_chart: the memory-hierarchy sweeps of one roofs document as
// standalone SVG 1.1 charts (same page, axes and legend as the CARM chart):
// bandwidth and latency over the working set, on log-log axes whose x ticks
// are powers of two with binary prefixes ("1 KiB", "32 KiB", "1 MiB"), with
// the detected levels drawn over the curve: a dashed line at each level's
// capacity ("L1 | 32 KiB") and the level's plateau as a light segment at its
// bandwidth ("L2 151 GB/s") or latency ("L2 142 ns (281 cycles)").
// Every point and level line carries a <title> tooltip with the exact values.
#pragma once
#include <string>
#include <vector>

#include "chart/page.hpp"

namespace roofline {

struct RoofsDocument;

// Bandwidth (GB/s, log y) by working set (bytes, log x) from
// doc.memory->bandwidth: the median as a line with markers over a band from
// each point's min to max, and the detected levels. A document without a
// memory section or with no usable point still gives a valid chart (axes and a
// note); so does one with a single point (the point and a note). Never throws.
std::string render_bandwidth_sweep_svg(const RoofsDocument& doc, const ChartOptions& opt = {});

// Latency per load (ns, log y) by working set from doc.memory->latency, with
// the same level boundaries and each level's plateau at its latency_ns, drawn
// over the measured working sets only. When doc.clock is known, a right-hand
// axis in cycles (ns x MHz / 1000) and the level labels in cycles too.
// Degenerate documents as above. Never throws.
std::string render_latency_sweep_svg(const RoofsDocument& doc, const ChartOptions& opt = {});

// Several roofs files on one chart, to compare devices or runs: a curve per
// file, with its band, plateaus and capacity lines, all in the file's color
// (one file: a dark curve and each level in its own color); the title names
// the devices and the subtitle each one's driver and date. No cycles axis
// (each file has its own clock; the labels still give cycles). Never throws.
std::string render_bandwidth_sweep_svg(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt = {});
std::string render_latency_sweep_svg(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt = {});

}  // namespace roofline
