// benchmark/atomic_contention_benchmark: atomic_add throughput against the
// number of work-items that add to one address in each step, in global and
// local memory (kernels/atomic_contention.cl; the row atomic_contention of
// model/suite_benchmarks.inc, whose measure function its .cpp defines). What
// it exposes for tests: the contention levels and the host's check.
#pragma once
#include <cstdint>
#include <vector>

#include "model/series.hpp"

namespace roofline {

// The work-items per address it measures, up to `most` work-items (the
// NDRange in global memory, the work-group in local memory): 1, 2, 4 ...,
// the powers of two that divide `most`.
std::vector<std::uint32_t> contention_levels(std::uint64_t most);

// What counter `c` ends at after `adds` steps of the work-items sharing it.
std::uint32_t contention_counter(std::uint64_t c, std::uint32_t share, std::uint32_t adds);

// Every counter (global / share of them) against contention_counter. Throws WrongResult.
void check_contention_counters(AtomicSpace space, const std::vector<std::uint32_t>& counters, std::uint64_t global,
                               std::uint32_t share, std::uint32_t adds);

}  // namespace roofline
