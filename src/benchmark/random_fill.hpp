// benchmark/random_fill: incompressible test data. Some GPUs compress memory
// traffic transparently, and constant or zero buffers then "move" faster than
// the bus allows; random bits cannot be compressed.
#pragma once
#include <cstdint>
#include <cstddef>

namespace roofline {

// Fills `words` 32-bit words with xorshift64* output: each MiB-sized chunk of
// 2^20 words from its own state (splitmix64 of `seed` and the chunk's index),
// so that the host's threads fill chunks at once (gigabytes of a GPU's DRAM
// test took seconds of one core) and the words depend on the seed alone.
void fill_random(std::uint32_t* words, std::size_t count, std::uint64_t seed);

}  // namespace roofline
