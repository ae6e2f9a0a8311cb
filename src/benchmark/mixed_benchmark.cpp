#include "benchmark/mixed_benchmark.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>

#include "benchmark/random_fill.hpp"
#include "measurement/interrupt.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

constexpr float kA = 0.5f, kB = 1.0f, kX0 = 3.0f;  // chains converge to kB / (1 - kA) = 2
constexpr std::uint64_t kMinSteps = 64;            // enough steps for every chain to converge

// One chain's final value after `steps` steps, rounded as the device may
// (fused or not); converged chains stop changing, so the loop ends early.
float chain_value(float x, std::uint64_t steps, bool fused) {
  for (std::uint64_t s = 0; s < steps; ++s) {
    const float next = fused ? std::fma(kA, x, kB) : kA * x + kB;
    if (next == x) break;
    x = next;
  }
  return x;
}

}  // namespace

struct MixedBenchmark::State {
  Session& s;
  MemoryLevel level;
  std::vector<std::uint32_t> host;  // 4 words per uint4 element
  std::uint64_t elements = 0;
  cl::Buffer src, sums, chains;
  LaunchShape launch;
  std::uint32_t base_mul = 1, stride = 1;
  State(Session& session, MemoryLevel l) : s(session), level(std::move(l)) {}

  // The host's sum of work-item g's loads, as the kernel indexes them.
  std::uint32_t expected_sum(std::uint64_t g, std::uint64_t loads) const {
    std::uint32_t index = std::uint32_t(g) * base_mul, sum = 0;
    const std::uint32_t mask = std::uint32_t(elements - 1);
    for (std::uint64_t k = 0; k < loads; ++k, index += stride) {
      const std::uint32_t* e = &host[std::size_t(index & mask) * 4];
      sum += e[0] + e[1] + e[2] + e[3];
    }
    return sum;
  }
};

MixedBenchmark::Shape MixedBenchmark::shape_for(double ai, int width, int max_chains) {
  Shape sh;
  sh.width = width;
  sh.loads = std::max(8, 2 * width);
  // FMAs per iteration over all chains: AI * bytes / (2 FLOP * lanes).
  const double fmas = ai * 16.0 * sh.loads / (2.0 * width);
  const long total = std::lround(fmas);
  if (total < 1 || std::fabs(fmas - double(total)) > 1e-9 || (total & (total - 1)))
    throw std::invalid_argument("mixed kernel: AI " + std::to_string(ai) + " is not reachable with " +
                                std::to_string(width) + "-wide chains and " + std::to_string(sh.loads) + " loads");
  sh.chains = int(std::min<long>(max_chains, total));
  sh.steps = int(total / sh.chains);
  return sh;
}

MixedBenchmark::MixedBenchmark(Session& s, MemoryLevel level, std::uint64_t bytes)
    : st_(std::make_shared<State>(s, std::move(level))) {
  State& st = *st_;
  std::uint64_t elements = 4096;  // 64 KiB
  while (elements * 2 * 16 <= bytes && elements * 2 <= (1ull << 32)) elements *= 2;
  const std::uint64_t max_alloc = s.device.device.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  while (elements * 16 > max_alloc && elements > 4096) elements /= 2;
  st.elements = elements;
  st.host.resize(elements * 4);
  s.progress.detail("mixed kernels: filling " + format_bytes(double(elements * 16)) + " for " + st.level.name);
  fill_random(st.host.data(), st.host.size(), 0x313eda7aull + elements);
  st.launch = LaunchShape{*std::max_element(s.plan.bandwidth_globals.begin(), s.plan.bandwidth_globals.end()),
                          s.plan.bandwidth_local};
  if (s.plan.chunked) {
    st.base_mul = std::uint32_t(std::max<std::uint64_t>(1, elements / st.launch.global));
    st.stride = 1;
  } else {
    st.base_mul = 1;
    st.stride = std::uint32_t(st.launch.global + st.launch.local);
  }
  st.src = cl::Buffer(s.context, CL_MEM_READ_ONLY, elements * 16);
  s.queue.enqueueWriteBuffer(st.src, CL_TRUE, 0, elements * 16, st.host.data());
  st.sums = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, st.launch.global * 4);
  st.chains = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, st.launch.global * 4);
}

std::uint64_t MixedBenchmark::working_set_bytes() const { return st_->elements * 16; }

namespace {

// The mixed kernel of one shape, its arguments set but the iteration count.
cl::Kernel mixed_kernel(Session& s, const MixedBenchmark::Shape& sh, const cl::Buffer& src, const cl::Buffer& sums,
                        const cl::Buffer& chains, std::uint64_t elements, std::uint32_t base_mul, std::uint32_t stride) {
  std::ostringstream o;
  o << "-cl-std=CL1.2 -cl-mad-enable -DFT=" << (sh.width == 1 ? "float" : "float" + std::to_string(sh.width))
    << " -DW=" << sh.width << " -DCHAINS=" << sh.chains << " -DSTEPS=" << sh.steps << " -DLOADS=" << sh.loads;
  cl::Kernel k(s.programs.get("mixed.cl", o.str()), "mixed");
  k.setArg(0, src);
  k.setArg(1, sums);
  k.setArg(2, chains);
  k.setArg(3, cl_uint(elements - 1));
  k.setArg(4, base_mul);
  k.setArg(5, stride);
  k.setArg(7, kA);
  k.setArg(8, kB);
  k.setArg(9, kX0);
  return k;
}

// The fewest iterations whose chains converge, grown until one launch takes
// about the plan's target (one launch of a high-AI kernel is long already:
// AI 256 on a GPU is 16384 FMAs per iteration).
std::uint32_t calibrate_iters(Session& s, cl::Kernel& k, const LaunchShape& l, const MixedBenchmark::Shape& sh) {
  // The driver's loop budget: each iteration also runs the step loop of
  // kernels/mixed.cl (STEPS / UNROLL_STEPS passes and its exit) where STEPS >= 16.
  const std::uint32_t step_loop = sh.steps >= 16 ? std::uint32_t(sh.steps / 16 + 1) : 0;
  const double most = within_loop_budget(s.loop_budget, 1u << 24, 1 + step_loop);
  std::uint32_t iters = std::uint32_t((kMinSteps + sh.steps - 1) / sh.steps);
  k.setArg(6, cl_uint(iters));
  s.run_timed(k, l);  // the driver may compile lazily on the first launch
  for (int i = 0; i < 10; ++i) {
    throw_if_interrupted();
    const double t = s.run_timed(k, l);
    if (t >= s.plan.launch_target_s / 2 || iters >= most) break;
    iters = std::uint32_t(std::min(most, iters * std::min(16.0, s.plan.launch_target_s / std::max(t, 1e-7))));
    k.setArg(6, cl_uint(iters));
  }
  return iters;
}

}  // namespace

// The checked launch: the load sums and the FMA chains of a few work-items
// against the host's (the device may fuse the chains' steps or not).
void MixedBenchmark::check(double ai, const Shape& sh, std::uint32_t iters) const {
  const State& st = *st_;
  Session& s = st.s;
  const LaunchShape l = st.launch;
  std::vector<std::uint32_t> sums(l.global);
  std::vector<float> chains(l.global);
  s.queue.enqueueReadBuffer(st.sums, CL_TRUE, 0, l.global * 4, sums.data());
  s.queue.enqueueReadBuffer(st.chains, CL_TRUE, 0, l.global * 4, chains.data());
  const std::uint64_t loads = std::uint64_t(iters) * sh.loads, steps = std::uint64_t(iters) * sh.steps;
  for (std::uint64_t g : {std::uint64_t(0), std::uint64_t(1), l.global / 2, l.global - 1}) {
    if (sums[g] != st.expected_sum(g, loads))
      throw WrongResult("wrong load sum from the mixed kernel (AI " + format_ai(ai) + ", " + st.level.name + ") at work-item " +
                        std::to_string(g));
    double fused = 0, unfused = 0;
    for (int c = 0; c < sh.chains; ++c) {
      fused += double(chain_value(kX0 + float(c), steps, true)) * sh.width;
      unfused += double(chain_value(kX0 + float(c), steps, false)) * sh.width;
    }
    const double got = chains[g], tol = 1e-5 * std::fabs(fused);
    if (std::fabs(got - fused) > tol && std::fabs(got - unfused) > tol)
      throw WrongResult("wrong FMA chains from the mixed kernel (AI " + format_ai(ai) + "): work-item " +
                        std::to_string(g) + " gave " + std::to_string(got) + ", expected " + std::to_string(fused));
  }
}

MixedPoint MixedBenchmark::measure(double ai) {
  State& st = *st_;
  Session& s = st.s;
  // GPUs: scalar chains, many work-items hide the FMA latency; CPUs: chains of
  // the native float width, enough of them to fill the FMA pipes.
  const auto native = s.plan.native_width.find(DataType::float32);
  const int width = s.plan.cpu ? std::max(1, native != s.plan.native_width.end() ? native->second : 8) : 1;
  const Shape sh = shape_for(ai, width, s.plan.cpu ? 8 : 4);
  cl::Kernel k = mixed_kernel(s, sh, st.src, st.sums, st.chains, st.elements, st.base_mul, st.stride);
  const LaunchShape l = st.launch;
  const std::uint32_t iters = calibrate_iters(s, k, l, sh);
  auto run = [&s, k, l]() mutable { return s.run_timed(k, l); };
  run();
  check(ai, sh, iters);

  const double flops = double(l.global) * iters * 2.0 * width * sh.chains * sh.steps;
  MixedPoint p;
  p.level = st.level;
  p.ai = ai;
  p.flops = rate_stats(sample(run, s.plan.sweep), flops);
  p.bytes_per_s = p.flops.median / ai;
  p.variant = std::to_string(sh.chains) + " float" + (width > 1 ? std::to_string(width) : "") + " chains x " +
              std::to_string(sh.steps) + " FMA steps per " + std::to_string(sh.loads) + " uint4 loads, " +
              format_bytes(double(working_set_bytes())) + " working set";
  p.replay = Replay{run, flops};
  return p;
}

}  // namespace roofline
