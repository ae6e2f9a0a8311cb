// The access analysis (analysis/access_analysis) on synthetic traces whose
// answers are known, through the walk production runs: the order the walk
// shows the accesses in; lines per step of strided reads (coalescing), the
// conflict degree of strided local accesses (local memory), a streaming
// kernel's DRAM bytes, the AIWC entropy and footprints, the hierarchical
// prediction's terms, a blocked matrix multiply's L2 and DRAM bytes against
// the analytic count (the cache model gives it exactly: 278528 and 49152 or
// 163840 bytes), read-modify-writes, CPU lanes and branch divergence. A test
// of one part runs the walk with that observer alone.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <tuple>

#include "analysis/access_analysis.hpp"
#include "analysis/access_walk.hpp"
#include "analysis/aiwc_observer.hpp"
#include "analysis/cache_model.hpp"
#include "analysis/prediction.hpp"
#include "analysis/step_observers.hpp"
#include "roof_fixtures.hpp"

using namespace roofline;
using roofline::test::compute_roof;
using roofline::test::memory_roof;

namespace {
// A GPU-like target: 32-item steps, 128-byte lines of 32-byte sectors, 32 banks of 4 bytes.
TargetArchitecture gpu(std::vector<TargetArchitecture::Cache> caches = {{"L1", 4096, false}, {"L2", 65536, true}}) {
  TargetArchitecture t;
  t.family = "test GPU";
  t.caches = std::move(caches);
  t.compute_units = 1;
  t.resident_groups = 1;
  return t;
}

TraceLayout layout(std::uint64_t groups, std::uint64_t group_size, std::vector<TraceRegion> regions, std::vector<TraceSite> sites) {
  TraceLayout l;
  l.regions = std::move(regions);
  l.sites = std::move(sites);
  l.sample = {groups, group_size, 0, 1, groups};
  return l;
}

TraceAccess access(std::uint32_t region, std::uint64_t offset, std::uint32_t site, std::uint8_t flags, std::uint32_t bytes = 4) {
  TraceAccess a;
  a.region = region;
  a.offset = offset;
  a.site = site;
  a.flags = flags;
  a.bytes = bytes;
  return a;
}

// One group of `items` items, item i making the one access access_of(i).
template <typename AccessOf>
TracedGroup one_access_each(std::uint64_t items, AccessOf access_of) {
  TracedGroup g;
  for (std::uint64_t i = 0; i < items; ++i) {
    TracedItem item;
    item.accesses = {access_of(i)};
    item.made = 1;
    g.items.push_back(item);
  }
  return g;
}

// The whole analysis of `groups`, as `roofline analyze` runs it.
AccessAnalysis analyze(const TraceLayout& l, const std::vector<TracedGroup>& groups, const TargetArchitecture& t) {
  AccessAnalyzer analyzer(l, t, std::nullopt);
  for (const TracedGroup& g : groups) analyzer.add(g);
  return analyzer.finish();
}

// The walk over `groups` with the observers named alone: their parts of the
// analysis (levels in the order named), the walk's frame, nothing else.
template <typename... Observers>
AccessAnalysis observe(const TraceLayout& l, const std::vector<TracedGroup>& groups, const TargetArchitecture& t) {
  const AccessContext context{l, t, std::nullopt};
  std::tuple<Observers...> observers{Observers(context)...};
  AccessWalk walk(context, std::apply([](auto&... o) { return std::vector<AccessObserver*>{&o...}; }, observers));
  for (const TracedGroup& g : groups) walk.add(g);
  return walk.finish();
}

// One group of 32 items, item i reading 4 bytes at i * stride_bytes of region 0 (global or local).
template <typename... Observers>
AccessAnalysis strided(std::uint64_t stride_bytes, AddressSpace space) {
  const auto l = layout(1, 32, {{"a", space, 1 << 20}}, {{0, "k.cl:1", "a[i * s]", space}});
  return observe<Observers...>(l, {one_access_each(32, [&](std::uint64_t i) { return access(0, i * stride_bytes, 0, kTraceLoad); })},
                               gpu());
}

double level_bytes(const AccessAnalysis& a, const std::string& name) {
  for (const LevelTraffic& l : a.levels)
    if (l.level == name) return l.bytes;
  FAIL("no level " << name);
  return 0;
}

// Sees what the walk shows: each access in execution order, as "item.position@unit".
struct OrderObserver : AccessObserver {
  explicit OrderObserver(const AccessContext&) {}
  void access(const TraceAccess& a, std::uint32_t compute_unit) override {
    order.push_back(std::to_string(a.offset / 100) + "." + std::to_string(a.offset % 100) + "@" + std::to_string(compute_unit));
  }
  void memory_step(const SubGroupStep& s) override {
    std::string step;
    for (const TraceAccess* a : s) step += std::to_string(a->offset / 100) + "." + std::to_string(a->offset % 100) + " ";
    steps.push_back(step);
  }
  std::vector<std::string> order, steps;
};

// What the walk shows of `groups`, for target `t`.
OrderObserver walked(const TraceLayout& l, const std::vector<TracedGroup>& groups, const TargetArchitecture& t) {
  const AccessContext context{l, t, std::nullopt};
  OrderObserver o(context);
  AccessWalk walk(context, {&o});
  for (const TracedGroup& g : groups) walk.add(g);
  walk.finish();
  return o;
}
}  // namespace

TEST_CASE("the walk: resident groups in lockstep between barriers on a GPU, chunks of a sub-group on a CPU") {
  // Two groups of two items; item i of group g makes accesses at offsets
  // 100 * (2g + i) + p: p = 0 and 1, a barrier, p = 2.
  const auto l = layout(2, 2, {{"a", AddressSpace::global, 1 << 20}}, {{0, "k.cl:1", "a[i]", AddressSpace::global}});
  std::vector<TracedGroup> groups(2);
  for (std::uint64_t g = 0; g < 2; ++g)
    for (std::uint64_t i = 0; i < 2; ++i) {
      const std::uint64_t base = 100 * (2 * g + i);
      TracedItem item;
      item.accesses = {access(0, base, 0, kTraceLoad), access(0, base + 1, 0, kTraceLoad), access(0, 0, 0, kTraceBarrier),
                       access(0, base + 2, 0, kTraceLoad)};
      item.made = 4;
      groups[g].items.push_back(item);
    }
  TargetArchitecture t = gpu();
  t.compute_units = 2;
  t.resident_groups = 2;
  const OrderObserver gpu_order = walked(l, groups, t);
  // Both groups on unit 0, their four items a step at a time, the barrier holding all back.
  CHECK(gpu_order.order == std::vector<std::string>{"0.0@0", "1.0@0", "2.0@0", "3.0@0", "0.1@0", "1.1@0", "2.1@0", "3.1@0",
                                                    "0.2@0", "1.2@0", "2.2@0", "3.2@0"});
  // Steps: a sub-group (32 items here) holds a group's two items; a barrier is no step.
  CHECK(gpu_order.steps == std::vector<std::string>{"0.0 1.0 ", "0.1 1.1 ", "0.2 1.2 ", "2.0 3.0 ", "2.1 3.1 ", "2.2 3.2 "});

  t.groups_in_lockstep = false;
  t.sub_group = 1;
  t.resident_groups = 1;
  const OrderObserver cpu_order = walked(l, groups, t);
  // One group per unit in turn; one item (a sub-group of 1) to its end before the next.
  CHECK(cpu_order.order == std::vector<std::string>{"0.0@0", "0.1@0", "0.2@0", "1.0@0", "1.1@0", "1.2@0", "2.0@1", "2.1@1", "2.2@1",
                                                    "3.0@1", "3.1@1", "3.2@1"});
}

TEST_CASE("the walk: items of a sub-group that took different paths step by site and execution") {
  // Item 0 reads site 0 twice; item 1 reads site 1, then site 0 once.
  const auto l = layout(1, 2, {{"a", AddressSpace::global, 1 << 20}},
                        {{0, "k.cl:1", "a[i]", AddressSpace::global}, {1, "k.cl:2", "a[j]", AddressSpace::global}});
  TracedGroup g;
  TracedItem first, second;
  first.accesses = {access(0, 0, 0, kTraceLoad), access(0, 1, 0, kTraceLoad)};
  second.accesses = {access(0, 101, 1, kTraceLoad), access(0, 100, 0, kTraceLoad)};
  first.made = second.made = 2;
  g.items = {first, second};
  CHECK(walked(l, {g}, gpu()).steps == std::vector<std::string>{"0.0 1.0 ", "0.1 ", "1.1 "});
  const AccessAnalysis a = observe<SiteStepObserver>(l, {g}, gpu());
  CHECK(a.items == 2);
  REQUIRE(a.sites.size() == 2);  // both executed
  CHECK(a.sites[0].steps == 2);
  CHECK(a.sites[1].steps == 1);
}

TEST_CASE("a stride-s read has s times the lines of a unit-stride read, up to one line per item") {
  for (std::uint64_t s : {1, 2, 4, 8, 16, 32, 64}) {
    const AccessAnalysis a = strided<SiteStepObserver, CoalescingObserver>(4 * s, AddressSpace::global);
    REQUIRE(a.sites.size() == 1);
    CHECK(a.sites[0].steps == 1);
    CHECK(a.sites[0].requests == std::min<std::uint64_t>(s, 32));
    CHECK(a.sites[0].efficiency(128) == doctest::Approx(128.0 / (128.0 * double(std::min<std::uint64_t>(s, 32)))));
    CHECK(a.sites[0].neighbour_stride == std::int64_t(4 * s));
  }
}

TEST_CASE("a local stride sweep gives the conflict degree of 32 banks of 4 bytes: gcd(stride, 32)") {
  for (std::uint64_t s : {1, 2, 3, 4, 8, 16, 17, 32, 33}) {
    const AccessAnalysis a = strided<LocalMemoryObserver>(4 * s, AddressSpace::local);
    REQUIRE(a.sites.size() == 1);
    CHECK(a.sites[0].requests == std::gcd<std::uint64_t>(s, 32));
    REQUIRE(a.levels.size() == 1);
    CHECK(a.levels[0].level == "local");
    CHECK(a.levels[0].bytes == doctest::Approx(128.0 * double(std::gcd<std::uint64_t>(s, 32))));
  }
  // Every item on one word: a broadcast, one pass.
  CHECK(strided<LocalMemoryObserver>(0, AddressSpace::local).sites[0].requests == 1);
}

TEST_CASE("a streaming kernel's DRAM bytes equal its footprint") {
  // 16 groups of 32 items: b[i] = a[i], 4-byte elements, no reuse.
  const std::uint64_t groups = 16, n = 32, items = groups * n;
  const auto l = layout(groups, n, {{"a", AddressSpace::global, 4 * items}, {"b", AddressSpace::global, 4 * items}},
                        {{0, "k.cl:1", "a[i]", AddressSpace::global}, {1, "k.cl:1", "b[i]", AddressSpace::global}});
  std::vector<TracedGroup> trace;
  for (std::uint64_t g = 0; g < groups; ++g) {
    TracedGroup group;
    group.id = g;
    for (std::uint64_t i = 0; i < n; ++i) {
      TracedItem item;
      item.accesses = {access(0, 4 * (g * n + i), 0, kTraceLoad), access(1, 4 * (g * n + i), 1, kTraceStore)};
      item.made = 2;
      group.items.push_back(item);
    }
    trace.push_back(group);
  }
  for (bool write_through : {true, false}) {
    TargetArchitecture t = gpu({{"L1", 512, false}, {"L2", 1024, true}});
    t.l1_write_through = write_through;
    const AccessAnalysis a = analyze(l, trace, t);
    REQUIRE(a.levels.size() == 3);
    CHECK(a.levels[0].level == "L1");
    CHECK(a.levels[0].bytes == doctest::Approx(double(groups) * 2 * 128));  // one line per step, two steps per group
    CHECK(a.levels[2].level == "DRAM");
    CHECK(a.levels[2].bytes == doctest::Approx(8.0 * items));
    CHECK(a.levels[2].store_bytes == doctest::Approx(4.0 * items));
    CHECK(a.transfer_efficiency == doctest::Approx(1.0));
  }
}

TEST_CASE("a store written through an L1 that holds the sector sends its bytes on once") {
  // 32 items update a[i] (load, then store): one line loaded, 128 bytes written through.
  const auto l = layout(1, 32, {{"a", AddressSpace::global, 128}}, {{0, "k.cl:1", "a[i]", AddressSpace::global}});
  const TracedGroup g = one_access_each(32, [](std::uint64_t i) { return access(0, 4 * i, 0, kTraceLoad | kTraceStore); });
  const AccessAnalysis a = observe<CacheModelObserver>(l, {g}, gpu());
  REQUIRE(a.levels.size() == 2);
  CHECK(a.levels[0].level == "L2");
  CHECK(a.levels[0].bytes == doctest::Approx(128 + 128));  // the sectors filled, the bytes written through
  CHECK(a.levels[0].store_bytes == doctest::Approx(128));
  CHECK(a.levels[1].level == "DRAM");
  CHECK(a.levels[1].bytes == doctest::Approx(128 + 128));  // DRAM: read once, written back once
}

TEST_CASE("AIWC metrics: entropy, footprints and local usage of a known distribution") {
  // One item: global addresses 0, 4, 8, 12 once each, local word 0 four times.
  const auto l = layout(1, 1, {{"g", AddressSpace::global, 16}, {"t", AddressSpace::local, 4}},
                        {{0, "k.cl:1", "g[i]", AddressSpace::global}, {1, "k.cl:2", "t[0]", AddressSpace::local}});
  TracedGroup g;
  TracedItem item;
  for (int i = 0; i < 4; ++i) item.accesses.push_back(access(0, 4 * i, 0, kTraceLoad));
  for (int i = 0; i < 4; ++i) item.accesses.push_back(access(1, 0, 1, kTraceLoad));
  item.made = 8;
  g.items.push_back(item);
  const AccessAnalysis a = observe<AiwcObserver>(l, {g}, gpu());
  const AiwcMetrics& m = a.aiwc;
  CHECK(m.accesses == 8);
  CHECK(m.total_footprint == 4);
  CHECK(m.local_footprint == 1);
  // p = 1/8 for four addresses, 1/2 for one: H = 4 * 3/8 + 1/2 = 2 bits.
  CHECK(m.global_mae() == doctest::Approx(2.0));
  // 3 bits dropped: the global addresses pair up (1/4 each), H = 2 * 1/2 + 1/2 = 1.5.
  CHECK(m.lmae[3] == doctest::Approx(1.5));
  // 90% of 8 accesses = 7.2: the local word takes 4, each global address 1 more: 1 + 4 addresses reach 8.
  CHECK(m.footprint_90 == 5);
  CHECK(m.relative_local_usage == doctest::Approx(0.5));
}

TEST_CASE("the hierarchical prediction: levels at their roofs, local added to L1 where they share a path") {
  RoofsDocument d;
  d.ceilings = {compute_roof(DataType::float32, 1000), memory_roof(Op::read, MemoryLevel::cache("L1"), 1000),
                memory_roof(Op::read, MemoryLevel::cache("L2"), 100), memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::dram), 10),
                memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::local), 500)};
  KernelWork w;
  w.flops = 100;
  w.flops_by_type = {{DataType::float32, 100}};
  const std::vector<LevelTraffic> levels{{"L1", 3000, 0}, {"local", 1000, 0}, {"L2", 200, 0}, {"DRAM", 10, 0}};
  const auto shared = predict_time(w, levels, true, d);
  REQUIRE(shared);
  CHECK(shared->seconds == doctest::Approx(3.0 + 2.0));  // L1 3 s + local 2 s on one path
  CHECK(shared->limit.kind == PredictionTermKind::level);
  const auto apart = predict_time(w, levels, false, d);
  REQUIRE(apart);
  CHECK(apart->seconds == doctest::Approx(3.0));
  // A DRAM-heavy traffic moves the limit to DRAM.
  const std::vector<LevelTraffic> dram_bound{{"L1", 100, 0}, {"L2", 100, 0}, {"DRAM", 100, 0}};
  CHECK(predict_time(w, dram_bound, true, d)->limit.roof.find("DRAM") != std::string::npos);
}

namespace {
// A blocked matrix multiply C = A B of n x n floats with t x t tiles, one
// work-group of t x t items per tile of C, groups in row-major order of C's
// tiles: per k-tile each item loads one element of A and of B into local
// tiles, then reads t of each from them; at the end it stores its element of C.
std::vector<TracedGroup> blocked_matmul(std::uint64_t n, std::uint64_t t) {
  enum Region : std::uint32_t { kA, kB, kC, kTileA, kTileB };
  std::vector<TracedGroup> trace;
  const std::uint64_t tiles = n / t;
  for (std::uint64_t g = 0; g < tiles * tiles; ++g) {
    TracedGroup group;
    group.id = g;
    const std::uint64_t row0 = (g / tiles) * t, col0 = (g % tiles) * t;
    for (std::uint64_t r = 0; r < t; ++r)
      for (std::uint64_t c = 0; c < t; ++c) {
        TracedItem item;
        for (std::uint64_t k0 = 0; k0 < n; k0 += t) {
          item.accesses.push_back(access(kA, 4 * ((row0 + r) * n + k0 + c), 0, kTraceLoad));
          item.accesses.push_back(access(kTileA, 4 * (r * t + c), 1, kTraceStore));
          item.accesses.push_back(access(kB, 4 * ((k0 + r) * n + col0 + c), 2, kTraceLoad));
          item.accesses.push_back(access(kTileB, 4 * (r * t + c), 3, kTraceStore));
          item.accesses.push_back(access(0, 0, 0, kTraceBarrier));
          for (std::uint64_t k = 0; k < t; ++k) {
            item.accesses.push_back(access(kTileA, 4 * (r * t + k), 4, kTraceLoad));
            item.accesses.push_back(access(kTileB, 4 * (k * t + c), 5, kTraceLoad));
          }
          item.accesses.push_back(access(0, 0, 0, kTraceBarrier));
        }
        item.accesses.push_back(access(kC, 4 * ((row0 + r) * n + col0 + c), 6, kTraceStore));
        item.made = item.accesses.size();
        group.items.push_back(item);
      }
    trace.push_back(group);
  }
  return trace;
}
}  // namespace

TEST_CASE("a blocked matrix multiply's L2 and DRAM bytes equal the analytic count for its tiles (issue 16 asks within 15%)") {
  const std::uint64_t n = 64, t = 8;
  const double matrix = 4.0 * n * n;
  const auto l = layout((n / t) * (n / t), t * t,
                        {{"A", AddressSpace::global, std::uint64_t(matrix)}, {"B", AddressSpace::global, std::uint64_t(matrix)},
                         {"C", AddressSpace::global, std::uint64_t(matrix)}, {"tA", AddressSpace::local, 4 * t * t},
                         {"tB", AddressSpace::local, 4 * t * t}},
                        {{0, "mm.cl:1", "A[...]", AddressSpace::global}, {1, "mm.cl:1", "tA[r][c]", AddressSpace::local},
                         {2, "mm.cl:2", "B[...]", AddressSpace::global}, {3, "mm.cl:2", "tB[r][c]", AddressSpace::local},
                         {4, "mm.cl:4", "tA[r][k]", AddressSpace::local}, {5, "mm.cl:4", "tB[k][c]", AddressSpace::local},
                         {6, "mm.cl:6", "C[...]", AddressSpace::global}});
  const std::vector<TracedGroup> trace = blocked_matmul(n, t);
  // An L1 of 8 sectors keeps nothing from one tile load to the next: the L2
  // serves each group's panels of A and B (2 n t floats) and C's stores.
  const double l2_analytic = 2.0 * n * n * n / t * 4 + matrix;
  SUBCASE("the L2 holds all three matrices: DRAM moves each once") {
    const AccessAnalysis a = observe<CacheModelObserver>(l, trace, gpu({{"L1", 256, false}, {"L2", 64 * 1024, true}}));
    CHECK(level_bytes(a, "L2") == doctest::Approx(l2_analytic));
    CHECK(level_bytes(a, "DRAM") == doctest::Approx(3 * matrix));
  }
  SUBCASE("the L2 holds a panel of A, not B: B comes from DRAM once per row of tiles") {
    const AccessAnalysis a = observe<CacheModelObserver>(l, trace, gpu({{"L1", 256, false}, {"L2", 8 * 1024, true}}));
    CHECK(level_bytes(a, "L2") == doctest::Approx(l2_analytic));
    CHECK(level_bytes(a, "DRAM") == doctest::Approx(matrix + double(n / t) * matrix + matrix));
  }
}

TEST_CASE("a read-modify-write is a load and a store: two steps, two passes, two AIWC accesses") {
  const auto l = layout(1, 32, {{"t", AddressSpace::local, 128}}, {{0, "k.cl:1", "t[i] += x", AddressSpace::local}});
  const TracedGroup g = one_access_each(32, [](std::uint64_t i) { return access(0, 4 * i, 0, kTraceLoad | kTraceStore); });
  const AccessAnalysis on_gpu = analyze(l, {g}, gpu());
  CHECK(on_gpu.aiwc.accesses == 64);
  CHECK(on_gpu.sites[0].steps == 2);
  CHECK(on_gpu.sites[0].requests == 2);
  CHECK(level_bytes(on_gpu, "local") == doctest::Approx(2 * 128));
  SUBCASE("on a CPU, local memory moves the bytes asked, at the local roof") {
    TargetArchitecture cpu = gpu();
    cpu.banks = 0;
    cpu.sub_group = 16;
    cpu.request_bytes = cpu.sector_bytes = 64;
    cpu.lanes_share_requests = false;
    cpu.groups_in_lockstep = false;
    const AccessAnalysis a = analyze(l, {g}, cpu);
    CHECK(level_bytes(a, "local") == doctest::Approx(2 * 128));
  }
}

TEST_CASE("where lanes do not share requests (a CPU), the first level serves at least the bytes asked") {
  // 32 items read one word of a 64-byte line: a GPU step asks for the line
  // once, CPU lanes load alone (32 x 4 bytes).
  const auto l = layout(1, 32, {{"a", AddressSpace::global, 4}}, {{0, "k.cl:1", "a[0]", AddressSpace::global}});
  const TracedGroup g = one_access_each(32, [](std::uint64_t) { return access(0, 0, 0, kTraceLoad); });
  TargetArchitecture t = gpu();
  t.request_bytes = t.sector_bytes = 64;
  CHECK(observe<CoalescingObserver>(l, {g}, t).levels[0].bytes == doctest::Approx(64));
  t.lanes_share_requests = false;
  CHECK(observe<CoalescingObserver>(l, {g}, t).levels[0].bytes == doctest::Approx(128));
  t.request_bytes = t.sector_bytes = 256;  // one line is more than the bytes asked
  CHECK(observe<CoalescingObserver>(l, {g}, t).levels[0].bytes == doctest::Approx(256));
}

TEST_CASE("a branch step diverges when its items disagree; branches are not memory accesses") {
  const auto l = layout(1, 64, {{"a", AddressSpace::global, 256}},
                        {{0, "k.cl:1", "a[i]", AddressSpace::global}, {1, "k.cl:2", "i % 2", AddressSpace::global, true},
                         {2, "k.cl:3", "i < 32", AddressSpace::global, true}});
  TracedGroup g;
  for (std::uint64_t i = 0; i < 64; ++i) {
    TracedItem item;
    TraceAccess odd = access(0, i % 2, 1, kTraceBranch, 0), low = access(0, i < 32, 2, kTraceBranch, 0);
    item.accesses = {odd, access(0, 4 * i, 0, kTraceLoad), low};
    item.made = 3;
    g.items.push_back(item);
  }
  const AccessAnalysis a = analyze(l, {g}, gpu());
  CHECK(a.sites[1].steps == 2);
  CHECK(a.sites[1].divergent_steps == 2);  // both 32-item steps split odd from even
  CHECK(a.sites[1].taken == 32);
  CHECK(a.sites[2].divergent_steps == 0);  // each sub-group agrees
  CHECK(a.divergent_share == doctest::Approx(0.5));
  CHECK(a.aiwc.accesses == 64);
  CHECK(a.sites[0].requests == 2);  // the loads keep their steps: one line per 32 items
  const auto findings = diagnose(a, std::nullopt, 64);
  CHECK(std::any_of(findings.begin(), findings.end(), [](const Finding& f) { return f.where == "k.cl:2"; }));
  CHECK(std::none_of(findings.begin(), findings.end(), [](const Finding& f) { return f.where == "k.cl:3"; }));
}

TEST_CASE("the analysis in JSON names a site's space, and reads back the same") {
  const nlohmann::json j = analyze(layout(1, 32, {{"t", AddressSpace::local, 128}}, {{0, "k.cl:1", "t[i]", AddressSpace::local}}),
                                   {one_access_each(32, [](std::uint64_t i) { return access(0, 4 * i, 0, kTraceLoad); })}, gpu());
  CHECK(j.at("sites").at(0).at("site").at("space") == "local");
  CHECK(nlohmann::json(j.get<AccessAnalysis>()) == j);
}
