// app/place: `roofline place` (and `roofline count`) as a pipeline: the
// kernel prepared on its device, its counts (counted here, or from a counts
// file made for exactly this launch), its time (the original kernel only),
// its power where a counter can be read, and its place among the device's
// roofs; then the placement file and the charts with its dot. With
// --analyze, its addresses recorded too (app/analyze): the prediction is then
// the hierarchical one, and the chart draws a dot per level.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include "app/analyze.hpp"
#include "app/kernel_request.hpp"
#include "model/counts_file.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

struct PlaceRequest {
  KernelRequest kernel;
  std::string roofs;   // --roofs; empty: roofs/<device>.json when it exists
  std::string counts;  // --counts: a counts file instead of counting here
  std::string output;  // -o: the placement file
  std::string svg;     // --svg: the CARM with the dot (and its power and efficiency CARMs)
  std::string label;   // the dot's label; empty: the kernel name
  int runs = 0;              // timed runs; 0: until the RSE is under 1% (5 to 100 runs, 2 s budget)
  double warmup_s = -1;      // warm-up seconds; negative: 0.5 on GPUs, 0.2 on CPUs
  EnergyBackend energy = EnergyBackend::automatic;
  bool analyze = false;      // --analyze: record the addresses too (app/analyze); needs the roofs
  GroupSample sample;        // --sample-groups, --all-groups
  std::string analysis;      // --analysis: the analysis file to write beside the placement
};

struct PlaceResult {
  Placement placement;
  CountsFile counts;
  bool counted_here = false;  // counted in this run (not read from --counts)
  std::optional<AddressAnalysis> address;  // --analyze
  std::string roofs;          // the roofs file it was placed among; empty: none
};

// Places the kernel, hands the result to `show` (before any file is written,
// so a file that cannot be written loses nothing the run found) and writes
// the placement file and charts asked for. Everything that touches the kernel
// runs in a worker process (app/worker), limited to request.kernel.timeout_s.
// Throws CommandError (kernel_crash, timeout and the errors of the layers
// below, see app/errors) or Interrupted. Call it before any OpenCL object
// exists in this process.
PlaceResult run_place(const PlaceRequest& request, const std::function<void(const PlaceResult&)>& show = {});

struct CountRequest {
  KernelRequest kernel;
  std::string output;  // -o: the counts file
};

// Counts the kernel (no timing) in a worker process, as run_place does, hands
// the counts to `show`, then writes the counts file where asked.
CountsFile run_count(const CountRequest& request, const std::function<void(const CountsFile&)>& show = {});

}  // namespace roofline
