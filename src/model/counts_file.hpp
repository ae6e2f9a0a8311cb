// model/counts_file: what `roofline count -o` writes and `roofline place
// --counts` reads, so counts made on a machine with Clang travel to a device
// machine without it. Counts depend on the source, the build options, the
// NDRange and the data, so the file records all of them (the data by its
// specs, which make the same bytes everywhere) and `place` refuses a file whose
// record differs from its own launch.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/op_counts.hpp"
#include "model/source_hash.hpp"

namespace roofline {

// 2: the math category (calls per function, form and type) added.
inline constexpr int kCountsSchemaVersion = 2;

// What a count depends on.
struct CountedLaunch {
  std::string kernel;
  std::string source_hash;    // FNV-1a 64 of the source text, hex
  std::string build_options;  // -D options and --build-options as the device build got them
  std::vector<std::uint64_t> global, local;
  std::map<std::string, std::string> args;  // name -> spec text
  // Empty when both match; else what differs, for an error message.
  std::string difference(const CountedLaunch& other) const;
};

struct CountsFile {
  CountedLaunch launch;
  std::string source;  // path as given
  std::string device;  // where the instrumented kernel ran
  std::string tool_version, git_revision, date;
  OpCounts counts;
  std::uint64_t work_items = 0;
  std::optional<std::uint64_t> buffer_bytes;  // of the buffer arguments: the kernel's footprint at most; none in older files
  double instrumented_seconds = 0;  // device time of the counting run
  std::vector<std::string> warnings;
};

nlohmann::json counts_to_json(const CountsFile& c);

// The counts of a counts document: one that passed the schema (parse_counts)
// or that roofline wrote itself (counts_to_json, as the worker process hands
// them back). Throws nlohmann::json::exception on anything else.
CountsFile counts_from_json(const nlohmann::json& j);

// Reads a counts file's text, checked against schemas/counts.schema.json;
// `file` names it in messages. Throws InputFileError "FILE: /pointer: what is
// wrong" (files/json_input).
CountsFile parse_counts(const std::string& text, const std::string& file = "counts file");

// parse_counts of a file's text (read up to kJsonFileCap); a file that cannot be read is an InputFileError too.
CountsFile load_counts(const std::string& path);

}  // namespace roofline
