// chart/page: canvas, SVG root, titles and notes.
#include "chart/page.hpp"

#include <algorithm>
#include <cmath>

#include "model/roofs.hpp"

namespace roofline::chart {

Canvas make_canvas(const ChartOptions& opt, double right_margin) {
  Canvas c;
  c.width = std::max(opt.width, 480);
  c.height = std::max(opt.height, 360);
  c.plot = {80, 62, c.width - right_margin, c.height - 60.0};
  return c;
}

void append_svg_header(std::string& out, const Canvas& canvas, const std::string& document_title) {
  const std::string w = std::to_string(canvas.width), h = std::to_string(canvas.height);
  const Rect& plot = canvas.plot;
  out += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
  out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"" + w + "\" height=\"" + h +
         "\" viewBox=\"0 0 " + w + " " + h + "\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\">\n";
  out += "<title>" + xml_escape(document_title) + "</title>\n";
  out += "<defs><clipPath id=\"plot-area\"><rect x=\"" + px(plot.x0) + "\" y=\"" + px(plot.y0) + "\" width=\"" +
         px(plot.width()) + "\" height=\"" + px(plot.height()) + "\"/></clipPath></defs>\n";
  out += "<rect x=\"0\" y=\"0\" width=\"" + w + "\" height=\"" + h + "\" fill=\"white\"/>\n";
}

void append_clip_path(std::string& out, const std::string& id, const Rect& r) {
  out += "<defs><clipPath id=\"" + id + "\"><rect x=\"" + px(r.x0) + "\" y=\"" + px(r.y0) + "\" width=\"" +
         px(r.width()) + "\" height=\"" + px(r.height()) + "\"/></clipPath></defs>\n";
}

std::string derived_title(const RoofsDocument& doc) {
  std::string t = doc.device.name.empty() ? "unknown device" : doc.device.name;
  if (!doc.device.driver.empty()) t += " — driver " + doc.device.driver;
  if (!doc.date.empty()) t += " — " + doc.date.substr(0, 10);
  return t;
}

void append_titles(std::string& out, const Canvas& canvas, const std::string& title, const std::string& subtitle) {
  const Rect& plot = canvas.plot;
  const double room = canvas.width - plot.x0 - 10, bold = 1.08;  // bold glyphs run wider
  const double size = std::clamp(std::floor(160 * room / text_width(title, 16 * bold)) / 10, 11.0, 16.0);
  append_text(out, {plot.x0, 26}, fit_text(title, size * bold, room),
              "font-size=\"" + printf_string("%.1f", size) + "\" font-weight=\"bold\" fill=\"#222\"");
  append_text(out, {plot.x0, 45}, fit_text(subtitle, 11.5, room), "font-size=\"11.5\" fill=\"#555\"");
}

void append_note(std::string& out, const Rect& plot, const std::string& note, double y_fraction) {
  append_text(out, {(plot.x0 + plot.x1) / 2, plot.y0 + y_fraction * plot.height()}, note,
              "text-anchor=\"middle\" font-size=\"16\" fill=\"#777\"");
}

}  // namespace roofline::chart
