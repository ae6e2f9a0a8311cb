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

#include "app/roofs_inputs.hpp"
#include "model/fleet.hpp"
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
  // --alone: a roofs file, or a folder of them, holding this device's build
  // alone (not --concurrent), whose key ceilings this build's are compared
  // with; empty: none.
  std::string alone;
  // How many other devices the same command measures at the same time
  // (build --concurrent gives each of its processes the count); 0: alone.
  int concurrent_with = 0;
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
  // The device's build alone that --alone found (its path; empty: none), and
  // this build's key ceilings beside it.
  std::string alone_path;
  std::vector<KeyCeilingChange> against_alone;
};

// Whether two identities name one device: the same name on the same
// platform, and the same UUID and PCI address where both files tell them.
bool same_device(const DeviceIdentity& a, const DeviceIdentity& b);

// The newest complete build of `device` alone (not --concurrent) among the
// roofs files `path` (--alone: a file or a folder) names; none where it
// names none of this device, or is empty. Throws as read_roofs_inputs.
std::optional<RoofsInput> find_alone_build(const std::string& path, const DeviceIdentity& device);

// Fills the result's alone_path and against_alone from that build.
void compare_with_alone(const RoofsInput& alone, BuildResult& result);

// Measures the device and writes the roofs file and its charts. Throws
// CommandError (or the errors of the layers below, see app/errors) when it
// cannot; an interruption throws after saving what was finished.
BuildResult run_build(const BuildRequest& request);

}  // namespace roofline
