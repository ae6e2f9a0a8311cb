// model/capture: what the interception layer (src/intercept/) captured in one
// process of a traced application, read back from its folder: the
// manifest.json beside the program sources and buffer copies it names
// (docs/formats.md, "The capture manifest"). The manifest's types and JSON are
// model/capture_manifest.hpp, which the layer writes with; reading checks it
// against schemas/capture.schema.json first, then what a schema cannot say:
// indices into the lists (a signature's kernel, a kernel's program, a
// queue's device) in range, file names inside the folder, sizes that agree.
#pragma once
#include <filesystem>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/capture_manifest.hpp"

namespace roofline {

// The manifest in `j`; throws std::runtime_error saying what is wrong (not a
// capture manifest; against the schema, the field and what: a newer schema
// version, a missing field, an unknown name; an index out of range, a file
// name reaching outside the folder, sizes that disagree).
CaptureManifest parse_capture(const nlohmann::json& j);
// Reads PROCESS_FOLDER/manifest.json; throws InputFileError naming the file and the problem.
CaptureManifest load_capture(const std::filesystem::path& process_folder);
// The process folders ("pid-<pid>") of a capture folder that hold a manifest, sorted.
std::vector<std::filesystem::path> capture_process_folders(const std::filesystem::path& capture_dir);

}  // namespace roofline
