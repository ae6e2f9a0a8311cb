// app/fleet: `roofline fleet FILES|DIR`: many devices' roofs files (one per
// device, as `srun roofline build -o 'fleet/{host}-{device}-{uuid}.json'` or
// an sbatch array leaves them) read and checked as every input, compared
// (model/fleet: groups by model, ratios to the group's median, outliers), and
// the report written as JSON, CSV and the strip chart. With --fail-below the
// command's status says whether a device fell below (cli/: exit status 10),
// so that it can gate a health check.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "model/fleet.hpp"
#include "model/roofs.hpp"

namespace roofline {

struct FleetRequest {
  std::vector<std::string> inputs;  // roofs files, and folders whose *.json files are read
  std::string output;               // -o: the report (JSON)
  std::string csv;                  // --csv
  std::string svg;                  // --svg: the strip chart
  FleetOptions options;
};

struct FleetResult {
  FleetReport report;
  std::vector<std::string> skipped;  // files of a folder that hold another roofline document (a report, a trace)
};

// Reads, compares and writes. Throws CommandError: usage for no roofs file
// (an empty folder), a file that is not a roofs file (named, or in a folder:
// only other roofline documents there are skipped); output when an output
// is one of the inputs or another output, or cannot be written (checked
// before anything is read).
FleetResult run_fleet(const FleetRequest& request);

}  // namespace roofline
