#include "benchmark/cache_benchmark.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <cmath>
#include <cstring>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>

#include "benchmark/random_fill.hpp"
#include "benchmark/working_set.hpp"
#include "measurement/interrupt.hpp"
#include "analysis/levels.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

constexpr std::uint32_t kLocalTile = 1024;  // uint4 words of the local-memory tile (16 KiB)

// Build options of the kernels in memory.cl that do not depend on the sweep's type.
std::string scalar_options(int loads) {
  return "-cl-std=CL1.2 -DT=float -DVT=float -DW=1 -DUTV=uint -DSUT=uint -DU=" + std::to_string(loads) +
         " -DLTILE=" + std::to_string(kLocalTile);
}

// Grows `reps` until one launch of `run` takes about `target` seconds, within
// the driver's loop budget (a loop of reps per work-item).
template <typename Run>
void calibrate_reps(const Session& s, std::uint32_t& reps, Run&& run, double target) {
  const double most = within_loop_budget(s.loop_budget, 1u << 24);
  reps = std::min<std::uint32_t>(reps, std::uint32_t(most));
  run();  // the first launch may include the driver's lazy compilation
  for (int i = 0; i < 8; ++i) {
    const double t = run();
    if (t >= target / 2 || reps >= most) break;
    reps = std::uint32_t(std::min(most, double(reps) * std::min(16.0, target / std::max(t, 1e-7))));
  }
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

// The read walks of `sizes` over the sweep's launch, each the best of the
// plan's rounds; two sizes that round to the same working set are one point.
std::vector<CurvePoint> curve_points(Session& s, WorkingSet& ws, const MemoryPlan& m, const std::vector<std::uint64_t>& sizes) {
  std::vector<Walk> walks;
  for (std::uint64_t b : sizes) {
    throw_if_interrupted();
    s.progress.detail("working set " + format_bytes(double(b)));
    Walk w = ws.prepare(Op::read, b, m.sweep_launch, m.target_s);
    const auto same = [&](const Walk& o) { return o.working_set == w.working_set; };
    if (std::none_of(walks.begin(), walks.end(), same)) walks.push_back(std::move(w));
  }
  std::vector<std::function<Stats()>> tasks;
  const SamplingPolicy policy = per_round(s.plan.sweep, m.curve_rounds);
  for (const Walk& w : walks)
    tasks.push_back([&s, &ws, &w, policy] {
      s.progress.detail("working set " + format_bytes(w.working_set));
      return ws.sample(w, policy);
    });
  const std::vector<Stats> best = best_of_rounds(tasks, m.curve_rounds.count);
  std::vector<CurvePoint> points;
  for (std::size_t i = 0; i < walks.size(); ++i) points.push_back({walks[i].working_set, best[i]});
  return points;
}

// Points whose samples spread more than kNoisySpread are measured once more
// and the steadier of the two measurements kept: another program's burst
// costs a repeat rather than inventing a cliff.
void remeasure_noisy_points(Session& s, WorkingSet& ws, const MemoryPlan& m, std::vector<CurvePoint>& curve) {
  std::vector<std::uint64_t> noisy;
  for (const CurvePoint& p : curve)
    if (relative_spread(p.stats) > kNoisySpread) noisy.push_back(std::uint64_t(p.bytes));
  if (noisy.empty()) return;
  for (const CurvePoint& again : curve_points(s, ws, m, noisy))
    for (CurvePoint& p : curve)
      if (p.bytes == again.bytes && relative_spread(again.stats) < relative_spread(p.stats)) p = again;
}

// The curve, refined to 8 points per doubling across every drop of more than
// 15% between neighbours (the cliffs the level detection has to place), its
// noisy points measured again (a full build's; a quick one has neither).
std::vector<CurvePoint> bandwidth_curve(Session& s, WorkingSet& ws, const MemoryPlan& m) {
  const std::uint64_t granule = ws.step_bytes(m.sweep_launch);
  std::vector<CurvePoint> curve = curve_points(
      s, ws, m, log_sizes(std::max(m.min_bytes, granule), std::min(m.max_bytes, ws.max_bytes()), m.points_per_doubling, granule));
  if (!m.refine) return curve;  // --quick: a health check's time matters more
  std::vector<std::uint64_t> extra;
  for (std::size_t i = 1; i < curve.size(); ++i)
    if (curve[i].stats.median < 0.85 * curve[i - 1].stats.median)
      for (auto b : log_sizes(std::uint64_t(curve[i - 1].bytes), std::uint64_t(curve[i].bytes), 8, granule))
        if (double(b) > curve[i - 1].bytes && double(b) < curve[i].bytes) extra.push_back(b);
  for (const CurvePoint& p : curve_points(s, ws, m, extra))
    if (std::none_of(curve.begin(), curve.end(), [&](const CurvePoint& c) { return c.bytes == p.bytes; })) curve.push_back(p);
  std::sort(curve.begin(), curve.end(), [](const CurvePoint& a, const CurvePoint& b) { return a.bytes < b.bytes; });
  remeasure_noisy_points(s, ws, m, curve);
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
    calibrate_reps(s, reps, run, m.target_s);
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
  calibrate_reps(s, reps, run, m.target_s);
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

// What the device and its architecture say about its caches. A CPU's are the
// host's, which sysfs tells in full (OpenCL tells the last one): they are the
// levels, each as large as an instance times the instances its cores use. A
// GPU's reported size names the levels, and the architecture's table (where
// it knows the part) flags a level far from it.
LevelHints hints_for(const DeviceEntry& d, const MemoryPlan& m) {
  LevelHints h;
  const DeviceIdentity& id = d.identity;
  if (!id.host_cache_bytes.empty()) {
    for (std::size_t k = 0; k < id.host_cache_bytes.size(); ++k) {
      const double instances = k < id.host_cache_instances.size() ? std::max<std::uint32_t>(1, id.host_cache_instances[k]) : 1;
      h.known_bytes.push_back(double(id.host_cache_bytes[k]) * instances);
    }
    h.cache_bytes = h.known_bytes;
    h.cache_levels = id.host_cache_bytes.size();
    h.exact_count = true;
    h.known_source = "sysfs";
  } else {
    if (id.global_cache_bytes) h.cache_bytes.push_back(double(id.global_cache_bytes));
    h.known_bytes = m.known_cache_bytes;
    h.known_source = m.known_cache_source;
  }
  std::sort(h.cache_bytes.begin(), h.cache_bytes.end());
  // NVIDIA GPUs have an L1 and an L2 and nothing more (a step past the L2 is
  // its far partition on Hopper).
  if (d.is_gpu() && id.vendor.find("NVIDIA") != std::string::npos) h.cache_levels = 2;
  return h;
}

// Where a level's roofs are measured: the middle of its plateau; on a GPU,
// a level the architecture's table gives a size for at a quarter of that
// size, kept inside the plateau. A plateau's ends move with the curve's
// resolution and the run's noise (an H200's L2 spanned 1-47 MB in a quick
// build and 11.8-28 MB in a full one, whose middles read 4.8% apart on a
// curve still falling as the L1's share of hits fades:
// roofs/raw/health-nvidia-h200; two quick builds on one H100 began its L2 at
// 1.0 and 8.3 MB and read 6.7% apart: roofs/raw/health-nvidia-h100); the
// architecture's size does not, so every build walks the same working set.
// The table's size places the roof even where the curve's capacity
// disagrees with it (an H100's L2 ends at half its 50 MB on the curves: each
// partition keeps its own copy of what both halves of the chip read).
double roof_target_bytes(const Session& s, const DetectedLevel& level) {
  if (!s.plan.cpu && level.reported_bytes)
    return std::clamp(*level.reported_bytes / 4, level.first_bytes, level.last_bytes);
  return std::sqrt(std::max(level.first_bytes, 1.0) * std::max(level.last_bytes, 1.0));
}

// The working set a level's roof of `op` walks at launch `l`: its target
// (roof_target_bytes), in whole blocks. Stores and copies give each
// work-group a slice of its own: at a GPU's first level, private to each
// compute unit, that much per compute unit; and at least a block per
// work-group, as long as that still fits the level. Zero where the walk
// cannot be made at this launch.
std::uint64_t roof_working_set(const Session& s, const WorkingSet& ws, const DetectedLevel& level, Op op,
                               const LaunchShape& l, bool first_level) {
  const bool stores = op == Op::store || op == Op::copy;
  const double per_unit = stores && first_level && !s.plan.cpu ? double(std::max<std::uint32_t>(1, s.device.identity.compute_units)) : 1;
  const std::uint64_t granule = ws.step_bytes(l) * (op == Op::copy ? 2 : 1);
  std::uint64_t bytes = std::uint64_t(roof_target_bytes(s, level) * per_unit) / granule * granule;
  if (stores && bytes < ws.min_bytes(op, l)) {
    bytes = ws.min_bytes(op, l);
    if (level.capacity_bytes && double(bytes) > *level.capacity_bytes * per_unit) return 0;
  }
  // An image may hold fewer texels than the buffer (CL_DEVICE_IMAGE_MAX_BUFFER_SIZE).
  if (bytes == 0 || (op == Op::image && bytes > ws.image_bytes())) return 0;
  return bytes;
}

// What the roof's variant says beyond its walk: the rounds, and on a device
// whose first level writes through, where its stores went.
std::string roof_remarks(const MemoryPlan& m, Op op, bool first_level) {
  std::string r;
  if (m.roof_rounds.count > 1) r += "; best of " + std::to_string(m.roof_rounds.count) + " rounds";
  if (first_level && m.first_level_writes_through && (op == Op::store || op == Op::copy))
    r += "; this level writes stores through to the next (NVIDIA's L1): they are served there";
  return r;
}

// A roof waiting for its timings: its level and op, the working set its
// walks use, a walk per launch, and (after the rounds) each walk's best round.
struct PendingRoof {
  const DetectedLevel* level = nullptr;
  Op op = Op::read;
  bool first_level = false, with_replay = false;
  WorkingSet* set = nullptr;
  std::vector<Walk> walks;
  std::vector<Stats> best;
};

// The walks of the roof of `op` at a cache level: one per level launch, each
// over a working set inside the level's plateau; none when no launch fits (an
// image smaller than the working set).
PendingRoof prepare_level_roof(Session& s, WorkingSet& ws, const DetectedLevel& level, Op op, bool first_level,
                               bool with_replay) {
  const MemoryPlan& m = s.plan.memory;
  PendingRoof roof{&level, op, first_level, with_replay, &ws, {}, {}};
  for (const LaunchShape& l : m.level_launches) {
    const std::uint64_t bytes = roof_working_set(s, ws, level, op, l, first_level);
    if (bytes == 0) continue;
    throw_if_interrupted();
    s.progress.detail(level.level.name + " " + str(op) + ", " + std::to_string(l.work_groups()) + " x " + std::to_string(l.local));
    roof.walks.push_back(ws.prepare(op, bytes, l, m.target_s));
  }
  return roof;
}

// Times every walk of every roof in the plan's rounds, round after round over
// all of them, so that one roof's rounds lie far apart in time and a burst
// of other work on the machine costs a round, not a roof.
void time_in_rounds(Session& s, std::vector<PendingRoof>& roofs) {
  const MemoryPlan& m = s.plan.memory;
  const SamplingPolicy policy = per_round(s.plan.sweep, m.roof_rounds);
  std::vector<std::function<Stats()>> tasks;
  for (PendingRoof& r : roofs)
    for (const Walk& w : r.walks)
      tasks.push_back([&s, &r, &w, policy] {
        s.progress.detail(r.level->level.name + " " + str(r.op) + ", " + std::to_string(w.launch.work_groups()) + " x " +
                          std::to_string(w.launch.local));
        return r.set->sample(w, policy);
      });
  const std::vector<Stats> best = best_of_rounds(tasks, m.roof_rounds.count);
  std::size_t i = 0;
  for (PendingRoof& r : roofs) r.best.assign(best.begin() + long(i), best.begin() + long(i + r.walks.size())), i += r.walks.size();
}

// The ceiling of a timed roof: its best walk; its sweep, every walk.
std::optional<MeasuredCeiling> level_ceiling(const Session& s, const PendingRoof& r) {
  const MemoryPlan& m = s.plan.memory;
  MeasuredCeiling out;
  Ceiling& c = out.ceiling;
  c.kind = CeilingKind::memory;
  c.op = r.op;
  c.type = m.type;
  c.width = m.width;
  c.level = r.level->level;
  c.capacity_bytes = r.level->capacity_bytes;
  for (std::size_t i = 0; i < r.walks.size(); ++i) {
    c.sweep_wg_count.push_back({r.walks[i].launch, r.best[i], std::nullopt});
    if (r.best[i].median <= c.value) continue;
    c.value = r.best[i].median;
    c.stats = r.best[i];
    c.launch = r.walks[i].launch;
    c.variant = r.set->describe(r.op, r.walks[i].launch) + "; working set " + format_bytes(r.walks[i].working_set) +
                roof_remarks(m, r.op, r.first_level);
  }
  if (!(c.value > 0)) return std::nullopt;
  if (r.with_replay) {
    auto by_launch = std::make_shared<std::map<std::pair<std::uint64_t, std::uint64_t>, Replay>>();
    for (const Walk& w : r.walks) (*by_launch)[{w.launch.global, w.launch.local}] = r.set->replay(w);
    out.replay = [by_launch](const LaunchShape& l) { return by_launch->at({l.global, l.local}); };
  }
  return out;
}

// Every cache level's read, store, copy (and image) roofs, measured inside
// its plateau (DRAM has its own benchmark), their rounds spread over them all.
// With `with_replays`, each read roof comes with its replay (for power).
std::vector<MeasuredCeiling> measure_level_roofs(Session& s, WorkingSet& ws, const std::vector<DetectedLevel>& levels,
                                                 bool with_replays) {
  std::vector<PendingRoof> roofs;
  bool first = true;
  for (const DetectedLevel& level : levels) {
    if (level.level.is(LevelKind::dram)) continue;
    std::vector<Op> ops{Op::read, Op::store, Op::copy};
    if (ws.images()) ops.push_back(Op::image);
    for (Op op : ops) roofs.push_back(prepare_level_roof(s, ws, level, op, first, with_replays && op == Op::read));
    first = false;
  }
  time_in_rounds(s, roofs);
  std::vector<MeasuredCeiling> out;
  for (const PendingRoof& r : roofs)
    if (auto c = level_ceiling(s, r)) out.push_back(std::move(*c));
  return out;
}

// On a device whose first level writes stores through to the next (NVIDIA's
// L1), a store or copy at the first level is served by the second: its roof
// is the second level's, not a lower figure measured at the first level's
// working set (one block rewritten per work-group, a rate the next level
// beats with more lines in flight). The roof keeps its own sweep and says
// what it measured.
void serve_first_level_stores_from_next(std::vector<MeasuredCeiling>& roofs, const std::vector<DetectedLevel>& levels) {
  std::vector<const DetectedLevel*> caches;
  for (const DetectedLevel& l : levels)
    if (l.level.is(LevelKind::cache)) caches.push_back(&l);
  if (caches.size() < 2) return;
  const auto find = [&](const MemoryLevel& level, Op op) -> Ceiling* {
    for (MeasuredCeiling& m : roofs)
      if (m.ceiling.level == level && m.ceiling.op == op) return &m.ceiling;
    return nullptr;
  };
  for (Op op : {Op::store, Op::copy}) {
    Ceiling* first = find(caches[0]->level, op);
    const Ceiling* next = find(caches[1]->level, op);
    if (!first || !next || first->value >= next->value) continue;
    const std::string measured = format_si(first->value, first->unit());
    first->value = next->value;
    first->stats = next->stats;
    first->launch = next->launch;
    first->variant = next->variant + "; the " + caches[0]->level.name + " writes stores through to the " +
                     caches[1]->level.name + ", which serves them: its " + str(op) + " roof (at the " +
                     caches[0]->level.name + "'s working set: " + measured + ")";
  }
}

constexpr int kSweepWidths[] = {1, 2, 4, 8, 16};

// The types of the width sweep: float, and double where the device has it.
std::vector<DataType> width_sweep_types(const Session& s) {
  std::vector<DataType> types{DataType::float32};
  if (s.device.has_extension("cl_khr_fp64")) types.push_back(DataType::float64);
  return types;
}

// The first level's read roof for every type and width (the thesis's vector
// sweep), at the launch shape of its roof `ref`, timed in rounds together.
std::vector<MeasuredCeiling> measure_width_sweep(Session& s, const DetectedLevel& level, const Ceiling& ref) {
  const MemoryPlan& m = s.plan.memory;
  const double mid = roof_target_bytes(s, level);
  std::vector<std::unique_ptr<WorkingSet>> sets;
  std::vector<PendingRoof> roofs;
  for (DataType type : width_sweep_types(s))
    for (int width : kSweepWidths) {
      if (type == m.type && width == m.width) continue;
      s.progress.detail(level.level.name + " read " + str(type) + std::to_string(width));
      sets.push_back(std::make_unique<WorkingSet>(s, type, width, m.loads_in_flight, 4 * std::uint64_t(mid) + (1 << 20), ref.launch));
      const std::uint64_t granule = sets.back()->step_bytes(ref.launch);
      const std::uint64_t bytes = std::max<std::uint64_t>(granule, std::uint64_t(mid) / granule * granule);
      roofs.push_back({&level, Op::read, true, false, sets.back().get(), {sets.back()->prepare(Op::read, bytes, ref.launch, m.target_s)}, {}});
    }
  time_in_rounds(s, roofs);
  std::vector<MeasuredCeiling> out;
  for (const PendingRoof& r : roofs) {
    Ceiling c = ref;
    c.type = r.set->type();
    c.width = r.set->width();
    c.sweep_wg_count.clear();
    c.stats = r.best[0];
    c.value = r.best[0].median;
    c.variant = r.set->describe(Op::read, ref.launch) + "; working set " + format_bytes(r.walks[0].working_set) +
                roof_remarks(m, Op::read, true);
    out.push_back({c, {}});
  }
  return out;
}

// The curves and the levels found on them (or given by the override file).
MemoryCurves measure_curves(Session& s, WorkingSet& ws, const std::string& override_path) {
  const MemoryPlan& m = s.plan.memory;
  MemoryCurves curves;
  curves.kernel = ws.describe(Op::read, m.sweep_launch);
  curves.bandwidth = bandwidth_curve(s, ws, m);
  curves.latency = latency_curve(s, m, curves.chase_bandwidth);
  curves.point_spread = median_point_spread(curves.bandwidth);
  if (override_path.empty()) {
    LevelDetection found = detect_hierarchy(curves.bandwidth, curves.latency, hints_for(s.device, m));
    curves.levels = std::move(found.levels);
    s.notes.insert(s.notes.end(), found.notes.begin(), found.notes.end());
    curves.detection = "change-point";
  } else {
    curves.levels = levels_from_override(override_path, curves.bandwidth, curves.latency);
    curves.detection = "override file " + override_path;
  }
  return curves;
}

}  // namespace

void measure_memory_hierarchy(Session& s, const std::string& override_path, bool with_replays, const HierarchySink& sink) {
  const MemoryPlan& m = s.plan.memory;
  LaunchShape largest = m.sweep_launch;
  for (const auto& l : m.level_launches)
    if (l.global > largest.global) largest = l;
  WorkingSet ws(s, m.type, m.width, m.loads_in_flight, m.max_bytes, largest);
  MemoryCurves curves = measure_curves(s, ws, override_path);
  sink.curves(curves);

  std::vector<MeasuredCeiling> roofs = measure_level_roofs(s, ws, curves.levels, with_replays);
  if (m.first_level_writes_through) serve_first_level_stores_from_next(roofs, curves.levels);
  // The first level's read roof, swept over every type and width.
  const auto first = std::find_if(curves.levels.begin(), curves.levels.end(),
                                  [](const DetectedLevel& l) { return l.level.is(LevelKind::cache); });
  const auto first_read = std::find_if(roofs.begin(), roofs.end(), [&](const MeasuredCeiling& c) {
    return first != curves.levels.end() && c.ceiling.level == first->level && c.ceiling.op == Op::read;
  });
  std::optional<Ceiling> sweep_ref;
  if (m.width_sweep && first_read != roofs.end()) sweep_ref = first_read->ceiling;
  for (MeasuredCeiling& c : roofs) sink.ceiling(std::move(c));
  if (sweep_ref)
    for (MeasuredCeiling& c : measure_width_sweep(s, *first, *sweep_ref)) sink.ceiling(std::move(c));
  Ceiling local = measure_local(s, curves.local_stride);
  sink.curves(curves);
  sink.ceiling({std::move(local), {}});
  sink.ceiling({measure_constant(s), {}});
}

MemoryHierarchy measure_memory_hierarchy(Session& s, const std::string& override_path, bool with_replays) {
  MemoryHierarchy h;
  measure_memory_hierarchy(s, override_path, with_replays,
                           {[&](const MemoryCurves& c) { h.curves = c; }, [&](MeasuredCeiling c) { h.ceilings.push_back(std::move(c)); }});
  return h;
}

ProgramList memory_programs(const Session& s) {
  const MemoryPlan& m = s.plan.memory;
  ProgramList programs{{"memory.cl", working_set_options(s, m.type, m.width, m.loads_in_flight)},
                       {"memory.cl", scalar_options(1)}};
  if (m.width_sweep)
    for (DataType type : width_sweep_types(s))
      for (int width : kSweepWidths)
        if (type != m.type || width != m.width) programs.push_back({"memory.cl", working_set_options(s, type, width, m.loads_in_flight)});
  programs.push_back({"memory.cl", scalar_options(m.loads_in_flight)});
  return programs;
}

}  // namespace roofline
