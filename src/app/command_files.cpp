#include "app/command_files.hpp"

#include <filesystem>
#include <optional>

#include "app/analyze.hpp"
#include "app/build.hpp"
#include "app/kernel_setup.hpp"
#include "app/output_files.hpp"
#include "app/place.hpp"
#include "app/plot.hpp"
#include "app/trace.hpp"
#include "chart/chart_kinds.hpp"
#include "files/atomic_file.hpp"
#include "files/file_errors.hpp"
#include "files/input_file.hpp"
#include "launch/launch_spec.hpp"

namespace roofline {
namespace {

// A file as a message names it beside another: its role, then its path
// ("the roofs file (--roofs) r.json").
std::string named(const NamedFile& f) { return f.role + " " + f.path; }

// Every output, those written beside another included.
std::vector<NamedFile> every_output(const CommandFiles& files) {
  std::vector<NamedFile> out;
  for (const CommandFiles::Output& o : files.outputs) {
    out.push_back(o.file);
    out.insert(out.end(), o.beside.begin(), o.beside.end());
  }
  return out;
}

void check_no_clash(const CommandFiles& files) {
  const std::vector<NamedFile> outputs = every_output(files);
  std::vector<std::optional<FileIdentity>> written;
  for (const NamedFile& o : outputs) written.push_back(output_identity(o.path));
  for (const NamedFile& in : files.inputs) {
    const std::optional<FileIdentity> read = input_identity(in.path);
    if (!read) continue;
    for (std::size_t i = 0; i < outputs.size(); ++i)
      if (written[i] == read)
        throw OutputFileError("cannot write " + outputs[i].path + ": " + outputs[i].role + " is " + named(in) +
                              ", which this run reads");
  }
  for (std::size_t i = 0; i < outputs.size(); ++i)
    for (std::size_t j = 0; j < i; ++j)
      if (written[i] && written[i] == written[j])
        throw OutputFileError("cannot write " + outputs[i].path + ": " + outputs[i].role + " and " + named(outputs[j]) +
                              " are one file; one would replace the other");
}

// An output's missing folders are made (as mkdir -p), after the clash check
// and before anything runs, so that `-o results/today/r.json` needs no mkdir;
// a folder that cannot be made is refused, saying why (a file on the way, no
// permission). An existing path is left to check_writable.
void make_output_folder(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::path(path).parent_path();
  std::error_code ec;
  if (folder.empty() || std::filesystem::exists(std::filesystem::symlink_status(folder, ec))) return;
  std::filesystem::create_directories(folder, ec);
  if (ec) throw OutputFileError("cannot write " + path + ": cannot make its folder " + folder.string() + ": " + ec.message());
}

// check_writable for the output and those beside it; a path other files are
// named after must be a file (a stream, /dev/stdout or /dev/null, has no
// neighbours to follow it).
void check_output(const CommandFiles::Output& o) {
  if (check_writable(o.file.path) == OutputKind::stream && !o.beside.empty())
    throw OutputFileError("cannot write " + o.file.path + ": other files are named after it (" + o.beside.front().path +
                          "), so it must name a file, not a stream");
  for (const NamedFile& b : o.beside) check_writable(b.path);
}

// The files a kernel command reads: the .cl file and the data files of its
// arguments, from the command line and the file's // roofline: lines. A spec
// or a file that cannot be read is left for the kernel's preparation to
// report, with its own message.
void add_kernel_inputs(CommandFiles& files, const KernelRequest& r) {
  const std::string source_file = kernel_source_file(r.file);
  files.input(source_file, "the kernel file");
  LaunchSpec spec;
  try {
    std::vector<std::string> words;
    for (const std::string& a : r.args) words.insert(words.end(), {"--arg", a});
    spec = parse_launch_words(words);
    spec.merge_over(parse_source_launch_spec(read_input_file(source_file, "kernel file", kSourceFileCap)));
  } catch (const std::exception&) {
  }
  for (const auto& [name, path] : spec.data_files()) files.input(path, "the data file of --arg " + name);
}

// The charts of `specs` (the CARM left out) named after the chart at `chart`, as written beside it.
std::vector<NamedFile> charts_beside(const std::string& chart, const std::vector<ChartSpec>& specs, const std::string& option) {
  std::vector<NamedFile> out;
  for (const ChartSpec& spec : specs)
    if (!spec.suffix().empty()) out.push_back({sibling(chart, spec.suffix()), "the " + spec.suffix().substr(1) + " chart beside " + option});
  return out;
}

std::vector<ChartSpec> energy_carms() { return {ChartSpec{ChartKind::power}, ChartSpec{ChartKind::efficiency}}; }

}  // namespace

void CommandFiles::input(const std::string& path, const std::string& role) {
  if (!path.empty()) inputs.push_back({path, role});
}

void CommandFiles::output(const std::string& path, const std::string& role, std::vector<NamedFile> beside) {
  if (!path.empty()) outputs.push_back({{path, role}, std::move(beside)});
}

void check_command_files(const CommandFiles& files, bool writable_checked) {
  check_no_clash(files);
  for (const CommandFiles::Output& o : files.outputs) make_output_folder(o.file.path);
  if (!writable_checked)
    for (const CommandFiles::Output& o : files.outputs) check_output(o);
}

CommandFiles build_files(const BuildRequest& r, const std::string& roofs, const std::string& chart) {
  CommandFiles f;
  f.input(r.levels, "the level override file (--levels)");
  f.input(r.alone, "the roofs files of builds alone (--alone)");
  f.output(roofs, "the roofs file (-o)", {{roofs + ".partial", "the partial roofs file"}});
  f.output(chart, "the CARM chart (--svg)", charts_beside(chart, every_default_chart(), "--svg"));
  return f;
}

std::string chart_in_folder(const PlotRequest& r, const std::string& roofs, const std::string& suffix) {
  return (std::filesystem::path(r.output) / (std::filesystem::path(roofs).stem().string() + suffix + ".svg")).string();
}

namespace {

void add_plot_inputs(CommandFiles& f, const PlotRequest& r) {
  for (const std::string& roofs : r.roofs) f.input(roofs, "the roofs file");
  for (const std::string& dots : r.dots) f.input(dots, "the placement file (--dots)");
}

}  // namespace

CommandFiles plot_files(const PlotRequest& r, const std::vector<RoofsDocument>& docs) {
  CommandFiles f;
  add_plot_inputs(f, r);
  if (r.chart) {
    f.output(r.output, "the chart (-o)");
    return f;
  }
  for (std::size_t i = 0; i < docs.size() && i < r.roofs.size(); ++i)
    for (const ChartSpec& spec : default_charts(docs[i]))
      f.output(chart_in_folder(r, r.roofs[i], spec.suffix()), "the " + spec.name() + " chart of " + r.roofs[i] + " (--chart all)");
  return f;
}

CommandFiles report_files(const PlotRequest& r) {
  CommandFiles f;
  add_plot_inputs(f, r);
  f.output(r.output, "the report (-o)");
  return f;
}

namespace {

// What a kernel command reads: the kernel's files, and the roofs file (--roofs, or the device's once found).
CommandFiles kernel_command(const KernelRequest& kernel, const std::string& roofs) {
  CommandFiles f;
  add_kernel_inputs(f, kernel);
  f.input(roofs, "the roofs file");
  return f;
}

}  // namespace

CommandFiles count_files(const CountRequest& r) {
  CommandFiles f = kernel_command(r.kernel, "");
  f.output(r.output, "the counts file (-o)");
  return f;
}

CommandFiles place_files(const PlaceRequest& r, const std::string& device_roofs) {
  CommandFiles f = kernel_command(r.kernel, device_roofs.empty() ? r.roofs : device_roofs);
  f.input(r.counts, "the counts file (--counts)");
  f.output(r.output, "the placement file (-o)");
  f.output(r.svg, "the chart (--svg)", charts_beside(r.svg, energy_carms(), "--svg"));
  f.output(r.analysis, "the analysis file (--analysis)");
  return f;
}

CommandFiles analyze_files(const AnalyzeRequest& r, const std::string& device_roofs) {
  CommandFiles f = kernel_command(r.kernel, device_roofs.empty() ? r.roofs : device_roofs);
  f.output(r.output, "the analysis file (-o)");
  return f;
}

CommandFiles trace_files(const TraceRequest& r, const std::string& executable, const std::string& device_roofs) {
  CommandFiles f;
  f.input(executable, "the application");
  f.input(device_roofs.empty() ? r.roofs : device_roofs, "the roofs file");
  f.output(r.output, "the trace file (-o)");
  f.output(r.svg, "the chart (--svg)");
  return f;
}

CommandFiles trace_merge_files(const TraceRequest& r, const std::string& output, const std::string& svg) {
  CommandFiles f;
  for (const std::string& rank : r.merge) f.input(rank, "a rank's trace file (--merge)");
  f.input(r.roofs, "the roofs file");
  f.output(output, "the trace file (-o)");
  f.output(svg, "the chart (--svg)");
  return f;
}

}  // namespace roofline
