// app/analyze: `roofline analyze` (and `place --analyze`) as a pipeline: the
// kernel counted, then run once more as its address-recording copy over
// sampled work-groups (count/instrument.hpp, "Address records"), the accesses
// analysed for the target device of a roofs file (model/access_analysis), and
// its time predicted from the bytes each level serves (model/prediction).
// The records are the kernel's own, the same on any device, so the target may
// be another device than the one that runs the recording (counts travel the
// same way).
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/kernel_request.hpp"
#include "model/access_analysis.hpp"
#include "model/counts_file.hpp"
#include "model/placement.hpp"

namespace roofline {

struct AnalyzeRequest {
  KernelRequest kernel;
  std::string roofs;                 // --roofs: the target's; empty: roofs/<device>.json
  std::string output;                // -o: the analysis file (JSON)
  std::uint64_t sample_groups = 0;   // --sample-groups; 0: the default sample (sample_plan)
  bool all_groups = false;           // --all-groups
};

// Which groups the recording runs: the whole launch when it has at most
// kWholeLaunchGroups groups and kWholeLaunchRecords records (estimated from
// the counts), or all_groups; otherwise `count` groups (default 2 x the
// target's resident groups, at least 8) spaced by the target's compute
// units, the groups one compute unit runs when a device hands them out in turn.
inline constexpr std::uint64_t kWholeLaunchGroups = 256;
inline constexpr double kWholeLaunchRecords = 64e6;
struct SamplePlan {
  std::uint64_t first = 0, stride = 1, count = 0;
};
SamplePlan sample_plan(std::uint64_t groups, double records, const TargetArchitecture& target, std::uint64_t requested, bool all_groups);

struct AnalyzeResult {
  CountsFile counts;
  AccessAnalysis analysis;
  std::optional<Prediction> hierarchical;  // from the bytes each level serves
  std::optional<Prediction> core;          // the core-view prediction (counts and footprint alone), for comparison
  std::vector<Finding> findings;
  std::string roofs;                       // the roofs file of the target
  double record_seconds = 0;               // wall time of the recording runs and the analysis
};

// Runs in a worker (app/worker) as run_place does; hands the result to
// `show`, then writes the analysis file. Throws CommandError (usage: no roofs
// file; kernel_build: cannot be instrumented) or Interrupted.
AnalyzeResult run_analyze(const AnalyzeRequest& request, const std::function<void(const AnalyzeResult&)>& show = {});

nlohmann::json analysis_document(const AnalyzeResult& r);

}  // namespace roofline
