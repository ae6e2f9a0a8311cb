#include "benchmark/random_fill.hpp"

namespace roofline {

void fill_random(std::uint32_t* w, std::size_t n, std::uint64_t seed) {
  std::uint64_t x = seed ? seed : 0x9e3779b97f4a7c15ull;
  for (std::size_t i = 0; i < n; ++i) {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    w[i] = std::uint32_t((x * 0x2545f4914f6cdd1dull) >> 32);
  }
}

}  // namespace roofline
