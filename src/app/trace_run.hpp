// app/trace_run: the traced application started with the capture inside it,
// and the counting of one captured launch signature outside it (used by
// app/trace only).
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/analyze.hpp"
#include "app/trace.hpp"
#include "model/capture.hpp"

namespace roofline {

// The capture library of `via` beside this binary (build/lib) or in the
// installed library folder. Throws CommandError: runtime naming where it looked.
std::filesystem::path capture_library(CapturePath via);

// The application's executable: a path as given, or found on PATH. Throws
// CommandError: usage, one line, when it does not exist or cannot be run.
std::string application_executable(const std::string& name);

// A fresh private folder for the capture, removed with the object.
class CaptureFolder {
 public:
  CaptureFolder();
  ~CaptureFolder();
  CaptureFolder(const CaptureFolder&) = delete;
  CaptureFolder& operator=(const CaptureFolder&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Runs the application with the capture writing to `capture_dir`; its stdin,
// stdout and stderr are this process's. Ctrl-C reaches the application (the
// terminal's process group) and is left to it while it runs; SIGTERM, SIGHUP
// and a signal sent to trace alone are passed on to it and stop trace once
// it has ended (AppOutcome::stopped_by). SIGINT, SIGQUIT, SIGTERM and SIGHUP
// stay blocked on return, for install_interrupt_handler. Throws
// CommandError: usage when exec refuses the file (a script without #!),
// runtime when it cannot fork.
AppOutcome run_application(const std::string& executable, const std::vector<std::string>& command,
                           const std::filesystem::path& layer, CapturePath via, CountMode count,
                           const std::filesystem::path& capture_dir);

// A kernel parameter as the device's argument info names it: its name and
// type (without '*').
struct KernelParam {
  std::string name, type;
};

// The counts of one launch of `sig` (process manifest `m`), run in a worker
// on the copies of its buffers; or why it could not be counted, in words.
// With `analysis` (trace --analyze), its addresses recorded too, for the
// target of those roofs (app/analyze), in the same worker: a failed
// recording keeps the counts (analysis_problem says why), but a worker that
// dies or runs past its timeout while recording loses both.
struct SignatureAnalysisRequest {
  RoofsDocument roofs;
  GroupSample sample;
};
struct SignatureCount {
  std::optional<CountsFile> counts;
  std::optional<AddressAnalysis> analysis;
  std::string analysis_problem;     // why the counted signature was not analysed
  std::vector<KernelParam> params;  // where counted
  std::string problem;
};
SignatureCount count_signature(const CaptureManifest& m, const CapturedSignature& sig, const std::string& device, double timeout_s,
                               const std::optional<SignatureAnalysisRequest>& analysis = std::nullopt);

// A replay bundle of a counted signature in `folder` (made here): kernel.cl,
// the program's source with `// roofline:` lines giving the launch (kernel,
// NDRange, build options, every argument, buffers as `file=` the copies
// beside it, by absolute path), and the copies, argI.bin. `roofline place
// FOLDER` re-runs that launch standalone. Throws OutputFileError.
void write_bundle(const CaptureManifest& m, const CapturedSignature& sig, const std::vector<KernelParam>& params,
                  const std::filesystem::path& folder);

}  // namespace roofline
