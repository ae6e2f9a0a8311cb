// The fleet's strip chart. Drawing order, back to front: background, grid,
// strip separators, the median and threshold lines, the dots, the frame and
// axes, the strips' captions, titles, the labels of flagged devices, legend.
#include "chart/fleet_chart.hpp"

#include <algorithm>
#include <cmath>
#include <optional>

#include "chart/axes.hpp"
#include "chart/legend.hpp"
#include "chart/point_labels.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

constexpr const char* kMedianColor = "#777777";
constexpr const char* kThresholdColor = "#B2182B";
constexpr double kDotRadius = 4.5;
constexpr std::size_t kMostLabels = 40;  // flagged devices labelled; the others keep their tooltip

// The key ceilings some device measured: the strips, left to right.
std::vector<std::size_t> strips_of(const FleetReport& r) {
  std::vector<std::size_t> out;
  for (std::size_t c = 0; c < kKeyCeilings.size(); ++c)
    if (std::any_of(r.devices.begin(), r.devices.end(), [&](const FleetDevice& d) { return d.cells[c].value.has_value(); }))
      out.push_back(c);
  return out;
}

// The ratio axis: every ratio and the threshold, padded, at least 0.9 to 1.1.
LogAxis ratio_axis(const FleetReport& r, const Rect& area) {
  double lo = 0.9, hi = 1.1;
  for (const FleetDevice& d : r.devices)
    for (const FleetCell& c : d.cells)
      if (c.ratio && std::isfinite(*c.ratio)) lo = std::min(lo, *c.ratio), hi = std::max(hi, *c.ratio);
  if (r.options.fail_below) lo = std::min(lo, *r.options.fail_below);
  return LogAxis{lo / 1.04, hi * 1.04, area.y1, area.y0};
}

std::string group_color(std::size_t group) { return palette_color(group); }

std::string tooltip(const FleetReport& r, const FleetDevice& d, std::size_t c) {
  const KeyCeiling& k = kKeyCeilings[c];
  const FleetCell& cell = d.cells[c];
  const FleetGroupCeiling& g = r.groups[d.group].ceilings[c];
  std::string t = d.label + " — " + k.label() + ": ";
  if (!cell.value) return t + "not measured, where its group has it (median " + format_si(*g.median, k.unit()) + ")";
  t += format_si(*cell.value, k.unit());
  if (cell.ratio) t += format_text(", %.3f of its group's median (", *cell.ratio) + format_si(*g.median, k.unit()) + ")";
  if (cell.score) t += format_text(", score %.2f", *cell.score);
  if (cell.outlier) t += ", an outlier";
  if (cell.below) t += format_text(", below %.2f", *r.options.fail_below);
  return t + "\n" + r.groups[d.group].model.text() + ", driver " + d.identity.driver + "\n" + d.file;
}

struct Dot {
  Point at;
  std::size_t device, ceiling;
  bool flagged;
};

// Each strip's dots, spread across the strip's middle in the devices' order
// (by group), so that equal ratios stay apart; a missing ceiling at the foot.
std::vector<Dot> place_dots(const FleetReport& r, const std::vector<std::size_t>& strips, const Rect& area, const LogAxis& y) {
  std::vector<Dot> dots;
  const double width = area.width() / double(strips.size());
  for (std::size_t s = 0; s < strips.size(); ++s) {
    const std::size_t c = strips[s];
    std::vector<std::size_t> shown;
    for (std::size_t d = 0; d < r.devices.size(); ++d)
      if (r.devices[d].cells[c].ratio || r.devices[d].cells[c].missing) shown.push_back(d);
    const double spread = std::min(width * 0.6, 9.0 * double(shown.size())), centre = area.x0 + width * (double(s) + 0.5);
    for (std::size_t i = 0; i < shown.size(); ++i) {
      const FleetCell& cell = r.devices[shown[i]].cells[c];
      const double x = shown.size() == 1 ? centre : centre - spread / 2 + spread * double(i) / double(shown.size() - 1);
      const double py = cell.ratio ? y.to_pixel(*cell.ratio) : area.y1 - 8;
      dots.push_back({{x, py}, shown[i], c, cell.outlier || cell.below || cell.missing});
    }
  }
  return dots;
}

void append_strips(std::string& out, const FleetReport& r, const std::vector<std::size_t>& strips, const Rect& area,
                   const LogAxis& y, Obstacles& drawn) {
  const double width = area.width() / double(strips.size());
  out += "<g id=\"strips\" fill=\"none\">\n";
  for (std::size_t s = 1; s < strips.size(); ++s) {
    const double x = area.x0 + width * double(s);
    append_line(out, {x, area.y0}, {x, area.y1}, "class=\"strip-edge\" stroke=\"#CCCCCC\" stroke-width=\"1\"");
  }
  const double median_y = y.to_pixel(1);
  append_polyline(out, {{area.x0, median_y}, {area.x1, median_y}},
                  "class=\"median\" stroke=\"" + std::string(kMedianColor) + "\" stroke-width=\"1.6\"");
  drawn.segments.push_back({{area.x0, median_y}, {area.x1, median_y}});
  if (r.options.fail_below) {
    const double ty = y.to_pixel(*r.options.fail_below);
    append_polyline(out, {{area.x0, ty}, {area.x1, ty}},
                    "class=\"threshold\" stroke=\"" + std::string(kThresholdColor) + "\" stroke-width=\"1.6\" stroke-dasharray=\"7 4\"");
    drawn.segments.push_back({{area.x0, ty}, {area.x1, ty}});
  }
  out += "</g>\n";
}

void append_dots(std::string& out, const FleetReport& r, const std::vector<Dot>& dots) {
  out += "<g id=\"dots\" clip-path=\"url(#plot-area)\">\n";
  for (const Dot& d : dots) {
    const FleetCell& cell = r.devices[d.device].cells[d.ceiling];
    const std::string color = group_color(r.devices[d.device].group), tip = tooltip(r, r.devices[d.device], d.ceiling);
    const Point p = d.at;
    if (cell.missing) {
      const double a = kDotRadius;
      out += "<path class=\"missing\" d=\"M" + px(p.x - a) + " " + px(p.y - a) + "L" + px(p.x + a) + " " + px(p.y + a) + "M" +
             px(p.x - a) + " " + px(p.y + a) + "L" + px(p.x + a) + " " + px(p.y - a) + "\" stroke=\"" + kThresholdColor +
             "\" stroke-width=\"2\"><title>" + xml_escape(tip) + "</title></path>\n";
      continue;
    }
    if (cell.outlier)
      append_circle(out, p, kDotRadius + 3.5, "class=\"outlier\" fill=\"none\" stroke=\"#222222\" stroke-width=\"1.4\"");
    if (cell.below) {
      const double a = kDotRadius + 0.5;
      out += "<rect class=\"below\" x=\"" + px(p.x - a) + "\" y=\"" + px(p.y - a) + "\" width=\"" + px(2 * a) + "\" height=\"" +
             px(2 * a) + "\" fill=\"" + color + "\" stroke=\"" + kThresholdColor + "\" stroke-width=\"1.6\"><title>" +
             xml_escape(tip) + "</title></rect>\n";
    } else {
      append_circle(out, p, kDotRadius, "class=\"device\" fill=\"" + color + "\" stroke=\"white\" stroke-width=\"0.8\"", tip);
    }
  }
  out += "</g>\n";
}

// The strips' captions under the plot, each cut to its strip's width.
void append_captions(std::string& out, const std::vector<std::size_t>& strips, const Rect& area) {
  const double width = area.width() / double(strips.size());
  out += "<g id=\"strip-captions\" font-size=\"12\" fill=\"#333\">\n";
  for (std::size_t s = 0; s < strips.size(); ++s)
    append_text(out, {area.x0 + width * (double(s) + 0.5), area.y1 + 20}, fit_text(kKeyCeilings[strips[s]].label(), 12, width - 6),
                "text-anchor=\"middle\"");
  out += "</g>\n";
}

// The flagged devices' names beside their dots, the most deviant first.
void append_labels(std::string& out, const FleetReport& r, const std::vector<Dot>& dots, const Rect& area, Obstacles& drawn) {
  std::vector<PointToLabel> points;
  std::size_t flagged = 0;
  for (const Dot& d : dots) {
    const FleetCell& cell = r.devices[d.device].cells[d.ceiling];
    const double deviation = cell.ratio ? std::abs(std::log(*cell.ratio)) : 10;
    points.push_back({d.at, kDotRadius + (cell.outlier ? 3.5 : 0), clip_text(r.devices[d.device].label, 40), d.flagged,
                      true, deviation});
    flagged += d.flagged;
  }
  if (flagged > kMostLabels) {  // the most deviant keep their label
    std::vector<double> deviations;
    for (const PointToLabel& p : points)
      if (p.label) deviations.push_back(p.importance);
    std::nth_element(deviations.begin(), deviations.begin() + (kMostLabels - 1), deviations.end(), std::greater<>());
    const double least = deviations[kMostLabels - 1];
    for (PointToLabel& p : points) p.label = p.label && p.importance >= least;
  }
  const auto placed = place_point_labels(points, 11, area, drawn);
  for (std::size_t i = 0; i < placed.size(); ++i)
    if (placed[i]) {
      const FleetCell& cell = r.devices[dots[i].device].cells[dots[i].ceiling];
      append_point_label(out, *placed[i], points[i].text, 11,
                         cell.below || cell.missing ? kThresholdColor : text_color(group_color(r.devices[dots[i].device].group)));
    }
}

std::vector<LegendEntry> legend_entries(const FleetReport& r) {
  std::vector<LegendEntry> entries;
  for (std::size_t g = 0; g < r.groups.size(); ++g)
    entries.push_back({r.groups[g].model.text() + " × " + std::to_string(r.groups[g].devices.size()), group_color(g),
                       LegendEntry::Swatch::dot, "", 2.2, 1});
  entries.push_back({"the group's median", kMedianColor, LegendEntry::Swatch::line, "", 1.6, 1});
  if (r.options.fail_below)
    entries.push_back({format_text("fail below %.2f of it", *r.options.fail_below), kThresholdColor, LegendEntry::Swatch::line,
                       "7 4", 1.6, 1});
  return entries;
}

std::string subtitle_of(const FleetReport& r) {
  std::size_t outliers = 0, below = 0;
  for (const FleetDevice& d : r.devices) outliers += d.outlier(), below += d.below();
  std::string s = "Each device's key ceilings over its group's median (devices grouped by name, compute units and memory) · ";
  s += format_text("ringed: outliers, |score| > %.1f (modified z-score, median absolute deviation)", r.options.mad_threshold);
  if (r.options.fail_below) s += format_text(" · squares: below %.2f, crosses: missing", *r.options.fail_below);
  s += " · " + std::to_string(outliers) + (outliers == 1 ? " outlier" : " outliers");
  if (r.options.fail_below) s += ", " + std::to_string(below) + " below";
  return s;
}

std::string title_of(const FleetReport& r) {
  return "Fleet: " + std::to_string(r.devices.size()) + (r.devices.size() == 1 ? " device" : " devices") + " in " +
         std::to_string(r.groups.size()) + (r.groups.size() == 1 ? " group" : " groups");
}

std::string render(const FleetReport& r, const ChartOptions& opt) {
  const std::string subtitle = subtitle_of(r);
  const Canvas canvas = make_canvas(opt, 24, subtitle);
  const Rect& area = canvas.plot;
  const std::string title = opt.title.empty() ? title_of(r) : opt.title;
  std::string out;
  append_svg_header(out, canvas, title);
  const std::vector<std::size_t> strips = strips_of(r);
  if (strips.empty()) {
    append_titles(out, canvas, title, subtitle);
    append_note(out, area, r.devices.empty() ? "no devices" : "no key ceiling measured on any device");
    return out + "</svg>\n";
  }
  AxisSpec x, y;
  x.scale = LogAxis{1, 10, area.x0, area.x1};
  y.scale = ratio_axis(r, area);
  y.ticks = step_ticks(y.scale, 24);
  y.title = "Ratio to the group's median";
  append_grid(out, area, x, y);
  Obstacles drawn;
  append_strips(out, r, strips, area, y.scale, drawn);
  const std::vector<Dot> dots = place_dots(r, strips, area, y.scale);
  append_dots(out, r, dots);
  append_axes(out, area, x, y);
  append_captions(out, strips, area);
  append_titles(out, canvas, title, subtitle);
  append_labels(out, r, dots, area, drawn);
  append_legend(out, legend_entries(r), area, drawn, {Corner::lower_right, Corner::upper_right, Corner::lower_left, Corner::upper_left});
  return out + "</svg>\n";
}

// A device's name on a chart drawn from roofs documents: its name and
// UUID (first 8 digits), else PCI address, else its place in the list.
std::string document_label(const RoofsDocument& doc, std::size_t i) {
  const std::string name = doc.device.name.empty() ? "device" : doc.device.name;
  if (!doc.device.uuid.empty()) return name + " " + doc.device.uuid.substr(0, 8);
  if (!doc.device.pci_address.empty()) return name + " @ " + doc.device.pci_address;
  return name + " #" + std::to_string(i + 1);
}

}  // namespace
}  // namespace chart

std::string render_fleet_svg(const FleetReport& report, const ChartOptions& opt) {
  return chart::render_safely(opt, "fleet chart", [&] { return chart::render(report, opt); });
}

std::string render_fleet_of_roofs(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt) {
  std::vector<FleetInput> inputs;
  for (std::size_t i = 0; i < docs.size(); ++i) inputs.push_back({chart::document_label(*docs[i], i), "", docs[i]});
  return render_fleet_svg(compare_fleet(inputs), opt);
}

}  // namespace roofline
