// benchmark/suite_benchmark: the suite benchmarks of model/suite_table that
// `roofline build` runs after the memory hierarchy, one row each: the
// global-memory stride sweep (kernels/stride.cl), branch divergence
// (kernels/divergence.cl), scalability over the work-item count
// (kernels/vector_add.cl), atomic_add throughput (kernels/atomics.cl). Each
// row's benchmark/ file defines its measure function; every kernel's output
// is checked on the host, a failed check throws WrongResult. The checks are
// exposed for tests.
#pragma once
#include <cstdint>
#include <vector>

#include "benchmark/session.hpp"
#include "model/suite.hpp"

namespace roofline {

// Each row's measure function: the series `which` (one of the row's
// SuiteRow::series), its facts but the derived ones found.
#define SUITE_BENCHMARK(id, ...) MeasuredSeries measure_##id(Session& session, const SeriesTags& which);
#include "model/suite_benchmarks.inc"
#undef SUITE_BENCHMARK

// Each row's programs: what its measure function asks the program cache for
// over the row's `series` (for ProgramCache::prefetch).
#define SUITE_BENCHMARK(id, ...) ProgramList programs_##id(const Plan& plan, const std::vector<SeriesTags>& series);
#include "model/suite_benchmarks.inc"
#undef SUITE_BENCHMARK

// The row's series `which`, measured by its measure function, with its derived facts.
MeasuredSeries measure_suite(Session& session, const SuiteRow& row, const SeriesTags& which);

// The programs the row's series build, in the order they ask for them.
ProgramList suite_programs(const SuiteRow& row, const Plan& plan);

// One launch of kernels/stride.cl: element (gid * stride + k * global) & mask
// for access k = 0 .. 16 iters - 1 of work-item gid.
struct StrideAccess {
  std::uint32_t stride = 1;
  std::uint64_t mask = 0;  // element count - 1, a power of two less one
  std::uint32_t iters = 1;
  std::uint64_t global = 1;
  int width = 1;
  std::uint64_t element(std::uint64_t gid, std::uint64_t k) const { return (gid * stride + k * global) & mask; }
};
// Each listed work-item's sum (`sums` holds every work-item's) against the
// host's over `data` (width floats per element). Throws WrongResult.
void check_stride_sums(const StrideAccess& a, const std::vector<float>& data, const std::vector<float>& sums,
                       const std::vector<std::uint64_t>& items);
// `got` (the buffer's first got.size() / width elements, `fill` before the
// launch) holds each written element's value (its index's low 16 bits, every
// lane) and `fill` elsewhere. Throws WrongResult.
void check_stride_stores(const StrideAccess& a, const std::vector<float>& got, float fill);

// The value kernels/divergence.cl leaves for work-item `gid` on `path` after `iters` iterations.
std::uint32_t divergence_value(std::uint32_t gid, int path, std::uint32_t iters);
// Each listed work-item's output against the host's (path = local id % paths). Throws WrongResult.
void check_divergence(const std::vector<std::uint32_t>& out, std::uint64_t local, int paths, std::uint32_t iters,
                      const std::vector<std::uint64_t>& items);

// c == a + b, element by element, bit for bit. Throws WrongResult.
void check_vector_add(const std::vector<float>& a, const std::vector<float>& b, const std::vector<float>& c);

// Counters after `adds` atomic adds of `inc` by each of `global` work-items:
// one counter (one address) or one per work-item. Throws WrongResult.
void check_atomic_counters(AtomicSpace space, AtomicTarget target, const std::vector<std::uint32_t>& counters,
                           std::uint64_t global, std::uint32_t adds, std::uint32_t inc);

// At most `most` work-items spread evenly over [0, global), the last included.
std::vector<std::uint64_t> sampled_items(std::uint64_t global, std::uint64_t most);

}  // namespace roofline
