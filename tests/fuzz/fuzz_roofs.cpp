// Fuzz target: the roofs file reader, as plot, report and place call it, and
// the pick of best ceilings every chart and table starts from. A file it
// accepts must be possible (invariants.hpp).
#include "fuzz_support.hpp"
#include "invariants.hpp"
#include "model/roofs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static roofline::fuzz::InputFile file;
  const std::string& path = file.hold(data, size);
  roofline::fuzz::expect_file_rejection(path, [&] {
    const roofline::RoofsDocument doc = roofline::load_roofs(path);
    roofline::fuzz::check_no_duplicate_key(std::string(reinterpret_cast<const char*>(data), size));
    roofline::fuzz::check_roofs(doc);
    roofline::best_ceilings(doc);
  });
  return 0;
}
