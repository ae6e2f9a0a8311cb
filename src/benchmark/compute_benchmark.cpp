#include "benchmark/compute_benchmark.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "benchmark/compute_reference.hpp"
#include "benchmark/suite_timing.hpp"
#include "measurement/interrupt.hpp"

namespace roofline {
namespace {

constexpr int kStepsPerIter = 8;  // UNROLL_8 in kernels/compute.cl
constexpr std::uint32_t kMinIters = 16;

std::string vector_type(const std::string& scalar, int width) {
  return width == 1 ? scalar : scalar + std::to_string(width);
}

// The kernel's build options for one chain setup.
std::string compute_options(Op op, const ChainSetup& setup) {
  // The int ceilings run on uint, whose overflow is defined.
  const std::string scalar = setup.type == DataType::int32 ? "uint" : str(setup.type);
  std::ostringstream o;
  o << "-cl-std=CL1.2 -DST=" << scalar << " -DVT=" << vector_type(scalar, setup.width) << " -DW=" << setup.width
    << " -DCHAINS=" << setup.chains << " -DSHAPE=" << int(setup.shape) + 1 << " -DPATTERNS=" << setup.patterns;
  if (op == Op::mad) o << " -cl-mad-enable";
  if (setup.type == DataType::float64) o << " -DUSE_FP64";
  if (setup.type == DataType::float16) o << " -DUSE_FP16";
  return o.str();
}

// The dependent-latency kernel: one scalar chain of x = x + b (add) or x = a*x + b (mad).
ChainSetup latency_setup(Op op, DataType type) {
  return ChainSetup{type, op == Op::add ? ChainShape::Step : ChainShape::Affine, 1, 1, 4, 0};
}

// One built variant of the compute kernel with its buffers and the host's
// expected outputs for every iteration count it ran with.
class ComputeVariant {
 public:
  ComputeVariant(Session& s, Op op, ChainSetup setup, std::size_t capacity)
      : s_(s), setup_(std::move(setup)), capacity_(capacity) {
    kernel_ = cl::Kernel(s_.programs.get("compute.cl", compute_options(op, setup_)), "compute");
    inputs_ = make_inputs(setup_, 0x5eed0000u + std::uint64_t(setup_.chains) * 131 + setup_.width);
    const std::size_t sz = scalar_bytes(setup_.type);
    out_ = cl::Buffer(s_.context, CL_MEM_WRITE_ONLY, capacity_ * sz);
    init_ = cl::Buffer(s_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, inputs_.start.size(), inputs_.start.data());
    kernel_.setArg(0, out_);
    kernel_.setArg(1, init_);
    kernel_.setArg(2, inputs_.a.size(), inputs_.a.data());
    kernel_.setArg(3, inputs_.b.size(), inputs_.b.data());
  }

  std::string describe() const {
    return shape_name(setup_.shape) + " (" + shape_formula(setup_.shape) + "), " + std::to_string(setup_.chains) +
           (setup_.chains == 1 ? " chain" : " chains");
  }
  std::size_t max_local() const { return s_.max_local(kernel_); }

  double ops(std::uint64_t global, std::uint32_t iters) const {
    return double(global) * iters * kStepsPerIter * setup_.chains * setup_.width * ops_per_step(setup_.shape);
  }

  // Finds the iteration count that makes one launch of `shape` take about
  // `target` seconds, within the driver's loop budget (one loop per work-item).
  std::uint32_t calibrate(const LaunchShape& shape, double target) {
    const double most = within_loop_budget(s_.loop_budget, 1u << 28);
    std::uint32_t iters = std::min<std::uint32_t>(kMinIters, std::uint32_t(most));
    run(shape, iters);  // first launch: may include the driver's lazy compilation
    for (int tries = 0; tries < 12; ++tries) {
      const double t = run(shape, iters);
      const double scale = target / std::max(t, 1e-7);
      if (t >= target / 4 || iters >= std::min(double(1u << 26), most))
        return std::uint32_t(std::clamp(double(iters) * scale, std::min(double(kMinIters), most), most));
      iters = std::uint32_t(std::min(double(iters) * std::min(scale, 64.0), most));
    }
    return iters;
  }

  // One checked, timed measurement: a first launch whose output is compared
  // with the host's expectation (it also warms this shape up), then timed
  // repetitions as the policy says.
  Stats measure(const LaunchShape& shape, std::uint32_t iters, const SamplingPolicy& policy) {
    return rate_stats(checked_samples(shape, iters, policy), ops(shape.global, iters));
  }
  // The same measurement's launch times, in seconds.
  std::vector<double> checked_samples(const LaunchShape& shape, std::uint32_t iters, const SamplingPolicy& policy) {
    run(shape, iters);
    check(shape, iters);
    return sample([&] { return run(shape, iters); }, policy);
  }

 // One unchecked launch (the same kernel the measurement checked).
  double run(const LaunchShape& shape, std::uint32_t iters) {
    kernel_.setArg(4, iters);
    return s_.run_timed(kernel_, shape);
  }

 private:
  void check(const LaunchShape& shape, std::uint32_t iters) {
    auto it = expected_.find(iters);
    if (it == expected_.end()) {
      ChainSetup s = setup_;
      s.steps = std::uint64_t(iters) * kStepsPerIter;
      it = expected_.emplace(iters, expected_outputs(s, inputs_)).first;
    }
    const std::size_t sz = scalar_bytes(setup_.type);
    std::vector<unsigned char> host(shape.global * sz);
    s_.queue.enqueueReadBuffer(out_, CL_TRUE, 0, host.size(), host.data());
    const std::string err = check_outputs(setup_, it->second, host.data(), shape.global);
    if (!err.empty())
      throw WrongResult("wrong result from the " + str(setup_.type) + " " + std::to_string(setup_.width) + "-wide " +
                               describe() + " kernel: " + err);
  }

  Session& s_;
  ChainSetup setup_;
  std::size_t capacity_;
  cl::Kernel kernel_;
  cl::Buffer out_, init_;
  ChainInputs inputs_;
  std::map<std::uint32_t, std::vector<double>> expected_;
};

// Fewer iterations for launches larger than the calibrated one, so every point
// of a sweep takes about the calibrated time (small launches just run shorter).
std::uint32_t iters_for(std::uint64_t global, std::uint64_t calibrated_global, std::uint32_t iters) {
  if (global <= calibrated_global) return iters;
  return std::max<std::uint32_t>(kMinIters, std::uint32_t(double(iters) * double(calibrated_global) / double(global)));
}


// The fastest chain shape and count at the plan's default launch shape, with
// the iteration count calibrated for it.
struct FastestVariant {
  std::unique_ptr<ComputeVariant> variant;
  std::uint32_t iters = 0;
};

FastestVariant fastest_variant(Session& s, Op op, DataType type, int width, std::size_t capacity) {
  const Plan& plan = s.plan;
  const LaunchShape base = plan.compute_launch;
  FastestVariant best;
  double best_rate = -1;
  for (ChainShape shape : shapes_for(op, type)) {
    for (int chains : plan.chain_candidates(type, width, shape == ChainShape::Pair ? 2 : 1)) {
      throw_if_interrupted();
      s.progress.detail(shape_name(shape) + " x" + std::to_string(chains));
      ChainSetup setup{type, shape, width, chains, 4, 0};
      auto v = std::make_unique<ComputeVariant>(s, op, setup, capacity);
      if (!s.warmed) {
        s.warm_up_with([&] { v->calibrate(base, plan.launch_target_s); }, plan.warmup_s);
        s.warmed = true;
      }
      const std::uint32_t iters = v->calibrate(base, plan.launch_target_s);
      const Stats st = v->measure(base, iters, plan.probe);
      if (st.median > best_rate) {
        best_rate = st.median;
        best = {std::move(v), iters};
      }
    }
  }
  return best;
}

// The work-group size sweep at a fixed global size (thesis figure 4.2), then
// the work-group count sweep at the best size (figure 4.1); the best point of
// both becomes the ceiling's value and launch.
void sweep_launches(Session& s, FastestVariant& best, std::uint64_t size_sweep_global, Ceiling& c) {
  const Plan& plan = s.plan;
  const LaunchShape base = plan.compute_launch;
  const auto point_at = [&](const LaunchShape& shape) {
    return SweepPoint{shape, best.variant->measure(shape, iters_for(shape.global, base.global, best.iters), plan.sweep),
                      std::nullopt};
  };
  const auto consider = [&c](const SweepPoint& p) {
    if (p.stats.median > c.value) {
      c.value = p.stats.median;
      c.stats = p.stats;
      c.launch = p.launch;
    }
  };
  const std::size_t kernel_max = best.variant->max_local();
  for (std::uint64_t local : plan.wg_sizes) {
    if (local > kernel_max || size_sweep_global % local) continue;
    s.progress.detail("work-group size " + std::to_string(local));
    c.sweep_wg_size.push_back(point_at({size_sweep_global, local}));
    consider(c.sweep_wg_size.back());
  }
  const std::uint64_t best_local = c.launch.local ? c.launch.local : base.local;
  for (std::uint64_t count : plan.wg_counts) {
    s.progress.detail(std::to_string(count) + " work-groups");
    c.sweep_wg_count.push_back(point_at({count * best_local, best_local}));
    consider(c.sweep_wg_count.back());
  }
}

// The winning kernel at any launch shape, with as many iterations as its
// sweep point ran.
ReplayAt replay_of(std::shared_ptr<ComputeVariant> v, std::uint64_t calibrated_global, std::uint32_t iters) {
  return [v, calibrated_global, iters](const LaunchShape& shape) {
    const std::uint32_t n = iters_for(shape.global, calibrated_global, iters);
    return Replay{[v, shape, n] { return v->run(shape, n); }, v->ops(shape.global, n)};
  };
}

}  // namespace

MeasuredCeiling measure_compute(Session& s, Op op, DataType type, int width, bool with_replay) {
  const Plan& plan = s.plan;
  const LaunchShape base = plan.compute_launch;
  const std::uint64_t max_size = *std::max_element(plan.wg_sizes.begin(), plan.wg_sizes.end());
  const std::uint64_t max_count = *std::max_element(plan.wg_counts.begin(), plan.wg_counts.end());
  // The WG-size sweep keeps the global size fixed (thesis figure 4.2).
  const std::uint64_t size_sweep_global = (base.global + max_size - 1) / max_size * max_size;
  const std::size_t capacity = std::max({base.global, size_sweep_global, max_count * max_size});

  MeasuredCeiling m;
  Ceiling& c = m.ceiling;
  c.kind = CeilingKind::compute;
  c.op = op;
  c.type = type;
  c.width = width;

  FastestVariant best = fastest_variant(s, op, type, width, capacity);
  c.variant = best.variant->describe();
  sweep_launches(s, best, size_sweep_global, c);
  if (with_replay) m.replay = replay_of(std::move(best.variant), base.global, best.iters);
  return m;
}

std::vector<DataType> latency_types(const Plan& plan) {
  std::vector<DataType> out;
  for (DataType type : plan.types)
    if (type != DataType::int32) out.push_back(type);
  return out;
}

OperationLatency measure_latency(Session& s, Op op, DataType type) {
  const LaunchShape one{1, 1};
  const Plan& plan = s.plan;
  ComputeVariant v(s, op, latency_setup(op, type), plan.chain_rate_launch.global);
  s.progress.detail("dependent " + str(type) + " " + str(op));
  const std::uint32_t iters = v.calibrate(one, plan.launch_target_s);
  std::vector<double> per_op = v.checked_samples(one, iters, plan.sweep);
  // A launch runs iters x 8 dependent operations (the chain's steps).
  for (double& t : per_op) t /= double(iters) * kStepsPerIter;
  OperationLatency latency{op, type, summarize(std::move(per_op)), std::nullopt};
  // The same kernel at many work-items, one chain each: links per second.
  const LaunchShape wide = fit_to_kernel(plan.chain_rate_launch, v.max_local());
  const std::uint32_t wide_iters = v.calibrate(wide, plan.launch_target_s);
  const double links = double(wide.global) * wide_iters * kStepsPerIter;
  latency.chain_rate = ChainRate{wide.global, wide.local, rate_stats(v.checked_samples(wide, wide_iters, plan.probe), links)};
  return latency;
}

ProgramList compute_programs(const Plan& plan) {
  ProgramList programs;
  for (Op op : plan.ops)
    for (DataType type : plan.types)
      for (int width : plan.widths)
        for (ChainShape shape : shapes_for(op, type))
          for (int chains : plan.chain_candidates(type, width, shape == ChainShape::Pair ? 2 : 1))
            programs.push_back({"compute.cl", compute_options(op, ChainSetup{type, shape, width, chains, 4, 0})});
  for (DataType type : latency_types(plan))
    for (Op op : {Op::add, Op::mad}) programs.push_back({"compute.cl", compute_options(op, latency_setup(op, type))});
  return programs;
}

}  // namespace roofline
