#include "benchmark/math_benchmark.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <sstream>

#include "benchmark/math_reference.hpp"
#include "benchmark/suite_timing.hpp"
#include "device/half_float.hpp"
#include "measurement/interrupt.hpp"

namespace roofline {
namespace {

constexpr int kCallsPerIter = 4;  // calls per chain and loop iteration (kernels/math.cl)
constexpr std::uint32_t kMinIters = 4;
constexpr std::uint32_t kMaxIters = 1u << 28;
constexpr int kOutputsPerItem = 4;  // argument, result, second result, chains' sum

// The kernel's scalar type: integer mul, div and mod run on uint.
std::string kernel_type(DataType t) { return t == DataType::int32 ? "uint" : str(t); }

// A host value as the kernel's scalar type, byte for byte.
std::vector<unsigned char> encode(long double v, DataType t) {
  std::vector<unsigned char> out(scalar_bytes(t));
  switch (t) {
    case DataType::int32: { const std::uint32_t u = std::uint32_t(v); std::memcpy(out.data(), &u, 4); break; }
    case DataType::float64: { const double d = double(v); std::memcpy(out.data(), &d, 8); break; }
    case DataType::float16: { const std::uint16_t h = float_to_half(float(v)); std::memcpy(out.data(), &h, 2); break; }
    default: { const float f = float(v); std::memcpy(out.data(), &f, 4); break; }
  }
  return out;
}

long double decode(const unsigned char* p, DataType t) {
  switch (t) {
    case DataType::int32: { std::uint32_t u; std::memcpy(&u, p, 4); return u; }
    case DataType::float64: { double d; std::memcpy(&d, p, 8); return d; }
    case DataType::float16: { std::uint16_t h; std::memcpy(&h, p, 2); return half_to_float(h); }
    default: { float f; std::memcpy(&f, p, 4); return f; }
  }
}

long double round_to(long double v, DataType t) { return decode(encode(v, t).data(), t); }

std::string math_options(const MathCall& call, int chains) {
  std::ostringstream o;
  o << "-cl-std=CL1.2 -DT=" << kernel_type(call.type) << " -DFN=" << math_name(call.function, call.form)
    << " -DSIG=" << int(kernel_shape(call)) << " -DCHAINS=" << chains;
  if (call.type == DataType::float64) o << " -DUSE_FP64";
  if (call.type == DataType::float16) o << " -DUSE_FP16";
  return o.str();
}

// One built kernel of the call with `chains` chains, its buffers for the
// largest launch of the plan, and the host's expectations.
class MathVariant {
 public:
  MathVariant(Session& s, const MathCall& call, int chains, std::uint64_t capacity)
      : s_(s), call_(call), chains_(chains), args_(math_arguments(call)) {
    kernel_ = cl::Kernel(s_.programs.get("math.cl", math_options(call, chains)), "math");
    std::vector<unsigned char> starts;
    for (int k = 0; k < chains; ++k) {
      const auto v = encode(args_.start(k), call.type);
      starts.insert(starts.end(), v.begin(), v.end());
    }
    const std::size_t sz = scalar_bytes(call.type);
    out_ = cl::Buffer(s_.context, CL_MEM_WRITE_ONLY, capacity * kOutputsPerItem * sz);
    iout_ = cl::Buffer(s_.context, CL_MEM_WRITE_ONLY, capacity * sizeof(cl_int));
    start_ = cl::Buffer(s_.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, starts.size(), starts.data());
    kernel_.setArg(0, out_);
    kernel_.setArg(1, iout_);
    kernel_.setArg(2, start_);
    int index = 3;
    for (double v : {args_.a, args_.b, args_.c, args_.d, args_.e}) {
      const auto bytes = encode(v, call.type);
      kernel_.setArg(index++, bytes.size(), bytes.data());
    }
    kernel_.setArg(8, cl_int(args_.n));
  }

  std::size_t max_local() const { return s_.max_local(kernel_); }
  double calls(const LaunchShape& shape, std::uint32_t iters) const {
    return double(shape.global) * iters * kCallsPerIter * chains_;
  }

  double run(const LaunchShape& shape, std::uint32_t iters) {
    throw_if_interrupted();
    kernel_.setArg(9, cl_uint(iters));
    return s_.run_timed(kernel_, shape);
  }

  // The iteration count that makes one launch take about `target` seconds,
  // timed after one launch that may include the driver's lazy compilation.
  std::uint32_t calibrate(const LaunchShape& shape, double target) {
    run(shape, kMinIters);
    return calibrate_iterations([&](std::uint32_t n) { return run(shape, n); }, kMinIters,
                                within_loop_budget(s_.loop_budget, kMaxIters), target);
  }

  // Checks the outputs of the last launch (global work-items, iters iterations).
  void check(const LaunchShape& shape, std::uint32_t iters, double& max_ulp) {
    const std::size_t sz = scalar_bytes(call_.type);
    std::vector<unsigned char> out(shape.global * kOutputsPerItem * sz);
    std::vector<cl_int> ints(shape.global);
    s_.queue.enqueueReadBuffer(out_, CL_TRUE, 0, out.size(), out.data());
    s_.queue.enqueueReadBuffer(iout_, CL_TRUE, 0, ints.size() * sizeof(cl_int), ints.data());
    const long double want_sum = expected_sum(std::uint64_t(iters) * kCallsPerIter);
    const double tolerance = chain_tolerance(call_, args_, chains_);
    for (std::uint64_t g = 0; g < shape.global; ++g) {
      const unsigned char* item = out.data() + g * kOutputsPerItem * sz;
      // Every work-item runs the same chains: an item equal to the one before passed.
      if (g > 0 && std::memcmp(item, item - kOutputsPerItem * sz, kOutputsPerItem * sz) == 0 && ints[g] == ints[g - 1])
        continue;
      DeviceCall dc{decode(item, call_.type), {decode(item + sz, call_.type), decode(item + 2 * sz, call_.type), ints[g]}};
      const std::string err = check_call(call_, args_, dc, max_ulp);
      if (!err.empty()) throw WrongResult("wrong result from the math kernel: " + err);
      const long double sum = decode(item + 3 * sz, call_.type);
      if (std::fabs(sum - want_sum) > tolerance || std::isnan(sum)) {
        std::ostringstream o;
        o.precision(9);
        o << "wrong result from the math kernel: " << call_.label() << ": the " << chains_ << " chains of "
          << iters * kCallsPerIter << " calls ended at a sum of " << double(sum) << ", the host's run of them at "
          << double(want_sum);
        throw WrongResult(o.str());
      }
    }
  }

 private:
  // Where the host's run of the chains ends, summed as the kernel sums them.
  long double expected_sum(std::uint64_t steps) const {
    long double sum = 0;
    for (int k = 0; k < chains_; ++k)
      sum += chain_end(call_, args_, round_to(args_.start(k), call_.type), steps);
    if (call_.type == DataType::int32) return std::uint32_t(std::uint64_t(sum) & 0xffffffffu);
    return sum;
  }

  Session& s_;
  MathCall call_;
  int chains_;
  MathArguments args_;
  cl::Kernel kernel_;
  cl::Buffer out_, iout_, start_;
};

struct Best {
  Stats stats;
  LaunchShape launch;
  int chains = 0;
};

// The call's rate at one launch shape: calibrated, checked, then sampled.
Stats measure_at(MathVariant& v, const LaunchShape& shape, const MathPlan& plan, double& max_ulp) {
  const std::uint32_t iters = v.calibrate(shape, plan.target_s);
  v.run(shape, iters);
  v.check(shape, iters, max_ulp);
  return rate_stats(sample([&] { return v.run(shape, iters); }, plan.sampling), v.calls(shape, iters));
}

std::string too_large_note(const MathCall& call, std::size_t kernel_max) {
  return "omitted: the math roof of " + call.label() + ": its kernel takes work-groups of at most " +
         std::to_string(kernel_max) + " work-items, fewer than any launch of the plan";
}

}  // namespace

std::optional<MathRoof> measure_math(Session& s, const MathCall& call) {
  const MathPlan& plan = s.plan.math;
  std::uint64_t capacity = 1;
  for (const LaunchShape& l : plan.launches) capacity = std::max(capacity, l.global);
  MathRoof roof;
  roof.call = call;
  roof.ulp_bound = ulp_bound(call);
  roof.argument = math_arguments(call).b;
  Best best;
  std::size_t kernel_max = 0;
  for (int chains : plan.chains) {
    MathVariant v(s, call, chains, capacity);
    kernel_max = v.max_local();
    for (const LaunchShape& shape : plan.launches) {
      if (shape.local > kernel_max) continue;
      if (!s.warmed) {
        s.warm_up_with([&] { v.calibrate(shape, plan.target_s); }, s.plan.warmup_s);
        s.warmed = true;
      }
      s.progress.detail(std::to_string(chains) + " chains, work-groups of " +
                        std::to_string(shape.local));
      const Stats st = measure_at(v, shape, plan, roof.max_ulp_error);
      if (st.median > best.stats.median) best = {st, shape, chains};
    }
  }
  if (best.chains == 0) {
    s.notes.push_back(too_large_note(call, kernel_max));
    return std::nullopt;
  }
  roof.calls_per_s = best.stats;
  roof.launch = best.launch;
  roof.chains = best.chains;
  return roof;
}

ProgramList math_programs(const Plan& plan) {
  ProgramList programs;
  for (const MathCall& call : plan.math.calls)
    for (int chains : plan.math.chains) programs.push_back({"math.cl", math_options(call, chains)});
  return programs;
}

}  // namespace roofline
