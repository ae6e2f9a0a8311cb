// The access analysis (model/access_analysis) on synthetic traces whose
// answers are known: lines per step of strided reads, the conflict degree of
// strided local accesses, a streaming kernel's DRAM bytes, the AIWC entropy
// and footprints, and the hierarchical prediction's terms.
#include <doctest/doctest.h>

#include <cmath>

#include "model/access_analysis.hpp"
#include "model/prediction.hpp"
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

// One group of 32 items, item i reading 4 bytes at i * stride_bytes of region 0 (global or local).
AccessAnalysis strided(std::uint64_t stride_bytes, AddressSpace space) {
  const auto l = layout(1, 32, {{"a", space, 1 << 20}}, {{0, "k.cl:1", "a[i * s]", space}});
  TracedGroup g;
  for (std::uint64_t i = 0; i < 32; ++i) {
    TracedItem item;
    item.accesses.push_back(access(0, i * stride_bytes, 0, kTraceLoad));
    item.made = 1;
    g.items.push_back(item);
  }
  return analyze_accesses(l, {g}, gpu());
}
}  // namespace

TEST_CASE("a stride-s read has s times the lines of a unit-stride read, up to one line per item") {
  for (std::uint64_t s : {1, 2, 4, 8, 16, 32, 64}) {
    const AccessAnalysis a = strided(4 * s, AddressSpace::global);
    REQUIRE(a.sites.size() == 1);
    CHECK(a.sites[0].steps == 1);
    CHECK(a.sites[0].requests == std::min<std::uint64_t>(s, 32));
    CHECK(a.sites[0].efficiency(128) == doctest::Approx(128.0 / (128.0 * double(std::min<std::uint64_t>(s, 32)))));
    CHECK(a.sites[0].neighbour_stride == std::int64_t(4 * s));
  }
}

TEST_CASE("a local stride sweep gives the conflict degree of 32 banks of 4 bytes: gcd(stride, 32)") {
  for (std::uint64_t s : {1, 2, 3, 4, 8, 16, 17, 32, 33}) {
    const AccessAnalysis a = strided(4 * s, AddressSpace::local);
    REQUIRE(a.sites.size() == 1);
    CHECK(a.sites[0].requests == std::gcd<std::uint64_t>(s, 32));
  }
  // Every item on one word: a broadcast, one pass.
  CHECK(strided(0, AddressSpace::local).sites[0].requests == 1);
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
    const AccessAnalysis a = analyze_accesses(l, trace, t);
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
  TracedGroup g;
  for (std::uint64_t i = 0; i < 32; ++i) {
    TracedItem item;
    item.accesses = {access(0, 4 * i, 0, kTraceLoad | kTraceStore)};
    item.made = 1;
    g.items.push_back(item);
  }
  const AccessAnalysis a = analyze_accesses(l, {g}, gpu());
  REQUIRE(a.levels.size() == 3);
  CHECK(a.levels[1].level == "L2");
  CHECK(a.levels[1].bytes == doctest::Approx(128 + 128));  // the sectors filled, the bytes written through
  CHECK(a.levels[1].store_bytes == doctest::Approx(128));
  CHECK(a.levels[2].bytes == doctest::Approx(128 + 128));  // DRAM: read once, written back once
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
  const AccessAnalysis a = analyze_accesses(l, {g}, gpu());
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
