// chart/page: the page around a plot, shared by every chart: canvas size and
// plot area, the SVG root with its clip path, the title lines over the plot,
// a note in an empty plot, and the page a chart that failed draws instead.
#pragma once
#include <exception>
#include <string>
#include <vector>

#include "chart/svg.hpp"

namespace roofline {

struct RoofsDocument;

struct ChartOptions {
  int width = 960;    // pixels; smaller values are raised to 480
  int height = 640;   // pixels; smaller values are raised to 360
  std::string title;  // empty: "<device name> — driver <driver> — <date>"
  // CARM and energy charts: the compute roofs to draw, as "type:op" ("float:mad"),
  // "type" (its best op) or "all"; empty: float MAD, float ADD, double MAD and
  // the best int roof, where measured (see parse_roof_picks).
  std::vector<std::string> compute_roofs;
  // CARM and energy charts: the placed kernels whose dots are labelled (the
  // others keep their tooltip): those named here, by label or kernel name, or
  // when none is, at most max_dot_labels, those taking the most time (see
  // chart::dots_to_label).
  std::vector<std::string> dot_labels;
  std::size_t max_dot_labels = 40;
  // CARM: a weight per dot, in the order given (a traced kernel's share of
  // the device time); each dot's area is in proportion to its weight. Empty:
  // every dot one size.
  std::vector<double> dot_weights;
};

namespace chart {

struct Canvas {
  int width = 960, height = 640;
  Rect plot;  // the plot area, also the clip path "plot-area"
};

// The canvas of the options (raised to at least 480 x 360) with the plot area
// inside margins for the title and the subtitle's lines (top), tick labels and
// axis titles (left, bottom) and right_margin pixels on the right (more for a
// right-hand axis).
Canvas make_canvas(const ChartOptions& opt, double right_margin = 24, const std::string& subtitle = "");

// The subtitle's lines on a canvas of this width: '\n' starts a line, and a
// line too long for the room breaks after a " · " (else a space); at most
// three lines, the last one cut only if the text would need more.
std::vector<std::string> subtitle_lines(const std::string& subtitle, int canvas_width);

// Pixels the subtitle's lines beyond the first add above the plot.
double subtitle_extra_height(const std::string& subtitle, int canvas_width);

// The XML declaration, the <svg> root (SVG 1.1, DejaVu Sans or a fallback),
// its <title>, the plot-area clip path and a white background. The caller
// closes the root with "</svg>\n".
void append_svg_header(std::string& out, const Canvas& canvas, const std::string& document_title);

// A clip path with this id around the rectangle (a chart of several plots
// clips each to its own).
void append_clip_path(std::string& out, const std::string& id, const Rect& r);

// The device's name ("unknown device" when unnamed; cut by clip_text), with
// ", <date>" when asked and known.
std::string device_label(const RoofsDocument& doc, bool with_date = false);

// "<device name> — driver <driver> — <date>", "unknown device" when unnamed;
// the name and the driver cut by clip_text.
std::string derived_title(const RoofsDocument& doc);

// A chart's title: derived_title of one document; of several, "<device> vs <device>".
std::string comparison_title(const std::vector<const RoofsDocument*>& docs);

// Each document's device, driver and date, for a comparison chart's subtitle:
// "<device>: driver <driver>, <date> · <device>: ...".
std::string documents_line(const std::vector<const RoofsDocument*>& docs);

// A bold title and a grey subtitle (subtitle_lines) over the plot,
// left-aligned with it. A long title first shrinks, then gets cut (at
// kMaxShownChars characters, and to the canvas), so neither ever leaves the
// canvas. Linear in the length of the text.
void append_titles(std::string& out, const Canvas& canvas, const std::string& title, const std::string& subtitle);

// Large grey text centred in the plot, y_fraction of the way down (the middle
// by default), for what could not be drawn.
void append_note(std::string& out, const Rect& plot, const std::string& note, double y_fraction = 0.5);

// The last resort of a chart that must not throw: an empty page whose title is
// `what` and whose note says "<what>: <why>".
std::string render_failure(const ChartOptions& opt, const std::string& what, const std::string& why);

// draw(), or, should it throw, render_failure's page: "could not draw the <what>: <why>".
template <typename Draw>
std::string render_safely(const ChartOptions& opt, const std::string& what, Draw draw) {
  try {
    return draw();
  } catch (const std::exception& e) {
    return render_failure(opt, "could not draw the " + what, e.what());
  }
}

}  // namespace chart
}  // namespace roofline
