// Levels held against the sizes the OS or the architecture gives (issue 28,
// item 4): curves measured by `roofline build`, kept as data in
// tests/unit/data/levels/ (each file says where it was measured).
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/levels.hpp"
#include "model/roofs.hpp"

using namespace roofline;

namespace {
struct MeasuredCurves {
  MemoryCurves curves;
  std::vector<double> known;  // each level's bytes x instances, as the build's hints give them
};

MeasuredCurves measured(const std::string& name) {
  std::ifstream in(std::string(ROOFLINE_SOURCE_DIR) + "/tests/unit/data/levels/" + name);
  REQUIRE(in);
  const nlohmann::json j = nlohmann::json::parse(in);
  MeasuredCurves m;
  m.curves = j.get<MemoryCurves>();
  if (j.contains("host_cache_bytes"))
    for (std::size_t k = 0; k < j["host_cache_bytes"].size(); ++k)
      m.known.push_back(j["host_cache_bytes"][k].get<double>() * j["host_cache_instances"][k].get<double>());
  return m;
}

LevelHints sysfs_hints(const std::vector<double>& known) {
  LevelHints h;
  h.known_bytes = known;
  h.cache_bytes = known;
  h.cache_levels = known.size();
  h.exact_count = true;
  h.known_source = "sysfs";
  return h;
}

std::vector<std::string> names(const std::vector<DetectedLevel>& levels) {
  std::vector<std::string> n;
  for (const DetectedLevel& l : levels) n.push_back(l.level.name);
  return n;
}

bool mentions(const std::vector<std::string>& notes, const std::string& text) {
  return std::any_of(notes.begin(), notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}
}  // namespace

TEST_CASE("a CPU's levels are the caches sysfs reports: a busy run's extra cliff is no 'L3 far'") {
  const MeasuredCurves busy = measured("pocl-2core-vm-busy.json");
  // The curves alone, as the build found them then: a fourth cache level on a CPU with three.
  CHECK(detect_levels(busy.curves.bandwidth, busy.curves.latency, {}).size() == 5);

  const LevelDetection d = detect_hierarchy(busy.curves.bandwidth, busy.curves.latency, sysfs_hints(busy.known));
  CHECK(names(d.levels) == std::vector<std::string>{"L1", "L2", "L3", "DRAM"});
  for (std::size_t k = 0; k < 3; ++k) {
    CAPTURE(k);
    REQUIRE(d.levels[k].capacity_bytes);
    REQUIRE(d.levels[k].reported_bytes);
    CHECK(*d.levels[k].reported_bytes == doctest::Approx(busy.known[k]));
    // Never above 1.5x the size the OS gives, never below a quarter of it.
    CHECK(*d.levels[k].capacity_bytes <= 1.5 * busy.known[k]);
    CHECK(*d.levels[k].capacity_bytes >= busy.known[k] / 4);
    CHECK(d.levels[k].bandwidth > 0);
  }
  CHECK_FALSE(d.levels.back().capacity_bytes);
  // Each level reads faster than DRAM, and the cliffs that match no cache are said.
  for (std::size_t k = 0; k < 3; ++k) CHECK(d.levels[k].bandwidth > d.levels[3].bandwidth);
  CHECK(mentions(d.notes, "lies near no cache the host has"));
}

TEST_CASE("a quiet run's cliffs confirm every cache sysfs reports") {
  const MeasuredCurves quiet = measured("pocl-2core-vm-quiet.json");
  const LevelDetection d = detect_hierarchy(quiet.curves.bandwidth, quiet.curves.latency, sysfs_hints(quiet.known));
  REQUIRE(names(d.levels) == std::vector<std::string>{"L1", "L2", "L3", "DRAM"});
  for (std::size_t k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(d.levels[k].evidence == LevelEvidence::confirmed);
  }
  // The capacities the curves alone gave (36.5 KiB, 1.19 MB, 9.55 MB) stand: the
  // VM's share of the shared 32 MiB L3 ends near 9.5 MB.
  CHECK(*d.levels[0].capacity_bytes == doctest::Approx(36540).epsilon(0.05));
  CHECK(*d.levels[1].capacity_bytes == doctest::Approx(1194000).epsilon(0.05));
  CHECK(*d.levels[2].capacity_bytes == doctest::Approx(9553000).epsilon(0.05));
  // Two more cliffs inside the L2 and the L3 (304 KiB, a TLB's reach; 3.36 MiB) are said and are no levels.
  CHECK(d.notes.size() == 2);
  CHECK(mentions(d.notes, "cliff at 304 KiB lies near no cache the host has"));
  CHECK(mentions(d.notes, "cliff at 3.36 MiB lies near no cache the host has"));
}

TEST_CASE("a busy and a quiet run of one VM give the same levels, named the same") {
  const MeasuredCurves busy = measured("pocl-2core-vm-busy.json"), quiet = measured("pocl-2core-vm-quiet.json");
  const auto b = detect_hierarchy(busy.curves.bandwidth, busy.curves.latency, sysfs_hints(busy.known)).levels;
  const auto q = detect_hierarchy(quiet.curves.bandwidth, quiet.curves.latency, sysfs_hints(quiet.known)).levels;
  CHECK(names(b) == names(q));
}

TEST_CASE("a cache the curves show no cliff for keeps the size sysfs gives, timed on the curve there") {
  // Two steps (64 KiB, 8 MiB) where sysfs knows three caches (64 KiB, 1 MiB, 8 MiB).
  std::vector<CurvePoint> bw;
  for (double bytes = 4096; bytes <= 256.0 * (1 << 20); bytes *= std::sqrt(2.0)) {
    CurvePoint p;
    p.bytes = bytes;
    p.stats.median = bytes <= 65536 ? 300e9 : bytes <= 8.0 * (1 << 20) ? 150e9 : 30e9;
    bw.push_back(p);
  }
  const LevelDetection d = detect_hierarchy(bw, {}, sysfs_hints({65536, 1 << 20, 8 << 20}));
  REQUIRE(names(d.levels) == std::vector<std::string>{"L1", "L2", "L3", "DRAM"});
  CHECK(d.levels[0].evidence == LevelEvidence::confirmed);
  CHECK(d.levels[1].evidence == LevelEvidence::reported);
  CHECK(*d.levels[1].capacity_bytes == doctest::Approx(1 << 20));
  CHECK(d.levels[1].bandwidth == doctest::Approx(150e9));
  CHECK(d.levels[2].evidence == LevelEvidence::confirmed);
  CHECK(d.levels[3].bandwidth == doctest::Approx(30e9));
  CHECK(mentions(d.notes, "L2 shows no cliff on the curves"));
}

TEST_CASE("a GPU's levels are held against its architecture's sizes: within 2x confirmed, else flagged") {
  const MeasuredCurves h200 = measured("nvidia-h200.json");
  LevelHints hints;
  hints.cache_levels = 2;
  hints.known_source = "NVIDIA CC 9.0";
  hints.known_bytes = {256.0 * 1024, 50.0 * 1024 * 1024};  // the Hopper tuning guide's L1 per SM and the H200's L2
  const LevelDetection ok = detect_hierarchy(h200.curves.bandwidth, h200.curves.latency, hints);
  REQUIRE(ok.levels.size() >= 3);
  CHECK(ok.levels[0].evidence == LevelEvidence::confirmed);
  CHECK(ok.levels[1].evidence == LevelEvidence::confirmed);
  CHECK(ok.notes.empty());

  hints.known_bytes = {64.0 * 1024, 50.0 * 1024 * 1024};  // a table with a wrong L1
  const LevelDetection flagged = detect_hierarchy(h200.curves.bandwidth, h200.curves.latency, hints);
  CHECK(flagged.levels[0].evidence == LevelEvidence::disagrees);
  CHECK(flagged.levels[1].evidence == LevelEvidence::confirmed);
  CHECK(mentions(flagged.notes, "L1 ends at"));
  // Capacities are the curves' either way: the table only judges them.
  CHECK(*flagged.levels[0].capacity_bytes == doctest::Approx(*ok.levels[0].capacity_bytes));
}

TEST_CASE("a noisy run is told by the spread of its bandwidth curve's points, or by what other processes took") {
  CHECK(noisy_curves(measured("pocl-2core-vm-busy.json").curves));
  CHECK_FALSE(noisy_curves(measured("pocl-2core-vm-quiet.json").curves));
  CHECK_FALSE(noisy_curves(measured("nvidia-h200.json").curves));
  RoofsDocument doc;
  CHECK_FALSE(noisy_run(doc));
  MemoryCurves kept;
  kept.point_spread = 0.05;  // a file's own figure wins over its points
  doc.memory = kept;
  CHECK(noisy_run(doc));
  CHECK(noisy_run_note(doc).find("vary by a median 5.0%") != std::string::npos);
  kept.point_spread = 0.02;  // steady points...
  doc.memory = kept;
  CHECK_FALSE(noisy_run(doc));
  doc.others_cpu_share = 0.55;  // ... while others took over half the CPUs
  CHECK(noisy_run(doc));
  CHECK(noisy_run_note(doc) ==
        "noisy run: other processes took 55% of the host's CPU time while it measured (noisy above 25%): its levels "
        "and roofs may read low; build again on a quiet machine");
}
