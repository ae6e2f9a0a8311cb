// Placing a counted kernel among the roofs; counts files.
#include <doctest/doctest.h>

#include <algorithm>

#include "model/counts_file.hpp"
#include "analysis/placement_bound.hpp"
#include "model/suite.hpp"

using namespace roofline;

namespace {
Ceiling roof(CeilingKind kind, Op op, DataType type, std::optional<MemoryLevel> level, double v) {
  Ceiling c;
  c.kind = kind;
  c.op = op;
  c.type = type;
  c.level = std::move(level);
  c.value = v;
  return c;
}
RoofsDocument roofs() {
  RoofsDocument d;
  d.ceilings = {roof(CeilingKind::compute, Op::mad, DataType::float32, std::nullopt, 1000),
                roof(CeilingKind::compute, Op::add, DataType::float32, std::nullopt, 500),
                roof(CeilingKind::compute, Op::mad, DataType::float64, std::nullopt, 100),
                roof(CeilingKind::memory, Op::read, DataType::int32, MemoryLevel::of_kind(LevelKind::dram), 100),
                roof(CeilingKind::memory, Op::read, DataType::int32, MemoryLevel::cache("L2"), 400),
                roof(CeilingKind::memory, Op::read, DataType::int32, MemoryLevel::cache("L1"), 1000)};
  return d;
}
Placement kernel(double flops, double bytes, double seconds) {
  Placement p;
  p.flops = flops;
  p.bytes = bytes;
  p.seconds = seconds;
  p.flops_by_type = {{DataType::float32, flops}};
  return p;
}
}  // namespace

TEST_CASE("a streaming kernel near the DRAM roof is DRAM-bound") {
  Placement p = kernel(100, 1000, 1000.0 / 95);  // AI 0.1, 9.5 FLOP/s against DRAM's 10
  p.bytes_by_space = {{AddressSpace::global, {1000, 0}}};
  p.footprint_bytes = 1000;  // no cache level has a capacity here: the footprint comes from DRAM
  CHECK(place_on_roofs(p, roofs()).empty());
  CHECK(p.ai == doctest::Approx(0.1));
  CHECK(p.attained.level == MemoryLevel::of_kind(LevelKind::dram));
  CHECK(p.attained.roof == "DRAM read");
  CHECK(p.attained.attainable == doctest::Approx(10));
  CHECK(p.attained.fraction == doctest::Approx(0.95));
  CHECK(*p.predicted_seconds() == doctest::Approx(10));  // a priori: the 1000-byte footprint at 100 B/s
}

TEST_CASE("the local-memory roof bounds only kernels whose traffic is mostly local") {
  RoofsDocument d = roofs();
  // Local memory between DRAM (100) and L2 (400).
  d.ceilings.push_back(roof(CeilingKind::memory, Op::read, DataType::int32, MemoryLevel::of_kind(LevelKind::local), 200));
  Placement p = kernel(100, 1000, 100.0 / 15);  // 15 FLOP/s at AI 0.1: above DRAM
  p.bytes_by_space = {{AddressSpace::global, {1000, 0}}};
  place_on_roofs(p, d);
  CHECK(p.attained.level == MemoryLevel::cache("L2"));
  p.bytes_by_space = {{AddressSpace::global, {300, 0}}, {AddressSpace::local, {700, 0}}};
  place_on_roofs(p, d);
  CHECK(p.attained.level == MemoryLevel::of_kind(LevelKind::local));
}

TEST_CASE("a kernel a little above a roof still presses against it") {
  Placement p = kernel(100, 1000, 100.0 / 10.5);  // 10.5 FLOP/s at AI 0.1: 5% above DRAM's 10
  place_on_roofs(p, roofs());
  CHECK(p.attained.level == MemoryLevel::of_kind(LevelKind::dram));
  CHECK(p.attained.fraction == doctest::Approx(1.05));
  p = kernel(100, 1000, 100.0 / 11.5);  // 15% above: the next level up
  place_on_roofs(p, roofs());
  CHECK(p.attained.level == MemoryLevel::cache("L2"));
  // Near the ridge: 4% above DRAM's slope but 1% under the compute roof it meets: compute-bound.
  p = kernel(9.5e4, 1e4, 9.5e4 / 990);  // AI 9.5: DRAM gives 950, L2 and L1 1000 (compute)
  place_on_roofs(p, roofs());
  CHECK_FALSE(p.attained.level);
  CHECK(p.attained.roof == "float MAD");
  CHECK(p.attained.fraction == doctest::Approx(0.99));
}

TEST_CASE("a kernel above the DRAM roof is bound by the next cache level") {
  Placement p = kernel(100, 1000, 100.0 / 30);  // 30 FLOP/s at AI 0.1: above DRAM (10), under L2 (40)
  place_on_roofs(p, roofs());
  CHECK(p.attained.level == MemoryLevel::cache("L2"));
  CHECK(p.attained.fraction == doctest::Approx(0.75));
}

TEST_CASE("a high-intensity kernel is compute-bound by its type's best roof") {
  Placement p = kernel(1e6, 100, 1e6 / 900);  // AI 1e4
  place_on_roofs(p, roofs());
  CHECK_FALSE(p.attained.level);
  CHECK(p.attained.roof == "float MAD");
  CHECK(p.attained.fraction == doctest::Approx(0.9));
  CHECK(*p.predicted_seconds() == doctest::Approx(1000));
  p.flops_by_type = {{DataType::float32, 1}, {DataType::float64, 1e6}};
  place_on_roofs(p, roofs());
  CHECK(p.attained.roof == "double MAD");
}

TEST_CASE("a kernel beating every roof is reported against the highest") {
  Placement p = kernel(100, 1000, 100.0 / 200);  // 200 FLOP/s at AI 0.1: above L1's 100
  place_on_roofs(p, roofs());
  CHECK(p.attained.level == MemoryLevel::cache("L1"));
  CHECK(p.attained.fraction == doctest::Approx(2));
}

TEST_CASE("the memory roof follows the kernel's mix of loads and stores") {
  RoofsDocument d = roofs();
  d.ceilings.push_back(roof(CeilingKind::memory, Op::copy, DataType::int32, MemoryLevel::of_kind(LevelKind::dram), 80));
  d.ceilings.push_back(roof(CeilingKind::memory, Op::store, DataType::int32, MemoryLevel::of_kind(LevelKind::dram), 50));
  d.ceilings.push_back(roof(CeilingKind::memory, Op::read, DataType::int32, MemoryLevel::of_kind(LevelKind::constant), 1e6));
  Placement p = kernel(100, 1000, 100.0 / 7.2);  // AI 0.1
  // A copy; private stores do not count.
  p.bytes_by_space = {{AddressSpace::global, {500, 500}}, {AddressSpace::private_, {0, 1e6}}};
  CHECK(store_fraction(p) == doctest::Approx(0.5));
  place_on_roofs(p, d);
  CHECK(p.attained.roof == "DRAM copy");
  CHECK(p.attained.fraction == doctest::Approx(0.9));
  p.bytes_by_space = {{AddressSpace::global, {100, 900}}};
  p.seconds = 100.0 / 4;  // under the store roof's 5
  place_on_roofs(p, d);
  CHECK(p.attained.roof == "DRAM store");
  p.bytes_by_space = {{AddressSpace::global, {1000, 0}}};
  place_on_roofs(p, d);
  CHECK(p.attained.roof == "DRAM read");
  for (const Ceiling* c : memory_roofs_for_mix(d, 0)) CHECK_FALSE(c->at(LevelKind::constant));
}

TEST_CASE("an integer-only kernel uses INTOPs and notes a missing int roof") {
  Placement p;
  p.intops = 100;
  p.bytes = 100;
  p.seconds = 1;
  CHECK(!place_on_roofs(p, roofs()).empty());
  CHECK(p.unit == RateUnit::intop);
  CHECK(p.performance == 100);
}

TEST_CASE("counted launches compare field by field") {
  CountedLaunch a;
  a.kernel = "k";
  a.source_hash = source_hash("kernel text");
  a.global = {64};
  a.args = {{"x", "float[64]:random"}};
  CountedLaunch b = a;
  CHECK(a.difference(b).empty());
  b.global = {128};
  CHECK(a.difference(b) == "--global 128 vs 64");
  b = a;
  b.args["x"] = "float[64]:zeros";
  CHECK(a.difference(b) == "--arg x=float[64]:zeros vs float[64]:random");
  b = a;
  b.source_hash = source_hash("kernel text ");
  CHECK(a.difference(b).find("the source differs") == 0);
  CHECK(source_hash("") == "cbf29ce484222325");
}

namespace {
MathRoof math_roof(MathCall call, double calls_per_s) {
  MathRoof r;
  r.call = call;
  r.calls_per_s.median = calls_per_s;
  return r;
}
const MathCall kRsqrt{MathFunction::rsqrt, MathForm::precise, DataType::float32};
const MathCall kNativeRsqrt{MathFunction::rsqrt, MathForm::native, DataType::float32};
const MathCall kSin{MathFunction::sin, MathForm::precise, DataType::float32};
}  // namespace

TEST_CASE("a kernel whose math calls take longer at their roofs than its FLOPs and bytes is bound by the dominant call's roof") {
  RoofsDocument d = roofs();
  d.math = {math_roof(kRsqrt, 50), math_roof(kNativeRsqrt, 100)};
  // 100 FLOPs (0.1 s at 1000 FLOP/s) and 100 bytes (1 s at DRAM's 100 B/s),
  // 400 rsqrt (8 s at 50/s), 100 native_rsqrt (1 s), 1000 sin without a roof.
  Placement p = kernel(100, 100, 10);
  p.bytes_by_space = {{AddressSpace::global, {100, 0}}};
  p.math_calls = {{kRsqrt, 400}, {kNativeRsqrt, 100}, {kSin, 1000}};
  const std::string note = place_on_roofs(p, d);
  CHECK(note == "no math roof for sin (float) in the roofs file: those calls are not timed");
  REQUIRE(p.math);
  CHECK(p.math->bound);
  CHECK(p.math->seconds == doctest::Approx(9));
  CHECK(p.math->flop_seconds == doctest::Approx(0.1));
  CHECK(p.math->memory_seconds == doctest::Approx(1));
  CHECK(p.math->roof == "rsqrt roof");
  CHECK(p.math->roof_performance == doctest::Approx(100.0 / 9));
  REQUIRE(p.math->calls.size() == 3);
  CHECK(p.math->calls[0].call == kSin);  // by MathCall: sin before rsqrt
  CHECK(!p.math->calls[0].calls_per_s);  // listed, not timed
  CHECK(p.math->calls[0].seconds == 0);
  CHECK(p.attained.roof == "rsqrt roof");
  CHECK(!p.attained.level);
  CHECK(p.attained.attainable == doctest::Approx(100.0 / 9));
  CHECK(p.attained.fraction == doctest::Approx(0.9));  // math time / measured time
  // A priori too: the math term, from the counts and roofs alone.
  REQUIRE(p.prediction);
  CHECK(p.prediction->limit.kind == PredictionTermKind::math);
  CHECK(p.prediction->limit.roof == "rsqrt roof");
  CHECK(p.prediction->seconds == doctest::Approx(9));
  CHECK(p.prediction->limit.amount == doctest::Approx(500));
  // The same kernel, measured twice as slow: the prediction does not move.
  Placement slow = p;
  slow.seconds = 20;
  place_on_roofs(slow, d);
  CHECK(slow.prediction->seconds == doctest::Approx(9));
  CHECK(slow.attained.fraction == doctest::Approx(0.45));
}

TEST_CASE("math calls that take less time than the kernel's bytes leave it memory-bound, with its math section") {
  RoofsDocument d = roofs();
  d.math = {math_roof(kRsqrt, 50)};
  Placement p = kernel(100, 1000, 12);  // AI 0.1 near DRAM's roof: 10 s of bytes
  p.bytes_by_space = {{AddressSpace::global, {1000, 0}}};
  p.footprint_bytes = 1000;        // from DRAM a priori: 10 s
  p.math_calls = {{kRsqrt, 100}};  // 2 s
  CHECK(place_on_roofs(p, d).empty());
  REQUIRE(p.math);
  CHECK(!p.math->bound);
  CHECK(p.math->memory_seconds == doctest::Approx(10));
  CHECK(p.math->seconds == doctest::Approx(2));
  CHECK(p.math->roof_performance == doctest::Approx(50));
  CHECK(p.attained.roof == "DRAM read");
  CHECK(p.attained.level == MemoryLevel::of_kind(LevelKind::dram));
  REQUIRE(p.prediction);
  CHECK(p.prediction->limit.kind == PredictionTermKind::footprint);
  CHECK(std::any_of(p.prediction->terms.begin(), p.prediction->terms.end(),
                    [](const PredictionTerm& t) { return t.kind == PredictionTermKind::math && t.seconds == doctest::Approx(2); }));
  // Without math roofs the calls are only listed; nothing is timed or bound.
  Placement q = kernel(100, 100, 10);
  q.bytes_by_space = {{AddressSpace::global, {100, 0}}};
  q.math_calls = {{kRsqrt, 4000}};
  CHECK(place_on_roofs(q, roofs()) == "no math roof for rsqrt (float) in the roofs file: those calls are not timed");
  REQUIRE(q.math);
  CHECK(!q.math->bound);
  CHECK(q.math->roof.empty());
  CHECK(q.attained.roof != "rsqrt roof");
}
