// The prediction's terms beyond bytes and operations (analysis/prediction_terms):
// occupancy from the compute roof's work-group-count sweep, dependent loads at
// the measured latency, atomics at their contention's measured rate, and the
// empty kernel's time added to the rest.
#include <doctest/doctest.h>

#include "analysis/prediction.hpp"
#include "analysis/prediction_terms.hpp"
#include "roof_fixtures.hpp"
#include "synthetic_suite.hpp"

using namespace roofline;
using roofline::test::compute_roof;
using roofline::test::memory_roof;

namespace {
Stats at(double median) {
  Stats s;
  s.median = s.min = s.max = s.mean = median;
  s.samples = 3;
  return s;
}

// float MAD 1000 FLOP/s from 1,000 work-items (100 FLOP/s at 100, the sweep's
// first point); DRAM 100 B/s; the empty kernel 0.5 s at 1 work-item, 1 s at 10,000.
RoofsDocument roofs() {
  RoofsDocument d;
  Ceiling mad = compute_roof(DataType::float32, 1000);
  for (auto [items, rate] : {std::pair{100.0, 100.0}, {500.0, 500.0}, {1000.0, 1000.0}, {4000.0, 1000.0}})
    mad.sweep_wg_count.push_back({{std::uint64_t(items), 100}, at(rate), std::nullopt});
  d.ceilings = {mad, memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::dram), 100)};
  d.launch_overhead = LaunchOverhead{{{1, at(0.5)}, {10000, at(1.0)}}, {}};
  return d;
}

KernelWork flops_at(double flops, double items) {
  KernelWork w;
  w.flops = flops;
  w.flops_by_type = {{DataType::float32, flops}};
  w.bytes_by_space = {{AddressSpace::global, {100, 0}}};  // 1 s at DRAM
  w.work_items = items;
  return w;
}

const PredictionTerm* term(const Prediction& p, PredictionTermKind kind) {
  for (const PredictionTerm& t : p.terms)
    if (t.kind == kind) return &t;
  return nullptr;
}
}  // namespace

TEST_CASE("below the sweep's saturation the operations go at the rate the launch's work-items reached, Little's law below its first point") {
  const RoofsDocument document = roofs();
  const Ceiling& mad = document.ceilings.front();
  CHECK(compute_rate_at(mad, 50)->rate == doctest::Approx(50));     // half the first point's work-items: half its rate
  CHECK(compute_rate_at(mad, 300)->rate == doctest::Approx(300));   // between 100 and 500
  CHECK(compute_rate_at(mad, 8000)->rate == doctest::Approx(1000)); // beyond the sweep: the roof
  CHECK(compute_rate_at(mad, 300)->saturation_items == doctest::Approx(1000));

  // 10,000 FLOPs at 100 work-items: 10 s at the roof, 100 s at 100 FLOP/s: occupancy-bound, plus the launch.
  const auto p = predict_time(flops_at(10000, 100), roofs());
  REQUIRE(p);
  const PredictionTerm* occupancy = term(*p, PredictionTermKind::occupancy);
  REQUIRE(occupancy);
  CHECK(occupancy->seconds == doctest::Approx(100));
  CHECK(occupancy->roof == "float MAD at 100 work-items (90% of the roof from 1000)");
  CHECK(p->limit.kind == PredictionTermKind::occupancy);
  const PredictionTerm* launch = term(*p, PredictionTermKind::launch);
  REQUIRE(launch);
  CHECK(launch->seconds == doctest::Approx(0.5 + 0.5 * 99 / 9999));
  CHECK(p->seconds == doctest::Approx(100 + launch->seconds));  // the launch adds to the largest term

  // A launch that fills the device has no occupancy term; the launch still adds.
  const auto full = predict_time(flops_at(10000, 4000), roofs());
  REQUIRE(full);
  CHECK_FALSE(term(*full, PredictionTermKind::occupancy));
  CHECK(full->limit.kind == PredictionTermKind::compute);
  CHECK(full->seconds == doctest::Approx(10 + term(*full, PredictionTermKind::launch)->seconds));
  CHECK(term_limit_finding(*p)->text.find("occupancy-bound") == 0);
  CHECK(term_limit_finding(*p)->code == FindingCode::low_parallelism);
  CHECK_FALSE(term_limit_finding(*full));
}

TEST_CASE("without work-items or measurements the terms are absent, not invented") {
  KernelWork w = flops_at(10000, 100);
  w.work_items.reset();
  const auto p = predict_time(w, roofs());
  REQUIRE(p);
  CHECK_FALSE(term(*p, PredictionTermKind::occupancy));
  CHECK_FALSE(term(*p, PredictionTermKind::launch));
  CHECK(p->seconds == doctest::Approx(10));
  RoofsDocument bare = roofs();
  bare.ceilings.front().sweep_wg_count.clear();
  bare.launch_overhead.reset();
  CHECK(predict_time(flops_at(10000, 100), bare)->seconds == doctest::Approx(10));
}

TEST_CASE("a tiny launch is launch-bound") {
  const auto p = predict_time(flops_at(1, 1000), roofs());  // 1 s of DRAM, 0.55 s of launch
  REQUIRE(p);
  CHECK(p->limit.kind == PredictionTermKind::global);
  CHECK(p->seconds == doctest::Approx(1 + term(*p, PredictionTermKind::launch)->seconds));
  KernelWork none = flops_at(1, 1000);  // 1 ms of compute, no bytes
  none.bytes_by_space.clear();
  const auto tiny = predict_time(none, roofs());
  REQUIRE(tiny);
  CHECK(tiny->limit.kind == PredictionTermKind::launch);
  CHECK(term_limit_finding(*tiny)->text.find("launch-bound") == 0);
  CHECK(term_limit_finding(*tiny)->code == FindingCode::launch_overhead);
}

TEST_CASE("atomic sites go at the rate measured for their contention; dependent loads at the latency of the level holding the footprint") {
  RoofsDocument d = roofs();
  d.suite[SuiteBenchmark::atomic_contention] = roofline::testing::suite_contention();  // global: 3e11 to 4 per address, then halving
  d.memory = MemoryCurves{};
  d.memory->levels = {{MemoryLevel::cache("L1"), 1e3, 1000, 10.0, 0, 0}, {MemoryLevel::of_kind(LevelKind::dram), std::nullopt, 100, 100.0, 0, 0}};
  AccessAnalysis a;
  a.items = 64;
  a.scale = 10;
  a.target.compute_units = 2;
  a.target.resident_groups = 1;
  a.sample.group_size = 16;  // 32 resident work-items
  SiteAnalysis hist;
  hist.site.atomic = true;
  hist.steps = 100, hist.accesses = 1000, hist.serialized = 1600;  // 16 work-items per address per step
  SiteAnalysis chase;
  chase.site.chained = true;
  chase.steps = 10, chase.accesses = 640;  // 10 links per work-item
  a.sites = {hist, chase};

  const auto atomic = atomic_term(a, d);
  REQUIRE(atomic);
  CHECK(atomic->amount == doctest::Approx(10000));          // the sample's 1,000 x 10
  CHECK(atomic->rate == doctest::Approx(3e11 / 4));         // 16 per address: a quarter of the rate to 4
  CHECK(atomic->roof == "global atomics at 16.0 work-items per address");

  // 64 work-items in 32 slots: 2 waves of 10 links; a 1 kB footprint stays in L1 (10 ns), a larger one goes to DRAM (100 ns).
  CHECK(latency_term(a, d, 64, 500.0)->seconds == doctest::Approx(10 * 10e-9 * 2));
  CHECK(latency_term(a, d, 64, 1e6)->seconds == doctest::Approx(10 * 100e-9 * 2));
  a.sites = {hist};
  CHECK_FALSE(latency_term(a, d, 64, 1e6));
  d.suite.clear();
  CHECK_FALSE(atomic_term(a, d));
}

TEST_CASE("a work-item's longest dependent chain costs the faster of the measured add and MAD latencies per link") {
  RoofsDocument document = roofs();
  // Links at 1,000 work-items: the occupancy term's 10 FLOPs take 0.01 s.
  const KernelWork work = flops_at(10, 1000);
  const DependentChains chains{500, 500 * 1000};  // 1,000 work-items of 500 links each
  CHECK_FALSE(chain_term(chains, work.flops_by_type, 1000, document));  // nothing measured: no term
  document.latencies = {{Op::add, DataType::float32, at(0.03)}, {Op::mad, DataType::float32, at(0.02)},
                        {Op::mad, DataType::float64, at(0.001)}};  // a double latency the kernel has no FLOPs in
  const auto chain = chain_term(chains, work.flops_by_type, 1000, document);
  REQUIRE(chain);
  CHECK(chain->seconds == doctest::Approx(500 * 0.02));
  CHECK_FALSE(chain->level);  // not a chain of loads
  // The MAD roof's MADs per second times a link's latency: 500 x 0.02 = 10 work-items.
  CHECK(chain->roof.find("needs about 10 work-items of one chain each") != std::string::npos);
  CHECK_FALSE(chain_term({0, 0}, work.flops_by_type, 1000, document));

  // Through the prediction: the chain bounds the kernel (10 s against DRAM's 1 s).
  KernelWork chained = work;
  chained.chains = chains;
  const auto p = predict_time(chained, document);
  REQUIRE(p);
  CHECK(p->limit.kind == PredictionTermKind::latency);
  CHECK(p->seconds >= 10);
  const auto unchained = predict_time(work, document);
  REQUIRE(unchained);
  CHECK(unchained->seconds < 5);
}

TEST_CASE("the chains of every work-item together run no faster than the device ran chains side by side") {
  RoofsDocument document = roofs();
  const KernelWork work = flops_at(10, 1000);
  document.latencies = {{Op::add, DataType::float32, at(0.02), ChainRate{4096, 64, at(2000)}},
                        {Op::mad, DataType::float32, at(0.03), ChainRate{4096, 64, at(1000)}}};
  // 1,000 work-items of 500 links: 500,000 links at the add's 2,000 a second
  // (250 s) bound above the longest chain's 500 x 0.02 = 10 s; the MAD's
  // floor (500 s) is the larger, so the add's is taken.
  const auto wide = chain_term({500, 500000}, work.flops_by_type, 1000, document);
  REQUIRE(wide);
  CHECK(wide->seconds == doctest::Approx(250));
  CHECK(wide->rate == doctest::Approx(2000));
  CHECK(wide->roof.find("500000 links over 1000 work-items (up to 500 each)") != std::string::npos);
  // Uneven chains: one of 500 links, the rest short (600 in all): the longest chain's latency bounds it.
  const auto uneven = chain_term({500, 600}, work.flops_by_type, 1000, document);
  REQUIRE(uneven);
  CHECK(uneven->seconds == doctest::Approx(500 * 0.02));
  CHECK(uneven->roof.find("chain of 500 links") != std::string::npos);
  // On a CPU whose best float roof is 8 wide, the vectoriser may pack 8 work-items' chains into
  // one register: 8 x 2,000 links a second, 31.25 s, above the longest chain's 10 s.
  RoofsDocument cpu = document;
  cpu.device.type = DeviceType::cpu;
  cpu.ceilings.front().width = 8;
  const auto packed = chain_term({500, 500000}, work.flops_by_type, 1000, cpu);
  REQUIRE(packed);
  CHECK(packed->seconds == doctest::Approx(500000.0 / 16000));
  CHECK(packed->roof.find("times 8 work-items a register") != std::string::npos);
  // A file without the rate (written before it was measured): the longest chain alone.
  document.latencies = {{Op::add, DataType::float32, at(0.02), std::nullopt}};
  CHECK(chain_term({500, 500000}, work.flops_by_type, 1000, document)->seconds == doctest::Approx(10));
}
