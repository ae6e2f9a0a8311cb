// app/trace_merge: `roofline trace --merge A.trace.json B.trace.json ...`:
// the trace files of the ranks of one MPI (or SLURM) run, each written by
// its own `roofline trace` (`mpirun -n N roofline trace -o 'app.{rank}.trace.json'
// -- ./app`), combined into one trace: each kernel (name, program, build
// options) with its signatures and counts over every rank, placed again on
// the roofs; each rank's time of it and its share; and the load imbalance,
// the largest rank's time over the mean of all ranks (a rank that did not run
// the kernel counts 0). A trace file is the merge's input rather than the
// capture folders: each rank counts its own signatures on its own node, where
// its buffers were, and the files are what a job leaves behind.
#pragma once
#include <functional>
#include <optional>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/trace.hpp"

namespace roofline {

// Reads the files (checked against schemas/trace.schema.json), merges them
// and writes -o and --svg as a trace does. The ranks are those the files
// record (`process.rank`), else their order on the command line. Throws
// CommandError: usage for fewer than two files, an application command
// beside --merge, a file that is itself a merge, two files of one rank;
// InputFileError for a file that cannot be read or is not a trace file.
TraceResult run_trace_merge(const TraceRequest& request, const std::function<void(const TraceResult&)>& show = {});

// A trace file's document (one that passed its schema) as a result.
TraceResult trace_from_json(const nlohmann::json& j);

// The ranks' results (each with its process.rank set) as one; the roofs
// place the merged kernels (none: counted, not bound).
TraceResult merge_traces(const std::vector<TraceResult>& ranks, const std::vector<std::string>& files,
                         const std::optional<RoofsDocument>& roofs);

}  // namespace roofline
