// cli/commands: roofline's command line. Each subcommand is a set of CLI11
// options that fill a request of the application layer (app/), and a
// function that runs it and presents the result. Only parsing and
// presenting happen here; a failure is reported once, in run().
#pragma once
#include <string>

#include <CLI/CLI.hpp>

#include "app/app.hpp"

namespace roofline {

class CommandLine {
 public:
  CommandLine();
  // Parses argv, runs the subcommand and returns the exit status.
  int run(int argc, char** argv);

 private:
  void add_devices();
  void add_build();
  void add_energy();
  void add_plot();
  void add_report();
  void add_chart_options(CLI::App* command, const std::string& roofs_help);
  void add_count();
  void add_place();
  void add_analyze();
  void add_trace();
  void add_fleet();
  void add_compare();
  void add_export();
  void add_launch_options(CLI::App* command);
  // --sample-groups and --all-groups; with `analyze`, only beside that flag.
  void add_sample_options(CLI::App* command, GroupSample& sample, CLI::Option* analyze);

  int dispatch();
  int devices() const;
  int build();
  int build_devices();
  // One device's build: its table and what was written (stdout), its notes (stderr).
  void present_build(const BuildResult& result) const;
  int energy() const;
  int plot();
  int report();
  int count();
  int place();
  int analyze();
  int trace();
  int fleet();
  int compare();
  int export_csv();

  CLI::App app_{"roofline: measures an OpenCL device's cache-aware roofline (CARM) ceilings"};
  CLI::App *devices_ = nullptr, *build_ = nullptr, *energy_ = nullptr, *plot_ = nullptr, *report_ = nullptr,
           *count_ = nullptr, *place_ = nullptr, *analyze_ = nullptr, *trace_ = nullptr,
           *fleet_ = nullptr, *compare_ = nullptr, *export_ = nullptr, *docs_ = nullptr;
  std::string command_line_;

  bool devices_json_ = false;
  BuildRequest build_request_;
  std::string build_energy_;  // --energy as written; empty: the default
  bool build_quiet_ = false, build_json_ = false, build_concurrent_ = false;
  std::string energy_device_, energy_backend_ = "auto";
  double energy_seconds_ = 6;
  PlotRequest plot_request_;
  std::string chart_ = "carm", metric_ = "performance";
  bool plot_quiet_ = false;
  KernelRequest kernel_;
  PlaceRequest place_request_;
  AnalyzeRequest analyze_request_;
  std::string place_energy_ = "auto";
  std::string output_;  // count and place: -o
  bool kernel_quiet_ = false;
  TraceRequest trace_request_;
  std::string trace_count_ = "first", trace_via_ = "layer";
  bool trace_quiet_ = false;
  FleetRequest fleet_request_;
  double fleet_fail_below_ = 0;  // 0: not asked
  bool fleet_quiet_ = false;
  CompareRequest compare_request_;
  std::string compare_fail_;  // --fail-if-slower as written
  bool compare_quiet_ = false;
  ExportRequest export_request_;
  std::string docs_kind_;     // generate-docs: man or bash
  std::string export_table_;  // --table as written; empty: the file's own
};

}  // namespace roofline
