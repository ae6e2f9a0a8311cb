// chart/launch_sweep_chart: small multiples of the work-group sweeps.
#include "chart/launch_sweep_chart.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <optional>
#include <tuple>

#include "chart/axes.hpp"
#include "chart/legend.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

// One line of a plot: a ceiling's sweep points at one work-group size (a
// count sweep measured at several sizes has a line per size), as (x, y) in
// display units.
struct Series {
  const Ceiling* ceiling = nullptr;
  std::string name;  // "width 4", "read"
  std::size_t color = 0;  // palette index: by width for compute, by load/store mix for memory
  bool other_size = false;  // at a work-group size other than the ceiling's best: dashed
  std::vector<std::pair<double, double>> points;
  std::vector<std::string> tooltips;
};

// One plot: a roof family.
struct Panel {
  std::string title;   // "float MAD", "L2 memory"
  std::string unit;    // "GFLOP/s", "W"... (its values' unit)
  std::string y_title; // "Throughput [TFLOP/s]", "Power [W]"
  std::vector<Series> series;
};

// The same color means the same width (or mix) in every plot, so one legend serves them all.
const std::vector<std::string> kWidths = {"1", "2", "4", "8", "16"};
const std::vector<std::string> kMixes = {"read", "store", "copy", "image"};
std::size_t series_color(const std::vector<std::string>& keys, const std::string& key) {
  const auto it = std::find(keys.begin(), keys.end(), key);
  return it == keys.end() ? keys.size() : std::size_t(it - keys.begin());
}

// Display unit and scale of a ceiling's sweep under a metric.
std::pair<std::string, double> display_unit(const Ceiling& c, SweepMetric metric) {
  const std::string ops = c.unit() == RateUnit::byte ? "B" : c.unit() == RateUnit::intop ? "INTOP" : "FLOP";
  switch (metric) {
    case SweepMetric::performance: return {"G" + ops + "/s", 1e-9};
    case SweepMetric::power: return {"W", 1};
    case SweepMetric::efficiency: return {"G" + ops + "/J", 1e-9};
  }
  return {"", 1};
}

std::string metric_name(SweepMetric m) {
  return m == SweepMetric::performance ? "throughput" : m == SweepMetric::power ? "power" : "energy efficiency";
}

std::string axis_title(SweepMetric m, const std::string& unit) {
  const char* what = m == SweepMetric::performance ? "Throughput" : m == SweepMetric::power ? "Power" : "Efficiency";
  return std::string(what) + " [" + unit + "]";
}

// A panel whose values reach 1000 G-units shows them in T-units (30 TFLOP/s,
// not 3·10⁴ GFLOP/s; 4 TB/s, not 4·10³ GB/s): its tick labels stay plain numbers.
void use_tera_where_large(Panel& panel) {
  double top = 0;
  for (const Series& s : panel.series)
    for (const auto& p : s.points) top = std::max(top, p.second);
  if (top < 1000 || panel.unit.rfind("G", 0) != 0) return;
  for (Series& s : panel.series)
    for (auto& p : s.points) p.second /= 1000;
  panel.unit[0] = 'T';
}

// Compute families by type (float, double, int, half; MAD before ADD), then
// memory.
int family_rank(const Ceiling& c) {
  static const std::vector<DataType> types = {DataType::float32, DataType::float64, DataType::int32, DataType::float16};
  const auto t = std::find(types.begin(), types.end(), c.type) - types.begin();
  return c.is_memory() ? 100 : int(t) * 2 + (c.op == Op::mad ? 0 : 1);
}

// The document's ceilings by family_rank; within a rank (the memory levels,
// nearest first) in the document's order.
std::vector<const Ceiling*> ceilings_by_family(const RoofsDocument& doc) {
  std::vector<const Ceiling*> ceilings;
  for (const Ceiling& c : doc.ceilings) ceilings.push_back(&c);
  std::stable_sort(ceilings.begin(), ceilings.end(),
                   [](const Ceiling* a, const Ceiling* b) { return family_rank(*a) < family_rank(*b); });
  return ceilings;
}

const std::vector<SweepPoint>& sweep_points(const Ceiling& c, LaunchSweep sweep) {
  return sweep == LaunchSweep::work_group_count ? c.sweep_wg_count : c.sweep_wg_size;
}

// The work-group sizes that get a line: the ceiling's own (best) first; a
// count sweep may hold others.
std::vector<std::uint64_t> line_sizes(const Ceiling& c, LaunchSweep sweep) {
  std::vector<std::uint64_t> sizes{c.launch.local};
  if (sweep == LaunchSweep::work_group_count)
    for (const SweepPoint& p : c.sweep_wg_count)
      if (std::find(sizes.begin(), sizes.end(), p.launch.local) == sizes.end()) sizes.push_back(p.launch.local);
  return sizes;
}

// A sweep point's value under the metric, in display units (`scale` from
// display_unit); none for power or efficiency without a power reading.
std::optional<double> metric_value(const SweepPoint& p, SweepMetric metric, double scale) {
  if (metric == SweepMetric::performance) return p.stats.median * scale;
  if (!p.watts || !(p.watts->median > 0)) return std::nullopt;
  return metric == SweepMetric::power ? p.watts->median : p.stats.median / p.watts->median * scale;
}

std::string point_tooltip(const Ceiling& c, const SweepPoint& p, double y, SweepMetric metric) {
  const auto [unit, scale] = display_unit(c, metric);
  std::string t = c.label() + ": " + std::to_string(p.launch.work_groups()) + " work-groups of " +
                  std::to_string(p.launch.local) + "\n" + format_text("%.4g", y) + " " + unit;
  if (metric == SweepMetric::performance && p.stats.samples > 1)
    t += " (min " + format_text("%.4g", p.stats.min * scale) + ", max " + format_text("%.4g", p.stats.max * scale) +
         ", " + std::to_string(p.stats.samples) + " runs)";
  return t;
}

// The line of a ceiling's sweep at one work-group size, of the points with a
// positive, finite value; with `only_this_size`, of the points at that size.
Series sweep_series(const Ceiling& c, std::uint64_t size, bool only_this_size, LaunchSweep sweep, SweepMetric metric) {
  const bool memory = c.is_memory();
  Series s;
  s.ceiling = &c;
  s.name = memory ? str(c.op) : "width " + std::to_string(c.width);
  s.color = memory ? series_color(kMixes, str(c.op)) : series_color(kWidths, std::to_string(c.width));
  s.other_size = size != c.launch.local;
  const double scale = display_unit(c, metric).second;
  for (const SweepPoint& p : sweep_points(c, sweep)) {
    if (only_this_size && p.launch.local != size) continue;
    const double x = sweep == LaunchSweep::work_group_count ? double(p.launch.work_groups()) : double(p.launch.local);
    const std::optional<double> y = metric_value(p, metric, scale);
    if (!y || !(x > 0) || !(*y > 0) || !std::isfinite(*y)) continue;
    s.points.push_back({x, *y});
    s.tooltips.push_back(point_tooltip(c, p, *y, metric));
  }
  return s;
}

// A panel per compute (op, type) and per memory level.
using PanelKey = std::tuple<CeilingKind, std::string, Op, DataType>;

PanelKey panel_key(const Ceiling& c) {
  return c.is_memory() ? PanelKey{c.kind, c.level_name(), Op::read, DataType::float32} : PanelKey{c.kind, "", c.op, c.type};
}

// An empty panel for the family of c, in the unit of c's values.
Panel empty_panel(const Ceiling& c, SweepMetric metric) {
  return Panel{c.is_memory() ? c.level_name() + " memory" : compute_label(c.type, c.op), display_unit(c, metric).first, "", {}};
}

// Families in a fixed order: compute (float, double, int, half; MAD before
// ADD), then memory levels nearest first, as they appear in the document.
// A line needs two points; a panel, one line.
std::vector<Panel> collect_panels(const RoofsDocument& doc, LaunchSweep sweep, SweepMetric metric) {
  std::map<PanelKey, Panel> by_key;
  std::vector<PanelKey> order;
  for (const Ceiling* c : ceilings_by_family(doc)) {
    const std::vector<std::uint64_t> sizes = line_sizes(*c, sweep);
    for (std::uint64_t size : sizes) {
      Series s = sweep_series(*c, size, sweep == LaunchSweep::work_group_count && sizes.size() > 1, sweep, metric);
      if (s.points.size() < 2) continue;
      const PanelKey key = panel_key(*c);
      if (!by_key.count(key)) {
        order.push_back(key);
        by_key[key] = empty_panel(*c, metric);
      }
      by_key[key].series.push_back(std::move(s));
    }
  }
  std::vector<Panel> out;
  for (const PanelKey& k : order) {
    Panel p = std::move(by_key[k]);
    use_tera_where_large(p);
    p.y_title = axis_title(metric, p.unit);
    out.push_back(std::move(p));
  }
  return out;
}

// Whether a count sweep drew other work-group sizes than the best (dashed lines).
bool several_sizes(const std::vector<Panel>& panels) {
  for (const Panel& p : panels)
    for (const Series& s : p.series)
      if (s.other_size) return true;
  return false;
}

constexpr double kTop = 80, kCellTop = 30, kCellLeft = 70, kCellRight = 14, kCellBottom = 52, kRowHeight = 270;

void append_panel(std::string& out, const Panel& panel, const Rect& plot, std::size_t index, LaunchSweep sweep) {
  double x_min = std::numeric_limits<double>::infinity(), x_max = 0, y_min = x_min, y_max = 0;
  for (const Series& s : panel.series)
    for (const auto& [x, y] : s.points)
      x_min = std::min(x_min, x), x_max = std::max(x_max, x), y_min = std::min(y_min, y), y_max = std::max(y_max, y);
  const LogAxis xs = make_octave_log_axis(x_min, x_max, plot.x0, plot.x1, 0.3, 3);
  const LogAxis ys = make_round_log_axis(y_min / 1.15, y_max * 1.15, plot.y1, plot.y0, 4);
  const AxisSpec x{xs, count_ticks(xs, 11),
                   sweep == LaunchSweep::work_group_count ? "work-groups" : "work-items per work-group"};
  const AxisSpec y{ys, decade_ticks(ys, 18, true), panel.y_title};
  const std::string n = std::to_string(index);
  append_clip_path(out, "plot-area-" + n, plot);
  append_grid(out, plot, x, y, "grid-" + n);
  out += "<g id=\"series-" + n + "\" clip-path=\"url(#plot-area-" + n + ")\" fill=\"none\">\n";
  for (const Series& s : panel.series) {
    const std::string color = palette_color(s.color);
    std::vector<Point> pts;
    for (const auto& [vx, vy] : s.points) pts.push_back({xs.to_pixel(vx), ys.to_pixel(vy)});
    append_polyline(out, pts, "class=\"sweep\" stroke=\"" + color + "\" stroke-width=\"1.8\"" +
                                  (s.other_size ? " stroke-dasharray=\"5 3\"" : ""));
    for (std::size_t k = 0; k < pts.size(); ++k)
      append_circle(out, pts[k], 2.6, "fill=\"" + color + "\"", s.tooltips[k]);
  }
  out += "</g>\n";
  append_axes(out, plot, x, y, "axes-" + n);
  append_text(out, {plot.x0, plot.y0 - 8}, panel.title, "font-size=\"13\" font-weight=\"bold\" fill=\"#222\"");
}

// One legend for every plot, in a row under the subtitle: the vector widths
// (compute plots) and the load/store mixes (memory plots) that appear, and
// the line styles of the work-group sizes where a count sweep has several.
void append_legend_row(std::string& out, const std::vector<Panel>& panels, double x, double y) {
  out += "<g id=\"legend\" font-size=\"12\" fill=\"#222\">\n";
  for (const auto* keys : {&kWidths, &kMixes}) {
    const bool memory = keys == &kMixes;
    std::vector<std::pair<std::string, std::size_t>> entries;  // label, palette index
    for (std::size_t i = 0; i <= keys->size(); ++i)
      for (const Panel& p : panels)
        for (const Series& s : p.series) {
          if (s.ceiling->is_memory() != memory || s.color != i) continue;
          const std::string label = memory ? s.name : std::to_string(s.ceiling->width);
          if (std::find(entries.begin(), entries.end(), std::make_pair(label, i)) == entries.end())
            entries.push_back({label, i});
        }
    if (entries.empty()) continue;
    const std::string heading = memory ? "memory:" : "vector width:";
    append_text(out, {x, y}, heading, "fill=\"#555\"");
    x += text_width(heading, 12) + 8;
    for (const auto& [label, color] : entries) {
      const std::string c = palette_color(color);
      append_line(out, {x, y - 4}, {x + 18, y - 4}, "stroke=\"" + c + "\" stroke-width=\"1.8\"");
      append_circle(out, {x + 9, y - 4}, 2.6, "fill=\"" + c + "\"");
      append_text(out, {x + 22, y}, label, "");
      x += 22 + text_width(label, 12) + 12;
    }
    x += 14;
  }
  if (several_sizes(panels)) {
    append_text(out, {x, y}, "work-group size:", "fill=\"#555\"");
    x += text_width("work-group size:", 12) + 8;
    for (const bool dashed : {false, true}) {
      append_line(out, {x, y - 4}, {x + 18, y - 4}, std::string("stroke=\"#555\" stroke-width=\"1.8\"") + (dashed ? " stroke-dasharray=\"5 3\"" : ""));
      append_text(out, {x + 22, y}, dashed ? "other" : "best", "");
      x += 22 + text_width(dashed ? "other" : "best", 12) + 12;
    }
  }
  out += "</g>\n";
}

}  // namespace
}  // namespace chart

std::string render_launch_sweep_svg(const RoofsDocument& doc, LaunchSweep sweep, SweepMetric metric,
                                    const ChartOptions& opt) {
  using namespace chart;
  const std::vector<Panel> panels = collect_panels(doc, sweep, metric);
  const std::size_t cols = panels.size() <= 1 ? 1 : panels.size() <= 4 ? 2 : 3;
  const std::size_t rows = std::max<std::size_t>(1, (panels.size() + cols - 1) / cols);
  const std::string what = metric_name(metric) + " by " +
                           (sweep == LaunchSweep::work_group_count ? "work-group count" : "work-group size");
  const std::string subtitle =
      "Launch sweeps: " + what +
      (sweep == LaunchSweep::work_group_size ? " at a fixed global size"
       : several_sizes(panels)               ? " at the best work-group size (dashed: the other sizes swept)"
                                             : " at the best work-group size") +
      " · median of each point's runs";
  Canvas canvas = make_canvas(opt, 24, subtitle);
  const double top = kTop + subtitle_extra_height(subtitle, canvas.width);  // a wrapped subtitle pushes the plots down
  // Rows share the canvas's height (at least kRowHeight each, the canvas
  // growing for many), but a panel is never taller than 0.8 of its width: a
  // chart with one row of panels shrinks instead of leaving half of it empty.
  const double cell_w = (canvas.width - 10.0) / double(cols);
  const double row_h =
      std::max(kRowHeight, std::min((canvas.height - top - 8) / double(rows), 0.8 * cell_w + kCellTop + kCellBottom));
  canvas.height = static_cast<int>(std::ceil(top + double(rows) * row_h + 8));
  canvas.plot = {kCellLeft, top, canvas.width - 10.0, canvas.height - 8.0};
  const std::string title = opt.title.empty() ? derived_title(doc) : opt.title;
  std::string out;
  append_svg_header(out, canvas, "Launch sweep (" + what + "): " + title);
  append_titles(out, canvas, title, subtitle);
  if (panels.empty()) {
    append_note(out, canvas.plot,
                metric == SweepMetric::performance ? "no launch sweeps in this roofs file"
                                                   : "no power readings for the launch sweeps in this roofs file");
  }
  append_legend_row(out, panels, kCellLeft, top - 12);
  for (std::size_t i = 0; i < panels.size(); ++i) {
    const double cx = double(i % cols) * cell_w, cy = top + double(i / cols) * row_h;
    const Rect plot{cx + kCellLeft, cy + kCellTop, cx + cell_w - kCellRight, cy + row_h - kCellBottom};
    append_panel(out, panels[i], plot, i, sweep);
  }
  out += "</svg>\n";
  return out;
}

}  // namespace roofline
