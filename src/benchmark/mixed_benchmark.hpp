// benchmark/mixed_benchmark: kernels/mixed.cl, loads from one memory level
// mixed with float FMA chains at a chosen arithmetic intensity, the points
// the power model is fitted to and validated on (analysis/power_model).
#pragma once
#include <cstdint>
#include <memory>
#include <string>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"

namespace roofline {

struct MixedPoint {
  MemoryLevel level;
  double ai = 0;              // FLOP/byte, exact by construction
  Stats flops;                // FLOP/s over the timed repetitions
  double bytes_per_s = 0;     // flops.median / ai
  std::string variant;        // chains, steps, loads
  Replay replay;              // one launch at the calibrated size
};

class MixedBenchmark {
 public:
  // A random working set of about `bytes` (rounded down to a power of two,
  // at least 64 KiB) that the kernel walks, streamed from `level`.
  MixedBenchmark(Session& session, MemoryLevel level, std::uint64_t bytes);
  // Builds, calibrates, checks on the host and times the kernel at `ai`
  // FLOP/byte (a power of two the kernel shape can reach: 1/64 to 4096).
  // Throws WrongResult when the sums or chains are wrong.
  MixedPoint measure(double ai);
  std::uint64_t working_set_bytes() const;

  struct Shape {
    int width = 1, chains = 1, steps = 1, loads = 8;
  };
  // The kernel shape giving `ai` with chains of `width` lanes and at most
  // `max_chains` chains; throws std::invalid_argument when it cannot.
  static Shape shape_for(double ai, int width, int max_chains);

 private:
  void check(double ai, const Shape& shape, std::uint32_t iters) const;
  struct State;
  std::shared_ptr<State> st_;
};

}  // namespace roofline
