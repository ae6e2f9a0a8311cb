#include "benchmark/random_fill.hpp"

#include <algorithm>
#include <thread>
#include <vector>

namespace roofline {
namespace {

constexpr std::size_t kChunkWords = std::size_t(1) << 20;

// splitmix64: a well-mixed, nonzero xorshift state for each chunk.
std::uint64_t chunk_state(std::uint64_t seed, std::size_t chunk) {
  std::uint64_t z = seed + 0x9e3779b97f4a7c15ull * (std::uint64_t(chunk) + 1);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  z ^= z >> 31;
  return z ? z : 0x9e3779b97f4a7c15ull;
}

void fill_chunk(std::uint32_t* w, std::size_t n, std::uint64_t x) {
  for (std::size_t i = 0; i < n; ++i) {
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    w[i] = std::uint32_t((x * 0x2545f4914f6cdd1dull) >> 32);
  }
}

}  // namespace

void fill_random(std::uint32_t* w, std::size_t n, std::uint64_t seed) {
  const std::size_t chunks = (n + kChunkWords - 1) / kChunkWords;
  const std::size_t threads = std::min<std::size_t>(std::max(1u, std::thread::hardware_concurrency()), chunks);
  const auto fill_every = [&](std::size_t first) {
    for (std::size_t c = first; c < chunks; c += threads)
      fill_chunk(w + c * kChunkWords, std::min(kChunkWords, n - c * kChunkWords), chunk_state(seed, c));
  };
  if (threads <= 1) {
    fill_every(0);
    return;
  }
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(fill_every, t);
  fill_every(0);
  for (std::thread& t : pool) t.join();
}

}  // namespace roofline
