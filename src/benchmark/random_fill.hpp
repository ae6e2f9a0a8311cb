// benchmark/random_fill: incompressible test data. Some GPUs compress memory
// traffic transparently, and constant or zero buffers then "move" faster than
// the bus allows; random bits cannot be compressed.
#pragma once
#include <cstdint>
#include <cstddef>

namespace roofline {

// Fills `words` 32-bit words with xorshift64* output from `seed`.
void fill_random(std::uint32_t* words, std::size_t count, std::uint64_t seed);

}  // namespace roofline
