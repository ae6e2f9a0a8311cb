// roofline: cache-aware roofline characterization of OpenCL devices.
#include <cstdio>
#include <string>

#include <CLI/CLI.hpp>

#include "chart/chart_kinds.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/kernel_launch.hpp"
#include "version.hpp"

int main(int argc, char** argv) {
  using namespace roofline;
  CLI::App app{"roofline: measures an OpenCL device's cache-aware roofline (CARM) ceilings"};
  app.set_version_flag("--version", std::string("roofline ") + ROOFLINE_VERSION + " (" + ROOFLINE_GIT_REVISION + ")");
  app.require_subcommand(1);

  bool devices_json = false;
  auto* devices = app.add_subcommand("devices", "List every OpenCL platform and device with its properties");
  devices->add_flag("--json", devices_json, "Print the list as JSON");

  BuildOptions b;
  auto* build = app.add_subcommand("build", "Measure the device's ceilings; write a roofs file (JSON) and a CARM chart (SVG)");
  build->add_option("-d,--device", b.device,
                    "Device: cpu, gpu, igpu, dgpu, accelerator, a P:D index, a list index, or a name substring "
                    "(default: a GPU if there is one, else a CPU)");
  build->add_option("-o,--output", b.output, "Roofs file to write (default: roofs/<device>.json)");
  build->add_option("--plot", b.plot, "CARM chart to write (default: plots/<device>.svg)");
  build->add_option("--kernels", b.kernels, "Folder holding the .cl microbenchmarks (default: found beside the binary)");
  build->add_option("--levels", b.levels,
                    "Cache levels override (JSON: {\"levels\": [{\"name\": \"L1\", \"capacity_bytes\": 32768}, ..., "
                    "{\"name\": \"DRAM\"}]}) where detection is wrong")
      ->check(CLI::ExistingFile);
  build->add_option("--energy", b.energy,
                    "Energy readings: auto (default; none with --quick), papi, perf, powercap, nvml or none")
      ->check(CLI::IsMember({"auto", "papi", "perf", "powercap", "nvml", "none"}));
  build->add_flag("--quick", b.quick, "A short characterization for a first look");
  build->add_flag("-q,--quiet", b.quiet, "No progress display and no table; errors only");
  build->add_flag("--json", b.json, "Print the roofs document on stdout instead of the table");

  std::string energy_device, energy_backend = "auto";
  double energy_seconds = 6;
  auto* energy = app.add_subcommand("energy", "Read the device's energy counter with nothing running: backend, domains, idle power");
  energy->add_option("-d,--device", energy_device, "Device, as for build");
  energy->add_option("--energy", energy_backend, "auto (default), papi, perf, powercap or nvml")
      ->check(CLI::IsMember({"auto", "papi", "perf", "powercap", "nvml"}));
  energy->add_option("--seconds", energy_seconds, "How long to read (default 6)")->check(CLI::Range(0.1, 600.0));

  PlotOptions p;
  std::vector<std::string> chart_names = chart_kind_names();
  chart_names.push_back("all");
  const auto add_chart_options = [&](CLI::App* cmd, const std::string& roofs_help) {
    cmd->add_option("roofs", p.roofs, roofs_help)->required()->check(CLI::ExistingFile);
    cmd->add_option("--dots", p.dots, "Placement files written by roofline place, drawn as dots")->check(CLI::ExistingFile);
    cmd->add_option("--compute", p.compute,
                    "Compute roofs to draw: type:op (float:mad), type (its best op) or all; comma-separated "
                    "(default: float:mad, float:add, double:mad and the best int)")
        ->delimiter(',');
    cmd->add_option("--title", p.title, "Chart title (default: device, driver and date)");
    cmd->add_option("--width", p.width, "Width in pixels (at least 480)")->check(CLI::Range(480, 10000));
    cmd->add_option("--height", p.height, "Height in pixels (at least 360)")->check(CLI::Range(360, 10000));
  };
  auto* plot = app.add_subcommand("plot", "Draw a chart of roofs files (and placed kernels) as SVG");
  add_chart_options(plot,
                    "Roofs files (JSON) written by roofline build; several compare devices or runs on the carm, "
                    "bandwidth, latency and energy charts");
  plot->add_option("-o,--output", p.output, "SVG file to write; with --chart all, the folder")->required();
  plot->add_option("--chart", p.chart,
                   "carm (default), power, energy, efficiency, wg-count, wg-size, bandwidth, latency, or all (the "
                   "default set of each roofs file, into the folder -o)")
      ->check(CLI::IsMember(chart_names));
  plot->add_option("--metric", p.metric, "For wg-count and wg-size: performance (default), power or efficiency")
      ->check(CLI::IsMember({"performance", "power", "efficiency"}));
  plot->add_flag("-q,--quiet", p.quiet, "Do not list the files written");
  auto* report = app.add_subcommand("report", "Write a self-contained HTML report: every chart and the tables");
  add_chart_options(report, "Roofs file (JSON) written by roofline build");
  report->add_option("-o,--output", p.output, "HTML file to write")->required();
  // The report draws the whole default set: a chart pick belongs to plot, said so rather than
  // taken for a roofs file.
  for (const char* name : {"--chart", "--metric"})
    report->add_option(name, p.chart, "Not for report: it draws every chart of the default set (see roofline plot)")
        ->check([](const std::string&) { return std::string("the report draws every chart of the default set; this is an option of roofline plot"); });

  // count and place share the launch options.
  KernelOptions k;
  auto add_launch_options = [&k](CLI::App* c) {
    c->add_option("kernel_file", k.file, "OpenCL C source (.cl); its // roofline: lines give default launch options")->required();
    c->add_option("--kernel", k.kernel, "Kernel to run (default: the file's only kernel)");
    c->add_option("--global", k.global, "Global size X[,Y[,Z]]; sizes may be products of numbers and -D names (DIM*DIM)");
    c->add_option("--local", k.local, "Work-group size X[,Y[,Z]] (default: the runtime's choice)");
    c->add_option("--arg", k.args,
                  "NAME=SPEC for a kernel argument: float[1048576]:random (buffer; element type any OpenCL scalar or vector "
                  "type; init random|zeros|ones|iota|value=X|file=PATH), int:4096 or float:2.5 (scalar), local:float[256]")
        ->expected(1)->take_all();
    c->add_option("-D", k.defines, "NAME=VALUE, a define for the kernel build (and for sizes in specs)")->expected(1)->take_all();
    c->add_option("--build-options", k.build_options, "More OpenCL build options, e.g. \"-cl-mad-enable\"");
    c->add_option("-d,--device", k.device, "Device: cpu, gpu, igpu, dgpu, accelerator, P:D, a list index or a name substring");
    c->add_flag("-q,--quiet", k.quiet, "No table; errors only");
  };
  auto* count = app.add_subcommand("count", "Count a kernel's FLOPs and bytes exactly (instrumented with Clang); no timing");
  add_launch_options(count);
  count->add_option("-o,--output", k.output, "Counts file to write (JSON), for roofline place --counts");
  auto* place = app.add_subcommand("place", "Time a kernel, count its FLOPs and bytes, and place it on the device's roofs");
  add_launch_options(place);
  place->add_option("--roofs", k.roofs, "Roofs file of the device (default: roofs/<device>.json when it exists)");
  place->add_option("--counts", k.counts, "Counts file from roofline count (for a build without Clang)");
  place->add_option("-o,--output", k.output, "Placement file to write (JSON)");
  place->add_option("--svg", k.svg, "CARM chart with the kernel's dot to write (SVG)");
  place->add_option("--label", k.label, "Label of the dot (default: the kernel name)");
  place->add_option("--runs", k.runs, "Timed runs (default: until the median is stable, 5 to 100 runs within 2 s)")
      ->check(CLI::PositiveNumber);
  place->add_option("--energy", k.energy,
                    "Energy counter for the kernel's power: auto (default: the one that fits the device, if readable), "
                    "papi, perf, powercap, nvml or none")
      ->check(CLI::IsMember({"auto", "papi", "perf", "powercap", "nvml", "none"}));
  place->add_option("--warmup", k.warmup_s, "Warm-up seconds before timing (default: 0.5 on GPUs, 0.2 on CPUs)")
      ->check(CLI::NonNegativeNumber);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? exit_code::ok : exit_code::usage;
  }
  for (int i = 0; i < argc; ++i) b.command_line += (i ? " " : "") + std::string(argv[i]);
  if (*devices) return run_devices(devices_json);
  if (*plot) return run_plot(p);
  if (*report) return run_report(p);
  if (*energy) return run_energy(energy_device, energy_backend, energy_seconds);
  k.command_line = b.command_line;
  if (*count) return run_count(k);
  if (*place) return run_place(k);
  return run_build(b);
}
