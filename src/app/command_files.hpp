// app/command_files: every file each command reads and writes, named in this
// one place, and the check made before any work: no output is an input of
// the run or another of its outputs, and each output can be written
// (files/atomic_file's rules). Files are compared as files, not by spelling:
// a link, "./", ".." or a hard link to an input is that input
// (files/atomic_file's FileIdentity), and outputs written beside another
// (build's ROOFS.json.partial, the charts beside a CARM) count as outputs.
#pragma once
#include <string>
#include <vector>

namespace roofline {

struct BuildRequest;
struct PlotRequest;
struct RoofsDocument;
struct CountRequest;
struct PlaceRequest;
struct AnalyzeRequest;
struct TraceRequest;

// A path and what it is to the run, as a message names it: "the roofs file (-o)".
struct NamedFile {
  std::string path, role;
};

struct CommandFiles {
  struct Output {
    NamedFile file;
    std::vector<NamedFile> beside;  // written beside it, named after it: it must name a file, not a stream
  };
  std::vector<NamedFile> inputs;
  std::vector<Output> outputs;

  // Empty paths (nothing given) are left out.
  void input(const std::string& path, const std::string& role);
  void output(const std::string& path, const std::string& role, std::vector<NamedFile> beside = {});
};

// Throws OutputFileError (exit status 5), naming both files' roles, when an
// output is an input or another output of the run; then, unless
// `writable_checked`, when an output cannot be written (check_writable, and
// a path others are named after must name a file).
void check_command_files(const CommandFiles& files, bool writable_checked = false);

// build: the level override file; the roofs file with its partial file, the
// CARM chart with the charts beside it (`roofs`, `chart`: the paths chosen).
CommandFiles build_files(const BuildRequest& r, const std::string& roofs, const std::string& chart);

// plot and report: the roofs and placement files; the chart or report. For
// plot --chart all, `docs` (the roofs files read) give the charts it writes.
CommandFiles plot_files(const PlotRequest& r, const std::vector<RoofsDocument>& docs);
CommandFiles report_files(const PlotRequest& r);
// plot --chart all: where the chart `suffix` of the roofs file `roofs` goes in the folder -o.
std::string chart_in_folder(const PlotRequest& r, const std::string& roofs, const std::string& suffix);

// count, place, analyze: the kernel file (a bundle's kernel.cl), the files
// its arguments' data come from (--arg and the file's // roofline: lines),
// and each command's own. `device_roofs`: the roofs file found for the
// device (roofs/<device>.json), once known; --roofs otherwise.
CommandFiles count_files(const CountRequest& r);
CommandFiles place_files(const PlaceRequest& r, const std::string& device_roofs = "");
CommandFiles analyze_files(const AnalyzeRequest& r, const std::string& device_roofs = "");

// trace: the application's executable and the roofs file; the trace file and chart.
CommandFiles trace_files(const TraceRequest& r, const std::string& executable, const std::string& device_roofs = "");
// trace --merge: the ranks' trace files and the roofs file; the merged trace
// file and chart (`output`, `svg`: the paths after their templates).
CommandFiles trace_merge_files(const TraceRequest& r, const std::string& output, const std::string& svg);

}  // namespace roofline
