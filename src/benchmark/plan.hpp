// benchmark/plan: what one `roofline build` measures and how hard it tries,
// derived from the device type and --quick. Everything a benchmark varies
// (types, widths, chain counts, launch shapes, time per point) comes from here.
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "device/device.hpp"
#include "measurement/sampler.hpp"
#include "model/math_functions.hpp"
#include "model/roofs.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

// The memory-hierarchy benchmarks (kernels/memory.cl).
struct MemoryPlan {
  std::uint64_t min_bytes = 1024, max_bytes = 0;  // working-set sweep range
  int points_per_doubling = 4;
  bool refine = true;             // 8 points per doubling across each cliff found
  std::uint64_t chase_max_bytes = 0;
  int chase_points_per_doubling = 2;
  std::uint64_t line_bytes = 64;  // pointer-chase slot spacing
  LaunchShape chase_launch;       // the many-work-item pointer chase
  LaunchShape sweep_launch;       // the curve's launch shape
  std::vector<LaunchShape> level_launches;  // tried for each level's roofs
  DataType type = DataType::float32;
  int width = 4, loads_in_flight = 4;
  bool width_sweep = false;       // every type and width for the first level's read roof
  bool scatter = false;           // GPUs: each work-group its own block order (see kernels/memory.cl)
  double target_s = 0.002;        // one launch
  // Each point of the sweeps is the best of curve_rounds, each roof (DRAM's
  // too) the best of roof_rounds, the rounds spread over the sweep or over
  // every roof (measurement/sampler: best_of_rounds) and the time budget
  // shared out: a noisy neighbour costs a round, not the roof.
  Rounds curve_rounds, roof_rounds;
  // The first cache level writes stores through to the next (device/theory).
  bool first_level_writes_through = false;
  // The architecture's cache sizes and their source (device/theory), to hold
  // the detected levels against; empty where the table has none.
  std::vector<double> known_cache_bytes;
  std::string known_cache_source;
  LaunchShape local_launch;
  std::vector<std::uint32_t> local_strides{1};
};

// The rest of seed 000's suite (benchmark/suite_benchmark): the global-memory
// stride sweep, branch divergence, scalability and atomics.
struct SuitePlan {
  SamplingPolicy sampling;   // each point, after one untimed (checked) launch
  double target_s = 0.01;    // one launch, where a benchmark calibrates its work per launch
  // Stride sweep (kernels/stride.cl): strides between neighbouring work-items, 0 reported apart.
  std::vector<std::uint32_t> strides;
  // GPUs: stride_launch.global work-items, as many loop iterations as cover
  // the buffer at stride 1. CPUs: stride_iters iterations (16 accesses each)
  // per work-item, as many work-items as cover the buffer (stride_launch.global
  // is then derived).
  LaunchShape stride_launch;
  std::uint32_t stride_iters = 0;
  std::uint64_t stride_bytes = 0;  // the buffer, several times the last-level cache: DRAM coalescing
  // Divergence (kernels/divergence.cl): path counts, 1 the kernel without a branch.
  std::vector<int> paths{1, 2, 4, 8, 16, 32, 64};
  LaunchShape divergence_launch;
  // Scalability (kernels/vector_add.cl): 1, step, step^2 ... work-items over a fixed size.
  std::uint64_t scalability_bytes = 64ull << 20;  // a, b and c together
  std::uint64_t scalability_items = 65536;        // the last count, unless going beyond is allowed
  std::uint64_t scalability_step = 2;
  bool scalability_beyond = false;                // GPUs: on while the bandwidth still grows
  std::uint64_t scalability_max_local = 256;      // work-group size: min(work-items, this)
  // Atomics (kernels/atomics.cl).
  LaunchShape atomic_launch;
};

// The math-function throughput benchmark (kernels/math.cl): which calls, in
// order, and how each is measured: every chain count and launch shape is
// tried and the fastest kept.
struct MathPlan {
  std::vector<MathCall> calls;
  std::vector<int> chains;
  std::vector<LaunchShape> launches;
  double target_s = 0.005;  // one launch
  SamplingPolicy sampling;
};

// Full: every function of model/math_functions on float (precise, and the
// native_ and half_ forms where OpenCL C has them), double (cl_khr_fp64) and
// half (cl_khr_fp16; native_ and half_ forms are float-only), and integer
// mul, div and mod. Quick: sin, exp, log, sqrt, rsqrt and div, precise and
// native_ on float, precise on double and half.
std::vector<MathCall> math_calls(const std::vector<DataType>& types, bool quick);

struct Plan {
  bool quick = false;
  bool cpu = false;
  // Compute ceilings.
  std::vector<Op> ops{Op::add, Op::mad};
  std::vector<DataType> types;  // those the device supports
  std::vector<int> widths{1, 2, 4, 8, 16};
  std::map<DataType, int> native_width;  // CL_DEVICE_NATIVE_VECTOR_WIDTH_* by type
  double launch_target_s = 0.005;  // one launch at the default shape
  double warmup_s = 0.5;           // device warm-up before the first timing
  SamplingPolicy probe, sweep;
  LaunchShape compute_launch;      // default shape: chain search and WG-size sweep
  // The launch at which the dependent-chain rate is measured: one chain per
  // work-item, enough work-items to fill the device (GPU: the most resident;
  // CPU: groups PoCL may vectorise across, several per core).
  LaunchShape chain_rate_launch;
  std::vector<std::uint64_t> wg_sizes, wg_counts;
  // DRAM roofs.
  std::uint64_t bandwidth_bytes = 0;
  std::vector<int> bandwidth_widths;
  std::vector<std::uint64_t> bandwidth_globals;
  std::uint64_t bandwidth_local = 1;
  bool chunked = false;  // contiguous chunk per work-item (CPUs) vs grid-stride (GPUs)
  // A point per width where each work-item streams one group of
  // loads_in_flight elements and the grid covers the buffer in one pass.
  bool bandwidth_one_pass = false;
  int loads_in_flight = 4;
  MemoryPlan memory;
  SuitePlan suite;
  MathPlan math;

  // Chain counts worth trying for a kernel of `width` lanes whose chains each
  // keep `regs_per_chain` values live (2 for the pair shape). A CPU core needs
  // 8-16 independent native-width vector operations in flight (FMA latency x
  // pipes; integer multiplies need more) and spills beyond its 16-32 vector
  // registers; a GPU needs a few
  // chains and must not run out of registers per work-item.
  std::vector<int> chain_candidates(DataType type, int width, int regs_per_chain) const;
};

Plan make_plan(const DeviceEntry& device, bool quick);

}  // namespace roofline
