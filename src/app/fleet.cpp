#include "app/fleet.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "app/command_files.hpp"
#include "app/errors.hpp"
#include "app/output_files.hpp"
#include "app/roofs_inputs.hpp"
#include "chart/fleet_chart.hpp"
#include "files/files.hpp"
#include "version.hpp"

namespace fs = std::filesystem;

namespace roofline {
namespace {

// A roofs file read for the fleet, and its name in the report.
struct FleetFile {
  std::string path, label;
  RoofsDocument doc;
};

std::vector<FleetFile> read_inputs(const FleetRequest& r, std::vector<std::string>& skipped) {
  std::vector<FleetFile> files;
  for (RoofsInput& input : read_roofs_inputs(r.inputs, skipped)) files.push_back({input.path, "", std::move(input.doc)});
  if (files.empty()) throw CommandError(Failure::usage, "no roofs files: give files or folders of them");
  // Each device is named by its file's stem, or by its path where two stems agree.
  std::map<std::string, int> stems;
  for (const FleetFile& f : files) ++stems[fs::path(f.path).stem().string()];
  for (FleetFile& f : files) {
    const std::string stem = fs::path(f.path).stem().string();
    f.label = stems[stem] > 1 ? f.path : stem;
  }
  return files;
}

// The files of the run: the roofs files and folders read; the report, table and chart written.
CommandFiles fleet_files(const FleetRequest& r) {
  CommandFiles f;
  for (const std::string& input : r.inputs) f.input(input, "a roofs file or folder");
  f.output(r.output, "the fleet report (-o)");
  f.output(r.csv, "the table (--csv)");
  f.output(r.svg, "the chart (--svg)");
  return f;
}

}  // namespace

FleetResult run_fleet(const FleetRequest& r) {
  if (r.options.fail_below && !(*r.options.fail_below > 0 && *r.options.fail_below <= 1))
    throw CommandError(Failure::usage, "--fail-below takes a fraction of the group's median, in (0, 1]");
  check_command_files(fleet_files(r));
  FleetResult result;
  const std::vector<FleetFile> files = read_inputs(r, result.skipped);
  std::vector<FleetInput> inputs;
  for (const FleetFile& f : files) inputs.push_back({f.label, f.path, &f.doc});
  result.report = compare_fleet(inputs, r.options);
  for (const std::string& s : result.skipped)
    result.report.notes.push_back(s + ": skipped, another roofline document (not a roofs file)");
  if (!r.output.empty())
    write_file_atomically(r.output, fleet_to_json(result.report, ROOFLINE_VERSION, utc_now_iso()).dump(1) + "\n");
  if (!r.csv.empty()) write_file_atomically(r.csv, fleet_to_csv(result.report));
  if (!r.svg.empty()) write_file_atomically(r.svg, render_fleet_svg(result.report));
  return result;
}

}  // namespace roofline
