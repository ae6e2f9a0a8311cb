// Fuzz target: the counts file reader (place --counts), and the derived
// figures place computes from what it read. A file it accepts has no key
// twice (invariants.hpp).
#include "fuzz_support.hpp"
#include "invariants.hpp"
#include "model/counts_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static roofline::fuzz::InputFile file;
  const std::string& path = file.hold(data, size);
  roofline::fuzz::expect_file_rejection(path, [&] {
    const roofline::CountsFile counts = roofline::load_counts(path);
    roofline::fuzz::check_no_duplicate_key(std::string(reinterpret_cast<const char*>(data), size));
    roofline::counts_to_json(counts).dump();
  });
  return 0;
}
