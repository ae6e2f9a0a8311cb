// chart/page: canvas, SVG root, titles and notes.
#include "chart/page.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <string_view>

#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline::chart {

namespace {

constexpr double kPlotLeft = 80, kSubtitleSize = 11.5, kSubtitleLine = 15;

double subtitle_room(int canvas_width) { return canvas_width - kPlotLeft - 10; }

// Where the line starting at `start` breaks to fit `room`: after the last
// " · " whose text before it fits, else the last space; none when the rest
// fits, or has nowhere to break (one word wider than the room: fit_text cuts
// it). Looks at no more of the text than fits, so wrapping is linear.
struct Break {
  std::size_t at, separator;  // where the line ends and the separator's bytes
};

std::optional<Break> line_break(std::string_view text, std::size_t start, double room) {
  const std::string_view dot = " · ";
  std::optional<Break> after_dot, after_space;
  double ems = 0;  // of the text from start to pos, which fits
  for (std::size_t pos = start; pos < text.size();) {
    if (text.compare(pos, dot.size(), dot) == 0) after_dot = Break{pos, dot.size()};
    if (text[pos] == ' ') after_space = Break{pos, 1};
    const GlyphAdvance g = glyph_advance(text, pos);
    ems += g.ems;
    pos += g.bytes;
    if (ems * kSubtitleSize > room) return after_dot ? after_dot : after_space;
  }
  return std::nullopt;
}

// Splits one line of text into lines no wider than `room`, breaking after a
// " · " where it can and after a space where it must.
std::vector<std::string> wrap(const std::string& text, double room) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (const auto cut = line_break(text, start, room)) {
    lines.push_back(text.substr(start, cut->at - start));
    start = cut->at + cut->separator;
  }
  lines.push_back(text.substr(start));
  return lines;
}

}  // namespace

std::vector<std::string> subtitle_lines(const std::string& subtitle, int canvas_width) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t end; start <= subtitle.size(); start = end + 1) {
    end = subtitle.find('\n', start);
    if (end == std::string::npos) end = subtitle.size();
    for (std::string& l : wrap(subtitle.substr(start, end - start), subtitle_room(canvas_width))) lines.push_back(l);
  }
  if (lines.size() > 3) {
    std::string last = lines[2];
    for (std::size_t i = 3; i < lines.size(); ++i) last += " · " + lines[i];
    lines.resize(3);
    lines[2] = fit_text(last, kSubtitleSize, subtitle_room(canvas_width));
  }
  return lines;
}

double subtitle_extra_height(const std::string& subtitle, int canvas_width) {
  return kSubtitleLine * double(subtitle_lines(subtitle, canvas_width).size() - 1);
}

Canvas make_canvas(const ChartOptions& opt, double right_margin, const std::string& subtitle) {
  Canvas c;
  c.width = std::max(opt.width, 480);
  c.height = std::max(opt.height, 360);
  c.plot = {kPlotLeft, 62 + subtitle_extra_height(subtitle, c.width), c.width - right_margin, c.height - 60.0};
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

std::string device_label(const RoofsDocument& doc, bool with_date) {
  const std::string name = doc.device.name.empty() ? "unknown device" : clip_text(doc.device.name);
  return with_date && !doc.date.empty() ? name + ", " + doc.date.substr(0, 10) : name;
}

std::string derived_title(const RoofsDocument& doc) {
  std::string t = device_label(doc);
  if (!doc.device.driver.empty()) t += " — driver " + clip_text(doc.device.driver);
  if (!doc.date.empty()) t += " — " + doc.date.substr(0, 10);
  return t;
}

std::string comparison_title(const std::vector<const RoofsDocument*>& docs) {
  if (docs.size() == 1) return derived_title(*docs.front());
  std::string t;
  for (const RoofsDocument* d : docs) t += (t.empty() ? "" : " vs ") + device_label(*d);
  return t;
}

std::string documents_line(const std::vector<const RoofsDocument*>& docs) {
  std::string t;
  for (const RoofsDocument* d : docs) {
    std::string about;
    if (!d->device.driver.empty()) about = "driver " + clip_text(d->device.driver);
    if (!d->date.empty()) about += (about.empty() ? "" : ", ") + d->date.substr(0, 10);
    t += (t.empty() ? "" : " · ") + device_label(*d) +
         (about.empty() ? "" : ": " + about);
  }
  return t;
}

void append_titles(std::string& out, const Canvas& canvas, const std::string& full_title, const std::string& subtitle) {
  const Rect& plot = canvas.plot;
  const std::string title = clip_text(full_title);
  // DejaVu Sans Bold runs 8% (capitals) to 20% (t, r) wider than Book: the
  // title is fitted for the widest so that it never leaves the canvas.
  const double room = canvas.width - plot.x0 - 10, bold = 1.2;
  const double size = std::clamp(std::floor(160 * room / text_width(title, 16 * bold)) / 10, 11.0, 16.0);
  append_text(out, {plot.x0, 26}, fit_text(title, size * bold, room),
              "font-size=\"" + format_text("%.1f", size) + "\" font-weight=\"bold\" fill=\"#222\"");
  double y = 45;
  for (const std::string& line : subtitle_lines(subtitle, canvas.width)) {
    append_text(out, {plot.x0, y}, fit_text(line, kSubtitleSize, room), "font-size=\"11.5\" fill=\"#555\"");
    y += kSubtitleLine;
  }
}

void append_note(std::string& out, const Rect& plot, const std::string& note, double y_fraction) {
  append_text(out, {(plot.x0 + plot.x1) / 2, plot.y0 + y_fraction * plot.height()}, note,
              "text-anchor=\"middle\" font-size=\"16\" fill=\"#777\"");
}

std::string render_failure(const ChartOptions& opt, const std::string& what, const std::string& why) {
  const Canvas canvas = make_canvas(opt);
  std::string out;
  append_svg_header(out, canvas, what);
  append_note(out, canvas.plot, what + ": " + why);
  return out + "</svg>\n";
}

}  // namespace roofline::chart
