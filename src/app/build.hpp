// app/build: `roofline build` as a pipeline: the device, then a table of
// steps (compute ceilings, DRAM roofs, the memory hierarchy, the power model,
// transfers and launch overhead), each measuring into one roofs document; the
// clock held and the theoretical peaks; then the roofs file and its charts.
// The pipeline owns the policies every step shares: the ceilings a benchmark
// hands back are saved at once to ROOFS.json.partial, a kernel whose output
// fails the host's check costs its ceiling (with a note) but not the build,
// and an interruption keeps what was saved and says how many ceilings the
// saved file holds. Two things stop it early (Failure::stopped), keeping the
// same: every compute kernel failing its check, and, before the first ceiling
// is kept, the device's timer disagreeing with the host's clock
// (benchmark/session.hpp, LaunchLedger).
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "model/roofs.hpp"

namespace roofline {

struct BuildRequest {
  std::string device;   // --device; empty: the default device
  std::string output;   // -o; empty: roofs/<device-slug>.json
  std::string plot;     // --plot; empty: plots/<device-slug>.svg
  std::string kernels;  // --kernels; empty: found automatically
  std::string levels;   // --levels: a level override file; empty: change-point detection
  std::optional<EnergyBackend> energy;  // --energy; none given: automatic, or none with --quick
  // --steps: the keys of the steps to run (compute, math, dram, memory,
  // stride, divergence, scalability, atomics, power, transfers); empty: all.
  std::vector<std::string> steps;
  bool quick = false;
  bool show_progress = true;
  std::string command_line;
  // Told of each problem the build goes on after (a wrong result), as it happens.
  std::function<void(const std::string&)> on_problem;
  // Told of what the device cannot do and what the build does instead (no
  // fp64, no profiling stamps, a loop budget), before it measures.
  std::function<void(const std::string&)> on_warning;
};

struct BuildResult {
  RoofsDocument doc;
  std::string roofs_path, chart_path;  // the roofs file and its CARM chart
  std::size_t charts = 0;              // charts written, the CARM included
  bool wrong_results = false;          // a kernel failed the host's check: its ceiling is left out
};

// Measures the device and writes the roofs file and its charts. Throws
// CommandError (or the errors of the layers below, see app/errors) when it
// cannot; an interruption throws after saving what was finished.
BuildResult run_build(const BuildRequest& request);

}  // namespace roofline
