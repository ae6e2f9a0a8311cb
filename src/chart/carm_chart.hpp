// chart/carm_chart: the chart room. Draws the cache-aware roofline model (CARM)
// of one roofs document as a log-log chart, written as a standalone SVG 1.1
// document: no scripts, no images, no external fonts, so the file can be
// mailed, embedded in a report or converted to PNG/PDF with any SVG tool.
#pragma once
#include <string>
#include <vector>

namespace roofline {

struct RoofsDocument;

struct ChartOptions {
  int width = 960;    // pixels; smaller values are raised to 480
  int height = 640;   // pixels; smaller values are raised to 360
  std::string title;  // empty: "<device name> — driver <driver> — <date>"
};

// Renders the CARM of one roofs document as a standalone SVG 1.1 document.
// Draws the best ceiling of each (op, type) as a compute roof and of each
// (level, op) as a memory roof; ceilings with value <= 0 are left out. A
// document without roofs still gives a valid chart (axes and a note).
std::string render_carm_svg(const RoofsDocument& doc, const ChartOptions& opt = {});

// Building blocks of the chart, exposed for the tests.
namespace chart {

// A logarithmic axis over whole decades: lo and hi are powers of ten.
struct LogAxis {
  double lo = 1, hi = 10;            // data range
  double pixel_lo = 0, pixel_hi = 1; // where lo and hi land (pixel_hi < pixel_lo for a y axis)
  double to_pixel(double v) const;   // v <= 0 maps to pixel_lo
  std::vector<double> decades() const;      // lo, 10 lo, ..., hi
  std::vector<double> minor_ticks() const;  // 2..9 times each decade, strictly between lo and hi
};

// The smallest whole-decade axis holding [data_min, data_max], at least one
// decade wide. Throws std::invalid_argument unless both bounds are positive and finite.
LogAxis make_log_axis(double data_min, double data_max, double pixel_lo, double pixel_hi);

// Tick label of a power of ten: plain numbers from 0.01 to 1000 ("0.01", "1",
// "1000"), superscript powers beyond ("10⁴", "10⁻³").
std::string format_tick(double decade_value);

// Text made safe for XML character data and attribute values: escapes & < > " ',
// replaces control characters with '?' and invalid UTF-8 with U+FFFD.
std::string xml_escape(const std::string& text);

}  // namespace chart
}  // namespace roofline
