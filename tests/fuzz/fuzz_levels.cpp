// Fuzz target: the level-override file of `build --levels`, read as build
// reads it before measuring (a file it accepts must be possible:
// invariants.hpp), then applied to a fixed pair of curves (a CPU-like
// staircase, 1 KiB to 1 GiB).
#include <cmath>
#include <vector>

#include "fuzz_support.hpp"
#include "invariants.hpp"
#include "analysis/levels.hpp"

namespace {

// Bandwidth falling and latency rising at 32 KiB, 1 MiB and 32 MiB, 4 points per octave.
std::vector<roofline::CurvePoint> staircase(double l1, double l2, double l3, double dram) {
  std::vector<roofline::CurvePoint> curve;
  for (double bytes = 1024; bytes <= 1024.0 * 1024 * 1024; bytes *= std::exp2(0.25)) {
    roofline::CurvePoint p;
    p.bytes = bytes;
    p.stats.median = p.stats.min = p.stats.max = p.stats.mean =
        bytes <= 32768 ? l1 : bytes <= 1048576 ? l2 : bytes <= 33554432 ? l3 : dram;
    p.stats.samples = 5;
    curve.push_back(p);
  }
  return curve;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static roofline::fuzz::InputFile file;
  static const auto bandwidth = staircase(400e9, 200e9, 100e9, 20e9);
  static const auto latency = staircase(1, 4, 15, 90);
  const std::string& path = file.hold(data, size);
  roofline::fuzz::expect_file_rejection(path, [&] {
    roofline::fuzz::check_levels(roofline::load_level_override(path));
    roofline::fuzz::check_no_duplicate_key(std::string(reinterpret_cast<const char*>(data), size));
    roofline::levels_from_override(path, bandwidth, latency);
  });
  return 0;
}
