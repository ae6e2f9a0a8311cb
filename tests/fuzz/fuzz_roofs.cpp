// Fuzz target: the roofs file reader, as plot, report and place call it, and
// the pick of best ceilings every chart and table starts from.
#include "fuzz_support.hpp"
#include "model/roofs.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static roofline::fuzz::InputFile file;
  const std::string& path = file.hold(data, size);
  roofline::fuzz::expect_file_rejection(path, [&] {
    const roofline::RoofsDocument doc = roofline::load_roofs(path);
    roofline::best_ceilings(doc);
  });
  return 0;
}
