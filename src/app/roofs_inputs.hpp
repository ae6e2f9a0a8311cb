// app/roofs_inputs: roofs files a command reads by the user's naming, each
// a file or a folder of them (`roofline fleet FILES|DIR`, `build --alone`).
#pragma once
#include <string>
#include <vector>

#include "model/roofs.hpp"

namespace roofline {

struct RoofsInput {
  std::string path;
  RoofsDocument doc;
};

// Each file named, read and checked as every input; each folder's *.json
// files directly in it, by name, skipping other roofline documents (a fleet
// report, a trace: their paths go to `skipped`). Throws CommandError
// (usage) for a folder that holds no roofs file, and as load_roofs for a
// file that is not one.
std::vector<RoofsInput> read_roofs_inputs(const std::vector<std::string>& inputs, std::vector<std::string>& skipped);

}  // namespace roofline
