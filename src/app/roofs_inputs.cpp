#include "app/roofs_inputs.hpp"

#include <algorithm>
#include <filesystem>

#include "app/errors.hpp"
#include "files/files.hpp"

namespace fs = std::filesystem;

namespace roofline {
namespace {

// Whether a JSON text declares another roofline document ("schema":
// "roofline-fleet", "roofline-trace"...): roofs files have no "schema".
bool other_roofline_document(const std::string& text) {
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  return j.is_object() && j.contains("schema") && j["schema"].is_string() &&
         j["schema"].get<std::string>().rfind("roofline-", 0) == 0;
}

// The *.json files directly in a folder, by name.
std::vector<std::string> json_files_in(const std::string& folder) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const fs::directory_entry& e : fs::directory_iterator(folder, ec))
    if (e.path().extension() == ".json" && e.is_regular_file(ec)) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

std::vector<RoofsInput> read_roofs_inputs(const std::vector<std::string>& inputs, std::vector<std::string>& skipped) {
  std::vector<RoofsInput> files;
  for (const std::string& input : inputs) {
    std::error_code ec;
    if (!fs::is_directory(input, ec)) {
      files.push_back({input, load_roofs(input)});
      continue;
    }
    std::size_t found = 0;
    for (const std::string& path : json_files_in(input)) {
      const std::string text = read_input_file(path, "roofs file", kJsonFileCap);
      if (other_roofline_document(text)) {
        skipped.push_back(path);
        continue;
      }
      files.push_back({path, parse_roofs(text, path)});
      ++found;
    }
    if (found == 0) throw CommandError(Failure::usage, input + ": no roofs file (*.json) in this folder");
  }
  return files;
}

}  // namespace roofline
