#include "benchmark/bandwidth_benchmark.hpp"

#include <cstring>
#include <sstream>

#include "benchmark/random_fill.hpp"
#include "measurement/interrupt.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

// Expected per-work-item sums of the read kernel: integer adds wrap, so the
// order the device adds in does not matter.
std::vector<std::uint32_t> expected_sums(const std::vector<std::uint32_t>& words, std::uint64_t global,
                                         std::uint64_t per_item, int width, bool chunked) {
  // One pass in memory order (a strided pass over gigabytes would take minutes):
  // element e belongs to work-item e / per_item (chunks) or e % global (grid-stride).
  std::vector<std::uint32_t> sums(global, 0);
  const std::uint64_t elements = global * per_item;
  for (std::uint64_t e = 0; e < elements; ++e) {
    std::uint32_t s = 0;
    for (int l = 0; l < width; ++l) s += words[e * width + l];
    sums[chunked ? e / per_item : e % global] += s;
  }
  return sums;
}

// The DRAM kernels of kernels/bandwidth.cl over one pair of buffers, shared
// by the measurements and their replays (which may outlive the benchmark).
class DramKernels {
 public:
  explicit DramKernels(Session& s) : s_(s), bytes_(s.plan.bandwidth_bytes & ~std::uint64_t(255)) {
    std::uint64_t max_global = 0;
    for (auto g : s.plan.bandwidth_globals) max_global = std::max(max_global, g);
    s.progress.detail("filling " + format_bytes(double(bytes_)) + " with random data");
    try {
      host_.resize(bytes_ / 4);
    } catch (const std::bad_alloc&) {
      throw std::runtime_error("cannot allocate " + format_bytes(double(bytes_)) + " of host memory for the DRAM test");
    }
    fill_random(host_.data(), host_.size(), 42);
    try {
      src_ = cl::Buffer(s.context, CL_MEM_READ_ONLY, bytes_);
      dst_ = cl::Buffer(s.context, CL_MEM_READ_WRITE, bytes_);
      sums_ = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, max_global * 4);
      s.queue.enqueueWriteBuffer(src_, CL_TRUE, 0, bytes_, host_.data());
    } catch (const cl::Error& e) {
      throw std::runtime_error("cannot allocate two buffers of " + format_bytes(double(bytes_)) +
                               " on the device (OpenCL error " + std::to_string(e.err()) + ")");
    }
  }

  // Elements each work-item streams: the buffer split evenly, whole groups of loads.
  std::uint64_t items_per_work_item(std::uint64_t global, int width) const {
    const int loads = s_.plan.loads_in_flight;
    return bytes_ / (4ull * width) / global / loads * loads;
  }
  // Bytes of source one launch touches.
  std::uint64_t used_bytes(std::uint64_t global, int width) const {
    return items_per_work_item(global, width) * global * 4ull * width;
  }
  // Bytes one launch moves: read counts the source, copy the source and the destination.
  double moved_bytes(Op op, std::uint64_t global, int width) const {
    return double(used_bytes(global, width)) * (op == Op::copy ? 2 : 1);
  }

  // The kernel of `op` (read or copy) at `width` for `global` work-items, its arguments set.
  cl::Kernel kernel(Op op, int width, std::uint64_t global) const {
    std::ostringstream o;
    o << "-cl-std=CL1.2 -DVT=" << (width == 1 ? "uint" : "uint" + std::to_string(width)) << " -DW=" << width
      << " -DCHUNKED=" << (s_.plan.chunked ? 1 : 0) << " -DLOADS=" << s_.plan.loads_in_flight;
    cl::Kernel k(s_.programs.get("bandwidth.cl", o.str()), op == Op::read ? "read_bw" : "copy_bw");
    k.setArg(0, src_);
    k.setArg(1, op == Op::read ? sums_ : dst_);
    k.setArg(2, cl_uint(items_per_work_item(global, width)));
    return k;
  }

  // A first launch whose output is compared with the host's: every
  // work-item's sum, or the copied bytes. Throws WrongResult.
  void run_checked(Op op, cl::Kernel& k, const LaunchShape& shape, int width) {
    const std::uint64_t used = used_bytes(shape.global, width);
    if (op == Op::copy) s_.queue.enqueueFillBuffer(dst_, cl_uint(0), 0, used);
    s_.run_timed(k, shape);
    if (op == Op::read) {
      std::vector<std::uint32_t> got(shape.global);
      s_.queue.enqueueReadBuffer(sums_, CL_TRUE, 0, shape.global * 4, got.data());
      if (got != expected_sums(host_, shape.global, items_per_work_item(shape.global, width), width, s_.plan.chunked))
        throw WrongResult("wrong sums from the DRAM read kernel (uint" + std::to_string(width) + ")");
    } else {
      std::vector<std::uint32_t> got(used / 4);
      s_.queue.enqueueReadBuffer(dst_, CL_TRUE, 0, used, got.data());
      if (std::memcmp(got.data(), host_.data(), used) != 0)
        throw WrongResult("the DRAM copy kernel's destination differs from its source (uint" + std::to_string(width) + ")");
    }
  }

  Session& session() const { return s_; }
  // The host's copy of the source is needed for the checks only: the
  // replays, which keep these kernels alive, do without it.
  void forget_host_data() { std::vector<std::uint32_t>().swap(host_); }

 private:
  Session& s_;
  std::uint64_t bytes_;
  std::vector<std::uint32_t> host_;  // the random source words
  cl::Buffer src_, dst_, sums_;
};

std::string dram_variant(const Plan& plan, std::uint64_t used) {
  return std::string(plan.chunked ? "contiguous chunk per work-item" : "grid-stride (coalesced)") + ", " +
         std::to_string(plan.loads_in_flight) + " loads in flight, " + format_bytes(double(used)) + " per buffer";
}

// One checked and timed point: `op` at `width` over `global` work-items.
SweepPoint measure_point(DramKernels& d, Op op, int width, std::uint64_t global) {
  Session& s = d.session();
  const LaunchShape shape{global, s.plan.bandwidth_local};
  s.progress.detail("DRAM " + str(op) + " uint" + std::to_string(width) + ", " + std::to_string(global) + " work-items");
  cl::Kernel k = d.kernel(op, width, global);
  d.run_checked(op, k, shape, width);
  const Stats st = rate_stats(sample([&] { return s.run_timed(k, shape); }, s.plan.sweep), d.moved_bytes(op, global, width));
  return {shape, st, std::nullopt};
}

// The roof of `op` (read or copy): the best point over the plan's widths and
// work-item counts; its sweep is the best width's points.
Ceiling measure_roof(DramKernels& d, Op op) {
  const Plan& plan = d.session().plan;
  Ceiling c;
  c.kind = CeilingKind::memory;
  c.op = op;
  c.type = DataType::int32;
  c.level = MemoryLevel::of_kind(LevelKind::dram);
  for (int width : plan.bandwidth_widths) {
    std::vector<SweepPoint> sweep;
    for (std::uint64_t global : plan.bandwidth_globals) {
      throw_if_interrupted();
      if (d.items_per_work_item(global, width) == 0 || global % plan.bandwidth_local) continue;
      sweep.push_back(measure_point(d, op, width, global));
      const SweepPoint& p = sweep.back();
      if (p.stats.median > c.value) {
        c.value = p.stats.median;
        c.stats = p.stats;
        c.launch = p.launch;
        c.width = width;
        c.variant = dram_variant(plan, d.used_bytes(global, width));
      }
    }
    if (c.width == width) c.sweep_wg_count = sweep;
  }
  return c;
}

// The roof's kernel at any launch shape; it keeps the buffers alive.
ReplayAt replay_of(std::shared_ptr<DramKernels> d, Op op, int width) {
  return [d, op, width](const LaunchShape& shape) {
    cl::Kernel k = d->kernel(op, width, shape.global);
    return Replay{[d, k, shape] { return d->session().run_timed(k, shape); }, d->moved_bytes(op, shape.global, width)};
  };
}

}  // namespace

std::vector<MeasuredCeiling> measure_dram(Session& s, bool with_replays) {
  auto kernels = std::make_shared<DramKernels>(s);
  std::vector<MeasuredCeiling> out;
  for (Op op : {Op::read, Op::copy}) {
    MeasuredCeiling m{measure_roof(*kernels, op), {}};
    if (with_replays) m.replay = replay_of(kernels, op, m.ceiling.width);
    out.push_back(std::move(m));
  }
  kernels->forget_host_data();
  return out;
}

}  // namespace roofline
