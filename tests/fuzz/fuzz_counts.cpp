// Fuzz target: the counts file reader (place --counts), and the derived
// figures place computes from what it read.
#include "fuzz_support.hpp"
#include "model/counts_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static roofline::fuzz::InputFile file;
  const std::string& path = file.hold(data, size);
  roofline::fuzz::expect_file_rejection(path, [&] {
    const roofline::CountsFile counts = roofline::load_counts(path);
    roofline::counts_to_json(counts).dump();
  });
  return 0;
}
