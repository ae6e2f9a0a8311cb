// app/analyze: `roofline analyze` (and `place --analyze`) as a pipeline: the
// kernel counted, then run once more as its address-recording copy over
// sampled work-groups (count/instrument.hpp, "Address records"), the accesses
// analysed for the target device of a roofs file (analysis/access_analysis), and
// its time predicted from the bytes each level serves (analysis/prediction).
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
#include "analysis/access_analysis.hpp"
#include "model/counts_file.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

// Which work-groups the recording runs (sample_plan).
struct GroupSample {
  std::uint64_t groups = 0;   // --sample-groups; 0: the default sample
  std::uint64_t records = 0;  // --sample-records; 0: kSampleRecords
  bool all = false;           // --all-groups
};

struct AnalyzeRequest {
  KernelRequest kernel;
  std::string roofs;   // --roofs: the target's; empty: roofs/<device>.json
  std::string output;  // -o: the analysis file (JSON)
  GroupSample sample;
};

// Which groups the recording runs (a TraceSample of `groups`):
// - the whole launch: --all-groups, or at most kWholeLaunchGroups groups and
//   kWholeLaunchRecords records (the recording copy's exact count);
// - --sample-groups N: N single groups spaced by the target's compute units,
//   the groups one compute unit runs when a device hands them out in turn
//   (the cache model then gives a shared level that unit's share);
// - otherwise kSampleWindows windows of consecutive groups, each centred in
//   its share of the launch, as long as kSampleRecords records (or
//   --sample-records) allow: the
//   neighbouring groups a device runs together share its caches in the model
//   as on the device, so reuse between them (a stencil's planes, a GEMM's
//   tiles) is seen up to a window's length. Where a window would be shorter
//   than one group per compute unit, the spaced sample of 2 x the target's
//   resident groups (at least 8).
inline constexpr std::uint64_t kWholeLaunchGroups = 256;
inline constexpr double kWholeLaunchRecords = 64e6;
inline constexpr std::uint64_t kSampleWindows = 2;
inline constexpr double kSampleRecords = 16e6;
TraceSample sample_plan(std::uint64_t groups, double records, const TargetArchitecture& target, GroupSample requested);

// The address-level analysis of one launch.
struct AddressAnalysis {
  AccessAnalysis analysis;
  std::optional<Prediction> hierarchical;  // from the bytes each level serves
  std::optional<Prediction> core;          // the core-view prediction (counts and footprint alone), for comparison
  std::vector<Finding> findings;
  std::vector<std::string> warnings;       // the recording copy's that the counting copy did not give
  double record_seconds = 0;               // wall time of the recording runs and the analysis
};


struct PreparedKernel;  // app/kernel_setup
class WorkerChannel;    // app/worker
// Records the prepared kernel's addresses over `sample` and analyses them for
// the target of `roofs`, with the kernel's `counts` (for the work and the
// record cap). Runs in the worker (its kernel is the worker's). Throws
// CommandError kernel_build when the kernel cannot be instrumented.
AddressAnalysis analyze_addresses(PreparedKernel& k, const KernelRequest& request, const CountsFile& counts, const RoofsDocument& roofs,
                                  GroupSample sample, const WorkerChannel& worker);

struct AnalyzeResult {
  CountsFile counts;
  AddressAnalysis address;
  std::string roofs;  // the roofs file of the target
};

// Runs in a worker (app/worker) as run_place does; hands the result to
// `show`, then writes the analysis file. Throws CommandError (usage: no roofs
// file; kernel_build: cannot be instrumented) or Interrupted.
AnalyzeResult run_analyze(const AnalyzeRequest& request, const std::function<void(const AnalyzeResult&)>& show = {});

// The analysis file: "schema": "roofline-analysis" (schemas/analysis.schema.json):
// the header, the counts, and address_analysis_json's fields.
nlohmann::json analysis_document(const AnalyzeResult& r);
nlohmann::json address_analysis_json(const AddressAnalysis& a);
AddressAnalysis address_analysis_of(const nlohmann::json& doc);

}  // namespace roofline
