// benchmark/suite_benchmark: the rest of seed 000's micro-benchmark suite
// that `roofline build` runs after the memory hierarchy: the global-memory
// stride sweep (kernels/stride.cl), branch divergence (kernels/divergence.cl),
// scalability over the work-item count (kernels/vector_add.cl) and atomic_add
// throughput (kernels/atomics.cl). Every kernel's output is checked on the
// host; a failed check throws WrongResult. The checks are exposed for tests.
#pragma once
#include <cstdint>
#include <vector>

#include "benchmark/session.hpp"
#include "model/suite.hpp"

namespace roofline {

// Read (`op` read) or write (`op` store) bandwidth of `width`-lane floats
// (1 or 4) at each of the plan's strides (seed 000, Formula 1), stride 0 apart.
StrideCurve measure_global_stride(Session& session, Op op, int width);
// The time of 1, 2, 4 ... 64 paths against the branch-free kernel's.
DivergenceTest measure_divergence(Session& session);
// Vector add of a fixed size over 1 to 65536 work-items (and beyond on GPUs while the bandwidth grows).
ScalabilitySweep measure_scalability(Session& session);
// Global and local atomic_add, one address and distinct addresses.
std::vector<AtomicRate> measure_atomics(Session& session);

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
