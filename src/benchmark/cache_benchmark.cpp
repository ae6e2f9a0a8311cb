#include "benchmark/cache_benchmark.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <cmath>
#include <cstring>
#include <numeric>
#include <random>
#include <sstream>

#include "benchmark/random_fill.hpp"
#include "measurement/interrupt.hpp"
#include "model/levels.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

constexpr std::uint32_t kLocalTile = 1024;  // uint4 words of the local-memory tile (16 KiB)

// Build options of the kernels in memory.cl that do not depend on the sweep's type.
std::string scalar_options(int loads) {
  return "-cl-std=CL1.2 -DT=float -DVT=float -DW=1 -DUTV=uint -DSUT=uint -DU=" + std::to_string(loads) +
         " -DLTILE=" + std::to_string(kLocalTile);
}

// Grows `reps` until one launch of `run` takes about `target` seconds.
template <typename Run>
void calibrate_reps(std::uint32_t& reps, Run&& run, double target) {
  run();  // the first launch may include the driver's lazy compilation
  for (int i = 0; i < 8; ++i) {
    const double t = run();
    if (t >= target / 2 || reps >= (1u << 24)) break;
    reps = std::uint32_t(std::min(double(1u << 24), double(reps) * std::min(16.0, target / std::max(t, 1e-7))));
  }
}

// The largest prime <= n (n >= 2), or 1: block counts of scattered walks.
std::uint64_t prime_at_most(std::uint64_t n) {
  auto prime = [](std::uint64_t x) {
    if (x < 2) return false;
    for (std::uint64_t d = 2; d * d <= x; ++d)
      if (x % d == 0) return false;
    return true;
  };
  while (n > 1 && !prime(n)) --n;
  return n;
}

// Working-set sizes from lo to hi, `per_doubling` points per doubling, each a
// multiple of `granule` bytes.
std::vector<std::uint64_t> log_sizes(std::uint64_t lo, std::uint64_t hi, double per_doubling, std::uint64_t granule) {
  std::vector<std::uint64_t> out;
  for (double x = std::log2(double(lo)); x <= std::log2(double(hi)) + 1e-9; x += 1.0 / per_doubling) {
    std::uint64_t b = std::uint64_t(std::llround(std::exp2(x) / double(granule))) * granule;
    if (b >= granule && (out.empty() || b > out.back())) out.push_back(b);
  }
  return out;
}

// The working-set kernels of one element type and width, their buffers and
// the host's copy of the data.
class WorkingSet {
 public:
  WorkingSet(Session& s, DataType type, int width, int loads, std::uint64_t max_bytes, const LaunchShape& largest)
      : s_(s), type_(type), width_(width), loads_(loads), scatter_(s.plan.memory.scatter) {
    const bool dbl = type == DataType::float64;
    elem_ = scalar_bytes(type) * std::uint64_t(width);
    const std::string w = width == 1 ? "" : std::to_string(width);
    const std::string ut = (dbl ? "ulong" : "uint") + w;
    std::ostringstream o;
    o << "-cl-std=CL1.2 -DT=" << str(type) << " -DVT=" << str(type) << w << " -DW=" << width << " -DUTV=" << ut
      << " -DSUT=" << (dbl ? "ulong" : "uint") << " -DU=" << loads << " -DLTILE=" << kLocalTile
      << " -DSCATTER=" << (scatter_ ? 1 : 0) << " -DOWN_SLICE=" << (s.plan.cpu ? 1 : 0)
      << " -DHAS_IMAGES=" << (images() ? 1 : 0) << (dbl ? " -DUSE_FP64" : "");
    const cl::Program& prog = s_.programs.get("memory.cl", o.str());
    program_ = prog;
    read_ = cl::Kernel(prog, "sweep_read");
    if (images()) image_kernel_ = cl::Kernel(prog, "sweep_image");
    store_ = cl::Kernel(prog, "sweep_store");
    copy_ = cl::Kernel(prog, "sweep_copy");
    bytes_ = max_bytes / (elem_ * 2) * elem_ * 2;
    host_.resize(bytes_ / 4);
    fill_random(host_.data(), host_.size(), 7 + width);
    try {
      data_ = s_.working_set_buffer(CL_MEM_READ_ONLY, bytes_);
      scratch_ = s_.working_set_buffer(CL_MEM_READ_WRITE, bytes_);
      out_ = cl::Buffer(s_.context, CL_MEM_WRITE_ONLY, largest.global * 8);
      s_.queue.enqueueWriteBuffer(data_, CL_TRUE, 0, bytes_, host_.data());
      if (images()) {
        const std::uint64_t texels =
            std::min<std::uint64_t>(bytes_ / 16, s_.device.device.getInfo<CL_DEVICE_IMAGE_MAX_BUFFER_SIZE>());
        image_ = cl::Image1DBuffer(s_.context, CL_MEM_READ_ONLY, cl::ImageFormat(CL_RGBA, CL_UNSIGNED_INT32), texels, data_);
        image_bytes_ = texels * 16;
      }
    } catch (const cl::Error& e) {
      throw std::runtime_error("cannot allocate two buffers of " + format_bytes(double(bytes_)) +
                               " for the memory sweep (OpenCL error " + std::to_string(e.err()) + ")");
    }
  }

  std::uint64_t step_bytes(const LaunchShape& l) const { return l.local * loads_ * elem_; }
  // Image reads need image support and 16-byte elements (uint4 texels over the same data).
  bool images() const { return elem_ == 16 && s_.device.device.getInfo<CL_DEVICE_IMAGE_SUPPORT>(); }
  std::uint64_t image_bytes() const { return image_bytes_; }
  std::uint64_t max_bytes() const { return bytes_; }
  std::string describe(const std::string& accesses, const LaunchShape& l) const {
    return accesses + " of " + str(type_) + (width_ > 1 ? std::to_string(width_) : "") + ", " + std::to_string(loads_) +
           " accesses in flight per work-item, " + std::to_string(l.work_groups()) + " x " + std::to_string(l.local) +
           " work-items, every work-group walking the whole working set" +
           (scatter_ ? " in its own block order" : " from its own offset");
  }

  // Bandwidth (B/s) of `op` (read, store, copy, image) over a working set of
  // about `ws` bytes (copy: both halves together); `actual` gets the working
  // set measured (whole blocks; a prime number of them with scatter).
  // With `replay`, it gets a kernel of its own set up as the timed one (later
  // measurements reset the shared kernels' arguments), for power.
  Stats measure(Op op, std::uint64_t ws, const LaunchShape& l, double target_s, const SamplingPolicy& policy,
                double* actual = nullptr, Replay* replay = nullptr) {
    const std::uint64_t step = l.local * std::uint64_t(loads_);
    const double sides = op == Op::copy ? 2 : 1;  // copy: the working set is source and destination
    std::uint64_t nblocks = ws / std::uint64_t(sides) / elem_ / step;
    if (nblocks == 0) throw std::invalid_argument("working set smaller than one step of the walk");
    if (scatter_) nblocks = prime_at_most(nblocks);
    const std::uint64_t n = nblocks * step;
    if (actual) *actual = double(n * elem_) * sides;
    if (op == Op::image && n * elem_ > image_bytes_) throw std::invalid_argument("working set larger than the image");
    cl::Kernel& k = kernel_for(op);
    const int arg = set_walk_args(k, op, nblocks);
    // Elements per work-group and launch, calibrated to the target time. The
    // first try moves the working set once in all (each work-group its share):
    // one whole pass per work-group over a DRAM-sized set would take seconds.
    std::uint64_t count = std::max<std::uint64_t>(n / l.work_groups() / step * step, step);
    auto run = [&] {
      k.setArg(arg, cl_uint(count));
      return s_.run_timed(k, l);
    };
    run();
    for (int i = 0; i < 8; ++i) {
      const double t = run();
      if (t >= target_s / 2 || count >= (1ull << 31)) break;
      count = std::min<std::uint64_t>(1ull << 31, std::uint64_t(double(count) * std::min(16.0, target_s / std::max(t, 1e-7))));
      count = (count + step - 1) / step * step;
    }
    check(op, nblocks, count, l);
    const double moved = double(l.work_groups()) * double(count) * double(elem_) * sides;
    const Stats st = rate_stats(sample(run, policy), moved);
    if (replay) {
      cl::Kernel r(program_, kernel_name(op));
      r.setArg(set_walk_args(r, op, nblocks), cl_uint(count));
      // The buffers travel with the kernel: the working set may be gone when it replays.
      *replay = Replay{[&s = s_, r, l, data = data_, scratch = scratch_, out = out_, image = image_] { return s.run_timed(r, l); },
                       moved};
    }
    return st;
  }

 private:
  static const char* kernel_name(Op op) {
    switch (op) {
      case Op::image: return "sweep_image";
      case Op::store: return "sweep_store";
      case Op::copy: return "sweep_copy";
      default: return "sweep_read";
    }
  }
  cl::Kernel& kernel_for(Op op) {
    switch (op) {
      case Op::image: return image_kernel_;
      case Op::store: return store_;
      case Op::copy: return copy_;
      default: return read_;
    }
  }
  static bool reads(Op op) { return op == Op::read || op == Op::image; }
  // Sets the walk's arguments but the element count: what it walks, where
  // read sums go, the block count. Returns the count's argument index.
  int set_walk_args(cl::Kernel& k, Op op, std::uint64_t nblocks) {
    int arg = 0;
    if (op == Op::image) k.setArg(arg++, image_);
    else k.setArg(arg++, op == Op::read ? data_ : scratch_);
    if (reads(op)) k.setArg(arg++, out_);
    k.setArg(arg++, cl_uint(nblocks));
    return arg;
  }

  // The elements work-group g's work-item `lid` visits, in order (as kernels/memory.cl walks).
  template <typename F>
  void walk(std::uint64_t g, std::uint64_t groups, std::uint64_t lid, std::uint64_t nblocks, std::uint64_t count,
            std::uint64_t local, F&& visit) const {
    const std::uint64_t step = local * loads_;
    const std::uint64_t stride = scatter_ && nblocks > 1 ? 1 + (g * 2654435761ull) % (nblocks - 1) : 1;
    std::uint64_t block = g * nblocks / groups;
    for (std::uint64_t j = 0; j < count; j += step) {
      for (int k = 0; k < loads_; ++k) visit(block * step + k * local + lid);
      block += stride;
      if (block >= nblocks) block -= nblocks;
    }
  }

  // Checks the first, a middle and the last work-group: enough to catch a
  // compiler that dropped the loads, cheap enough for every point.
  void check(Op op, std::uint64_t nblocks, std::uint64_t count, const LaunchShape& l) {
    const std::uint64_t groups = l.work_groups();
    const std::uint64_t n = nblocks * l.local * loads_;
    const std::string what = "the " + str(op) + " sweep kernel (" + str(type_) + std::to_string(width_) + ")";
    if (reads(op)) {  // the image holds the same data as uint4 texels
      const bool dbl = type_ == DataType::float64;
      std::vector<std::uint64_t> got(l.global);
      if (dbl) {
        s_.queue.enqueueReadBuffer(out_, CL_TRUE, 0, l.global * 8, got.data());
      } else {
        std::vector<std::uint32_t> g32(l.global);
        s_.queue.enqueueReadBuffer(out_, CL_TRUE, 0, l.global * 4, g32.data());
        std::copy(g32.begin(), g32.end(), got.begin());
      }
      const std::uint64_t lanes = elem_ / (dbl ? 8 : 4);
      for (std::uint64_t g : {std::uint64_t(0), groups / 2, groups - 1})
        for (std::uint64_t lid = 0; lid < l.local; ++lid) {
          std::uint64_t sum = 0;
          walk(g, groups, lid, nblocks, count, l.local, [&](std::uint64_t e) {
            for (std::uint64_t x = 0; x < lanes; ++x) {
              if (dbl) {
                std::uint64_t v;
                std::memcpy(&v, &host_[(e * lanes + x) * 2], 8);
                sum += v;
              } else {
                sum += host_[e * lanes + x];
              }
            }
          });
          if (!dbl) sum &= 0xffffffffu;
          if (got[g * l.local + lid] != sum)
            throw WrongResult("wrong sum from " + what + " in work-group " + std::to_string(g) + ", work-item " +
                              std::to_string(lid));
        }
      return;
    }
    // Store and copy: look at what work-group 0 wrote in its first pass (on
    // CPUs it walks its own slice of the working set).
    const std::uint64_t slice = s_.plan.cpu ? std::max<std::uint64_t>(nblocks / groups, 1) * l.local * loads_ : n;
    const std::uint64_t first = std::min(slice, count);
    std::vector<unsigned char> got(first * elem_);
    if (op == Op::store) {
      s_.queue.enqueueReadBuffer(scratch_, CL_TRUE, 0, got.size(), got.data());
      const std::uint64_t lanes = elem_ / scalar_bytes(type_);
      for (std::uint64_t e = 0; e < first; ++e)
        for (std::uint64_t x = 0; x < lanes; ++x) {
          std::uint64_t v = 0;
          std::memcpy(&v, &got[e * elem_ + x * (elem_ / lanes)], elem_ / lanes);
          if (v != e) throw WrongResult("element " + std::to_string(e) + " written by " + what + " holds " + std::to_string(v));
        }
    } else {
      std::vector<unsigned char> src(got.size());
      s_.queue.enqueueReadBuffer(scratch_, CL_TRUE, 0, src.size(), src.data());
      s_.queue.enqueueReadBuffer(scratch_, CL_TRUE, n * elem_, got.size(), got.data());
      if (src != got) throw WrongResult("the destination of " + what + " differs from its source");
    }
  }

  Session& s_;
  DataType type_;
  int width_, loads_;
  bool scatter_;
  std::uint64_t elem_ = 0, bytes_ = 0;
  std::vector<std::uint32_t> host_;
  cl::Program program_;
  cl::Kernel read_, store_, copy_, image_kernel_;
  cl::Buffer data_, scratch_, out_;
  cl::Image1DBuffer image_;
  std::uint64_t image_bytes_ = 0;
};

// The curve, refined to 8 points per doubling across every drop of more than
// 15% between neighbours (the cliffs the level detection has to place).
std::vector<CurvePoint> bandwidth_curve(Session& s, WorkingSet& ws, const MemoryPlan& m) {
  const std::uint64_t granule = ws.step_bytes(m.sweep_launch);
  std::vector<std::uint64_t> sizes =
      log_sizes(std::max(m.min_bytes, granule), std::min(m.max_bytes, ws.max_bytes()), m.points_per_doubling, granule);
  std::vector<CurvePoint> curve;
  auto measure = [&](std::uint64_t b) {
    throw_if_interrupted();
    s.progress.detail("working set " + format_bytes(double(b)));
    double actual = 0;
    const Stats st = ws.measure(Op::read, b, m.sweep_launch, m.target_s, s.plan.sweep, &actual);
    if (!curve.empty() && std::any_of(curve.begin(), curve.end(), [&](const CurvePoint& p) { return p.bytes == actual; }))
      return;  // two sizes rounded to the same working set
    curve.push_back({actual, st});
  };
  for (auto b : sizes) measure(b);
  if (m.refine) {
    std::vector<std::uint64_t> extra;
    for (std::size_t i = 1; i < curve.size(); ++i)
      if (curve[i].stats.median < 0.85 * curve[i - 1].stats.median)
        for (auto b : log_sizes(std::uint64_t(curve[i - 1].bytes), std::uint64_t(curve[i].bytes), 8, granule))
          if (double(b) > curve[i - 1].bytes && double(b) < curve[i].bytes) extra.push_back(b);
    for (auto b : extra) measure(b);
    std::sort(curve.begin(), curve.end(), [](const CurvePoint& a, const CurvePoint& b) { return a.bytes < b.bytes; });
  }
  return curve;
}

// One random cycle through every slot of a working set (Sattolo's shuffle):
// order[i] is the i-th slot visited; words[slot * slot_words] holds the word
// index of the next slot.
struct ChaseCycle {
  std::vector<std::uint32_t> order, words;
};

ChaseCycle chase_cycle(std::uint64_t slots, std::uint64_t slot_words, std::mt19937_64& rng) {
  ChaseCycle c;
  c.order.resize(slots);
  std::iota(c.order.begin(), c.order.end(), 0);
  for (std::uint64_t i = slots - 1; i > 0; --i)
    std::swap(c.order[i], c.order[std::uniform_int_distribution<std::uint64_t>(0, i - 1)(rng)]);
  c.words.assign(slots * slot_words, 0);
  for (std::uint64_t i = 0; i < slots; ++i)
    c.words[c.order[i] * slot_words] = std::uint32_t(c.order[(i + 1) % slots] * slot_words);
  return c;
}

// The pointer chase's kernels over one buffer of the largest working set.
struct ChaseKernels {
  cl::Kernel one, many;  // one work-item; every work-item of the many-chase launch
  cl::Buffer next, out, starts;
};

ChaseKernels chase_kernels(Session& s, const MemoryPlan& m) {
  const cl::Program& prog = s.programs.get("memory.cl", scalar_options(1));
  ChaseKernels c{cl::Kernel(prog, "chase"), cl::Kernel(prog, "chase_many"), s.working_set_buffer(CL_MEM_READ_ONLY, m.chase_max_bytes),
                 cl::Buffer(s.context, CL_MEM_WRITE_ONLY, m.chase_launch.global * 4),
                 cl::Buffer(s.context, CL_MEM_READ_ONLY, m.chase_launch.global * 4)};
  c.one.setArg(0, c.next);
  c.one.setArg(1, c.out);
  c.many.setArg(0, c.next);
  c.many.setArg(1, c.starts);
  c.many.setArg(2, c.out);
  return c;
}

// Nanoseconds per load of one work-item chasing the cycle from random
// starts, its end checked on the host.
Stats chase_latency(Session& s, ChaseKernels& k, const ChaseCycle& c, std::uint64_t slot_words, std::mt19937_64& rng) {
  const std::uint64_t slots = c.order.size();
  // Enough hops to touch the working set, not so many that DRAM points take seconds.
  const std::uint64_t hops = std::clamp<std::uint64_t>(2 * slots, 1u << 15, 1u << 18) / 16 * 16;
  std::uint32_t start = 0;
  k.one.setArg(2, cl_uint(hops));
  auto run = [&] {
    start = c.order[std::uniform_int_distribution<std::uint64_t>(0, slots - 1)(rng)] * std::uint32_t(slot_words);
    k.one.setArg(3, cl_uint(start));
    return s.run_timed(k.one, LaunchShape{1, 1});
  };
  run();  // warm the caches with this working set
  run();
  std::uint32_t got = 0, want = start;
  s.queue.enqueueReadBuffer(k.out, CL_TRUE, 0, 4, &got);
  for (std::uint64_t h = 0; h < hops; ++h) want = c.words[want];
  if (got != want) throw WrongResult("the pointer chase ended at word " + std::to_string(got) + ", expected " + std::to_string(want));
  std::vector<double> ns;
  for (double t : sample(run, s.plan.probe)) ns.push_back(t * 1e9 / double(hops));
  return summarize(ns);
}

// The same cycle chased by every work-item of the launch, their starts spread
// evenly along it: B/s of the 4-byte loads done.
Stats chase_bandwidth(Session& s, ChaseKernels& k, const ChaseCycle& c, std::uint64_t slot_words) {
  const LaunchShape ml = s.plan.memory.chase_launch;
  const std::uint64_t slots = c.order.size();
  std::vector<std::uint32_t> first(ml.global);
  for (std::uint64_t g = 0; g < ml.global; ++g) first[g] = c.order[(g * slots / ml.global) % slots] * std::uint32_t(slot_words);
  s.queue.enqueueWriteBuffer(k.starts, CL_TRUE, 0, first.size() * 4, first.data());
  const std::uint64_t many_hops = std::clamp<std::uint64_t>(slots / ml.global * 2, 256, 4096) / 16 * 16;
  k.many.setArg(3, cl_uint(many_hops));
  auto run_many = [&] { return s.run_timed(k.many, ml); };
  run_many();
  std::vector<std::uint32_t> ends(ml.global);
  s.queue.enqueueReadBuffer(k.out, CL_TRUE, 0, ends.size() * 4, ends.data());
  for (std::uint64_t g : {std::uint64_t(0), ml.global - 1}) {
    std::uint32_t w = first[g];
    for (std::uint64_t h = 0; h < many_hops; ++h) w = c.words[w];
    if (ends[g] != w) throw WrongResult("work-item " + std::to_string(g) + " of the many-work-item pointer chase ended off its cycle");
  }
  return rate_stats(sample(run_many, s.plan.probe), double(ml.global) * double(many_hops) * 4);
}

// Single work-item pointer chase: ns per load over the working set.
// Also fills `many`: the bandwidth of many work-items chasing the same cycle.
std::vector<CurvePoint> latency_curve(Session& s, const MemoryPlan& m, std::vector<CurvePoint>& many) {
  const std::uint64_t line = m.line_bytes, slot_words = line / 4;
  ChaseKernels k = chase_kernels(s, m);
  std::mt19937_64 rng(11);
  std::vector<CurvePoint> curve;
  for (std::uint64_t bytes : log_sizes(std::max<std::uint64_t>(4 * line, 1024), m.chase_max_bytes,
                                       m.chase_points_per_doubling, line)) {
    throw_if_interrupted();
    s.progress.detail("pointer chase over " + format_bytes(double(bytes)));
    const ChaseCycle c = chase_cycle(bytes / line, slot_words, rng);
    s.queue.enqueueWriteBuffer(k.next, CL_TRUE, 0, c.words.size() * 4, c.words.data());
    curve.push_back({double(bytes), chase_latency(s, k, c, slot_words, rng)});
    many.push_back({double(bytes), chase_bandwidth(s, k, c, slot_words)});
  }
  return curve;
}


// A kernel of memory.cl over random uint4 words (local and constant memory):
// the host's copy of the words, the source buffer and one output per work-item.
struct Uint4Kernel {
  cl::Kernel kernel;
  std::vector<std::uint32_t> words;
  cl::Buffer src, out;
};

Uint4Kernel uint4_kernel(Session& s, const char* name, std::uint64_t count, std::uint64_t seed) {
  const MemoryPlan& m = s.plan.memory;
  Uint4Kernel u{cl::Kernel(s.programs.get("memory.cl", scalar_options(m.loads_in_flight)), name),
                std::vector<std::uint32_t>(count * 4), {}, {}};
  fill_random(u.words.data(), u.words.size(), seed);
  u.src = cl::Buffer(s.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, u.words.size() * 4, u.words.data());
  u.out = cl::Buffer(s.context, CL_MEM_WRITE_ONLY, m.local_launch.global * 4);
  u.kernel.setArg(0, u.src);
  u.kernel.setArg(1, u.out);
  return u;
}

// The four lanes of uint4 word w added up.
std::uint32_t lane_sum(const std::vector<std::uint32_t>& words, std::uint64_t w) {
  return words[w * 4] + words[w * 4 + 1] + words[w * 4 + 2] + words[w * 4 + 3];
}

// A memory roof read with uint4 words (local, constant).
Ceiling uint4_roof(LevelKind level, const Stats& st, const LaunchShape& l, std::string variant) {
  Ceiling c;
  c.kind = CeilingKind::memory;
  c.op = Op::read;
  c.type = DataType::int32;
  c.width = 4;
  c.level = MemoryLevel::of_kind(level);
  c.value = st.median;
  c.stats = st;
  c.launch = l;
  c.variant = std::move(variant);
  return c;
}

// Local memory: conflict-free bandwidth (stride 1) and the stride sweep that
// exposes bank conflicts. Returns the stride-1 roof.
Ceiling measure_local(Session& s, std::vector<CurvePoint>& by_stride) {
  const MemoryPlan& m = s.plan.memory;
  const LaunchShape l = m.local_launch;
  const int loads = m.loads_in_flight;
  Uint4Kernel u = uint4_kernel(s, "local_read", kLocalTile, 5);
  cl::Kernel& k = u.kernel;
  Ceiling best;
  for (std::uint32_t stride : m.local_strides) {
    throw_if_interrupted();
    s.progress.detail("local memory, stride " + std::to_string(stride));
    k.setArg(3, cl_uint(stride));
    std::uint32_t reps = 16;
    auto run = [&] {
      k.setArg(2, cl_uint(reps));
      return s.run_timed(k, l);
    };
    calibrate_reps(reps, run, m.target_s);
    std::vector<std::uint32_t> got(l.local);
    s.queue.enqueueReadBuffer(u.out, CL_TRUE, 0, l.local * 4, got.data());
    for (std::uint64_t lid = 0; lid < l.local; ++lid) {
      std::uint32_t sum = 0;
      std::uint64_t idx = lid * stride;
      for (std::uint32_t r = 0; r < reps; ++r, idx += std::uint64_t(loads) * l.local)
        for (int j = 0; j < loads; ++j) {
          sum += lane_sum(u.words, (idx + std::uint64_t(j) * l.local) & (kLocalTile - 1));
        }
      if (got[lid] != sum) throw WrongResult("wrong sum from the local-memory kernel, work-item " + std::to_string(lid));
    }
    const double bytes = double(l.global) * reps * loads * 16;
    const Stats st = rate_stats(sample(run, s.plan.sweep), bytes);
    by_stride.push_back({double(stride), st});
    if (stride == 1)
      best = uint4_roof(LevelKind::local, st, l,
                        "uint4 reads of a 16 KiB local tile, " + std::to_string(loads) +
                            " in flight per work-item, neighbouring work-items on neighbouring words");
  }
  return best;
}

// Constant memory: every work-item of a work-group reads the same element (a broadcast).
Ceiling measure_constant(Session& s) {
  const MemoryPlan& m = s.plan.memory;
  const LaunchShape l = m.local_launch;
  const int loads = m.loads_in_flight;
  std::uint64_t words = 1;
  while (words * 2 * 16 <= std::min<std::uint64_t>(s.device.identity.constant_mem_bytes, 64 * 1024)) words *= 2;
  Uint4Kernel u = uint4_kernel(s, "constant_read", words, 9);
  cl::Kernel& k = u.kernel;
  k.setArg(3, cl_uint(words - 1));
  std::uint32_t reps = 16;
  auto run = [&] {
    k.setArg(2, cl_uint(reps));
    return s.run_timed(k, l);
  };
  s.progress.detail("constant memory");
  calibrate_reps(reps, run, m.target_s);
  std::uint32_t got = 0, want = 0;
  s.queue.enqueueReadBuffer(u.out, CL_TRUE, 0, 4, &got);
  for (std::uint64_t r = 0, idx = 0; r < reps; ++r, idx += loads)
    for (int j = 0; j < loads; ++j) want += lane_sum(u.words, (idx + j) & (words - 1));
  if (got != want) throw WrongResult("wrong sum from the constant-memory kernel");
  const Stats st = rate_stats(sample(run, s.plan.sweep), double(l.global) * reps * loads * 16);
  return uint4_roof(LevelKind::constant, st, l,
                    "uint4 reads of a " + format_bytes(double(words * 16)) +
                        " constant buffer, the same element for every work-item of a group (bytes delivered to work-items)");
}

// Reported cache sizes, to name the levels found (never to place them).
LevelHints hints_for(const DeviceEntry& d) {
  LevelHints h;
  // A CPU's levels are the host's, which sysfs tells in full; OpenCL tells the last one.
  if (!d.identity.host_cache_bytes.empty()) {
    h.cache_bytes.assign(d.identity.host_cache_bytes.begin(), d.identity.host_cache_bytes.end());
    h.cache_levels = d.identity.host_cache_bytes.size();
  } else if (d.identity.global_cache_bytes) {
    h.cache_bytes.push_back(double(d.identity.global_cache_bytes));
  }
  std::sort(h.cache_bytes.begin(), h.cache_bytes.end());
  // NVIDIA GPUs have an L1 and an L2 and nothing more (a step past the L2 is
  // its far partition on Hopper).
  if (d.is_gpu() && d.identity.vendor.find("NVIDIA") != std::string::npos) h.cache_levels = 2;
  return h;
}

// The accesses a roof's kernel makes, as its variant says.
std::string accesses_of(Op op) {
  switch (op) {
    case Op::image: return "image reads (read_imageui, uint4 texels)";
    case Op::store: return "stores";
    case Op::copy: return "loads and stores (1:1)";
    default: return "loads";
  }
}

// The roof of `op` at a cache level: the best of the plan's level launches,
// each over a working set in the middle of the level's plateau. Empty when no
// launch fits (an image smaller than the working set). With `with_replay`,
// the roof's kernel can be replayed at any of its launches.
std::optional<MeasuredCeiling> measure_level_roof(Session& s, WorkingSet& ws, const DetectedLevel& level, Op op,
                                                  bool with_replay) {
  const MemoryPlan& m = s.plan.memory;
  const double mid = std::sqrt(std::max(level.first_bytes, 1.0) * std::max(level.last_bytes, 1.0));
  Ceiling c;
  c.kind = CeilingKind::memory;
  c.op = op;
  c.type = m.type;
  c.width = m.width;
  c.level = level.level;
  c.capacity_bytes = level.capacity_bytes;
  auto by_launch = std::make_shared<std::map<std::pair<std::uint64_t, std::uint64_t>, Replay>>();
  for (const LaunchShape& l : m.level_launches) {
    const std::uint64_t granule = ws.step_bytes(l) * (op == Op::copy ? 2 : 1);
    const std::uint64_t bytes = std::uint64_t(mid) / granule * granule;
    // An image may hold fewer texels than the buffer (CL_DEVICE_IMAGE_MAX_BUFFER_SIZE).
    if (bytes == 0 || (op == Op::image && bytes > ws.image_bytes())) continue;
    throw_if_interrupted();
    s.progress.detail(level.level.name + " " + str(op) + ", " + std::to_string(l.work_groups()) + " x " + std::to_string(l.local));
    Replay* replay = with_replay ? &(*by_launch)[{l.global, l.local}] : nullptr;
    SweepPoint p{l, ws.measure(op, bytes, l, m.target_s, s.plan.sweep, nullptr, replay), std::nullopt};
    c.sweep_wg_count.push_back(p);
    if (p.stats.median > c.value) {
      c.value = p.stats.median;
      c.stats = p.stats;
      c.launch = l;
      c.variant = ws.describe(accesses_of(op), l) + "; working set " + format_bytes(double(bytes));
    }
  }
  if (!(c.value > 0)) return std::nullopt;
  MeasuredCeiling out{c, {}};
  if (!by_launch->empty()) out.replay = [by_launch](const LaunchShape& l) { return by_launch->at({l.global, l.local}); };
  return out;
}

// The first level's read roof for every type and width (the thesis's vector
// sweep), at the launch shape of its roof `ref`.
std::vector<MeasuredCeiling> measure_width_sweep(Session& s, const DetectedLevel& level, const Ceiling& ref) {
  const MemoryPlan& m = s.plan.memory;
  const double mid = std::sqrt(std::max(level.first_bytes, 1.0) * std::max(level.last_bytes, 1.0));
  std::vector<DataType> types{DataType::float32};
  if (s.device.has_extension("cl_khr_fp64")) types.push_back(DataType::float64);
  std::vector<MeasuredCeiling> out;
  for (DataType type : types)
    for (int width : {1, 2, 4, 8, 16}) {
      if (type == m.type && width == m.width) continue;
      WorkingSet other(s, type, width, m.loads_in_flight, 4 * std::uint64_t(mid) + (1 << 20), ref.launch);
      const std::uint64_t granule = other.step_bytes(ref.launch);
      const std::uint64_t bytes = std::max<std::uint64_t>(granule, std::uint64_t(mid) / granule * granule);
      s.progress.detail(level.level.name + " read " + str(type) + std::to_string(width));
      Ceiling c = ref;
      c.type = type;
      c.width = width;
      c.sweep_wg_count.clear();
      c.stats = other.measure(Op::read, bytes, ref.launch, m.target_s, s.plan.sweep);
      c.value = c.stats.median;
      c.variant = other.describe("loads", ref.launch) + "; working set " + format_bytes(double(bytes));
      out.push_back({c, {}});
    }
  return out;
}

// The curves and the levels found on them (or given by the override file).
MemoryCurves measure_curves(Session& s, WorkingSet& ws, const std::string& override_path) {
  const MemoryPlan& m = s.plan.memory;
  MemoryCurves curves;
  curves.kernel = ws.describe("loads", m.sweep_launch);
  curves.bandwidth = bandwidth_curve(s, ws, m);
  curves.latency = latency_curve(s, m, curves.chase_bandwidth);
  if (override_path.empty()) {
    curves.levels = detect_levels(curves.bandwidth, curves.latency, hints_for(s.device));
    curves.detection = "change-point";
  } else {
    curves.levels = levels_from_override(override_path, curves.bandwidth, curves.latency);
    curves.detection = "override file " + override_path;
  }
  return curves;
}

}  // namespace

MemoryHierarchy measure_memory_hierarchy(Session& s, const std::string& override_path, bool with_replays) {
  const MemoryPlan& m = s.plan.memory;
  LaunchShape largest = m.sweep_launch;
  for (const auto& l : m.level_launches)
    if (l.global > largest.global) largest = l;
  WorkingSet ws(s, m.type, m.width, m.loads_in_flight, m.max_bytes, largest);
  MemoryHierarchy h;
  h.curves = measure_curves(s, ws, override_path);

  // Each cache level's roofs, measured inside its plateau (DRAM has its own benchmark).
  bool first = true;
  for (const DetectedLevel& level : h.curves.levels) {
    if (level.level.is(LevelKind::dram)) continue;
    std::vector<Op> ops{Op::read, Op::store, Op::copy};
    if (ws.images()) ops.push_back(Op::image);
    for (Op op : ops)
      if (auto roof = measure_level_roof(s, ws, level, op, with_replays && op == Op::read))
        h.ceilings.push_back(std::move(*roof));
    const auto read_roof = std::find_if(h.ceilings.begin(), h.ceilings.end(), [&](const MeasuredCeiling& c) {
      return c.ceiling.level == level.level && c.ceiling.op == Op::read;
    });
    if (first && m.width_sweep && read_roof != h.ceilings.end())
      for (MeasuredCeiling& c : measure_width_sweep(s, level, Ceiling(read_roof->ceiling))) h.ceilings.push_back(std::move(c));
    first = false;
  }
  h.ceilings.push_back({measure_local(s, h.curves.local_stride), {}});
  h.ceilings.push_back({measure_constant(s), {}});
  return h;
}

}  // namespace roofline
