// The global-memory stride sweep of benchmark/suite_benchmark (kernels/stride.cl).
#include <algorithm>
#include <cstring>
#include <sstream>
#include <string>

#include "benchmark/random_fill.hpp"
#include "benchmark/suite_benchmark.hpp"
#include "benchmark/suite_timing.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

// Read sums stay exact in float while each is below 2^24: 16 x iters
// accesses of `width` lanes of at most 7.
std::uint32_t most_exact_iters(int width) { return std::uint32_t((1u << 24) / (16u * 7u * unsigned(width))) - 1; }

std::string type_name(int width) { return width == 1 ? "float" : "float" + std::to_string(width); }

std::string stride_options(int width) { return "-cl-std=CL1.2 -DT=" + type_name(width) + " -DW=" + std::to_string(width); }

// The buffer, its host copy (reads) and the launch every stride shares.
class StrideRun {
 public:
  StrideRun(Session& s, Op op, int width) : s_(s), op_(op), width_(width) {
    const SuitePlan& plan = s.plan.suite;
    elements_ = floor_pow2(plan.stride_bytes / (4ull * unsigned(width)));
    shape_ = plan.stride_launch;
    // Stride 1 walks the whole buffer once: the plan fixes the work-item
    // count (GPUs) or the iterations of each (CPUs), this the other.
    if (plan.stride_iters > 0) {
      iters_ = std::min(plan.stride_iters, most_exact_iters(width));
      shape_.global = std::max<std::uint64_t>(elements_ / (16ull * iters_) / shape_.local, 1) * shape_.local;
    } else {
      iters_ = std::uint32_t(std::clamp<std::uint64_t>(elements_ / (16 * shape_.global), 1, most_exact_iters(width)));
    }
    buffer_ = s.working_set_buffer(CL_MEM_READ_WRITE, bytes());
    if (op == Op::read) fill_source();
    sums_ = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, shape_.global * sizeof(float));
  }

  std::uint64_t bytes() const { return elements_ * 4ull * unsigned(width_); }
  // Bytes the work-items ask for in one launch.
  double asked_bytes() const { return double(shape_.global) * 16.0 * iters_ * 4.0 * width_; }
  const LaunchShape& shape() const { return shape_; }

  StrideAccess access(std::uint32_t stride, std::uint32_t iters) const {
    return {stride, elements_ - 1, iters, shape_.global, width_};
  }

  cl::Kernel kernel(std::uint32_t stride, std::uint32_t iters) {
    cl::Kernel k(s_.programs.get("stride.cl", stride_options(width_)), op_ == Op::read ? "stride_read" : "stride_write");
    int arg = 0;
    k.setArg(arg++, buffer_);
    if (op_ == Op::read) k.setArg(arg++, sums_);
    k.setArg(arg++, cl_uint(stride));
    k.setArg(arg++, cl_uint(elements_ - 1));
    k.setArg(arg, cl_uint(iters));
    return k;
  }

  // One point: a checked launch, then the timed ones.
  SeriesPoint measure(std::uint32_t stride) {
    s_.progress.detail("global " + str(op_) + " " + type_name(width_) + ", stride " + std::to_string(stride));
    double first = 0;
    if (op_ == Op::read) first = checked_read(stride);
    else first = checked_write(stride);
    const cl::Kernel k = kernel(stride, iters_);
    return {double(stride), rate_stats(time_launches(s_, k, shape_, first), asked_bytes()), std::nullopt, 0};
  }

 private:
  // Small whole numbers (0 to 7): every sum is exact in float.
  void fill_source() {
    std::vector<std::uint32_t> words(elements_ * unsigned(width_));
    fill_random(words.data(), words.size(), 17);
    host_.resize(words.size());
    for (std::size_t i = 0; i < words.size(); ++i) host_[i] = float(words[i] & 7u);
    s_.queue.enqueueWriteBuffer(buffer_, CL_TRUE, 0, bytes(), host_.data());
  }

  // A launch of the timed size, its sums checked for a sample of the work-items.
  double checked_read(std::uint32_t stride) {
    const double t = s_.run_timed(kernel(stride, iters_), shape_);
    std::vector<float> sums(shape_.global);
    s_.queue.enqueueReadBuffer(sums_, CL_TRUE, 0, sums.size() * sizeof(float), sums.data());
    check_stride_sums(access(stride, iters_), host_, sums, sampled_items(shape_.global, 256));
    return t;
  }

  // A launch of one iteration, over a buffer filled with -1, checked whole
  // over the part it can reach; then a launch of the timed size, untimed.
  double checked_write(std::uint32_t stride) {
    const float fill = -1.0f;
    const std::uint64_t reach = std::min<std::uint64_t>(elements_, (std::uint64_t(stride) + 16) * shape_.global);
    const std::uint64_t reach_bytes = reach * 4ull * unsigned(width_);
    s_.queue.enqueueFillBuffer(buffer_, fill, 0, reach_bytes);
    s_.run_timed(kernel(stride, 1), shape_);
    std::vector<float> got(reach * unsigned(width_));
    s_.queue.enqueueReadBuffer(buffer_, CL_TRUE, 0, reach_bytes, got.data());
    check_stride_stores(access(stride, 1), got, fill);
    return s_.run_timed(kernel(stride, iters_), shape_);
  }

  Session& s_;
  Op op_;
  int width_;
  std::uint64_t elements_ = 0;
  std::uint32_t iters_ = 1;
  LaunchShape shape_;
  std::vector<float> host_;
  cl::Buffer buffer_, sums_;
};

}  // namespace

std::vector<std::uint64_t> sampled_items(std::uint64_t global, std::uint64_t most) {
  std::vector<std::uint64_t> items;
  if (global == 0) return items;
  if (global <= most) {
    for (std::uint64_t g = 0; g < global; ++g) items.push_back(g);
    return items;
  }
  for (std::uint64_t i = 0; i < most; ++i) items.push_back(i * (global - 1) / (most - 1));
  return items;
}

void check_stride_sums(const StrideAccess& a, const std::vector<float>& data, const std::vector<float>& sums,
                       const std::vector<std::uint64_t>& items) {
  const std::uint64_t accesses = 16ull * a.iters;
  for (std::uint64_t gid : items) {
    std::uint64_t sum = 0;
    for (std::uint64_t k = 0; k < accesses; ++k) {
      const std::uint64_t e = a.element(gid, k);
      for (int l = 0; l < a.width; ++l) sum += std::uint64_t(data[e * unsigned(a.width) + unsigned(l)]);
    }
    if (gid >= sums.size() || sums[gid] != float(sum))
      throw WrongResult("global-memory stride read (" + type_name(a.width) + ", stride " + std::to_string(a.stride) +
                        "): work-item " + std::to_string(gid) + " summed " +
                        (gid < sums.size() ? std::to_string(sums[gid]) : std::string("nothing")) + ", not " +
                        std::to_string(sum));
  }
}

void check_stride_stores(const StrideAccess& a, const std::vector<float>& got, float fill) {
  const std::uint64_t elements = got.size() / unsigned(a.width);
  std::vector<bool> written(elements, false);
  for (std::uint64_t gid = 0; gid < a.global; ++gid)
    for (std::uint64_t k = 0; k < 16ull * a.iters; ++k) {
      const std::uint64_t e = a.element(gid, k);
      if (e < elements) written[e] = true;
    }
  for (std::uint64_t e = 0; e < elements; ++e) {
    const float want = written[e] ? float(e & 0xFFFF) : fill;
    for (int l = 0; l < a.width; ++l) {
      const float value = got[e * unsigned(a.width) + unsigned(l)];
      if (std::memcmp(&value, &want, sizeof value) != 0)
        throw WrongResult("global-memory stride write (" + type_name(a.width) + ", stride " + std::to_string(a.stride) +
                          "): element " + std::to_string(e) + " holds " + std::to_string(value) + ", not " +
                          std::to_string(want));
    }
  }
}

// Stride 0 (every work-item on one address) is the point at x = 0, which the row keeps apart.
MeasuredSeries measure_global_stride(Session& s, const SeriesTags& which) {
  StrideRun run(s, *which.op, *which.width);
  MeasuredSeries curve;
  curve.tags = which;
  curve.launch = run.shape();
  curve.bytes = run.bytes();
  for (std::uint32_t stride : s.plan.suite.strides) curve.points.push_back(run.measure(stride));
  return curve;
}


ProgramList programs_global_stride(const Plan&, const std::vector<SeriesTags>& series) {
  ProgramList programs;
  for (const SeriesTags& tags : series) {
    const ProgramKey key{"stride.cl", stride_options(tags.width.value_or(1))};
    if (std::find(programs.begin(), programs.end(), key) == programs.end()) programs.push_back(key);
  }
  return programs;
}

}  // namespace roofline
