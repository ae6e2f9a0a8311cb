#include "benchmark/plan.hpp"

#include <algorithm>
#include <set>

#include "device/theory.hpp"

namespace roofline {
namespace {

std::vector<std::uint64_t> sorted_unique(std::set<std::uint64_t> s) { return {s.begin(), s.end()}; }

// What the compute and DRAM kernels of a CPU device run: one work-item is
// one thread on PoCL, so the chains inside it are all the instruction-level
// parallelism a core gets; contiguous chunks stream through the caches.
void plan_cpu_compute_and_dram(Plan& p, const DeviceEntry& d, std::uint64_t cus) {
  const bool quick = p.quick;
  p.launch_target_s = quick ? 0.01 : 0.02;
  p.warmup_s = 0.2;
  p.compute_launch = {cus * 2, 1};
  p.chain_rate_launch = {cus * 16 * 64, 64};
  p.wg_sizes = quick ? std::vector<std::uint64_t>{1, 4} : std::vector<std::uint64_t>{1, 2, 4, 8, 16};
  p.wg_counts = sorted_unique(quick ? std::set<std::uint64_t>{cus, 2 * cus, 4 * cus}
                                    : std::set<std::uint64_t>{1, cus, 2 * cus, 3 * cus, 4 * cus, 8 * cus});
  p.chunked = true;
  p.bandwidth_widths = quick ? std::vector<int>{8} : std::vector<int>{4, 8, 16};
  p.bandwidth_local = 1;
  p.bandwidth_globals = sorted_unique(quick ? std::set<std::uint64_t>{cus, 2 * cus}
                                            : std::set<std::uint64_t>{cus, 2 * cus, 4 * cus, 8 * cus});
  p.loads_in_flight = 8;
  // Several times the last-level cache so that DRAM serves the loads.
  p.bandwidth_bytes = std::max<std::uint64_t>(8 * d.identity.global_cache_bytes, 256ull << 20);
}

// GPUs hide latency with resident warps: a few chains per work-item, and
// enough work-groups to fill every compute unit (8 x 256 = 2048 work-items
// per SM on NVIDIA, the most that can be resident); grid-stride loops keep
// DRAM accesses coalesced.
void plan_gpu_compute_and_dram(Plan& p, const DeviceEntry& d, std::uint64_t cus, std::uint64_t max_wg) {
  const bool quick = p.quick;
  p.launch_target_s = quick ? 0.002 : 0.005;
  p.warmup_s = 0.5;
  const std::uint64_t local = std::min<std::uint64_t>(256, max_wg);
  p.compute_launch = {cus * 8 * local, local};
  p.chain_rate_launch = p.compute_launch;
  std::set<std::uint64_t> sizes;
  for (std::uint64_t s = quick ? 64 : 8; s <= std::min<std::uint64_t>(1024, max_wg); s *= 2) sizes.insert(s);
  p.wg_sizes = sorted_unique(sizes);
  std::set<std::uint64_t> counts{cus, 4 * cus, 8 * cus, 16 * cus};
  if (!quick)
    for (std::uint64_t c : {1, 2, 4, 8, 16, 32, 64}) counts.insert(c), counts.insert(cus / 2), counts.insert(2 * cus);
  p.wg_counts = sorted_unique(counts);
  p.chunked = false;
  p.bandwidth_widths = quick ? std::vector<int>{4} : std::vector<int>{2, 4, 8};
  p.bandwidth_local = local;
  // A quick build keeps the full one's best points on an H200: read at
  // 2048 work-items per compute unit, store and copy at 512
  // (roofs/nvidia-h200-suite.json); with 2048 alone its DRAM copy was 0.972
  // of the full build's (roofs/raw/nvidia-h200-suite/quick.json).
  p.bandwidth_globals = quick ? std::vector<std::uint64_t>{cus * 512, cus * 2048}
                              : std::vector<std::uint64_t>{cus * 512, cus * 1024, cus * 2048, cus * 4096};
  // Beside the grid-stride points, BabelStream's own shape (its OpenCL
  // kernels: one element per work-item, the whole array as the grid; here
  // one group of loads_in_flight elements per work-item): the DRAM roof is
  // the best of both, so it is never below the peer's shape on the same
  // array size but by noise.
  p.bandwidth_one_pass = true;
  p.loads_in_flight = 4;
  // 16 times the L2, so that DRAM serves the loads, and at least 4 GiB per
  // buffer, quick builds too: with 1 GiB a quick build's DRAM read on an
  // H200 was 0.972 of the full build's at the same launch and width
  // (roofs/raw/health-nvidia-h200); the host fills the source on all its
  // cores and checks samples of each point, so 4 GiB costs a quick build
  // little.
  p.bandwidth_bytes = std::max<std::uint64_t>(16 * d.identity.global_cache_bytes, 4ull << 30);
  // A quick build's compute widths: 4 and 8 lanes. A GPU lane is a
  // work-item, so widths add only instruction-level parallelism; the
  // H200's best width was 8 (float, double MAD) or within 0.1% of it
  // (roofs/raw/nvidia-h200-suite/quick.json), width 1 read 1.8% under width 8 on an
  // H100 (roofs/raw/health-nvidia-h100), and the driver's compiler is most of
  // a fresh machine's compute step (roofs/raw/compile-cost-h200): with widths
  // 1, 4 and 8 a quick build on a fresh H100 took 28.3-29.5 s.
  if (quick) p.widths = {4, 8};
}

// A CPU's memory sweeps: every thread streams its own copy of the walk, so
// per-core caches show at their own size, the shared last level at its size.
void plan_cpu_memory(MemoryPlan& m, const DeviceEntry& d, std::uint64_t cus, bool quick) {
  // Other work on the host takes the cores and the memory bus in bursts of
  // tens to hundreds of milliseconds (roofs/raw/pthread-skylake-avx512-amd-epyc/
  // noise): a roof is the best median of 3 consecutive samples among 15
  // rounds, which finds the quiet moments; a curve point needs less.
  m.curve_rounds = {3, 0};
  m.roof_rounds = {15, 3};
  m.width = 8;
  m.loads_in_flight = 8;
  m.min_bytes = 1024;
  m.max_bytes = std::max<std::uint64_t>(8 * d.identity.global_cache_bytes, 256ull << 20);
  m.chase_max_bytes = m.max_bytes;
  m.sweep_launch = {cus, 1};
  m.chase_launch = {cus * 4, 1};
  m.level_launches = {{cus, 1}, {2 * cus, 1}};
  m.target_s = quick ? 0.004 : 0.01;
  m.local_launch = {cus * 2 * 16, 16};
}

// A GPU's memory sweeps: each work-group walks the set in its own block order.
void plan_gpu_memory(MemoryPlan& m, const DeviceEntry& d, std::uint64_t cus, std::uint64_t max_wg, bool quick) {
  const std::uint64_t local = std::min<std::uint64_t>(256, max_wg);
  m.width = 4;
  m.loads_in_flight = 4;
  m.scatter = true;
  m.min_bytes = local * 4 * 16;  // one step of the walk: local x loads x 16 bytes
  // L2 caches reach tens of MB (50-60 MB on Hopper): go well past them.
  m.max_bytes = std::max<std::uint64_t>(16 * d.identity.global_cache_bytes, 1ull << 30);
  m.chase_max_bytes = 256ull << 20;
  m.sweep_launch = {cus * 4 * local, local};
  m.chase_launch = {cus * 8 * local, local};
  const std::uint64_t widest = std::min<std::uint64_t>(1024, max_wg);
  // A quick build keeps two of the full build's six: on an H100 the full
  // build's best L1 and L2 reads came at 8 x 1024 work-items per compute
  // unit, its best L1 and L2 copies at 4 x 256 (its stores at 8 x 256, not a
  // key ceiling); quick's 4 x 1024 left its L2 read 3.6-4.2% under
  // (roofs/raw/chain-term-nvidia-h100/).
  if (quick) m.level_launches = {{cus * 4 * local, local}, {cus * 8 * widest, widest}};
  else
    for (std::uint64_t g : {2, 4, 8})
      for (std::uint64_t l : {local, widest}) m.level_launches.push_back({cus * g * l, l});
  m.target_s = quick ? 0.001 : 0.002;
  m.local_launch = {cus * 8 * local, local};
}

// A CPU runs one work-group per thread (PoCL): local size 1 runs the chains
// of one work-item, 16 lets PoCL vectorise across work-items; the better wins.
// A GPU hides latency with warps: the compute ceilings' launch, a few chains.
MathPlan plan_math(const Plan& p) {
  MathPlan m;
  m.calls = math_calls(p.types, p.quick);
  const std::uint64_t threads = p.compute_launch.global;
  if (p.cpu) {
    m.chains = {8};
    m.launches = p.quick ? std::vector<LaunchShape>{{threads * 16, 16}}
                         : std::vector<LaunchShape>{{threads, 1}, {threads * 16, 16}};
    m.target_s = p.quick ? 0.004 : 0.008;
  } else {
    m.chains = p.quick ? std::vector<int>{4} : std::vector<int>{1, 4};
    m.launches = {p.compute_launch};
    m.target_s = p.quick ? 0.002 : 0.004;
  }
  m.sampling = {3, 10, 0.01, p.quick ? 0.02 : 0.05};
  return m;
}

MemoryPlan plan_memory(const DeviceEntry& d, std::uint64_t cus, std::uint64_t max_wg, bool quick) {
  MemoryPlan m;
  m.points_per_doubling = quick ? 2 : 4;
  m.refine = !quick;
  m.chase_points_per_doubling = quick ? 1 : 2;
  m.line_bytes = std::max<std::uint64_t>(64, d.identity.cache_line_bytes);
  m.width_sweep = !quick;
  m.local_strides = quick ? std::vector<std::uint32_t>{1, 2} : std::vector<std::uint32_t>{1, 2, 3, 4, 8, 16, 32};
  if (d.is_cpu()) plan_cpu_memory(m, d, cus, quick);
  else plan_gpu_memory(m, d, cus, max_wg, quick);
  const PeakModel peaks = peak_model(d);
  m.first_level_writes_through = peaks.write_through_first_level;
  m.known_cache_bytes = peaks.cache_bytes;
  m.known_cache_source = peaks.architecture;
  // Two buffers of the working set must fit the device.
  m.max_bytes = std::min<std::uint64_t>(m.max_bytes, d.identity.max_alloc_bytes / 2);
  m.max_bytes = std::min<std::uint64_t>(m.max_bytes, d.identity.global_mem_bytes / 8);
  m.chase_max_bytes = std::min(m.chase_max_bytes, m.max_bytes);
  return m;
}

// The suite's benchmarks. A CPU (PoCL) runs a work-group in one thread,
// vectorizing across its work-items where it can: groups of 16 let it, and a
// few groups per core balance the threads. The scalability sweep's CPU groups
// are single work-items, so that the work-item count is the count of threads'
// worth of work PoCL can spread over the cores (a group of 16 would put the
// first 16 work-items on one core). A GPU gets full groups of 256, 8 per
// compute unit (2048 resident work-items per SM on NVIDIA).
SuitePlan plan_suite(const DeviceEntry& d, std::uint64_t cus, std::uint64_t max_wg, bool quick) {
  SuitePlan s;
  const bool cpu = d.is_cpu();
  s.sampling = {3, 20, 0.02, quick ? 0.03 : 0.1};
  s.target_s = cpu ? (quick ? 0.005 : 0.01) : (quick ? 0.002 : 0.005);
  if (quick) s.strides = {0, 1, 2, 4, 8, 16};
  else
    for (std::uint32_t stride : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 32}) s.strides.push_back(stride);
  const std::uint64_t local = cpu ? 16 : std::min<std::uint64_t>(256, max_wg);
  // A CPU thread runs a work-group's work-items one after the other, each
  // through its whole loop: with Formula 1's grid-stride walk a long loop
  // would take a new cache line at every access and never come back to it
  // (0.3 GB/s on a Zen 4 VM), so each work-item makes few accesses and the
  // neighbours that share its lines follow it at once. Their lines are shared
  // as a GPU's coalesced accesses are: at stride 16 (floats) every access
  // takes a line of its own.
  if (cpu) s.stride_iters = 4, s.stride_launch = {0, std::min<std::uint64_t>(256, max_wg)};
  else s.stride_launch = {cus * 8 * local, local};
  // Twice the last-level cache and at least 64 MiB (CPU: a launch at stride
  // 16 moves 16 times that), or 4 times and 1 GiB (GPU: about 0.25 ms at 4 TB/s).
  s.stride_bytes = cpu ? std::max<std::uint64_t>(2 * d.identity.global_cache_bytes, 64ull << 20)
                       : std::max<std::uint64_t>(4 * d.identity.global_cache_bytes, 1ull << 30);
  s.stride_bytes = std::min({s.stride_bytes, d.identity.max_alloc_bytes, d.identity.global_mem_bytes / 8});
  const std::uint64_t divergence_local = std::min<std::uint64_t>(cpu ? 64 : 256, max_wg);
  s.divergence_launch = {cus * (cpu ? 4 : 8) * divergence_local, divergence_local};
  s.scalability_step = quick ? 4 : 2;
  s.scalability_beyond = !cpu;
  s.scalability_max_local = cpu ? 1 : std::min<std::uint64_t>(256, max_wg);
  s.scalability_bytes = std::min(s.scalability_bytes, d.identity.max_alloc_bytes * 3);
  s.atomic_launch = {cus * (cpu ? 4 : 8) * local, local};
  return s;
}

}  // namespace

Plan make_plan(const DeviceEntry& d, bool quick) {
  Plan p;
  p.quick = quick;
  p.cpu = d.is_cpu();
  const std::uint64_t cus = std::max<std::uint32_t>(1, d.identity.compute_units);
  const std::uint64_t max_wg = d.device.getInfo<CL_DEVICE_MAX_WORK_GROUP_SIZE>();
  p.native_width = {{DataType::int32, int(d.device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_INT>())},
                    {DataType::float32, int(d.device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_FLOAT>())},
                    {DataType::float64, int(d.device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_DOUBLE>())},
                    {DataType::float16, int(d.device.getInfo<CL_DEVICE_NATIVE_VECTOR_WIDTH_HALF>())}};
  p.types = {DataType::int32, DataType::float32};
  if (d.has_extension("cl_khr_fp64")) p.types.push_back(DataType::float64);
  if (d.has_extension("cl_khr_fp16")) p.types.push_back(DataType::float16);
  p.probe = {3, 10, 0.02, quick ? 0.05 : 0.2};
  p.sweep = {5, 60, 0.01, quick ? 0.15 : 0.6};
  if (p.cpu) plan_cpu_compute_and_dram(p, d, cus);
  else plan_gpu_compute_and_dram(p, d, cus, max_wg);
  p.bandwidth_bytes = std::min<std::uint64_t>(p.bandwidth_bytes, d.identity.max_alloc_bytes);
  p.bandwidth_bytes = std::min<std::uint64_t>(p.bandwidth_bytes, d.identity.global_mem_bytes / 4);
  p.memory = plan_memory(d, cus, max_wg, quick);
  p.suite = plan_suite(d, cus, max_wg, quick);
  p.math = plan_math(p);
  return p;
}

std::vector<MathCall> math_calls(const std::vector<DataType>& types, bool quick) {
  static constexpr MathFunction kQuick[] = {MathFunction::sin, MathFunction::exp, MathFunction::log,
                                            MathFunction::sqrt, MathFunction::rsqrt, MathFunction::div};
  const auto chosen = [&](MathFunction f) {
    return !quick || std::find(std::begin(kQuick), std::end(kQuick), f) != std::end(kQuick);
  };
  std::vector<MathCall> calls;
  for (DataType type : types) {
    for (const MathFunctionInfo& fi : math_functions()) {
      if (!chosen(fi.function)) continue;
      if (type == DataType::int32 ? !fi.integer || quick : !fi.floating) continue;
      calls.push_back({fi.function, MathForm::precise, type});
      if (type != DataType::float32 || !fi.native_and_half) continue;
      calls.push_back({fi.function, MathForm::native, type});
      if (!quick) calls.push_back({fi.function, MathForm::half, type});
    }
  }
  return calls;
}

std::vector<int> Plan::chain_candidates(DataType type, int width, int regs_per_chain) const {
  std::vector<int> out;
  for (int c : {1, 2, 4, 8, 16}) {
    if (cpu) {
      auto it = native_width.find(type);
      const int native = it != native_width.end() && it->second > 0 ? it->second : 4;
      const int vectors = c * std::max(1, width / native) * regs_per_chain;  // live native vectors
      if (vectors >= (quick ? 8 : 4) && vectors <= 32) out.push_back(c);
    } else {
      const int lanes = c * width * regs_per_chain;  // live values per work-item
      if (c == 1 || (lanes <= 64 && (!quick || c <= 4))) out.push_back(c);
    }
  }
  if (out.empty()) out.push_back(1);
  return out;
}

}  // namespace roofline
