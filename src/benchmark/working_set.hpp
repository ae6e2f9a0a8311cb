// benchmark/working_set: the working-set walks of kernels/memory.cl over one
// element type and width: loads (read), image reads, stores and copies over a
// working set sized for one memory level, calibrated, checked on the host and
// then timed, as often as a caller's rounds ask.
//
// Loads: every work-group walks the whole working set (each from its own
// offset, or on GPUs in its own block order), so a set that fits a compute
// unit's private cache is served from there. Stores and copies: each
// work-group stores to its own slice. Work-groups storing to the same lines
// would measure the lines passing between the compute units (the coherence
// protocol on CPUs, contention in a GPU's L2 behind a write-through L1), not
// the level's bandwidth.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"

namespace roofline {

// A walk ready to time: a kernel of its own with every argument set (walks
// of several sizes and ops can take turns), and what one launch moves.
struct Walk {
  Op op = Op::read;
  cl::Kernel kernel;
  LaunchShape launch;
  double moved = 0;          // bytes one launch moves (copy: read and written)
  double working_set = 0;    // bytes it covers (copy: both halves)
  std::vector<cl::Memory> uses;  // the buffers and image it reads or writes, kept alive with it
};

// The build options of kernels/memory.cl for a working set of `width` x
// `type` elements and `loads` loads in flight.
std::string working_set_options(const Session& session, DataType type, int width, int loads);

class WorkingSet {
 public:
  // Buffers for working sets up to `max_bytes` (two of them: the data and a
  // scratch buffer stores go to), and outputs for launches up to `largest`.
  WorkingSet(Session& session, DataType type, int width, int loads, std::uint64_t max_bytes, const LaunchShape& largest);

  // One block of the walk: a work-group's work-items times the loads in flight.
  std::uint64_t step_bytes(const LaunchShape& l) const;
  // The smallest working set `op` can walk at `l`: a block, or for stores and
  // copies a block per work-group (copy: of both halves).
  std::uint64_t min_bytes(Op op, const LaunchShape& l) const;
  // Image reads need image support and 16-byte elements (uint4 texels over the same data).
  bool images() const;
  std::uint64_t image_bytes() const { return image_bytes_; }
  DataType type() const { return type_; }
  int width() const { return width_; }
  std::uint64_t max_bytes() const { return bytes_; }
  // "stores of float4, 4 accesses in flight per work-item, 528 x 256 work-items, ..."
  std::string describe(Op op, const LaunchShape& l) const;

  // A walk of `op` over about `ws` bytes (copy: both halves together; whole
  // blocks, a prime number of them for GPU loads, a multiple of the
  // work-group count for stores) at `l`, calibrated so that one launch takes
  // about `target_s`, and checked on the host. Throws WrongResult when the
  // kernel's output is wrong, std::invalid_argument when `ws` is too small.
  Walk prepare(Op op, std::uint64_t ws, const LaunchShape& l, double target_s);
  // The walk's bandwidth (B/s) over the samples of `policy`, after an untimed
  // launch (another walk may have left other data in the caches).
  Stats sample(const Walk& walk, const SamplingPolicy& policy);
  // The walk ready to run again (for power); it keeps its buffers alive.
  Replay replay(const Walk& walk) const;

 private:
  std::uint64_t blocks_for(Op op, std::uint64_t ws, const LaunchShape& l) const;
  int set_walk_args(cl::Kernel& k, Op op, std::uint64_t nblocks) const;
  std::uint64_t calibrate(cl::Kernel& k, int count_arg, const LaunchShape& l, std::uint64_t first_count, double target_s);
  template <typename F>
  void walk(std::uint64_t g, std::uint64_t groups, std::uint64_t lid, std::uint64_t nblocks, std::uint64_t count,
            std::uint64_t local, F&& visit) const;
  void check(Op op, std::uint64_t nblocks, std::uint64_t count, const LaunchShape& l);
  void check_sums(Op op, std::uint64_t nblocks, std::uint64_t count, const LaunchShape& l);
  void check_stores(Op op, std::uint64_t nblocks, std::uint64_t count, const LaunchShape& l);
  std::string what(Op op) const;

  Session& s_;
  DataType type_;
  int width_, loads_;
  bool scatter_;
  std::uint64_t elem_ = 0, bytes_ = 0;
  std::vector<std::uint32_t> host_;
  cl::Program program_;
  cl::Buffer data_, scratch_, out_;
  cl::Image1DBuffer image_;
  std::uint64_t image_bytes_ = 0;
};

}  // namespace roofline
