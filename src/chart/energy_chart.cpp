// chart/energy_chart: power, energy and efficiency CARMs.
#include "chart/energy_chart.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "chart/axes.hpp"
#include "chart/legend.hpp"
#include "chart/point_labels.hpp"
#include "chart/roof_colors.hpp"
#include "chart/roof_picks.hpp"
#include "chart/svg.hpp"
#include "model/energy.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace chart {
namespace {

// One curve: a memory level of one document's power model.
struct Curve {
  const RoofsDocument* doc = nullptr;
  MemoryLevel level;
  std::string compute;  // "float MAD"
  PowerRoof roof;
  const MemoryPower* memory = nullptr;
  std::string color;
};

double value_of(EnergyChart k, const PowerRoof& r, double ai) {
  switch (k) {
    case EnergyChart::power: return r.power(ai);
    case EnergyChart::energy: return r.energy_per_op(ai);
    case EnergyChart::efficiency: return r.efficiency(ai);
  }
  return 0;
}

// The measured value of a kernel with performance `perf` (ops/s) at `watts`.
double measured_of(EnergyChart k, double perf, double watts) {
  switch (k) {
    case EnergyChart::power: return watts;
    case EnergyChart::energy: return perf > 0 ? watts / perf : 0;
    case EnergyChart::efficiency: return watts > 0 ? perf / watts : 0;
  }
  return 0;
}

// A placed kernel's value: its own energy reading where it has one (the
// meter's joules per launch, which include any idle time between launches),
// else its performance over its watts.
double measured_of(EnergyChart k, const Placement& p) {
  if (k != EnergyChart::power && p.efficiency && *p.efficiency > 0)
    return k == EnergyChart::efficiency ? *p.efficiency : 1 / *p.efficiency;
  return measured_of(k, p.performance, *p.watts);
}

// What a chart plots, in its display units; every value it draws comes
// through here, scaled from model units.
struct Quantity {
  EnergyChart kind;
  std::string name;  // "Power", "Energy", "Energy-efficiency"
  std::string y_title, unit;
  double scale;  // from model units (W, J/op, op/J) to display units

  double of_roof(const PowerRoof& r, double ai) const { return value_of(kind, r, ai) * scale; }
  double measured(double perf, double watts) const { return measured_of(kind, perf, watts) * scale; }
  double measured(const Placement& p) const { return measured_of(kind, p) * scale; }
  // The model's value at a validation kernel's intensity and level.
  double predicted(const ValidationPoint& v) const {
    return (kind == EnergyChart::power        ? v.predicted_watts
            : kind == EnergyChart::efficiency ? v.predicted_efficiency
                                              : v.predicted_watts / std::max(v.performance, 1e-300)) * scale;
  }
};

// `integer`: every curve counts integer operations (the units say op, not FLOP).
Quantity quantity_of(EnergyChart kind, bool integer) {
  const std::string op = integer ? "INTOP" : "FLOP";
  switch (kind) {
    case EnergyChart::power: return {kind, "Power", "Power [W]", "W", 1};
    case EnergyChart::energy:
      return {kind, "Energy", "Energy per operation [pJ/" + op + "]", "pJ/" + op, 1e12};
    case EnergyChart::efficiency:
      return {kind, "Energy-efficiency", "Energy efficiency [G" + op + "/J]", "G" + op + "/J", 1e-9};
  }
  return {kind, "", "", "", 1};
}

const ComputePower* chosen_compute(const RoofsDocument& doc, const ChartOptions& opt) {
  const PowerModel& m = *doc.energy->model;
  std::vector<std::string> picks = opt.compute_roofs;
  if (picks.empty()) picks = {"float:mad"};
  for (const Ceiling* c : pick_compute_roofs(doc, picks))
    if (const ComputePower* p = m.find_compute(c->op, c->type)) return p;
  return m.compute.empty() ? nullptr : &m.compute.front();
}

std::vector<Curve> collect_curves(const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt) {
  std::vector<Curve> out;
  for (std::size_t d = 0; d < docs.size(); ++d) {
    const RoofsDocument* doc = docs[d];
    if (!doc->energy || !doc->energy->model) continue;
    const PowerModel& model = *doc->energy->model;
    const ComputePower* compute = chosen_compute(*doc, opt);
    if (!compute || !(compute->peak > 0)) continue;
    for (const MemoryPower& m : model.memory) {
      if (!(m.bandwidth > 0)) continue;
      out.push_back({doc, m.level, compute_label(compute->type, compute->op), power_roof(model, *compute, m), &m,
                     docs.size() > 1 ? palette_color(d) : level_color(m.level)});
    }
  }
  return out;
}

std::string curve_label(const Curve& c, bool several) {
  std::string t = c.level.name + (several ? " (" + c.doc->device.name + ")" : "");
  t += format_text(": P_β %.0f W", c.memory->watts);
  if (c.memory->points > 0) t += format_text(", R² %.3f", c.memory->r2);
  return t;
}

// Whether every curve counts integer operations (false without curves).
bool all_integer(const std::vector<Curve>& curves) {
  bool integer = !curves.empty();
  for (const Curve& c : curves) integer &= c.compute.rfind("int", 0) == 0;
  return integer;
}

// What the chart is; with several documents, first a line naming each one's
// device, driver and date; with one, the meter its readings came from.
std::string subtitle_of(const std::vector<const RoofsDocument*>& docs, const std::vector<Curve>& curves,
                        const Quantity& q, const std::string& labelled) {
  const bool several = docs.size() > 1;
  std::string t = several ? documents_line(docs) + "\n" : "";
  t += q.name + " CARM";
  if (!curves.empty()) t += " · " + curves.front().compute + " with each memory level";
  if (!several)
    for (const RoofsDocument* d : docs)
      if (d->energy) t += " · " + d->energy->backend + (d->energy->domains.empty() ? "" : " (" + d->energy->domains.front() + ")");
  if (!labelled.empty()) t += " · kernels: " + labelled;
  return t;
}

// The placed kernels the chart can show: those with a power reading.
std::vector<Placement> dots_with_power(const std::vector<Placement>& dots) {
  std::vector<Placement> out;
  for (const Placement& p : dots)
    if (p.watts && *p.watts > 0 && p.ai > 0 && p.performance > 0) out.push_back(p);
  return out;
}

// X: 1/16..256 FLOP/byte, widened to leave the ridges 16 times their
// intensity of room and the dots and validation points 4 times.
LogAxis x_scale(const std::vector<const RoofsDocument*>& docs, const std::vector<Curve>& curves,
                const std::vector<Placement>& dots, const Rect& plot) {
  double x_min = 1.0 / 16, x_max = 256;
  for (const Curve& c : curves) x_min = std::min(x_min, c.roof.ridge() / 16), x_max = std::max(x_max, c.roof.ridge() * 16);
  for (const Placement& p : dots) x_min = std::min(x_min, p.ai / 4), x_max = std::max(x_max, p.ai * 4);
  for (const RoofsDocument* d : docs)
    if (d->energy)
      for (const ValidationPoint& v : d->energy->validation)
        if (v.ai > 0) x_min = std::min(x_min, v.ai / 4), x_max = std::max(x_max, v.ai * 4);
  return make_log_axis(x_min, x_max, plot.x0, plot.x1);
}

// A curve drawn as (intensity, value) pairs, the value in display units.
using Samples = std::vector<std::pair<double, double>>;

// Each curve at 241 intensities evenly spaced on the log x axis.
std::vector<Samples> sample_curves(const std::vector<Curve>& curves, const Quantity& q, const LogAxis& xs) {
  const int samples = 240;
  std::vector<Samples> sampled(curves.size());
  for (std::size_t i = 0; i < curves.size(); ++i)
    for (int k = 0; k <= samples; ++k) {
      const double ai = xs.lo * std::pow(xs.hi / xs.lo, double(k) / samples);
      sampled[i].push_back({ai, q.of_roof(curves[i].roof, ai)});
    }
  return sampled;
}

// The least and greatest of the values taken; values that a log axis cannot
// show (zero, negative, infinite, NaN) are left out.
struct ValueRange {
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  void take(double y) {
    if (y > 0 && std::isfinite(y)) lo = std::min(lo, y), hi = std::max(hi, y);
  }
};

// Y: every curve over the x range, idle power and the measured points, with
// some room above and below; 1..1000 when there is nothing to show.
LogAxis y_scale(const std::vector<const RoofsDocument*>& docs, const std::vector<Samples>& sampled,
                const std::vector<Placement>& dots, const Quantity& q, const Rect& plot) {
  ValueRange range;
  for (const Samples& curve : sampled)
    for (const auto& sample : curve) range.take(sample.second);
  for (const RoofsDocument* d : docs) {
    if (!d->energy) continue;
    if (q.kind == EnergyChart::power && d->energy->idle_watts) range.take(d->energy->idle_watts->median);
    for (const ValidationPoint& v : d->energy->validation) range.take(q.measured(v.performance, v.measured_watts));
  }
  for (const Placement& p : dots) range.take(q.measured(p));
  if (!(range.hi > 0)) range.lo = 1, range.hi = 1000;
  return make_round_log_axis(range.lo / 1.3, range.hi * 1.5, plot.y1, plot.y0, 4);
}

struct Scales {
  LogAxis x, y;
  Point at(double ai, double value) const { return {x.to_pixel(ai), y.to_pixel(value)}; }
};

// The two axes with decade ticks, labels at least 48 (x) and 22 (y) pixels
// apart; y labels 2 and 5 times a decade too where there is room.
std::pair<AxisSpec, AxisSpec> axis_specs(const Scales& s, const Quantity& q, bool integer) {
  return {AxisSpec{s.x, decade_ticks(s.x, 48),
                   integer ? "Arithmetic intensity [op/byte]" : "Arithmetic intensity [FLOP/byte]"},
          AxisSpec{s.y, decade_ticks(s.y, 22, true), q.y_title}};
}

// A curve's tooltip: the model's three powers and the value at the ridge.
std::string curve_tooltip(const Curve& c, const Quantity& q) {
  return q.name + " roof of " + c.level.name + " with " + c.compute +
         format_text("\nP_c %.1f W, P_φ %.1f W, P_β %.1f W\nridge %.3g op/byte: %.4g %s", c.roof.constant_watts,
                       c.roof.compute_watts, c.roof.memory_watts, c.roof.ridge(), q.of_roof(c.roof, c.roof.ridge()),
                       q.unit.c_str());
}

// Each curve as a line through its samples.
void append_curves(std::string& out, const std::vector<Curve>& curves, const std::vector<Samples>& sampled,
                   const Quantity& q, const Scales& s, Obstacles& drawn) {
  out += "<g id=\"curves\" clip-path=\"url(#plot-area)\" fill=\"none\" stroke-linejoin=\"round\">\n";
  for (std::size_t i = 0; i < curves.size(); ++i) {
    std::vector<Point> pts;
    for (const auto& [ai, y] : sampled[i]) pts.push_back(s.at(ai, y));
    const Curve& c = curves[i];
    out += "<polyline class=\"energy-roof\" points=\"" + points_attribute(pts) + "\" stroke=\"" + c.color +
           "\" stroke-width=\"2.2\"><title>" + xml_escape(curve_tooltip(c, q)) + "</title></polyline>\n";
    drawn.add_polyline(pts);
  }
  out += "</g>\n";
}

// A dashed grey line across the plot at `watts`, named at its left end;
// nothing unless `watts` is positive.
void append_power_level(std::string& out, double watts, const std::string& name, const std::string& dash,
                        const LogAxis& ys, const Rect& plot, Obstacles& drawn) {
  if (!(watts > 0)) return;
  const double y = ys.to_pixel(watts);
  append_line(out, {plot.x0, y}, {plot.x1, y},
              "class=\"reference\" stroke=\"#777\" stroke-width=\"1.2\" stroke-dasharray=\"" + dash + "\"",
              name + format_text(": %.1f W", watts));
  drawn.segments.push_back({{plot.x0, y}, {plot.x1, y}});
  append_haloed_text(out, {plot.x0 + 8, y - 4}, name + format_text(" %.0f W", watts), "font-size=\"11\"", "#555");
  drawn.boxes.push_back({plot.x0 + 8, y - 15, plot.x0 + 8 + text_width(name + " 000 W", 11), y});
}

// Reference levels of power: idle (nothing running) and constant (busy, no work).
void append_power_levels(std::string& out, const std::vector<const RoofsDocument*>& docs, const LogAxis& ys,
                         const Rect& plot, Obstacles& drawn) {
  for (const RoofsDocument* d : docs) {
    if (!d->energy) continue;
    if (d->energy->idle_watts) append_power_level(out, d->energy->idle_watts->median, "idle", "2 3", ys, plot, drawn);
    if (d->energy->model) append_power_level(out, d->energy->model->constant_watts, "constant P_c", "6 3", ys, plot, drawn);
  }
}

// A marker at each curve's ridge point, where it lies within the x range.
void append_ridges(std::string& out, const std::vector<Curve>& curves, const Quantity& q, const Scales& s,
                   Obstacles& drawn) {
  out += "<g id=\"ridges\">\n";
  for (const Curve& c : curves) {
    const double r = c.roof.ridge();
    if (r < s.x.lo || r > s.x.hi) continue;
    const Point p = s.at(r, q.of_roof(c.roof, r));
    append_circle(out, p, 4, "class=\"ridge\" fill=\"white\" stroke=\"" + c.color + "\" stroke-width=\"2\"",
                  "ridge of " + c.level.name + ": " + format_text("%.3g", r) + " op/byte");
    drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(5));
  }
  out += "</g>\n";
}

// A validation kernel's color: its level's curve in its document, grey where
// that has none.
std::string validation_color(const ValidationPoint& v, const RoofsDocument* doc, const std::vector<Curve>& curves) {
  std::string color = "#555";
  for (const Curve& c : curves)
    if (c.doc == doc && c.level == v.level) color = c.color;
  return color;
}

std::string validation_tooltip(const ValidationPoint& v, double measured, const Quantity& q) {
  return v.name + format_text("\nmeasured %.4g %s, model %.4g %s\n%.3g op/byte, %.4g Gop/s", measured, q.unit.c_str(),
                                q.predicted(v), q.unit.c_str(), v.ai, v.performance * 1e-9);
}

// Validation kernels: hollow squares in their level's color. Returns whether
// any was drawn.
bool append_validation(std::string& out, const std::vector<const RoofsDocument*>& docs, const std::vector<Curve>& curves,
                       const Quantity& q, const Scales& s, Obstacles& drawn) {
  bool any = false;
  out += "<g id=\"validation\">\n";
  for (const RoofsDocument* d : docs) {
    if (!d->energy) continue;
    for (const ValidationPoint& v : d->energy->validation) {
      const double y = q.measured(v.performance, v.measured_watts);
      if (!(v.ai > 0) || !(y > 0)) continue;
      const Point p = s.at(v.ai, y);
      out += "<rect class=\"validation\" x=\"" + px(p.x - 3.5) + "\" y=\"" + px(p.y - 3.5) +
             "\" width=\"7\" height=\"7\" fill=\"white\" stroke=\"" + validation_color(v, d, curves) +
             "\" stroke-width=\"1.6\"><title>" + xml_escape(validation_tooltip(v, y, q)) + "</title></rect>\n";
      drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(5));
      any = true;
    }
  }
  out += "</g>\n";
  return any;
}

// Placed kernels with a power reading, then their labels.
void append_dots(std::string& out, const std::vector<Placement>& dots, const DotLabels& labelled,
                 const Quantity& q, const Scales& s, const Rect& plot, Obstacles& drawn) {
  if (dots.empty()) return;
  out += "<g id=\"dots\">\n";
  std::vector<PointToLabel> points;
  for (std::size_t i = 0; i < dots.size(); ++i) {
    const Placement& p = dots[i];
    const double y = q.measured(p);
    const Point at = s.at(p.ai, y);
    append_circle(out, at, 5, "class=\"dot\" fill=\"#1A1A1A\" stroke=\"white\" stroke-width=\"1.5\"",
                  clip_text(p.display_label(), kMaxTooltipChars) +
                      format_text("\n%.4g %s at %.4g op/byte, %.4g W", y, q.unit.c_str(), p.ai, *p.watts));
    points.push_back(dot_point(at, dots, i, labelled));
  }
  const auto labels = place_point_labels(points, 11.5, plot, drawn);
  for (std::size_t i = 0; i < labels.size(); ++i)
    if (labels[i]) append_point_label(out, *labels[i], points[i].text, 11.5, "#1A1A1A");
  out += "</g>\n";
}

// An entry per curve, then one for the validation kernels where any was drawn.
std::vector<LegendEntry> legend_entries(const std::vector<Curve>& curves, bool several, bool any_validation) {
  std::vector<LegendEntry> entries;
  for (const Curve& c : curves) entries.push_back({curve_label(c, several), c.color, LegendEntry::Swatch::line, "", 2.2, 1});
  if (any_validation) entries.push_back({"mixed kernels, measured", "#555", LegendEntry::Swatch::square, "", 0, 1});
  return entries;
}

}  // namespace
}  // namespace chart

std::string render_energy_svg(const std::vector<const RoofsDocument*>& docs, EnergyChart kind,
                              const ChartOptions& opt, const std::vector<Placement>& input_dots) {
  using namespace chart;
  const std::vector<Curve> curves = collect_curves(docs, opt);
  const bool integer = all_integer(curves);
  const Quantity q = quantity_of(kind, integer);
  const std::string title = opt.title.empty() ? comparison_title(docs) : opt.title;
  const std::vector<Placement> dots = dots_with_power(input_dots);
  const DotLabels labelled = choose_dot_labels(dots, opt);
  const std::string subtitle = subtitle_of(docs, curves, q, labelled.note);
  const Canvas canvas = make_canvas(opt, 24, subtitle);
  const Rect& plot = canvas.plot;
  const LogAxis xs = x_scale(docs, curves, dots, plot);
  const std::vector<Samples> sampled = sample_curves(curves, q, xs);
  const Scales scales{xs, y_scale(docs, sampled, dots, q, plot)};
  const auto [x_axis, y_axis] = axis_specs(scales, q, integer);

  std::string out;
  append_svg_header(out, canvas, q.name + " CARM: " + title);
  append_grid(out, plot, x_axis, y_axis);
  Obstacles drawn;
  append_curves(out, curves, sampled, q, scales, drawn);
  if (kind == EnergyChart::power) append_power_levels(out, docs, scales.y, plot, drawn);
  append_ridges(out, curves, q, scales, drawn);
  append_axes(out, plot, x_axis, y_axis);
  append_titles(out, canvas, title, subtitle);
  const bool any_validation = append_validation(out, docs, curves, q, scales, drawn);
  append_dots(out, dots, labelled, q, scales, plot, drawn);
  if (curves.empty())
    append_note(out, plot, "no power model in this roofs file (roofline build --energy)");
  append_legend(out, legend_entries(curves, docs.size() > 1, any_validation), plot, drawn,
                {Corner::lower_right, Corner::upper_left, Corner::lower_left, Corner::upper_right});
  out += "</svg>\n";
  return out;
}

}  // namespace roofline
