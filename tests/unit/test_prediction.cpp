// The a-priori time (analysis/prediction): its terms, the level a footprint
// comes from, the mix of loads and stores, and that the measured time never
// moves it.
#include <doctest/doctest.h>

#include "analysis/placement_bound.hpp"
#include "analysis/prediction.hpp"
#include "roof_fixtures.hpp"

#include <set>

using namespace roofline;
using roofline::test::compute_roof;
using roofline::test::memory_roof;

namespace {
// L1 (1 KB, 1000 B/s), L2 (1 MB, 400 B/s; copy 200 B/s), DRAM (100 B/s), local 500 B/s; float 1000 FLOP/s.
RoofsDocument roofs() {
  RoofsDocument d;
  d.ceilings = {compute_roof(DataType::float32, 1000),
                memory_roof(Op::read, MemoryLevel::cache("L2"), 400, 1e6),
                memory_roof(Op::copy, MemoryLevel::cache("L2"), 200, 1e6),
                memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::dram), 100),
                memory_roof(Op::read, MemoryLevel::cache("L1"), 1000, 1e3),
                memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::local), 500)};
  return d;
}
KernelWork reads(double flops, double global_bytes, std::optional<double> footprint) {
  KernelWork w;
  w.flops = flops;
  w.flops_by_type = {{DataType::float32, flops}};
  w.bytes_by_space = {{AddressSpace::global, {global_bytes, 0}}};
  w.footprint_bytes = footprint;
  return w;
}
}  // namespace

TEST_CASE("the hierarchy runs from the smallest cache to DRAM") {
  const auto h = hierarchy_nearest_first(roofs());
  REQUIRE(h.size() == 3);
  CHECK(h[0] == MemoryLevel::cache("L1"));
  CHECK(h[1] == MemoryLevel::cache("L2"));
  CHECK(h[2] == MemoryLevel::of_kind(LevelKind::dram));
}

TEST_CASE("the footprint comes from the nearest level that holds it, every byte passes the nearest") {
  // 10 kB footprint read 100 times (1 MB of loads): L2 holds it.
  auto p = predict_time(reads(10, 1e6, 1e4), roofs());
  REQUIRE(p);
  REQUIRE(p->terms.size() == 3);
  CHECK(p->terms[0].kind == PredictionTermKind::compute);
  CHECK(p->terms[0].seconds == doctest::Approx(0.01));
  CHECK(p->terms[1].kind == PredictionTermKind::global);
  CHECK(p->terms[1].roof == "L1 read");
  CHECK(p->terms[1].seconds == doctest::Approx(1000));  // 1 MB at 1000 B/s
  CHECK(p->terms[2].kind == PredictionTermKind::footprint);
  CHECK(p->terms[2].roof == "L2 read");
  CHECK(p->terms[2].seconds == doctest::Approx(25));  // 10 kB at 400 B/s
  CHECK(p->limit.kind == PredictionTermKind::global);
  CHECK(p->seconds == doctest::Approx(1000));
  // Streamed once from a 10 MB footprint: DRAM, which no capacity bounds.
  p = predict_time(reads(10, 1e7, 1e7), roofs());
  CHECK(p->limit.kind == PredictionTermKind::footprint);
  CHECK(p->limit.roof == "DRAM read");
  CHECK(p->seconds == doctest::Approx(1e5));
  // A footprint larger than the bytes the kernel moves is capped by them (it touches part of its buffers).
  p = predict_time(reads(10, 1e4, 1e9), roofs());
  CHECK(p->terms.back().amount == doctest::Approx(1e4));
  // Without a footprint only the nearest level is charged.
  p = predict_time(reads(10, 1e7, std::nullopt), roofs());
  CHECK(p->terms.size() == 2);
  CHECK(p->limit.roof == "L1 read");
}

TEST_CASE("a mix of loads and stores is charged between the level's read, copy and store roofs") {
  const RoofsDocument d = roofs();
  // The footprint's 1e4 bytes at L2, by the store share of the global bytes.
  const auto footprint_seconds = [&d](double loads, double stores) {
    KernelWork w = reads(10, 0, 1e4);
    w.bytes_by_space = {{AddressSpace::global, {loads, stores}}};
    return predict_time(w, d)->terms.at(2).seconds;
  };
  CHECK(footprint_seconds(1e4, 0) == doctest::Approx(1e4 / 400));
  CHECK(footprint_seconds(5000, 5000) == doctest::Approx(1e4 / 200));
  CHECK(footprint_seconds(0, 1e4) == doctest::Approx(1e4 / 200));  // no store roof: the copy roof
  KernelWork w = reads(10, 0, 1e4);
  w.bytes_by_space = {{AddressSpace::global, {7500, 2500}}};
  const auto p = predict_time(w, d);
  CHECK(p->terms[2].roof == "L2 read/copy");
  CHECK(p->terms[2].seconds == doctest::Approx(1e4 * (1.0 / 400 + 1.0 / 200) / 2));
}

TEST_CASE("local bytes are charged at the local-memory roof; no roof, no prediction") {
  KernelWork w = reads(10, 0, std::nullopt);
  w.bytes_by_space = {{AddressSpace::local, {5000, 5000}}};
  const auto p = predict_time(w, roofs());
  CHECK(p->limit.kind == PredictionTermKind::local);
  CHECK(p->seconds == doctest::Approx(20));  // 10 kB at 500 B/s
  CHECK(!predict_time(w, RoofsDocument{}));
}

TEST_CASE("the predicted time does not move with the measured time; the attained roof does") {
  Placement p;
  p.flops = 1000;
  p.bytes = 1e6;
  p.flops_by_type = {{DataType::float32, 1000}};
  p.bytes_by_space = {{AddressSpace::global, {1e6, 0}}};
  p.footprint_bytes = 1e6;
  std::optional<double> first;
  std::set<std::string> attained;
  for (double seconds : {1e4, 3e3, 1.2e3, 1e3, 500.0, 1e5}) {
    p.seconds = seconds;
    place_on_roofs(p, roofs());
    REQUIRE(p.predicted_seconds());
    if (!first) first = p.predicted_seconds();
    CHECK(*p.predicted_seconds() == *first);
    attained.insert(p.attained.roof);
  }
  CHECK(*first == doctest::Approx(2500));  // the 1 MB footprint from L2 at 400 B/s
  CHECK(attained.size() > 1);              // the post-hoc roof follows the measured dot
}

TEST_CASE("placements write the prediction and the attained roof, and read version 1's bound") {
  Placement p;
  p.kernel = "k";
  p.bytes = 8;
  p.ai = 1;
  p.seconds = 1;
  p.performance = 8;
  p.attained.roof = "DRAM read";
  p.footprint_bytes = 64;
  p.prediction = Prediction{0.5, {PredictionTermKind::footprint, "DRAM read", MemoryLevel::of_kind(LevelKind::dram), 64, 128, 0.5}, {}};
  p.prediction->terms = {p.prediction->limit};
  const nlohmann::json j = p;
  CHECK(j["attained_roof"]["roof"] == "DRAM read");
  CHECK(j["prediction"]["limit"]["kind"] == "footprint");
  const Placement q = j.get<Placement>();
  REQUIRE(q.prediction);
  CHECK(q.prediction->limit.level == MemoryLevel::of_kind(LevelKind::dram));
  CHECK(q.prediction->terms.size() == 1);
  CHECK(*q.footprint_bytes == 64);
  nlohmann::json old = j;
  old.erase("attained_roof");
  old["bound"] = {{"roof", "L2 read"}, {"level", "L2"}};
  CHECK(old.get<Placement>().attained.level == MemoryLevel::cache("L2"));
  CHECK_FALSE(j.contains("analysis"));
  // place --analyze: the level dots, the core view's prediction and the findings go and come back.
  p.analysis = PlacementAnalysis{{{"L1", 16, 0.5}, {"DRAM", 4, 2}}, p.prediction, {{"k.cl:3", FindingCode::bank_conflicts, "8-way bank conflicts", ""}}};
  const Placement r = nlohmann::json(p).get<Placement>();
  REQUIRE(r.analysis);
  REQUIRE(r.analysis->levels.size() == 2);
  CHECK(r.analysis->levels[1].level == "DRAM");
  CHECK(r.analysis->levels[1].ai == 2);
  CHECK(r.analysis->core_prediction->seconds == 0.5);
  CHECK(r.analysis->findings.at(0).where == "k.cl:3");
}

TEST_CASE("each precision's FLOPs go at its own roof; levels without a read, copy or store roof are skipped") {
  RoofsDocument d = roofs();
  d.ceilings.push_back(compute_roof(DataType::float64, 100));
  KernelWork w = reads(0, 0, std::nullopt);
  w.flops = 1100;
  w.flops_by_type = {{DataType::float32, 1000}, {DataType::float64, 100}};
  auto p = predict_time(w, d);
  CHECK(p->limit.kind == PredictionTermKind::compute);
  CHECK(p->seconds == doctest::Approx(1000.0 / 1000 + 100.0 / 100));
  CHECK(p->limit.roof == "float MAD");
  // An L0 with an image roof only is no level of the hierarchy: global bytes go to L1.
  Ceiling image = memory_roof(Op::image, MemoryLevel::cache("L0"), 5000, 100);
  d.ceilings.push_back(image);
  CHECK(hierarchy_nearest_first(d).front() == MemoryLevel::cache("L1"));
  p = predict_time(reads(1, 1e6, 1e4), d);
  CHECK(p->terms[1].roof == "L1 read");
}

TEST_CASE("the mean launch of different signatures is the weighted mean of their own predictions") {
  // One launch streams a 10 MB footprint from DRAM, three touch 1 kB in L1:
  // the mean of the predictions, not the prediction of a 2.5 MB mean launch (L2).
  const auto big = *predict_time(reads(10, 1e7, 1e7), roofs());
  const auto small = *predict_time(reads(10, 1e3, 1e3), roofs());
  const auto mean = mean_prediction({{0.25, big}, {0.75, small}});
  REQUIRE(mean);
  CHECK(mean->seconds == doctest::Approx(0.25 * 1e5 + 0.75 * 1.0));
  CHECK(mean->limit.kind == PredictionTermKind::footprint);
  CHECK(mean->limit.roof == "DRAM read");
  CHECK(mean->limit.amount == doctest::Approx(0.25 * 1e7));
  CHECK(!mean_prediction({}));
}

TEST_CASE("a version 1 placement's post-hoc predicted_seconds is not read as a prediction") {
  nlohmann::json j = {{"kernel", "k"}, {"bytes", 8}, {"ai", 1}, {"seconds", 1}, {"performance", 8}, {"predicted_seconds", 0.9},
                      {"schema_version", 1}};
  const Placement p = j.get<Placement>();
  CHECK(!p.predicted_seconds());
  CHECK(!p.prediction);
}
