#include "benchmark/bandwidth_benchmark.hpp"

#include <array>
#include <cstring>
#include <memory>
#include <set>
#include <sstream>

#include "benchmark/host_memory.hpp"
#include "benchmark/random_fill.hpp"
#include "benchmark/suite_benchmark.hpp"
#include "measurement/interrupt.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

// The sum the read kernel leaves for work-item `gid`: integer adds wrap, so
// the order the device adds in does not matter. Element k of the work-item is
// gid * per_item + k (chunks) or gid + k * global (grid-stride).
std::uint32_t expected_sum(const std::vector<std::uint32_t>& words, std::uint64_t gid, std::uint64_t global,
                           std::uint64_t per_item, int width, bool chunked) {
  std::uint32_t sum = 0;
  for (std::uint64_t k = 0; k < per_item; ++k) {
    const std::uint64_t e = chunked ? gid * per_item + k : gid + k * global;
    for (int l = 0; l < width; ++l) sum += words[e * std::uint64_t(width) + std::uint64_t(l)];
  }
  return sum;
}

// Where a point's stores and copies are read back: the first, a middle and
// the last MiB of the `used` bytes (reading gigabytes back for every point
// took most of a GPU's DRAM step), as byte offsets and a span.
struct CheckedWindows {
  std::uint64_t span = 0;
  std::array<std::uint64_t, 3> at{};
};
CheckedWindows checked_windows(std::uint64_t used) {
  const std::uint64_t span = std::min<std::uint64_t>(used, 1ull << 20) / 4 * 4;
  return {span, {0, (used - span) / 2 / 4 * 4, used - span}};
}

// The build options of kernels/bandwidth.cl at `width` lanes.
std::string dram_options(const Plan& plan, int width) {
  std::ostringstream o;
  o << "-cl-std=CL1.2 -DVT=" << (width == 1 ? "uint" : "uint" + std::to_string(width)) << " -DW=" << width
    << " -DCHUNKED=" << (plan.chunked ? 1 : 0) << " -DLOADS=" << plan.loads_in_flight;
  return o.str();
}

// The DRAM kernels of kernels/bandwidth.cl over one pair of buffers, shared
// by the measurements and their replays (which may outlive the benchmark).
class DramKernels {
 public:
  explicit DramKernels(Session& s) : s_(s), bytes_(s.plan.bandwidth_bytes & ~std::uint64_t(255)) {
    std::uint64_t max_global = 0;
    for (int width : s.plan.bandwidth_widths)
      for (auto g : globals(width)) max_global = std::max(max_global, g);
    s.progress.detail("filling " + format_bytes(double(bytes_)) + " with random data");
    try {
      host_.resize(bytes_ / 4);
    } catch (const std::bad_alloc&) {
      throw std::runtime_error("cannot allocate " + format_bytes(double(bytes_)) + " of host memory for the DRAM test");
    }
    fill_random(host_.data(), host_.size(), 42);
    try {
      make_buffers();
      sums_ = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, max_global * 4);
      s.queue.enqueueWriteBuffer(src_, CL_TRUE, 0, bytes_, host_.data());
    } catch (const cl::Error& e) {
      throw std::runtime_error("cannot allocate two buffers of " + format_bytes(double(bytes_)) +
                               " on the device (OpenCL error " + std::to_string(e.err()) + ")");
    } catch (const std::bad_alloc&) {
      throw std::runtime_error("cannot allocate two buffers of " + format_bytes(double(bytes_)) + " of host memory");
    }
  }

  // The work-item counts of the plan at `width`, each within the loop
  // budget, and the one-pass count where the plan asks for it.
  std::set<std::uint64_t> globals(int width) const {
    std::set<std::uint64_t> out;
    for (std::uint64_t global : s_.plan.bandwidth_globals) out.insert(global_within_budget(global, width));
    if (s_.plan.bandwidth_one_pass) {
      const std::uint64_t local = s_.plan.bandwidth_local;
      if (const std::uint64_t one_pass = bytes_ / (4ull * width) / std::uint64_t(s_.plan.loads_in_flight) / local * local)
        out.insert(one_pass);
    }
    return out;
  }
  // Whether each of `global` work-items streams one group of loads, no more.
  bool one_pass(std::uint64_t global, int width) const {
    return items_per_work_item(global, width) == std::uint64_t(s_.plan.loads_in_flight);
  }

  // Elements each work-item streams: the buffer split evenly, whole groups of loads.
  std::uint64_t items_per_work_item(std::uint64_t global, int width) const {
    const int loads = s_.plan.loads_in_flight;
    return bytes_ / (4ull * width) / global / loads * loads;
  }
  // The plan's work-item count, doubled until no work-item loops past the
  // driver's loop budget (a loop of items / loads per work-item).
  std::uint64_t global_within_budget(std::uint64_t global, int width) const {
    const std::uint64_t budget = within_loop_budget(s_.loop_budget, 0xFFFFFFFFu);
    while (items_per_work_item(global, width) / std::uint64_t(s_.plan.loads_in_flight) > budget) global *= 2;
    return global;
  }
  // Bytes of source one launch touches.
  std::uint64_t used_bytes(std::uint64_t global, int width) const {
    return items_per_work_item(global, width) * global * 4ull * width;
  }
  // Bytes one launch moves: read and store count one buffer, copy the source and the destination.
  double moved_bytes(Op op, std::uint64_t global, int width) const {
    return double(used_bytes(global, width)) * (op == Op::copy ? 2 : 1);
  }

  // The kernel of `op` (read, store or copy) at `width` for `global` work-items, its arguments set.
  cl::Kernel kernel(Op op, int width, std::uint64_t global) const {
    const char* name = op == Op::read ? "read_bw" : op == Op::store ? "store_bw" : "copy_bw";
    cl::Kernel k(s_.programs.get("bandwidth.cl", dram_options(s_.plan, width)), name);
    int arg = 0;
    if (op != Op::store) k.setArg(arg++, src_);
    k.setArg(arg++, op == Op::read ? sums_ : dst_);
    k.setArg(arg, cl_uint(items_per_work_item(global, width)));
    return k;
  }

  // A first launch whose output is compared with the host's: every
  // work-item's sum, the copied bytes, or the stored indices. Throws WrongResult.
  void run_checked(Op op, cl::Kernel& k, const LaunchShape& shape, int width) {
    const std::uint64_t used = used_bytes(shape.global, width);
    if (op != Op::read) s_.queue.enqueueFillBuffer(dst_, cl_uint(0), 0, used);
    s_.run_timed(k, shape);
    if (op == Op::read) check_sums(shape, width);
    else if (op == Op::copy) check_copy(used, width);
    else check_stores(used, width);
  }

  Session& session() const { return s_; }
  // The host's copy of the source is needed for the checks only: the
  // replays, which keep these kernels alive, do without it.
  void forget_host_data() { std::vector<std::uint32_t>().swap(host_); }

 private:
  // The sums of a sample of the work-items (1024, the first and the last
  // among them: every one on a CPU's few), each over all its elements.
  void check_sums(const LaunchShape& shape, int width) {
    std::vector<std::uint32_t> got(shape.global);
    s_.queue.enqueueReadBuffer(sums_, CL_TRUE, 0, shape.global * 4, got.data());
    const std::uint64_t per_item = items_per_work_item(shape.global, width);
    for (std::uint64_t gid : sampled_items(shape.global, 1024))
      if (got[gid] != expected_sum(host_, gid, shape.global, per_item, width, s_.plan.chunked))
        throw WrongResult("wrong sum from work-item " + std::to_string(gid) + " of the DRAM read kernel (uint" +
                          std::to_string(width) + ")");
  }
  // The destination's checked windows against the source.
  void check_copy(std::uint64_t used, int width) {
    const CheckedWindows w = checked_windows(used);
    std::vector<std::uint32_t> got(w.span / 4);
    for (std::uint64_t at : w.at) {
      s_.queue.enqueueReadBuffer(dst_, CL_TRUE, at, w.span, got.data());
      if (std::memcmp(got.data(), host_.data() + at / 4, w.span) != 0)
        throw WrongResult("the DRAM copy kernel's destination differs from its source at byte " + std::to_string(at) +
                          " (uint" + std::to_string(width) + ")");
    }
  }
  // Element e (of `width` lanes) holds e, as a 32-bit word, in every lane,
  // over the checked windows.
  void check_stores(std::uint64_t used, int width) {
    const CheckedWindows w = checked_windows(used);
    std::vector<std::uint32_t> got(w.span / 4);
    for (std::uint64_t at : w.at) {
      s_.queue.enqueueReadBuffer(dst_, CL_TRUE, at, w.span, got.data());
      for (std::uint64_t i = 0; i < got.size(); ++i) {
        const std::uint64_t word = at / 4 + i;
        if (got[i] != std::uint32_t(word / std::uint64_t(width)))
          throw WrongResult("word " + std::to_string(word) + " of the DRAM store kernel's buffer holds " +
                            std::to_string(got[i]) + " (uint" + std::to_string(width) + ")");
      }
    }
  }

  // A CPU device's source and destination live in host memory of our own, in
  // huge pages (benchmark/host_memory); a GPU's are the device's.
  void make_buffers() {
    if (s_.plan.cpu) {
      src_memory_ = std::make_unique<HugePageMemory>(bytes_);
      dst_memory_ = std::make_unique<HugePageMemory>(bytes_);
      src_ = cl::Buffer(s_.context, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes_, src_memory_->data());
      dst_ = cl::Buffer(s_.context, CL_MEM_READ_WRITE | CL_MEM_USE_HOST_PTR, bytes_, dst_memory_->data());
    } else {
      src_ = cl::Buffer(s_.context, CL_MEM_READ_ONLY, bytes_);
      dst_ = cl::Buffer(s_.context, CL_MEM_READ_WRITE, bytes_);
    }
  }

  Session& s_;
  std::uint64_t bytes_;
  std::vector<std::uint32_t> host_;  // the random source words
  std::unique_ptr<HugePageMemory> src_memory_, dst_memory_;  // declared before the buffers that use them
  cl::Buffer src_, dst_, sums_;
};

std::string dram_variant(const Plan& plan, std::uint64_t used, bool one_pass) {
  const int rounds = plan.memory.roof_rounds.count;
  const std::string loads = std::to_string(plan.loads_in_flight);
  return (plan.chunked    ? "contiguous chunk per work-item, read as " + loads + " streams in step"
          : one_pass      ? "one pass (coalesced): " + loads + " elements per work-item, the grid covering the buffer"
                          : "grid-stride (coalesced), " + loads + " accesses in flight") +
         ", " + format_bytes(double(used)) + " per buffer" + (plan.cpu ? " in 2 MiB huge pages" : "") +
         (rounds > 1 ? "; best of " + std::to_string(rounds) + " rounds" : "");
}

// One point of the DRAM sweep: `op` at `width` over `global` work-items, its
// kernel built and its output checked.
struct DramPoint {
  int width = 1;
  LaunchShape shape;
  cl::Kernel kernel;
  double moved = 0;
};

DramPoint prepare_point(DramKernels& d, Op op, int width, std::uint64_t global) {
  Session& s = d.session();
  DramPoint p{width, {global, s.plan.bandwidth_local}, d.kernel(op, width, global), d.moved_bytes(op, global, width)};
  s.progress.detail("DRAM " + str(op) + " uint" + std::to_string(width) + ", " + std::to_string(global) + " work-items");
  d.run_checked(op, p.kernel, p.shape, width);
  return p;
}

// The points of `op` (read, store or copy): each of the plan's widths and work-item counts.
std::vector<DramPoint> prepare_points(DramKernels& d, Op op) {
  const Plan& plan = d.session().plan;
  std::vector<DramPoint> points;
  for (int width : plan.bandwidth_widths) {
    for (std::uint64_t global : d.globals(width)) {
      throw_if_interrupted();
      if (d.items_per_work_item(global, width) == 0 || global % plan.bandwidth_local) continue;
      points.push_back(prepare_point(d, op, width, global));
    }
  }
  return points;
}

// Every point of every op timed in the plan's rounds, round after round over
// them all, so that a burst of other work on the machine costs a round, not a roof.
std::vector<std::vector<Stats>> time_in_rounds(Session& s, const std::vector<std::vector<DramPoint>>& by_op) {
  std::vector<std::function<Stats()>> tasks;
  const SamplingPolicy policy = per_round(s.plan.sweep, s.plan.memory.roof_rounds);
  for (const auto& points : by_op)
    for (const DramPoint& p : points)
      tasks.push_back([&s, &p, policy] { return rate_stats(sample([&] { return s.run_timed(p.kernel, p.shape); }, policy), p.moved); });
  const std::vector<Stats> best = best_of_rounds(tasks, s.plan.memory.roof_rounds.count);
  std::vector<std::vector<Stats>> out;
  std::size_t i = 0;
  for (const auto& points : by_op) out.emplace_back(best.begin() + long(i), best.begin() + long(i + points.size())), i += points.size();
  return out;
}

// The roof of `op`: its best point; its sweep, the best width's points.
Ceiling roof_of(const DramKernels& d, Op op, const std::vector<DramPoint>& points, const std::vector<Stats>& best) {
  const Plan& plan = d.session().plan;
  Ceiling c;
  c.kind = CeilingKind::memory;
  c.op = op;
  c.type = DataType::int32;
  c.level = MemoryLevel::of_kind(LevelKind::dram);
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (best[i].median <= c.value) continue;
    c.value = best[i].median;
    c.stats = best[i];
    c.launch = points[i].shape;
    c.width = points[i].width;
    c.variant = dram_variant(plan, d.used_bytes(points[i].shape.global, points[i].width),
                             d.one_pass(points[i].shape.global, points[i].width));
  }
  for (std::size_t i = 0; i < points.size(); ++i)
    if (points[i].width == c.width) c.sweep_wg_count.push_back({points[i].shape, best[i], std::nullopt});
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
  constexpr std::array<Op, 3> ops{Op::read, Op::store, Op::copy};
  std::vector<std::vector<DramPoint>> points;
  for (Op op : ops) points.push_back(prepare_points(*kernels, op));
  const std::vector<std::vector<Stats>> best = time_in_rounds(s, points);
  kernels->forget_host_data();
  std::vector<MeasuredCeiling> out;
  for (std::size_t i = 0; i < ops.size(); ++i) {
    MeasuredCeiling m{roof_of(*kernels, ops[i], points[i], best[i]), {}};
    if (with_replays) m.replay = replay_of(kernels, ops[i], m.ceiling.width);
    out.push_back(std::move(m));
  }
  return out;
}

ProgramList dram_programs(const Plan& plan) {
  ProgramList programs;
  for (int width : plan.bandwidth_widths) programs.push_back({"bandwidth.cl", dram_options(plan, width)});
  return programs;
}

}  // namespace roofline
