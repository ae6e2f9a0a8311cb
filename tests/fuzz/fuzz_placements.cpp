// Fuzz target: the placement file reader (plot and report --dots): one
// placement, an array of them or {"placements": [...]}.
#include "fuzz_support.hpp"
#include "model/placement.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static roofline::fuzz::InputFile file;
  const std::string& path = file.hold(data, size);
  roofline::fuzz::expect_file_rejection(path, [&] { roofline::load_placements(path); });
  return 0;
}
