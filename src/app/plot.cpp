#include "app/plot.hpp"

#include <algorithm>
#include <filesystem>

#include "app/command_files.hpp"
#include "app/errors.hpp"
#include "chart/chart.hpp"
#include "analysis/analysis.hpp"
#include "files/files.hpp"
#include "model/model.hpp"

namespace roofline {
namespace {

struct PlotInputs {
  std::vector<RoofsDocument> docs;
  std::vector<Placement> dots;
  std::vector<double> dot_weights;  // trace files' time shares (ChartOptions::dot_weights)
  std::vector<std::string> dot_files;  // the file each dot came from
  std::vector<const RoofsDocument*> pointers() const {
    std::vector<const RoofsDocument*> out;
    for (const RoofsDocument& d : docs) out.push_back(&d);
    return out;
  }
};

// Each --label must name a placed kernel, by its label or its kernel name.
void check_label_names(const std::vector<std::string>& names, const std::vector<Placement>& dots) {
  for (const std::string& name : names)
    if (std::none_of(dots.begin(), dots.end(), [&](const Placement& p) { return name == p.display_label() || name == p.kernel; }))
      throw CommandError(Failure::usage, "--label " + name + ": no placed kernel (--dots) has this label or kernel name");
}

// Checks --compute and reads every roofs and placement file.
PlotInputs load_inputs(const PlotRequest& r) {
  try {
    chart::check_roof_picks(r.compute);
  } catch (const std::invalid_argument& e) {
    throw CommandError(Failure::usage, std::string("--compute: ") + e.what());
  }
  PlotInputs in;
  for (const auto& p : r.roofs) in.docs.push_back(load_roofs(p));
  // Dot areas follow the kernels' time shares when every dot comes from a trace file.
  bool all_traced = true;
  for (const auto& p : r.dots) {
    PlacedDots file = load_dots(p);
    all_traced = all_traced && file.from_trace;
    for (const Placement& d : file.dots)
      if (const std::string why = undrawable_dot(d); !why.empty())
        throw CommandError(Failure::usage, p + ": the dot of " + d.display_label() + " cannot be drawn: " + why);
    for (Placement& d : file.dots) {
      in.dots.push_back(std::move(d));
      in.dot_files.push_back(p);
    }
    in.dot_weights.insert(in.dot_weights.end(), file.time_shares.begin(), file.time_shares.end());
  }
  if (!all_traced) in.dot_weights.clear();
  check_label_names(r.label, in.dots);
  return in;
}

ChartOptions chart_options(const PlotRequest& r, const PlotInputs& in) {
  ChartOptions opt;
  opt.dot_weights = in.dot_weights;
  opt.title = r.title;
  opt.width = r.width;
  opt.height = r.height;
  opt.compute_roofs = r.compute;
  opt.dot_labels = r.label;
  opt.max_dot_labels = r.labels;
  return opt;
}

// What makes one chart impossible to draw as asked, empty when nothing: a
// chart of one file given several, dots where they cannot go, an energy chart
// of a file without a power model, a suite chart (math, or a suite
// benchmark's: stride, divergence...) of a file without its section. (render_chart would draw what
// it can; asked for more, the user hears why.)
// The CARM and the energy charts draw the compute roofs --compute picks: a
// pick a file has no roof for is refused rather than left out.
std::string unmatched_pick(const PlotRequest& r, const std::vector<RoofsDocument>& docs) {
  for (std::size_t i = 0; i < docs.size(); ++i)
    if (const std::string pick = chart::unmatched_roof_pick(docs[i], r.compute); !pick.empty())
      return "--compute " + pick + ": " + r.roofs[i] + " has no such compute roof";
  return "";
}

bool draws_compute_roofs(const ChartSpec& spec) { return spec.kind == ChartKind::carm || spec.is_energy(); }

std::string chart_refusal(const PlotRequest& r, const ChartSpec& spec, const std::vector<RoofsDocument>& docs) {
  if (docs.size() > 1 && !spec.compares_files())
    return "--chart " + spec.name() + " draws one roofs file, got " + std::to_string(docs.size()) +
           " (carm, bandwidth, latency and the energy charts compare several)";
  if (!r.dots.empty() && !spec.takes_dots())
    return "--dots: the " + spec.name() + " chart has no place for placed kernels (carm, power, energy and efficiency have)";
  for (std::size_t i = 0; i < docs.size(); ++i) {
    if (spec.is_energy() && !(docs[i].energy && docs[i].energy->model))
      return r.roofs[i] + ": no power model (no energy section with a fitted model; measure with roofline build --energy)";
    if (spec.has_metric() && spec.metric != SweepMetric::performance && !has_launch_sweeps(docs[i], true))
      return r.roofs[i] + ": no power readings in the launch sweeps (measure with roofline build --energy)";
    if (const std::string missing = missing_section(spec, docs[i]); !missing.empty())
      return r.roofs[i] + ": " + missing + " in this roofs file (the " + spec.name() + " chart draws that section)";
  }
  if (draws_compute_roofs(spec)) return unmatched_pick(r, docs);
  return "";
}

// What the files hold that a chart cannot show (a number beyond what it can
// draw, NonFiniteNumber among them) is the files' problem: a usage error.
template <typename Draw>
std::string drawn(const Draw& draw) {
  try {
    return draw();
  } catch (const std::invalid_argument& e) {
    throw CommandError(Failure::usage, e.what());
  }
}

std::string render(const ChartSpec& spec, const std::vector<const RoofsDocument*>& docs, const ChartOptions& opt,
                   const std::vector<Placement>& dots) {
  return drawn([&] { return render_chart(spec, docs, opt, dots); });
}

// Each roofs file's default set, named after the file: <folder>/<stem><suffix>.svg.
void plot_all(const PlotRequest& r, const PlotInputs& in, const std::function<void(const std::string&)>& written) {
  if (std::filesystem::path(r.output).extension() == ".svg")
    throw CommandError(Failure::usage, "--chart all writes a folder of charts: -o names that folder, not an .svg file");
  if (const std::string why = unmatched_pick(r, in.docs); !why.empty()) throw CommandError(Failure::usage, why);
  std::error_code ec;
  std::filesystem::create_directories(r.output, ec);
  check_command_files(plot_files(r, in.docs));
  for (std::size_t i = 0; i < in.docs.size(); ++i)
    for (const ChartSpec& spec : default_charts(in.docs[i])) {
      const std::string path = chart_in_folder(r, r.roofs[i], spec.suffix());
      write_file_atomically(path, render(spec, {&in.docs[i]}, chart_options(r, in), spec.takes_dots() ? in.dots : std::vector<Placement>{}));
      if (written) written(path);
    }
}

}  // namespace

void run_plot(const PlotRequest& r, const std::function<void(const std::string&)>& written) {
  const PlotInputs in = load_inputs(r);
  if (!r.chart) return plot_all(r, in, written);
  ChartSpec spec = *r.chart;
  spec.metric = r.metric;
  if (const std::string why = chart_refusal(r, spec, in.docs); !why.empty()) throw CommandError(Failure::usage, why);
  check_command_files(plot_files(r, in.docs));
  write_file_atomically(r.output, render(spec, in.pointers(), chart_options(r, in), in.dots));
  if (written) written(r.output);
}

void run_report(const PlotRequest& r) {
  const PlotInputs in = load_inputs(r);
  if (const std::string why = unmatched_pick(r, in.docs); !why.empty()) throw CommandError(Failure::usage, why);
  check_command_files(report_files(r));
  ReportInputs report;
  report.docs = in.pointers();
  report.doc_files = r.roofs;
  report.dots = in.dots;
  report.dot_files = in.dot_files;
  report.time_shares = in.dot_weights;
  write_file_atomically(r.output, drawn([&] { return render_report_html(report, chart_options(r, in)); }));
}

}  // namespace roofline
