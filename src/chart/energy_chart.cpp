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
  std::string level, compute;  // "DRAM", "float MAD"
  PowerRoof roof;
  const MemoryPower* memory = nullptr;
  std::string color;
};

struct Kind {
  std::string y_title, unit;
  double scale;  // from model units (W, J/op, op/J) to display units
};

Kind kind_of(EnergyChart k, bool integer) {
  const std::string op = integer ? "INTOP" : "FLOP";
  switch (k) {
    case EnergyChart::power: return {"Power [W]", "W", 1};
    case EnergyChart::energy: return {"Energy per operation [pJ/" + op + "]", "pJ/" + op, 1e12};
    case EnergyChart::efficiency: return {"Energy efficiency [G" + op + "/J]", "G" + op + "/J", 1e-9};
  }
  return {"", "", 1};
}

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

const ComputePower* chosen_compute(const RoofsDocument& doc, const ChartOptions& opt) {
  const PowerModel& m = *doc.energy->model;
  std::vector<std::string> picks = opt.compute_roofs;
  if (picks.empty()) picks = {"float:mad"};
  for (const Ceiling* c : pick_compute_roofs(doc, picks))
    if (const ComputePower* p = m.find_compute(c->op, c->type)) return p;
  return m.compute.empty() ? nullptr : &m.compute.front();
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
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
      out.push_back({doc, m.level, compute->type + " " + upper(compute->op), power_roof(model, *compute, m), &m,
                     docs.size() > 1 ? palette_color(d) : level_color(m.level)});
    }
  }
  return out;
}

std::string curve_label(const Curve& c, bool several) {
  std::string t = c.level + (several ? " (" + c.doc->device.name + ")" : "");
  t += printf_string(": P_β %.0f W", c.memory->watts);
  if (c.memory->points > 0) t += printf_string(", R² %.3f", c.memory->r2);
  return t;
}

}  // namespace
}  // namespace chart

std::string render_energy_svg(const std::vector<const RoofsDocument*>& docs, EnergyChart kind_id,
                              const ChartOptions& opt, const std::vector<Placement>& input_dots) {
  using namespace chart;
  const std::vector<Curve> curves = collect_curves(docs, opt);
  const bool several = docs.size() > 1;
  bool integer = !curves.empty();
  for (const Curve& c : curves) integer &= c.compute.rfind("int", 0) == 0;
  const Kind kind = kind_of(kind_id, integer);

  static const char* names[] = {"Power", "Energy", "Energy-efficiency"};
  const std::string what = names[static_cast<int>(kind_id)];
  const std::string title = opt.title.empty() ? comparison_title(docs) : opt.title;
  std::string subtitle = several ? documents_line(docs) + "\n" : "";
  subtitle += what + " CARM";
  if (!curves.empty()) subtitle += " · " + curves.front().compute + " with each memory level";
  for (const RoofsDocument* d : docs)
    if (d->energy && !several) subtitle += " · " + d->energy->backend + (d->energy->domains.empty() ? "" : " (" + d->energy->domains.front() + ")");
  const Canvas canvas = make_canvas(opt, 24, subtitle);
  const Rect& plot = canvas.plot;

  std::vector<Placement> dots;
  for (const Placement& p : input_dots)
    if (p.watts && *p.watts > 0 && p.ai > 0 && p.performance > 0) dots.push_back(p);

  // X: 1/16..256 FLOP/byte, the ridges with room, the dots and validation points.
  double x_min = 1.0 / 16, x_max = 256;
  for (const Curve& c : curves) x_min = std::min(x_min, c.roof.ridge() / 16), x_max = std::max(x_max, c.roof.ridge() * 16);
  for (const Placement& p : dots) x_min = std::min(x_min, p.ai / 4), x_max = std::max(x_max, p.ai * 4);
  for (const RoofsDocument* d : docs)
    if (d->energy)
      for (const ValidationPoint& v : d->energy->validation)
        if (v.ai > 0) x_min = std::min(x_min, v.ai / 4), x_max = std::max(x_max, v.ai * 4);
  const LogAxis xs = make_log_axis(x_min, x_max, plot.x0, plot.x1);

  // Y: every curve over the x range, idle power and the measured points.
  const int samples = 240;
  std::vector<std::vector<std::pair<double, double>>> sampled(curves.size());
  double y_min = std::numeric_limits<double>::infinity(), y_max = 0;
  const auto take = [&](double y) {
    if (y > 0 && std::isfinite(y)) y_min = std::min(y_min, y), y_max = std::max(y_max, y);
  };
  for (std::size_t i = 0; i < curves.size(); ++i)
    for (int k = 0; k <= samples; ++k) {
      const double ai = xs.lo * std::pow(xs.hi / xs.lo, double(k) / samples);
      const double y = value_of(kind_id, curves[i].roof, ai) * kind.scale;
      sampled[i].push_back({ai, y});
      take(y);
    }
  for (const RoofsDocument* d : docs) {
    if (!d->energy) continue;
    if (kind_id == EnergyChart::power && d->energy->idle_watts) take(d->energy->idle_watts->median);
    for (const ValidationPoint& v : d->energy->validation) take(measured_of(kind_id, v.performance, v.measured_watts) * kind.scale);
  }
  for (const Placement& p : dots) take(measured_of(kind_id, p) * kind.scale);
  if (!(y_max > 0)) y_min = 1, y_max = 1000;
  const LogAxis ys = make_round_log_axis(y_min / 1.3, y_max * 1.5, plot.y1, plot.y0, 4);
  const AxisSpec x_axis{xs, decade_ticks(xs, 48), integer ? "Arithmetic intensity [op/byte]" : "Arithmetic intensity [FLOP/byte]"};
  const AxisSpec y_axis{ys, decade_ticks(ys, 22, true), kind.y_title};

  std::string out;
  append_svg_header(out, canvas, what + " CARM: " + title);
  append_grid(out, plot, x_axis, y_axis);
  Obstacles drawn;
  std::vector<LegendEntry> legend;
  out += "<g id=\"curves\" clip-path=\"url(#plot-area)\" fill=\"none\" stroke-linejoin=\"round\">\n";
  for (std::size_t i = 0; i < curves.size(); ++i) {
    std::vector<Point> pts;
    for (const auto& [ai, y] : sampled[i]) pts.push_back({xs.to_pixel(ai), ys.to_pixel(y)});
    const Curve& c = curves[i];
    std::string tip = what + " roof of " + c.level + " with " + c.compute + printf_string(
        "\nP_c %.1f W, P_φ %.1f W, P_β %.1f W\nridge %.3g op/byte: %.4g %s", c.roof.constant_watts, c.roof.compute_watts,
        c.roof.memory_watts, c.roof.ridge(), value_of(kind_id, c.roof, c.roof.ridge()) * kind.scale, kind.unit.c_str());
    out += "<polyline class=\"energy-roof\" points=\"" + points_attribute(pts) + "\" stroke=\"" + c.color +
           "\" stroke-width=\"2.2\"><title>" + xml_escape(tip) + "</title></polyline>\n";
    drawn.add_polyline(pts);
    legend.push_back({curve_label(c, several), c.color, LegendEntry::Swatch::line, "", 2.2, 1});
  }
  out += "</g>\n";
  // Reference levels of power: idle (nothing running) and constant (busy, no work).
  if (kind_id == EnergyChart::power)
    for (const RoofsDocument* d : docs) {
      if (!d->energy) continue;
      const auto hline = [&](double w, const std::string& name, const std::string& dash) {
        if (!(w > 0)) return;
        const double y = ys.to_pixel(w);
        append_line(out, {plot.x0, y}, {plot.x1, y}, "class=\"reference\" stroke=\"#777\" stroke-width=\"1.2\" stroke-dasharray=\"" + dash + "\"",
                    name + printf_string(": %.1f W", w));
        drawn.segments.push_back({{plot.x0, y}, {plot.x1, y}});
        append_haloed_text(out, {plot.x0 + 8, y - 4}, name + printf_string(" %.0f W", w), "font-size=\"11\"", "#555");
        drawn.boxes.push_back({plot.x0 + 8, y - 15, plot.x0 + 8 + text_width(name + " 000 W", 11), y});
      };
      if (d->energy->idle_watts) hline(d->energy->idle_watts->median, "idle", "2 3");
      if (d->energy->model) hline(d->energy->model->constant_watts, "constant P_c", "6 3");
    }
  // Ridge points.
  out += "<g id=\"ridges\">\n";
  for (const Curve& c : curves) {
    const double r = c.roof.ridge();
    if (r < xs.lo || r > xs.hi) continue;
    const Point p{xs.to_pixel(r), ys.to_pixel(value_of(kind_id, c.roof, r) * kind.scale)};
    append_circle(out, p, 4, "class=\"ridge\" fill=\"white\" stroke=\"" + c.color + "\" stroke-width=\"2\"",
                  "ridge of " + c.level + ": " + printf_string("%.3g", r) + " op/byte");
    drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(5));
  }
  out += "</g>\n";
  append_axes(out, plot, x_axis, y_axis);
  append_titles(out, canvas, title, subtitle);

  // Validation kernels: hollow squares in their level's color.
  bool any_validation = false;
  out += "<g id=\"validation\">\n";
  for (const RoofsDocument* d : docs) {
    if (!d->energy) continue;
    for (const ValidationPoint& v : d->energy->validation) {
      const double y = measured_of(kind_id, v.performance, v.measured_watts) * kind.scale;
      if (!(v.ai > 0) || !(y > 0)) continue;
      std::string color = "#555";
      for (const Curve& c : curves)
        if (c.doc == d && c.level == v.level) color = c.color;
      const Point p{xs.to_pixel(v.ai), ys.to_pixel(y)};
      const double predicted = (kind_id == EnergyChart::power ? v.predicted_watts
                                : kind_id == EnergyChart::efficiency ? v.predicted_efficiency
                                : v.predicted_watts / std::max(v.performance, 1e-300)) * kind.scale;
      out += "<rect class=\"validation\" x=\"" + px(p.x - 3.5) + "\" y=\"" + px(p.y - 3.5) +
             "\" width=\"7\" height=\"7\" fill=\"white\" stroke=\"" + color + "\" stroke-width=\"1.6\"><title>" +
             xml_escape(v.name + printf_string("\nmeasured %.4g %s, model %.4g %s\n%.3g op/byte, %.4g Gop/s", y,
                                               kind.unit.c_str(), predicted, kind.unit.c_str(), v.ai, v.performance * 1e-9)) +
             "</title></rect>\n";
      drawn.boxes.push_back(Rect{p.x, p.y, p.x, p.y}.inflated(5));
      any_validation = true;
    }
  }
  out += "</g>\n";
  if (any_validation) legend.push_back({"mixed kernels, measured", "#555", LegendEntry::Swatch::square, "", 0, 1});

  // Placed kernels with a power reading.
  if (!dots.empty()) {
    out += "<g id=\"dots\">\n";
    std::vector<PointToLabel> points;
    for (const Placement& p : dots) {
      const double y = measured_of(kind_id, p) * kind.scale;
      const Point at{xs.to_pixel(p.ai), ys.to_pixel(y)};
      append_circle(out, at, 5, "class=\"dot\" fill=\"#1A1A1A\" stroke=\"white\" stroke-width=\"1.5\"",
                    p.display_label() + printf_string("\n%.4g %s at %.4g op/byte, %.4g W", y, kind.unit.c_str(), p.ai, *p.watts));
      points.push_back({at, 5, p.display_label()});
    }
    const auto labels = place_point_labels(points, 11.5, plot, drawn);
    for (std::size_t i = 0; i < labels.size(); ++i) append_point_label(out, labels[i], points[i].text, 11.5, "#1A1A1A");
    out += "</g>\n";
  }
  if (curves.empty())
    append_note(out, plot, "no power model in this roofs file (roofline build --energy)");
  append_legend(out, legend, plot, drawn, {Corner::lower_right, Corner::upper_left, Corner::lower_left, Corner::upper_right});
  out += "</svg>\n";
  return out;
}

}  // namespace roofline
