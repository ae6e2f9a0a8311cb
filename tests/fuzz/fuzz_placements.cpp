// Fuzz target: the placement file reader (plot and report --dots): one
// placement, an array of them or {"placements": [...]}. A file it accepts
// must be possible (invariants.hpp).
#include "fuzz_support.hpp"
#include "invariants.hpp"
#include "model/placement.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static roofline::fuzz::InputFile file;
  const std::string& path = file.hold(data, size);
  roofline::fuzz::expect_file_rejection(path, [&] {
    const std::vector<roofline::Placement> placements = roofline::load_placements(path);
    roofline::fuzz::check_no_duplicate_key(std::string(reinterpret_cast<const char*>(data), size));
    for (const roofline::Placement& p : placements) roofline::fuzz::check_placement(p);
  });
  return 0;
}
