#include "cli/commands.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <limits>

#include "cli/cli_docs.hpp"
#include "cli/exit_status.hpp"
#include "cli/present.hpp"
#include "version.hpp"

namespace roofline {
namespace {

const char* kDeviceHelp =
    "Device: cpu, gpu, igpu, dgpu, accelerator, a P:D index, a list index, or a name substring "
    "(default: a GPU if there is one, else a CPU)";
const char* kBuildDeviceHelp =
    "Device: cpu, gpu, igpu, dgpu, accelerator, a P:D index, a list index, or a name substring; all, or a "
    "comma-separated list (0:0,0:1): one build per device, each with its own roofs file (-o as a template) "
    "(default: a GPU if there is one, else a CPU)";

// --timeout: a finite number of seconds, 0 or more (NaN and inf pass CLI11's ranges).
std::string check_timeout(const std::string& text) {
  char* end = nullptr;
  const double s = std::strtod(text.c_str(), &end);
  if (end == text.c_str() || *end != '\0' || !std::isfinite(s) || s < 0)
    return "--timeout takes seconds, 0 or more (0: no limit), not '" + text + "'";
  return "";
}

// A number in [lo, hi]. CLI11's Range and NonNegativeNumber compare, and
// every comparison with NaN is false: they let "nan" through.
CLI::Validator finite_in(double lo, double hi) {
  const std::string range = "[" + CLI::detail::to_string(lo) + ", " + CLI::detail::to_string(hi) + "]";
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        double v = 0;
        if (!CLI::detail::lexical_cast(text, v) || !std::isfinite(v)) return "'" + text + "' is not a finite number";
        if (v < lo || v > hi) return text + " is not in " + range;
        return "";
      },
      "NUMBER in " + range);
}

// A whole number in [lo, hi]. CLI11 2.1 reads an unsigned 64-bit option with
// strtoull and no overflow check: 99999999999999999999 became 2^64 - 1.
CLI::Validator whole_in(std::uint64_t lo, std::uint64_t hi) {
  const std::string range = "[" + std::to_string(lo) + ", " + std::to_string(hi) + "]";
  return CLI::Validator(
      [lo, hi, range](std::string& text) -> std::string {
        std::uint64_t v = 0;
        const auto r = std::from_chars(text.data(), text.data() + text.size(), v);
        if (r.ptr != text.data() + text.size() || (r.ec != std::errc() && r.ec != std::errc::result_out_of_range))
          return "'" + text + "' is not a whole number";
        if (r.ec == std::errc::result_out_of_range || v < lo || v > hi) return text + " is not in " + range;
        return "";
      },
      "WHOLE NUMBER in " + range);
}

// An option whose empty value would read as "not given": --device '' is no
// selector, -o '' no file.
const CLI::Validator kNotEmpty(
    [](std::string& text) -> std::string { return text.empty() ? "an empty value names nothing" : ""; }, "NOT EMPTY");

std::vector<std::string> energy_names(bool with_none) {
  std::vector<std::string> names;
  for (const auto& n : Vocabulary<EnergyBackend>::names)
    if (with_none || n.value != EnergyBackend::none) names.emplace_back(n.name);
  return names;
}

// An old spelling of `current` kept for users' scripts: it fills the same
// value (given with the new one, the last given wins, as for one option
// given twice), is hidden from the help and says which one to use.
void add_deprecated_alias(CLI::App* command, const std::string& old_name, std::string& value, CLI::Option* current) {
  const std::string now = current->get_name();
  command->add_option(old_name, value, "Deprecated: " + now)
      ->group("")
      ->each([old_name, now](const std::string&) { print_warning(old_name + " is deprecated: use " + now); });
}

}  // namespace

CommandLine::CommandLine() {
  app_.set_version_flag("--version", std::string("roofline ") + ROOFLINE_VERSION + " (" + ROOFLINE_GIT_REVISION + ")");
  app_.require_subcommand(1);
  add_devices();
  add_build();
  add_energy();
  add_plot();
  add_report();
  add_count();
  add_place();
  add_analyze();
  add_trace();
  add_fleet();
  add_compare();
  add_export();
  // Hidden (no group): the man page and the bash completion, generated from
  // the commands above at build time (cli/cli_docs).
  docs_ = app_.add_subcommand("generate-docs", "Print roofline's man page (man) or bash completion (bash)")->group("");
  docs_->add_option("kind", docs_kind_, "man or bash")->required()->check(CLI::IsMember({"man", "bash"}));
}

void CommandLine::add_devices() {
  devices_ = app_.add_subcommand("devices", "List every OpenCL platform and device with its properties");
  devices_->add_flag("--json", devices_json_, "Print the list as JSON");
}

void CommandLine::add_build() {
  BuildRequest& b = build_request_;
  build_ = app_.add_subcommand("build", "Measure the device's ceilings; write a roofs file (JSON) and a CARM chart (SVG)");
  build_->add_option("-d,--device", b.device, kBuildDeviceHelp)->check(kNotEmpty);
  build_->add_flag("--concurrent", build_concurrent_,
                   "With --device all or a list: build the devices at once, one process each (default: one after another)");
  build_->add_option("--alone", b.alone,
                     "Roofs file, or folder of them, of these devices built alone: each device's key ceilings are "
                     "compared with its own (whether --concurrent builds lowered each other's)")
      ->check(CLI::ExistingPath);
  // Set by --concurrent for the process of each device; not for users.
  build_->add_option("--concurrent-peers", b.concurrent_with)->check(CLI::Range(0, 4096))->group("");
  build_->add_option("-o,--output", b.output,
                     "Roofs file to write (default: roofs/<device>.json); a template may name one per device and process: "
                     "{host}, {device}, {uuid}, {pci}, {rank}, {localid}, {size}, {job}, {array}, {pid}");
  CLI::Option* svg = build_->add_option("--svg", b.plot, "CARM chart to write (default: plots/<device>.svg; a template as -o)");
  add_deprecated_alias(build_, "--plot", b.plot, svg);
  build_->add_option("--kernels", b.kernels, "Folder holding the .cl microbenchmarks (default: found beside the binary)");
  build_->add_option("--levels", b.levels,
                     "Cache levels override (JSON: {\"levels\": [{\"name\": \"L1\", \"capacity_bytes\": 32768}, ..., "
                     "{\"name\": \"DRAM\"}]}) where detection is wrong")
      ->check(CLI::ExistingFile);
  build_->add_option("--energy", build_energy_,
                     "Energy readings: auto (default; none with --quick), papi, perf, powercap, nvml or none")
      ->check(CLI::IsMember(energy_names(true)));
  build_->add_flag("--quick", b.quick, "A short characterization for a first look");
  build_
      ->add_option("--steps", b.steps,
                   "Run only these steps (comma-separated): compute, math, dram, memory, stride, divergence, "
                   "scalability, atomics, atomic-contention, power, transfers (default: all)")
      ->delimiter(',');
  build_->add_flag("-q,--quiet", build_quiet_, "No progress display and no table; errors only");
  build_->add_flag("--json", build_json_, "Print the roofs document on stdout instead of the table");
}

void CommandLine::add_energy() {
  energy_ = app_.add_subcommand("energy", "Read the device's energy counter with nothing running: backend, domains, idle power");
  energy_->add_option("-d,--device", energy_device_, kDeviceHelp)->check(kNotEmpty);
  energy_->add_option("--energy", energy_backend_, "auto (default), papi, perf, powercap or nvml")
      ->check(CLI::IsMember(energy_names(false)));
  energy_->add_option("--seconds", energy_seconds_, "How long to read (default 6)")->check(finite_in(0.1, 600.0));
}

void CommandLine::add_chart_options(CLI::App* command, const std::string& roofs_help) {
  PlotRequest& p = plot_request_;
  command->add_option("roofs", p.roofs, roofs_help)->required()->check(CLI::ExistingFile);
  command->add_option("--dots", p.dots, "Placement files (roofline place) or trace files (roofline trace: each placed kernel, its area by its share of the time), drawn as dots")->check(CLI::ExistingFile);
  command
      ->add_option("--compute", p.compute,
                   "Compute roofs to draw: type:op (float:mad), type (its best op) or all; comma-separated "
                   "(default: float:mad, float:add, double:mad and the best int)")
      ->delimiter(',');
  CLI::Option* labels =
      command
          ->add_option("--labels", p.labels,
                       "Label at most N dots, those whose kernels take the most time (default 40; the others keep their "
                       "tooltip)")
          ->check(whole_in(0, std::numeric_limits<std::uint64_t>::max()));
  command->add_option("--label", p.label, "Label these dots (by label or kernel name; comma-separated) instead")
      ->delimiter(',')
      ->excludes(labels);
  command->add_option("--title", p.title, "Chart title (default: device, driver and date; cut at 120 characters)");
  command->add_option("--width", p.width, "Width in pixels (at least 480)")->check(CLI::Range(480, 10000));
  command->add_option("--height", p.height, "Height in pixels (at least 360)")->check(CLI::Range(360, 10000));
}

void CommandLine::add_plot() {
  plot_ = app_.add_subcommand("plot", "Draw a chart of roofs files (and placed kernels) as SVG");
  add_chart_options(plot_,
                    "Roofs files (JSON) written by roofline build; several compare devices or runs on the carm, "
                    "bandwidth, latency and energy charts");
  plot_->add_option("-o,--output", plot_request_.output, "SVG file to write; with --chart all, the folder")->required();
  std::vector<std::string> charts = chart_kind_names();
  std::string chart_help;  // "carm (default), power, ..., or all (...)": every kind, in chart_kinds's order
  for (const std::string& kind : charts) chart_help += kind + (kind == chart_ ? " (default), " : ", ");
  chart_help += "or all (the default set of each roofs file, into the folder -o)";
  charts.push_back("all");
  plot_->add_option("--chart", chart_, chart_help)->check(CLI::IsMember(charts));
  plot_->add_option("--metric", metric_, "For wg-count and wg-size: performance (default), power or efficiency")
      ->check(CLI::IsMember({"performance", "power", "efficiency"}));
  plot_->add_flag("-q,--quiet", plot_quiet_, "Do not list the files written");
}

void CommandLine::add_report() {
  report_ = app_.add_subcommand("report", "Write a self-contained HTML report: every chart and the tables");
  add_chart_options(report_, "Roofs files (JSON) written by roofline build: one run, or several told apart (their CARM together, then each one's charts and tables)");
  report_->add_option("-o,--output", plot_request_.output, "HTML file to write")->required();
  // The report draws the whole default set: a chart pick belongs to plot, said
  // so rather than taken for a roofs file.
  // Hidden from its help, which lists only what report takes.
  for (const char* name : {"--chart", "--metric"})
    report_->add_option(name, chart_, "Not for report: it draws every chart of the default set (see roofline plot)")
        ->group("")
        ->check([name](const std::string&) {  // named here: CLI11 names a hidden option's check with nothing
          return std::string(name) + ": the report draws every chart of the default set; this is an option of roofline plot";
        });
}

void CommandLine::add_launch_options(CLI::App* c) {
  KernelRequest& k = kernel_;
  c->add_option("kernel_file", k.file,
                "OpenCL C source (.cl), or a replay bundle of roofline trace (its kernel.cl); its // roofline: lines "
                "give default launch options")
      ->required();
  c->add_option("--kernel", k.kernel, "Kernel to run (default: the file's only kernel)");
  c->add_option("--global", k.global, "Global size X[,Y[,Z]]; sizes may be sums of products of numbers and -D names (DIM*DIM, N+2)");
  c->add_option("--local", k.local, "Work-group size X[,Y[,Z]] (default: the runtime's choice)");
  c->add_option("--arg", k.args,
                "NAME=SPEC for a kernel argument: float[1048576]:random (buffer; element type any OpenCL scalar or vector "
                "type; init random|random=N|zeros|ones|iota|iota=K|value=X|file=PATH), int:4096 or float:2.5 (scalar), "
                "local:float[256]")
      ->expected(1)
      ->take_all();
  c->add_option("-D", k.defines, "NAME=VALUE, a define for the kernel build (and for sizes in specs)")->expected(1)->take_all();
  c->add_option("--build-options", k.build_options, "More OpenCL build options, e.g. \"-cl-mad-enable\"");
  c->add_option("-d,--device", k.device, kDeviceHelp)
      ->check(kNotEmpty);
  c->add_option("--timeout", k.timeout_s,
                "Seconds the kernel's worker process may take (build, counting, timed runs, power) before it is killed "
                "(exit status 8); default " + std::to_string(int(kDefaultKernelTimeout)) + ", 0: no limit")
      ->check(check_timeout);
  c->add_flag("-q,--quiet", kernel_quiet_, "No table; errors only");
}

void CommandLine::add_count() {
  count_ = app_.add_subcommand("count", "Count a kernel's FLOPs and bytes exactly (instrumented with Clang); no timing");
  add_launch_options(count_);
  count_->add_option("-o,--output", output_, "Counts file to write (JSON), for roofline place --counts");
}

void CommandLine::add_place() {
  PlaceRequest& p = place_request_;
  place_ = app_.add_subcommand("place", "Time a kernel, count its FLOPs and bytes, and place it on the device's roofs");
  add_launch_options(place_);
  place_->add_option("--roofs", p.roofs, "Roofs file of the device (default: roofs/<device>.json when it exists)");
  place_->add_option("--counts", p.counts, "Counts file from roofline count (for a build without Clang)");
  place_->add_option("-o,--output", output_, "Placement file to write (JSON)");
  place_->add_option("--svg", p.svg, "CARM chart with the kernel's dot to write (SVG)");
  CLI::Option* name = place_->add_option("--name", p.label,
                                         "The placed kernel's name: its dot's label on charts and the placement's label "
                                         "(default: the kernel name)");
  add_deprecated_alias(place_, "--label", p.label, name);
  place_->add_option("--runs", p.runs, "Timed runs (default: until the median is stable, 5 to 100 runs within 2 s)")
      ->check(CLI::PositiveNumber);
  place_
      ->add_option("--energy", place_energy_,
                   "Energy counter for the kernel's power: auto (default: the one that fits the device, if readable), "
                   "papi, perf, powercap, nvml or none")
      ->check(CLI::IsMember(energy_names(true)));
  place_->add_option("--warmup", p.warmup_s, "Warm-up seconds before timing (default: 0.5 on GPUs, 0.2 on CPUs)")
      ->check(finite_in(0, 3600));
  CLI::Option* analyze = place_->add_flag("--analyze", p.analyze,
                   "Record the kernel's addresses too (as roofline analyze does): the time predicted from the bytes each level "
                   "serves, a dot per level on the CARM, and why the kernel sits below its roof");
  add_sample_options(place_, p.sample, analyze);
  place_->add_option("--analysis", p.analysis, "Analysis file to write beside the placement (JSON; with --analyze)")->needs(analyze);
}

void CommandLine::add_sample_options(CLI::App* c, GroupSample& sample, CLI::Option* analyze) {
  CLI::Option* groups = c->add_option("--sample-groups", sample.groups,
                                      "Work-groups to record, one at a time, spaced by the compute units (default: all up to 256 "
                                      "groups and 64 M records, else two windows of consecutive groups: see --sample-records)")
                            ->check(whole_in(1, std::numeric_limits<std::uint64_t>::max()));
  CLI::Option* records = c->add_option("--sample-records", sample.records,
                                       "Records the default sample's two windows of consecutive groups may hold together "
                                       "(default 16 M); longer windows see reuse between groups farther apart")
                             ->check(whole_in(1, std::numeric_limits<std::uint64_t>::max()))
                             ->excludes(groups);
  CLI::Option* all = c->add_flag("--all-groups", sample.all, "Record every work-group")->excludes(groups)->excludes(records);
  for (CLI::Option* o : {groups, records, all})
    if (analyze) o->needs(analyze);
}

void CommandLine::add_analyze() {
  AnalyzeRequest& a = analyze_request_;
  analyze_ = app_.add_subcommand("analyze", "Record a kernel's addresses on sampled work-groups and say why it sits below its roof "
                                            "(AIWC metrics, coalescing, bank conflicts, bytes per cache level); no timing");
  add_launch_options(analyze_);
  analyze_->add_option("--roofs", a.roofs, "Roofs file of the target device (default: roofs/<device>.json)");
  analyze_->add_option("-o,--output", output_, "Analysis file to write (JSON)");
  add_sample_options(analyze_, a.sample, nullptr);
}

void CommandLine::add_trace() {
  TraceRequest& t = trace_request_;
  trace_ = app_.add_subcommand(
      "trace", "Run an OpenCL application (after --) and time, count and place every kernel it launches");
  trace_->add_option("command", t.command, "The application and its arguments, after --");
  trace_->add_option("--merge", t.merge,
                     "Combine the trace files of the ranks of one run (mpirun -n N roofline trace -o 'app.{rank}.trace.json' "
                     "-- ./app) into one: per-kernel totals, each rank's share and the load imbalance; runs no application")
      ->expected(1, -1)
      ->check(CLI::ExistingFile);
  trace_->add_option("-d,--device", t.device, "Device to count on (default: the one the kernels ran on)")->check(kNotEmpty);
  trace_->add_option("--roofs", t.roofs, "Roofs file of the device (default: roofs/<device>.json when it exists)");
  trace_->add_option("-o,--output", t.output,
                     "Trace file to write (JSON); a template may name one per process: {host}, {rank}, {localid}, {size}, "
                     "{job}, {array}, {pid}");
  trace_->add_option("--svg", t.svg, "CARM chart with a dot per placed kernel to write (SVG; on --roofs, else roofs/<device>.json; a template as -o)");
  trace_->add_option("--bundle", t.bundle,
                     "Folder (new or empty) to keep a replay bundle per counted signature in: DIR/kernel_N, which "
                     "roofline place DIR/kernel_N runs again standalone");
  trace_->add_option("--count", trace_count_, "Count each launch signature's first launch (first, default), every launch "
                                              "(all) or none (timing only)")
      ->check(CLI::IsMember({"first", "all", "none"}));
  trace_->add_option("--via", trace_via_, "Capture through the OpenCL layer (layer, default) or LD_PRELOAD (preload: "
                                          "for an application that bundles a loader without layer support)")
      ->check(CLI::IsMember({"layer", "preload"}));
  trace_->add_option("--timeout", t.timeout_s,
                     "Seconds each counting worker may take before it is killed (that signature is left uncounted); "
                     "default " + std::to_string(int(kDefaultKernelTimeout)) + ", 0: no limit")
      ->check(check_timeout);
  CLI::Option* analyze = trace_->add_flag("--analyze", t.analyze,
                   "Record each counted signature's addresses too (as roofline analyze does; needs --roofs): each kernel's time "
                   "predicted from the bytes each level serves, a dot per level on the CARM, and why it sits below its roof");
  add_sample_options(trace_, t.sample, analyze);
  trace_->add_flag("-q,--quiet", trace_quiet_, "No table; errors only");
}

void CommandLine::add_fleet() {
  FleetRequest& f = fleet_request_;
  fleet_ = app_.add_subcommand("fleet", "Compare many devices' roofs files: devices grouped by model, each key ceiling against "
                                        "its group's median, outliers; a table, JSON, CSV and a strip chart");
  fleet_->add_option("inputs", f.inputs, "Roofs files, and folders whose *.json roofs files are read (other roofline "
                                         "documents there, a fleet report or a trace, are skipped)")
      ->required()
      ->check(CLI::ExistingPath);
  fleet_->add_option("-o,--output", f.output, "Fleet report to write (JSON, schemas/fleet.schema.json)");
  fleet_->add_option("--csv", f.csv, "The report as CSV: one row per device and key ceiling");
  fleet_->add_option("--svg", f.svg, "Strip chart to write (SVG): each key ceiling's ratio to the group's median");
  fleet_->add_option("--fail-below", fleet_fail_below_,
                     "Exit with status 10 when a device's key ceiling falls below this fraction of its group's median "
                     "(or is missing where its group has it), e.g. 0.9: a health-check gate")
      ->check(finite_in(0.01, 1.0));
  fleet_->add_option("--mad-threshold", f.options.mad_threshold,
                     "|modified z-score| beyond which a device is an outlier (default 3.5; groups of 3 or more)")
      ->check(finite_in(0.1, 1000.0));
  fleet_->add_flag("-q,--quiet", fleet_quiet_, "No table; errors only");
}

void CommandLine::add_compare() {
  CompareRequest& c = compare_request_;
  compare_ = app_.add_subcommand("compare", "Compare two runs: two roofs files (each ceiling, level by level), two placement files or "
                                            "two trace files (each kernel's time, AI and bound); a table, JSON, CSV, a chart, a CI gate");
  compare_->add_option("a", c.a, "Run A, the reference: a roofs, placement or trace file")->required()->check(CLI::ExistingFile);
  compare_->add_option("b", c.b, "Run B, the new run: a file of the same kind")->required()->check(CLI::ExistingFile);
  compare_->add_option("-o,--output", c.output, "Comparison to write (JSON, schemas/comparison.schema.json)");
  compare_->add_option("--csv", c.csv, "The comparison as CSV: one row per ceiling or kernel");
  compare_->add_option("--svg", c.svg, "Chart to write (SVG): each row's speed, B over A; the runs named by date and revision");
  compare_->add_option("--fail-if-slower", compare_fail_,
                       "Exit with status 12 when a ceiling or a kernel of B is slower than A's by more than this: 5% or 0.05 "
                       "(a CI gate; the files are written first)")
      ->check([](const std::string& text) {
        return parse_fraction(text) ? std::string() : "--fail-if-slower takes a fraction in [0, 1) or a percentage, e.g. 5%, not '" + text + "'";
      });
  compare_->add_flag("-q,--quiet", compare_quiet_, "No table; errors only");
}

void CommandLine::add_export() {
  ExportRequest& e = export_request_;
  export_ = app_.add_subcommand("export", "Write a roofs, placement, trace or analysis file as CSV: its ceilings, placements, "
                                          "kernels or findings (with their codes)");
  export_->add_option("file", e.input, "The file to export")->required()->check(CLI::ExistingFile);
  std::vector<std::string> tables;
  for (const auto& n : Vocabulary<ExportTable>::names) tables.emplace_back(n.name);
  export_->add_option("--table", export_table_,
                      "ceilings (roofs files), placements (placement and trace files), kernels (trace files) or findings "
                      "(analysis files; the analysed kernels of placement and trace files); default: the file's own")
      ->check(CLI::IsMember(tables));
  export_->add_option("--csv", e.csv, "CSV file to write (default: standard output)");
}

int CommandLine::run(int argc, char** argv) {
  try {
    app_.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app_.exit(e) == 0 ? exit_status::ok : exit_status_of(Failure::usage);
  }
  for (int i = 0; i < argc; ++i) command_line_ += (i ? " " : "") + std::string(argv[i]);
  try {
    return dispatch();
  } catch (...) {
    return report_failure(std::current_exception());
  }
}

int CommandLine::dispatch() {
  if (*devices_) return devices();
  if (*build_) return build();
  if (*energy_) return energy();
  if (*plot_) return plot();
  if (*report_) return report();
  if (*count_) return count();
  if (*analyze_) return analyze();
  if (*trace_) return trace();
  if (*fleet_) return fleet();
  if (*compare_) return compare();
  if (*export_) return export_csv();
  if (*docs_) {
    std::cout << (docs_kind_ == "man" ? man_page(app_, ROOFLINE_VERSION) : bash_completion(app_));
    return exit_status::ok;
  }
  return place();
}

int CommandLine::devices() const {
  std::vector<DeviceEntry> devices;
  std::vector<PlatformEntry> platforms;
  while_doing("listing devices", [&] {
    devices = enumerate_devices();
    platforms = enumerate_platforms();
  });
  if (devices.empty()) {  // the failure on stderr, as every failure's, after the platforms that offer none and why
    if (!platforms.empty()) std::cerr << format_device_table(devices, platforms);
    require_devices(devices);
  }
  std::cout << (devices_json_ ? devices_json(devices, platforms) : format_device_table(devices, platforms));
  return exit_status::ok;
}

int CommandLine::build() {
  BuildRequest& r = build_request_;
  if (!build_energy_.empty()) r.energy = parse_name<EnergyBackend>(build_energy_);
  r.show_progress = !build_quiet_;
  r.command_line = command_line_;
  r.on_problem = print_error;
  r.on_warning = print_warning;
  if (names_several_devices(r.device)) return build_devices();
  if (build_concurrent_)
    throw CommandError(Failure::usage, "--concurrent builds several devices at once: give --device all or a list (0:0,0:1)");
  r.output = expand_device_output(r.output, r.device, "-o");
  r.plot = expand_device_output(r.plot, r.device, "--svg");
  const BuildResult result = run_build(r);
  if (build_json_) std::cout << nlohmann::json(result.doc).dump(1) << "\n";
  present_build(result);
  return result.wrong_results ? exit_status_of(Failure::wrong_result) : exit_status::ok;
}

// The table (not with --json, whose document stdout holds), then the notes on
// stderr; nothing with --quiet.
void CommandLine::present_build(const BuildResult& result) const {
  if (build_quiet_) return;
  if (!build_json_) {
    std::cout << format_ceiling_table(result.doc) << "wrote " << result.roofs_path << ", " << result.chart_path << " and "
              << result.charts - 1 << " more charts beside it\n";
    std::cout.flush();
  }
  for (const auto& n : result.doc.notes) std::fprintf(stderr, "note: %s\n", n.c_str());
  if (result.doc.energy)
    for (const auto& n : result.doc.energy->notes) std::fprintf(stderr, "note: energy: %s\n", n.c_str());
}

// build --device all (or a list): each device's build as it ends, then one
// line per device and, with --concurrent, what running at once cost.
int CommandLine::build_devices() {
  if (build_json_)
    throw CommandError(Failure::usage, "--json prints one roofs document; with several devices each is in its own roofs file (-o)");
  DevicesBuildRequest request{build_request_, build_concurrent_, build_quiet_, nullptr};
  request.on_child_line = [](const std::string& selector, const std::string& line, bool errors) {
    std::fprintf(errors ? stderr : stdout, "[%s] %s\n", selector.c_str(), line.c_str());
    std::fflush(errors ? stderr : stdout);
  };
  const DevicesBuildResult result = run_device_builds(request, [this](const DeviceBuild& d) {
    if (!build_concurrent_ && d.result) present_build(*d.result);
    if (!d.ok()) {
      const int status = d.failure ? exit_status_of(*d.failure) : d.child_status;
      print_error(d.selector + " " + d.name + ": exit status " + std::to_string(status) + (d.message.empty() ? "" : ": " + d.message));
    }
  });
  if (!build_quiet_) std::cout << format_device_builds(result);
  for (const DeviceBuild& d : result.devices)
    if (!d.ok()) return d.ran ? (d.failure ? exit_status_of(*d.failure) : d.child_status) : exit_status_of(Failure::interrupted);
  return exit_status::ok;
}

int CommandLine::energy() const {
  std::cout << format_idle_power(read_idle_power(energy_device_, parse_name<EnergyBackend>(energy_backend_), energy_seconds_));
  return exit_status::ok;
}

int CommandLine::plot() {
  plot_request_.chart = chart_ == "all" ? std::nullopt : parse_chart(chart_);
  plot_request_.metric = *parse_sweep_metric(metric_);
  // Each chart of a set is listed as it is written (a single chart is not).
  const bool list = !plot_quiet_ && !plot_request_.chart;
  run_plot(plot_request_, [list](const std::string& path) {
    if (list) std::printf("wrote %s\n", path.c_str());
  });
  return exit_status::ok;
}

int CommandLine::report() {
  run_report(plot_request_);
  return exit_status::ok;
}

int CommandLine::count() {
  kernel_.on_warning = print_warning;
  run_count({kernel_, output_}, [this](const CountsFile& counts) {
    if (!kernel_quiet_) std::printf("%s", format_counts(counts).c_str());
  });
  return exit_status::ok;
}

int CommandLine::place() {
  kernel_.on_warning = print_warning;
  PlaceRequest& r = place_request_;
  r.kernel = kernel_;
  r.output = output_;
  r.energy = parse_name<EnergyBackend>(place_energy_);
  run_place(r, [this](const PlaceResult& result) {
    if (kernel_quiet_) return;
    if (result.address)
      std::printf("%s", format_analyzed_placement(result.placement, result.counts, result.counted_here, *result.address, result.roofs).c_str());
    else
      std::printf("%s", format_placement(result.placement, result.counts, result.counted_here).c_str());
  });
  return exit_status::ok;
}

int CommandLine::analyze() {
  kernel_.on_warning = print_warning;
  AnalyzeRequest& r = analyze_request_;
  r.kernel = kernel_;
  r.output = output_;
  run_analyze(r, [this](const AnalyzeResult& result) {
    if (!kernel_quiet_) std::printf("%s", format_analysis(result).c_str());
  });
  return exit_status::ok;
}

int CommandLine::trace() {
  TraceRequest& r = trace_request_;
  r.count = parse_name<CountMode>(trace_count_);
  r.via = parse_name<CapturePath>(trace_via_);
  r.on_warning = print_warning;
  const TraceResult result = run_trace(r, [this](const TraceResult& t) {
    if (!trace_quiet_) std::printf("%s", format_trace(t).c_str());
  });
  return result.app.ok() ? exit_status::ok : exit_status_of(Failure::application);
}

int CommandLine::fleet() {
  FleetRequest& r = fleet_request_;
  if (fleet_fail_below_ > 0) r.options.fail_below = fleet_fail_below_;
  const FleetResult result = run_fleet(r);
  if (!fleet_quiet_) std::printf("%s", format_fleet(result.report).c_str());
  return result.report.any_below() ? exit_status_of(Failure::fleet_below) : exit_status::ok;
}

int CommandLine::compare() {
  CompareRequest& r = compare_request_;
  r.fail_if_slower = parse_fraction(compare_fail_);
  const Comparison c = run_compare(r);
  if (!compare_quiet_) std::printf("%s", format_comparison(c).c_str());
  return c.slower_count() ? exit_status_of(Failure::slower) : exit_status::ok;
}

int CommandLine::export_csv() {
  if (!export_table_.empty()) export_request_.table = parse_name<ExportTable>(export_table_);
  const std::string csv = run_export(export_request_);
  if (export_request_.csv.empty()) std::fwrite(csv.data(), 1, csv.size(), stdout);
  return exit_status::ok;
}

}  // namespace roofline
