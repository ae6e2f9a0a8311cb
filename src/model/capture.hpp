// model/capture: what the interception layer (src/intercept/) captured in one
// process of a traced application, read back from its folder: the
// manifest.json beside the program sources and buffer copies it names
// (README, "Capture format"). The names come from model/capture_format.hpp,
// the table the layer writes with. Indices into the lists (a signature's
// kernel, a kernel's program, a queue's device) are checked when read.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/capture_format.hpp"

namespace roofline {

// Durations of the commands of one signature or transfer record, in
// nanoseconds of the device's clock. The median is exact up to 2048 commands,
// then taken over a uniform sample of them (median_exact false).
struct CapturedTimes {
  std::uint64_t samples = 0, total_ns = 0, median_ns = 0, min_ns = 0, max_ns = 0;
  bool median_exact = true;
};

struct CapturedDevice {
  std::string name, vendor, version, driver, platform, type;
};

struct CapturedQueue {
  std::size_t device = 0;
  bool out_of_order = false, profiling_asked = false;
};

struct CapturedBuild {
  BuildStep step = BuildStep::build;
  std::string options;
  int status = 0;  // what the call returned (0: CL_SUCCESS)
  std::uint64_t count = 0;
};

// One distinct program: by its source text (or binary, IL, kernel names).
struct CapturedProgram {
  ProgramOrigin origin = ProgramOrigin::source;
  std::optional<std::string> source_file;  // relative to the process folder; source programs only
  std::optional<std::string> hash;         // FNV-1a 64 of the content (model/source_hash.hpp)
  std::vector<std::pair<std::string, std::optional<std::size_t>>> headers;  // include name, program
  std::vector<std::optional<std::size_t>> inputs;                          // linked programs: what was linked
  std::vector<CapturedBuild> builds;
  std::uint64_t handles = 0;  // program objects created with this content
};

// One kernel of one program built with one set of options.
struct CapturedKernel {
  std::optional<std::size_t> program;  // none: a program the layer never saw created
  std::string name, options;
  std::uint64_t created = 0, created_in_program = 0, cloned = 0;
};

struct CapturedNDRange {
  unsigned dims = 0;
  std::vector<std::uint64_t> offset, global;
  std::optional<std::vector<std::uint64_t>> local;  // none: the driver chose
};

struct CapturedArg {
  unsigned index = 0;
  ArgKind kind = ArgKind::unset;
  std::uint64_t size = 0;           // scalar bytes, __local bytes, or the memory object's size
  std::vector<std::uint8_t> bytes;  // scalars: the value
  std::uint64_t flags = 0;          // memory objects: cl_mem_flags
  struct SubBuffer {
    std::uint64_t origin = 0, parent_size = 0;
  };
  std::optional<SubBuffer> sub_buffer;
};

// A buffer argument's bytes just before a launch, in a file of the folder.
struct CapturedCopyFile {
  unsigned arg = 0;
  std::string file;  // relative to the process folder; arguments passing one buffer share it
  std::uint64_t bytes = 0;
};

struct CapturedCopy {
  std::uint64_t launch = 0;  // which launch of the signature (1: the first)
  CopyStatus status = CopyStatus::pending;
  std::string problem;
  std::vector<CapturedCopyFile> args;
};

// A distinct launch: kernel, device, NDRange, scalar values and buffer sizes.
struct CapturedSignature {
  std::size_t kernel = 0, device = 0;
  bool folded = false;  // launches beyond the kernel's signature limit, together (no args)
  CapturedNDRange ndrange;
  std::vector<CapturedArg> args;
  std::vector<NotCounted> not_counted;  // empty: countable
  std::uint64_t launches = 0, enqueue_failures = 0, command_failures = 0, untimed = 0;
  CapturedTimes time;
  std::vector<CapturedCopy> copies;
  bool countable() const { return not_counted.empty(); }
};

struct CapturedTransfer {
  TransferKind kind = TransferKind::read;
  TransferPath path = TransferPath::none;
  std::size_t device = 0;
  std::optional<std::uint64_t> bytes;  // each; none for a folded record of many sizes
  bool folded = false;
  std::uint64_t count = 0, bytes_total = 0, enqueue_failures = 0, command_failures = 0, untimed = 0;
  CapturedTimes time;
};

// When a device was busy, on its own clock: the span from the first command's
// start to the last one's end, of which busy_ns had a command running.
struct CapturedActivity {
  std::size_t device = 0;
  std::uint64_t commands = 0, first_start_ns = 0, last_end_ns = 0, busy_ns = 0, gaps = 0, longest_gap_ns = 0;
  std::uint64_t span_ns() const { return last_end_ns > first_start_ns ? last_end_ns - first_start_ns : 0; }
  std::uint64_t idle_ns() const { return span_ns() > busy_ns ? span_ns() - busy_ns : 0; }
};

struct CaptureManifest {
  int schema_version = kCaptureSchemaVersion;
  CaptureState state = CaptureState::running;
  CapturePath path = CapturePath::layer;
  long pid = 0;
  std::optional<long> rank;  // its rank in a parallel job (kRankVariables), where its environment said
  std::vector<std::string> command_line;
  std::uint64_t host_start_unix_ns = 0, host_written_unix_ns = 0;
  CountMode count = CountMode::first;
  std::optional<std::string> launch_log;  // file name in the folder, when per-launch lines were asked for
  std::uint64_t copy_limit_bytes = 0;
  unsigned signatures_per_kernel = 0;
  std::vector<CapturedDevice> devices;
  std::vector<CapturedQueue> queues;
  std::vector<CapturedProgram> programs;
  std::vector<CapturedKernel> kernels;
  std::vector<CapturedSignature> signatures;
  std::vector<CapturedTransfer> transfers;
  std::vector<CapturedActivity> activity;
  std::vector<std::string> warnings;
  std::filesystem::path folder;  // the process folder it was read from (empty when parsed from JSON)

  // A file the manifest names, relative to its folder.
  std::filesystem::path file(const std::string& relative) const { return folder / relative; }
};

// The manifest in `j`; throws std::runtime_error saying what is wrong (not a
// capture manifest, a newer schema, a missing field, an unknown name, an
// index out of range, a file name reaching outside the folder).
CaptureManifest parse_capture(const nlohmann::json& j);
// Reads PROCESS_FOLDER/manifest.json; throws InputFileError naming the file and the problem.
CaptureManifest load_capture(const std::filesystem::path& process_folder);
// The process folders ("pid-<pid>") of a capture folder that hold a manifest, sorted.
std::vector<std::filesystem::path> capture_process_folders(const std::filesystem::path& capture_dir);

}  // namespace roofline
