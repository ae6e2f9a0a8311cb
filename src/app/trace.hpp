// app/trace: `roofline trace -- ./app args`: an unmodified OpenCL application
// run with the capture layer inside it (src/intercept/), its manifests read
// back (model/capture), its kernels aggregated and timed, each countable launch
// signature counted outside the application (the instrumenter, in a worker
// process, on the buffer copies the capture took), and each kernel placed
// among the device's roofs; then the trace file and the CARM with a dot per
// kernel. The application's stdin, stdout and stderr are its own. With
// --analyze, each counted signature's addresses are recorded too (app/analyze)
// and its kernel placed with the hierarchical prediction and level dots.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "app/analyze.hpp"
#include "app/worker.hpp"
#include "model/capture_format.hpp"
#include "model/counts_file.hpp"
#include "model/placement.hpp"

namespace roofline {

struct TraceRequest {
  std::vector<std::string> command;  // the application and its arguments
  std::vector<std::string> merge;    // --merge: trace files of the ranks of one run, combined instead of running
  std::string device;                // where the signatures are counted; empty: the device they ran on
  std::string roofs;                 // --roofs; empty: roofs/<device>.json when it exists
  // The outputs may be templates (app/output_template: {host}, {rank}, {localid}...).
  std::string output;                // -o: the trace file
  std::string svg;                   // --svg: the CARM with a dot per kernel
  std::string bundle;                // --bundle: a replay bundle per counted signature, DIR/kernel_N
  CountMode count = CountMode::first;
  CapturePath via = CapturePath::layer;  // the OpenCL layer, or the LD_PRELOAD fallback
  double timeout_s = kDefaultKernelTimeout;  // each counting worker
  bool analyze = false;              // --analyze: each counted signature's addresses recorded too (needs --roofs)
  GroupSample sample;                // --sample-groups, --all-groups
  std::function<void(const std::string&)> on_warning;
};

// How the application ended.
struct AppOutcome {
  int exit_status = 0;            // its exit status; 0 when killed
  std::optional<int> signal;      // the signal that killed it
  double wall_s = 0;              // host wall time, start to end
  // The signal that stopped trace while the application ran (SIGTERM,
  // SIGHUP, or one sent to trace alone): it was passed on to the
  // application, and trace writes what it captured, uncounted, then exits
  // as interrupted.
  std::optional<int> stopped_by;
  bool ok() const { return !signal && exit_status == 0; }
};

// A counted launch signature of a kernel: its counts for one launch.
struct TracedSignature {
  std::vector<std::uint64_t> global, local;  // local empty: the runtime's choice
  std::uint64_t launches = 0;
  double total_s = 0, median_s = 0;
  std::optional<CountsFile> counts;  // none: not counted
  std::optional<AddressAnalysis> analysis;  // --analyze
  std::string not_analysed;                 // why not, where --analyze was asked
  std::string not_counted;           // why, in words (empty when counted)
  std::string bundle;                // its replay bundle's folder, where one was written
};

// A kernel's time on one rank (an MPI or SLURM rank) of the application.
struct RankTime {
  int rank = 0;
  std::uint64_t launches = 0;
  double seconds = 0;  // device time of its launches on that rank
  double share = 0;    // of the kernel's time over all ranks
};

// One kernel of the application: name, program, build options.
struct TracedKernel {
  std::string name, program, options;  // program: its source hash, or how it was created
  std::uint64_t launches = 0;
  double total_s = 0;     // device time of all its launches
  double median_s = 0;    // median launch time of its most-launched signature
  double share = 0;       // of the application's kernel time
  std::vector<TracedSignature> signatures;
  std::optional<Placement> placement;   // per mean launch; none when not every launch was counted
  std::optional<double> headroom_s;     // total time saved if every launch ran at its a-priori predicted time
  std::string not_counted;              // why a launch of it was not counted (empty when all were)
  std::string not_placed;               // counted, but why it has no dot (empty when placed or not counted)
  // Counted but without operations (a copy, a fill): no arithmetic intensity,
  // so no place on the CARM; the mean launch's CARM bytes and the rate it
  // moved them at stand in for it. not_placed says so.
  std::optional<double> moved_bytes, moved_bytes_per_s;
  // Over the ranks of an application traced rank by rank (trace --merge):
  // each rank's time (every rank of the trace, 0 where it did not run the
  // kernel), and the load imbalance, the largest over the mean.
  std::vector<RankTime> ranks;
  std::optional<double> imbalance;
};

struct TracedTransfer {
  TransferKind kind = TransferKind::read;
  TransferPath path = TransferPath::none;
  std::optional<std::uint64_t> bytes;  // each; none for a folded record of many sizes
  std::uint64_t count = 0, bytes_total = 0;
  double total_s = 0, median_s = 0;
  std::optional<double> model_s;  // the roofs file's transfer fit: latency + bytes / bandwidth
};

struct TraceSummary {
  double wall_s = 0, kernel_s = 0, transfer_s = 0;
  double idle_s = 0;          // gaps between the device's commands, within its busy span
  std::uint64_t gaps = 0;
};

// A rank of an application traced rank by rank: where it ran and how it ended.
struct TraceRank {
  int rank = 0;
  std::string host, device, file;  // file: its trace file (--merge)
  AppOutcome app;
  double kernel_s = 0, transfer_s = 0;
};

// The process roofline trace ran in: its host, and its rank where MPI's or
// SLURM's environment gave one (app/output_template's variables).
struct TraceProcess {
  std::string host;
  std::optional<int> rank, size;
};

struct TraceResult {
  std::vector<std::string> command;
  AppOutcome app;
  TraceProcess process;
  bool used_opencl = false;    // a capture manifest was written
  std::string device;          // the device the kernels ran on
  std::string roofs;           // the roofs file the kernels were placed on; empty: none
  std::vector<TracedKernel> kernels;      // by total device time, longest first
  std::vector<TracedTransfer> transfers;  // by total time, longest first
  TraceSummary summary;
  std::vector<std::string> notes;         // the capture's warnings, what could not be done
  std::vector<TraceRank> ranks;           // trace --merge: the ranks, by rank
};

// Runs the application, then counts, places and writes what was asked. A
// failing application is no failure of the command: its outcome is in the
// result, and what was captured is kept. Throws CommandError: usage when the
// application cannot be run (not found, not executable, not a program exec
// can start), when --svg has no roofs; device when --device names no device
// (found before the application runs); runtime when the capture library is
// missing or the application cannot be started; output when a file cannot be
// written (checked first; a --bundle folder must be new or empty);
// interrupted, after writing what was captured, when trace was stopped while
// the application ran (AppOutcome::stopped_by).
TraceResult run_trace(const TraceRequest& request, const std::function<void(const TraceResult&)>& show = {});

// The trace file's document (schemas/trace.schema.json).
nlohmann::json trace_to_json(const TraceResult& result);

// What the trace pipeline does after the capture, shared with the merge
// (app/trace_merge): the kernels, gathered one per name, program and build
// options with their signatures, launches and total time, are placed on the
// roofs (each signature's counts weighted by its launches), sorted by device
// time and summed into `out` with the transfers' models.
using KernelKey = std::tuple<std::string, std::string, std::string>;  // name, program, options
void finish_trace(TraceResult& out, std::map<KernelKey, TracedKernel>& kernels, const std::optional<RoofsDocument>& roofs);

// Each kernel's time on each rank, by kernel and rank.
using RankTimes = std::map<KernelKey, std::map<int, RankTime>>;

// The kernels' rank times over out.ranks (0 for a rank that did not run a
// kernel), each rank's share, and the imbalance: the largest rank's time
// over the mean of all ranks'; the dots' labels say it.
void add_rank_times(TraceResult& out, const RankTimes& times);

// Writes the trace file (`output`) and the CARM with a dot per placed kernel
// (`svg`, where there are roofs); either may be empty.
void write_trace_outputs(const std::string& output, const std::string& svg, const TraceResult& result,
                         const std::optional<RoofsDocument>& roofs);

}  // namespace roofline
