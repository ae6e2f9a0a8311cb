// Memory roofs a user can trust: a nearer level's roof more than 5% below a
// farther level's roof of the same access mix is flagged, said in a note and
// never used to bound a kernel; memory roofs get their theory where the
// device tells enough; a roof is the best of rounds spread over time.
#include <doctest/doctest.h>

#include <string>

#include "device/theory.hpp"
#include "measurement/sampler.hpp"
#include "model/level_consistency.hpp"
#include "analysis/placement_bound.hpp"
#include "roof_fixtures.hpp"

using namespace roofline;
using roofline::test::memory_roof;

namespace {


// An H200-like hierarchy whose L1 store and copy roofs were measured with every
// work-group storing to the same lines (the old defect): below L2's and DRAM's.
RoofsDocument inverted_l1_store() {
  RoofsDocument d;
  Ceiling mad;
  mad.op = Op::mad;
  mad.value = 66e12;
  d.ceilings = {mad,
                memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::dram), 4.6e12),
                memory_roof(Op::copy, MemoryLevel::of_kind(LevelKind::dram), 4.0e12),
                memory_roof(Op::read, MemoryLevel::cache("L1"), 31e12, 230e3),
                memory_roof(Op::store, MemoryLevel::cache("L1"), 1.8e12, 230e3),
                memory_roof(Op::copy, MemoryLevel::cache("L1"), 2.6e12, 230e3),
                memory_roof(Op::read, MemoryLevel::cache("L2"), 9.2e12, 28e6),
                memory_roof(Op::store, MemoryLevel::cache("L2"), 4.7e12, 28e6),
                memory_roof(Op::copy, MemoryLevel::cache("L2"), 8.5e12, 28e6),
                memory_roof(Op::store, MemoryLevel::cache("L2 far"), 4.8e12, 54e6),
                memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::local), 1e12)};
  return d;
}

const Ceiling& find(const RoofsDocument& d, Op op, const std::string& level) {
  for (const Ceiling& c : d.ceilings)
    if (c.op == op && c.at(level)) return c;
  throw std::logic_error("no such roof");
}

}  // namespace

TEST_CASE("a nearer level's roof below a farther level's of the same op is flagged") {
  RoofsDocument d = inverted_l1_store();
  const auto notes = flag_inconsistent_levels(d);
  CHECK(find(d, Op::store, "L1").below_farther_level == "L2 far");  // the fastest farther store roof
  CHECK(find(d, Op::copy, "L1").below_farther_level == "L2");
  CHECK(find(d, Op::read, "L1").below_farther_level.empty());
  CHECK(find(d, Op::store, "L2").below_farther_level.empty());  // 2% under L2 far's: noise, not flagged
  CHECK(find(d, Op::read, "local").below_farther_level.empty());  // local memory is outside the hierarchy
  REQUIRE(notes.size() == 2);
  const std::string& copy_note = notes[0].find("L1 copy") != std::string::npos ? notes[0] : notes[1];
  INFO(copy_note);
  CHECK(copy_note.rfind("L1 copy 2.60 TB/s is 69% below the L2 copy 8.50 TB/s roof", 0) == 0);
  // Flags are set again from the roofs each time: a repaired roof loses its flag.
  d.ceilings[4].value = 5e12;
  flag_inconsistent_levels(d);
  CHECK(find(d, Op::store, "L1").below_farther_level.empty());
}

TEST_CASE("DRAM is the farthest level, and a cache below it is flagged") {
  RoofsDocument d;
  d.ceilings = {memory_roof(Op::copy, MemoryLevel::of_kind(LevelKind::dram), 4e12),
                memory_roof(Op::copy, MemoryLevel::cache("L1"), 2.6e12, 230e3)};
  flag_inconsistent_levels(d);
  CHECK(d.ceilings[1].below_farther_level == "DRAM");
  CHECK(d.ceilings[0].below_farther_level.empty());
}

TEST_CASE("place never bounds a kernel by a flagged roof, and says so") {
  RoofsDocument d = inverted_l1_store();
  flag_levels(d);
  Placement triad;  // a STREAM triad at 97% of the flagged L1 copy roof
  triad.kernel = "triad";
  triad.flops = 2e9;
  triad.bytes = 24e9;
  triad.flops_by_type = {{DataType::float32, 2e9}};
  triad.bytes_by_space = {{AddressSpace::global, {16e9, 8e9}}};
  triad.seconds = 24e9 / (0.97 * 2.6e12);
  const std::string note = place_on_roofs(triad, d);
  INFO(note);
  CHECK(triad.attained.roof != "L1 copy");
  CHECK(triad.attained.level != MemoryLevel::cache("L1"));
  CHECK(note.find("the L1 copy roof, which is below the L2 copy roof and flagged, would bound it") != std::string::npos);
  for (const Ceiling* c : memory_roofs_for_mix(d, 1.0 / 3)) CHECK(c->below_farther_level.empty());
}

TEST_CASE("memory theory: DRAM from the memory clock and bus width, L1 and local memory from bytes per clock") {
  DeviceIdentity h200;
  h200.memory_clock_mhz = 3201;
  h200.memory_bus_width_bits = 6144;
  REQUIRE(dram_peak(h200));
  CHECK(*dram_peak(h200) == doctest::Approx(3201e6 * 2 * 6144 / 8));  // 4.92 TB/s
  CHECK_FALSE(dram_peak(DeviceIdentity{}));  // unknown: no theory, never a guess
  const PeakModel sm90 = nvidia_peak_model(9, 0, 132);
  CHECK(sm90.write_through_first_level);
  const Ceiling l1 = memory_roof(Op::read, MemoryLevel::cache("L1"), 31e12);
  REQUIRE(memory_peak(sm90, h200, l1, true, 1980));
  CHECK(*memory_peak(sm90, h200, l1, true, 1980) == doctest::Approx(128.0 * 132 * 1980e6));  // 33.5 TB/s
  CHECK(*memory_peak(sm90, h200, memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::local), 1), false, 1980) ==
        doctest::Approx(128.0 * 132 * 1980e6));
  CHECK(*memory_peak(sm90, h200, memory_roof(Op::store, MemoryLevel::of_kind(LevelKind::dram), 1), false, 1980) ==
        doctest::Approx(*dram_peak(h200)));
  CHECK_FALSE(memory_peak(sm90, h200, memory_roof(Op::store, MemoryLevel::cache("L1"), 1), true, 1980));
  CHECK_FALSE(memory_peak(sm90, h200, memory_roof(Op::read, MemoryLevel::cache("L2"), 1), false, 1980));
  CHECK_FALSE(memory_peak(nvidia_peak_model(7, 5, 40), h200, l1, true, 1500));  // Turing: not in the table
  // A Zen 4 core loads 2 x 32 bytes per clock.
  const PeakModel zen4 = cpu_peak_model("AuthenticAMD", 0x19, 0x11, "avx512f", 2);
  CHECK(*memory_peak(zen4, DeviceIdentity{}, l1, true, 3673) == doctest::Approx(64.0 * 2 * 3673e6));
  CHECK_FALSE(zen4.write_through_first_level);
  CHECK_FALSE(memory_peak(zen4, DeviceIdentity{}, memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::local), 1), false, 3673));
}

TEST_CASE("best of rounds keeps each task's best round, the rounds taking turns") {
  std::vector<std::string> order;
  int a = 0, b = 0;
  const std::vector<std::function<Stats()>> tasks = {
      [&] {
        order.push_back("a");
        Stats s;
        s.median = ++a == 2 ? 10 : 1;  // its second round is undisturbed
        return s;
      },
      [&] {
        order.push_back("b");
        Stats s;
        s.median = 5 - ++b;
        return s;
      }};
  const std::vector<Stats> best = best_of_rounds(tasks, 3);
  CHECK(order == std::vector<std::string>{"a", "b", "a", "b", "a", "b"});
  CHECK(best[0].median == 10);
  CHECK(best[1].median == 4);
  SamplingPolicy p;
  p.budget_s = 0.6;
  p.min_samples = 5;
  p.max_samples = 60;
  CHECK(per_round(p, {3, 0}).budget_s == doctest::Approx(0.2));
  CHECK(per_round(p, {3, 0}).min_samples == 5);
  CHECK(per_round(p, {1, 0}).budget_s == doctest::Approx(0.6));
  const SamplingPolicy short_rounds = per_round(p, {15, 3});
  CHECK(short_rounds.budget_s == doctest::Approx(0.04));
  CHECK(short_rounds.min_samples == 3);
  CHECK(short_rounds.max_samples == 60);
  // A round of 15-18 ms samples stops at three: the 40 ms budget is spent.
  int calls = 0;
  const std::vector<double> taken = sample([&] { return ++calls % 2 ? 0.015 : 0.018; }, short_rounds);
  CHECK(taken.size() == 3);
}

TEST_CASE("a committed roofs file with the old L1 store defect reads with its flags") {
  const RoofsDocument d = load_roofs(std::string(ROOFLINE_SOURCE_DIR) + "/roofs/nvidia-h200-20261122.json");
  const Ceiling& store = find(d, Op::store, "L1");
  CHECK(store.below_farther_level == "L2");
  CHECK(find(d, Op::copy, "L1").below_farther_level == "L2");
  CHECK(find(d, Op::read, "L1").below_farther_level.empty());
  bool noted = false;
  for (const std::string& n : d.notes) noted |= n.rfind("L1 store", 0) == 0 && n.find("flagged") != std::string::npos;
  CHECK(noted);
}
