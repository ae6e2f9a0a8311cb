#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include "analysis/levels.hpp"

using namespace roofline;

namespace {

constexpr double KiB = 1024.0, MiB = 1024.0 * KiB, GiB = 1024.0 * MiB;

// A synthetic hierarchy: cache k holds capacity[k] bytes; a working set ws is
// served by cache k for the fraction min(1, C_k/ws) - min(1, C_{k-1}/ws) of its
// loads, the rest by the last level (so a cache's share falls as C/ws once the
// working set exceeds it: gradual cliffs, as on real hardware). Bandwidth is the
// harmonic blend of the levels' rates, latency the linear one.
struct Hierarchy {
  std::vector<double> capacity;   // caches, smallest first
  std::vector<double> bandwidth;  // one more than capacity: the last is memory's
  std::vector<double> latency;    // same size as bandwidth, or empty

  std::vector<double> shares(double ws) const {
    std::vector<double> f;
    double below = 0;
    for (double c : capacity) {
      const double h = std::min(1.0, c / ws);
      f.push_back(h - below);
      below = h;
    }
    f.push_back(1 - below);
    return f;
  }
  double bw(double ws) const {
    const auto f = shares(ws);
    double t = 0;
    for (std::size_t k = 0; k < f.size(); ++k) t += f[k] / bandwidth[k];
    return 1 / t;
  }
  double lat(double ws) const {
    const auto f = shares(ws);
    double t = 0;
    for (std::size_t k = 0; k < f.size(); ++k) t += f[k] * latency[k];
    return t;
  }
};

// Deterministic on every standard library: mt19937's output is specified,
// std::normal_distribution's is not, so Box-Muller is done here.
struct Noise {
  std::mt19937 rng;
  explicit Noise(std::uint32_t seed) : rng(seed) {}
  double uniform() { return (double(rng()) + 0.5) / 4294967296.0; }
  double gauss() { return std::sqrt(-2 * std::log(uniform())) * std::cos(2 * M_PI * uniform()); }
};

CurvePoint point(double bytes, double value) {
  CurvePoint p;
  p.bytes = bytes;
  p.stats.median = value;
  p.stats.samples = 1;
  return p;
}

// Points from `from` to `to` bytes, `per_doubling` per doubling, value
// f(ws) * (1 + noise * N(0,1)); the points at the indices in `outliers` are 30% low.
template <typename F>
std::vector<CurvePoint> sweep(double from, double to, int per_doubling, F f, double noise, std::uint32_t seed,
                              std::vector<int> outliers = {}) {
  Noise n(seed);
  std::vector<CurvePoint> c;
  const int count = int(std::lround(std::log2(to / from) * per_doubling)) + 1;
  for (int i = 0; i < count; ++i) {
    const double ws = from * std::exp2(double(i) / per_doubling);
    double v = f(ws) * (1 + noise * n.gauss());
    for (int o : outliers)
      if (o == i) v *= 0.7;
    c.push_back(point(ws, v));
  }
  return c;
}

const Hierarchy kCpu{{32 * KiB, 512 * KiB, 32 * MiB}, {400e9, 150e9, 60e9, 20e9}, {1, 4, 15, 80}};
const Hierarchy kGpu{{200 * KiB, 50 * MiB}, {30e12, 10e12, 4e12}, {30, 140, 350}};

std::vector<CurvePoint> cpu_bandwidth(std::uint32_t seed, double to = GiB) {
  // Outliers in the L1 plateau, the L3 plateau and in the L2 -> L3 transition.
  return sweep(KiB, to, 8, [](double ws) { return kCpu.bw(ws); }, 0.03, seed, {20, 120, 88});
}

// A file in the temporary directory, removed when the test is done with it.
struct TempFile {
  std::string path;
  TempFile(const std::string& name, const std::string& text)
      : path((std::filesystem::temp_directory_path() / ("roofline_test_levels_" + name)).string()) {
    std::ofstream(path) << text;
  }
  ~TempFile() { std::remove(path.c_str()); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
};

std::string error_of(const std::string& path, const std::vector<CurvePoint>& bw) {
  try {
    levels_from_override(path, bw, {});
  } catch (const std::runtime_error& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("levels: CPU-like bandwidth curve with gradual cliffs, noise and outliers") {
  const auto levels = detect_levels(cpu_bandwidth(7), {}, {});
  REQUIRE(levels.size() == 4);
  const MemoryLevel names[] = {MemoryLevel::cache("L1"), MemoryLevel::cache("L2"), MemoryLevel::cache("L3"),
                              MemoryLevel::of_kind(LevelKind::dram)};
  const double caps[] = {32 * KiB, 512 * KiB, 32 * MiB};
  for (std::size_t k = 0; k < 4; ++k) {
    CAPTURE(k);
    CHECK(levels[k].level == names[k]);
    CHECK(levels[k].bandwidth == doctest::Approx(kCpu.bandwidth[k]).epsilon(0.10));
    CHECK(!levels[k].latency_ns);
    CHECK(levels[k].first_bytes <= levels[k].last_bytes);
    if (k > 0) CHECK(levels[k].first_bytes > levels[k - 1].last_bytes);
    if (k < 3) {
      REQUIRE(levels[k].capacity_bytes);
      CHECK(*levels[k].capacity_bytes > caps[k] / 1.5);
      CHECK(*levels[k].capacity_bytes < caps[k] * 1.5);
      CHECK(levels[k].last_bytes <= *levels[k].capacity_bytes);
    }
  }
  CHECK(!levels[3].capacity_bytes);
  CHECK(levels.front().first_bytes == KiB);
  CHECK(levels.back().last_bytes == GiB);
}

TEST_CASE("levels: the CPU-like curve is found the same way whatever the noise draw") {
  for (std::uint32_t seed = 1; seed <= 25; ++seed) {
    CAPTURE(seed);
    const auto levels = detect_levels(cpu_bandwidth(seed), {}, {});
    REQUIRE(levels.size() == 4);
    const double caps[] = {32 * KiB, 512 * KiB, 32 * MiB};
    for (std::size_t k = 0; k < 3; ++k) {
      REQUIRE(levels[k].capacity_bytes);
      CHECK(std::fabs(std::log2(*levels[k].capacity_bytes / caps[k])) < std::log2(1.5));
    }
    CHECK(levels[3].level == MemoryLevel::of_kind(LevelKind::dram));
  }
}

TEST_CASE("levels: GPU-like curves, bandwidth and latency, 4 points per doubling") {
  const auto bw = sweep(4 * KiB, 4 * GiB, 4, [](double ws) { return kGpu.bw(ws); }, 0.03, 11, {9, 50});
  const auto lat = sweep(4 * KiB, 4 * GiB, 4, [](double ws) { return kGpu.lat(ws); }, 0.02, 12);
  const auto levels = detect_levels(bw, lat, LevelHints{{50 * MiB}});
  REQUIRE(levels.size() == 3);
  CHECK(levels[0].level == MemoryLevel::cache("L1"));
  CHECK(levels[1].level == MemoryLevel::cache("L2"));  // the single reported size matches only one level: plain order
  CHECK(levels[2].level == MemoryLevel::of_kind(LevelKind::dram));
  REQUIRE(levels[0].capacity_bytes);
  REQUIRE(levels[1].capacity_bytes);
  CHECK(*levels[0].capacity_bytes == doctest::Approx(200 * KiB).epsilon(0.3));
  CHECK(*levels[1].capacity_bytes == doctest::Approx(50 * MiB).epsilon(0.3));
  CHECK(!levels[2].capacity_bytes);
  const double lats[] = {30, 140, 350};
  for (std::size_t k = 0; k < 3; ++k) {
    CAPTURE(k);
    CHECK(levels[k].bandwidth == doctest::Approx(kGpu.bandwidth[k]).epsilon(0.10));
    REQUIRE(levels[k].latency_ns);
    CHECK(*levels[k].latency_ns == doctest::Approx(lats[k]).epsilon(0.10));
  }
}

TEST_CASE("levels: sharp cliffs are placed between two sampled points, outliers ignored") {
  // Caches that serve everything up to their size and nothing beyond (LRU
  // with a streaming sweep): the cliff lies between two neighbouring points.
  auto sharp = [](double ws) { return ws <= 64 * KiB ? 400e9 : ws <= 8 * MiB ? 150e9 : 50e9; };
  auto bw = sweep(KiB, 256 * MiB, 4, sharp, 0.0, 1);
  // 30% low: the first point past the L1 cliff, one inside L2, the last point.
  for (double at : {64 * KiB * std::exp2(0.25), 1 * MiB, 256 * MiB})
    for (auto& p : bw)
      if (std::fabs(p.bytes / at - 1) < 1e-9) p.stats.median *= 0.7;
  const auto levels = detect_levels(bw, {}, {});
  REQUIRE(levels.size() == 3);
  REQUIRE(levels[0].capacity_bytes);
  REQUIRE(levels[1].capacity_bytes);
  CHECK(*levels[0].capacity_bytes == doctest::Approx(64 * KiB * std::exp2(0.125)));
  CHECK(*levels[1].capacity_bytes == doctest::Approx(8 * MiB * std::exp2(0.125)));
  CHECK(levels[0].last_bytes == doctest::Approx(64 * KiB));
  CHECK(levels[1].first_bytes == doctest::Approx(64 * KiB * std::exp2(0.25)));
  CHECK(levels[1].last_bytes == doctest::Approx(8 * MiB));
  CHECK(levels[2].first_bytes == doctest::Approx(8 * MiB * std::exp2(0.25)));
  CHECK(levels[2].last_bytes == 256 * MiB);
  CHECK(levels[0].bandwidth == 400e9);
  CHECK(levels[1].bandwidth == 150e9);
  CHECK(levels[2].bandwidth == 50e9);
}

TEST_CASE("levels: a small gradual cliff is placed at its onset, not where it is 15% down") {
  // 100 -> 75 GB/s past 64 KiB, blending slowly: the first points past the
  // cliff are within the merge tolerance of the plateau.
  const Hierarchy weak{{64 * KiB, 4 * MiB}, {100e9, 75e9, 30e9}, {}};
  for (std::uint32_t seed = 1; seed <= 5; ++seed) {
    CAPTURE(seed);
    const auto bw = sweep(KiB, GiB, 4, [&](double ws) { return weak.bw(ws); }, 0.01, seed);
    const auto levels = detect_levels(bw, {}, {});
    REQUIRE(levels.size() == 3);
    REQUIRE(levels[0].capacity_bytes);
    CHECK(*levels[0].capacity_bytes > 64 * KiB / 1.25);
    CHECK(*levels[0].capacity_bytes < 64 * KiB * 1.25);
    CHECK(levels[1].bandwidth == doctest::Approx(75e9).epsilon(0.05));
  }
}

namespace {

// Two runs of this project's memory benchmark on PoCL on a 2-core AMD EPYC
// (Zen 3) virtual machine: bandwidth at 2 points per doubling, with a dip
// after the first cliff; pointer-chase latency at 1 point per doubling.
std::vector<CurvePoint> curve(const std::vector<std::pair<double, double>>& points) {
  std::vector<CurvePoint> c;
  for (const auto& [bytes, value] : points) c.push_back(point(bytes, value));
  return c;
}
const std::vector<double> kPoclBytes = {1024, 1536, 2048, 2816, 4096, 5888, 8192, 11520, 16384, 23296, 32768, 46336,
                                        65536, 92672, 131072, 185344, 262144, 370688, 524288, 741376, 1048576,
                                        1483008, 2097152, 2965760, 4194304, 5931520, 8388608, 11863296, 16777216,
                                        23726592, 33554432, 47453184, 67108864, 94906368, 134217728, 189812480,
                                        268435456};
std::vector<CurvePoint> pocl_bandwidth(const std::vector<double>& gbs) {
  std::vector<std::pair<double, double>> p;
  for (std::size_t i = 0; i < gbs.size(); ++i) p.emplace_back(kPoclBytes[i], gbs[i] * 1e9);
  return curve(p);
}
std::vector<CurvePoint> pocl_latency(const std::vector<double>& ns) {
  std::vector<std::pair<double, double>> p;
  for (std::size_t i = 0; i < ns.size(); ++i) p.emplace_back(1024 * std::exp2(double(i)), ns[i]);
  return curve(p);
}

}  // namespace

TEST_CASE("levels: measured PoCL CPU curves, coarse and irregular") {
  struct Run {
    std::vector<CurvePoint> bw, lat;
    double expect_bw[4];  // GB/s of the plateaus, read off the data
  };
  const Run runs[] = {
      {pocl_bandwidth({122, 121, 122, 123, 123, 99.1, 81.9, 70.6, 82.8, 50.1, 108, 108, 102, 102, 102, 102, 93.5, 91,
                       85.8, 79.8, 77.6, 77.6, 77.1, 77.3, 77.5, 77.3, 74.8, 74.1, 58.9, 36, 28.8, 25.1, 24.1, 22.7,
                       21.9, 21.8, 21.2}),
       pocl_latency({1.55, 1.55, 1.55, 1.56, 3.45, 4.23, 4.32, 4.13, 4.36, 8.47, 14.1, 15.9, 16.8, 35.2, 105, 125, 140,
                     144, 195}),
       {122, 102, 77.5, 22}},
      {pocl_bandwidth({198, 204, 198, 196, 198, 197, 191, 114, 84.2, 106, 129, 102, 101, 99.2, 102, 102, 96, 94.4, 83.3,
                       64.9, 59.1, 58, 58.4, 58.8, 58.7, 58.5, 57.4, 68, 60.5, 40.7, 30.5, 28.1, 24.7, 22.2, 22.2, 22,
                       22.2}),
       pocl_latency({1.55, 1.56, 1.56, 1.56, 3.52, 4.3, 4.37, 4.15, 4.27, 9.17, 14.3, 16, 16.9, 19.5, 81.5, 116, 128,
                     145, 159}),
       {198, 101, 58.7, 22.2}},
  };
  const MemoryLevel names[] = {MemoryLevel::cache("L1"), MemoryLevel::cache("L2"), MemoryLevel::cache("L3"),
                              MemoryLevel::of_kind(LevelKind::dram)};
  for (std::size_t r = 0; r < 2; ++r) {
    CAPTURE(r);
    for (bool with_latency : {false, true}) {
      CAPTURE(with_latency);
      // The device reports its 32 MiB L3 as the global memory cache.
      const auto levels = detect_levels(runs[r].bw, with_latency ? runs[r].lat : std::vector<CurvePoint>{},
                                        LevelHints{{32 * MiB}});
      REQUIRE(levels.size() == 4);
      for (std::size_t k = 0; k < 4; ++k) {
        CAPTURE(k);
        CHECK(levels[k].level == names[k]);
        CHECK(levels[k].bandwidth == doctest::Approx(runs[r].expect_bw[k] * 1e9).epsilon(0.05));
        CHECK(levels[k].latency_ns.has_value() == with_latency);
      }
      // Where the curves fall: L1 between 4 and 16 KiB, L2 between 185 KiB and
      // 512 KiB, L3 between 4 and 24 MiB (the VM's share of the L3).
      CHECK(*levels[0].capacity_bytes > 4 * KiB);
      CHECK(*levels[0].capacity_bytes < 16 * KiB);
      CHECK(*levels[1].capacity_bytes > 185 * KiB);
      CHECK(*levels[1].capacity_bytes < 512 * KiB);
      CHECK(*levels[2].capacity_bytes > 4 * MiB);
      CHECK(*levels[2].capacity_bytes < 24 * MiB);
      if (with_latency) {
        CHECK(*levels[0].latency_ns == doctest::Approx(1.55).epsilon(0.02));
        CHECK(*levels[1].latency_ns == doctest::Approx(4.3).epsilon(0.05));
        CHECK(*levels[2].latency_ns > 14);
        CHECK(*levels[2].latency_ns < 20);
        CHECK(*levels[3].latency_ns > 100);
      }
    }
  }
}

TEST_CASE("levels: a sweep that ends inside a cache has no DRAM level") {
  const auto bw = cpu_bandwidth(3, 8 * MiB);  // the L3 holds 32 MiB
  const auto levels = detect_levels(bw, {}, LevelHints{{32 * KiB, 512 * KiB, 32 * MiB}});
  REQUIRE(levels.size() == 3);
  CHECK(levels[0].level == MemoryLevel::cache("L1"));
  CHECK(levels[1].level == MemoryLevel::cache("L2"));
  CHECK(levels[2].level == MemoryLevel::cache("L3"));
  CHECK(!levels[2].capacity_bytes);
  CHECK(levels[2].bandwidth == doctest::Approx(60e9).epsilon(0.12));
  // Without reported sizes nothing tells the L3 from memory: a plateau reaching
  // past twice the previous capacity is taken for DRAM.
  CHECK(detect_levels(bw, {}, {}).back().level == MemoryLevel::of_kind(LevelKind::dram));
  // A sweep that stops less than 2x past the last cliff does not reach DRAM.
  const auto short_sweep = cpu_bandwidth(3, 768 * KiB);
  const auto s = detect_levels(short_sweep, {}, {});
  REQUIRE(s.size() >= 2);
  CHECK_FALSE(s.back().level.is(LevelKind::dram));
  CHECK(!s.back().capacity_bytes);
}

TEST_CASE("levels: reported sizes name the levels when every cliff matches one") {
  // Two caches, at 32 KiB and 32 MiB; the device reports three.
  const Hierarchy h{{32 * KiB, 32 * MiB}, {400e9, 60e9, 20e9}, {}};
  const auto bw = sweep(KiB, GiB, 8, [&](double ws) { return h.bw(ws); }, 0.03, 5);
  const auto named = detect_levels(bw, {}, LevelHints{{32 * KiB, 1 * MiB, 32 * MiB}});
  REQUIRE(named.size() == 3);
  CHECK(named[0].level == MemoryLevel::cache("L1"));
  CHECK(named[1].level == MemoryLevel::cache("L3"));
  CHECK(named[2].level == MemoryLevel::of_kind(LevelKind::dram));
  // Sizes that disagree with the cliffs leave the plain order.
  const auto plain = detect_levels(bw, {}, LevelHints{{4 * KiB, 256 * KiB}});
  REQUIRE(plain.size() == 3);
  CHECK(plain[1].level == MemoryLevel::cache("L2"));
  CHECK(plain[2].level == MemoryLevel::of_kind(LevelKind::dram));
  // A reported cache larger than the whole sweep: the last level is no DRAM.
  CHECK(detect_levels(bw, {}, LevelHints{{2 * GiB}}).back().level == MemoryLevel::cache("L3"));
}

TEST_CASE("levels: past an architecture's last cache level, a step is that level's far part") {
  // An NVIDIA GPU has L1 and L2 only; a Hopper's far L2 partition shows as a third step.
  const Hierarchy h{{256 * KiB, 28 * MiB, 56 * MiB}, {30e12, 12e12, 8e12, 4e12}, {}};
  const auto bw = sweep(KiB, 2 * GiB, 8, [&](double ws) { return h.bw(ws); }, 0.02, 7);
  LevelHints nvidia;
  nvidia.cache_levels = 2;
  const auto named = detect_levels(bw, {}, nvidia);
  REQUIRE(named.size() == 4);
  CHECK(named[0].level == MemoryLevel::cache("L1"));
  CHECK(named[1].level == MemoryLevel::cache("L2"));
  CHECK(named[2].level == MemoryLevel::cache("L2 far"));
  CHECK(named[3].level == MemoryLevel::of_kind(LevelKind::dram));
  // Unknown architecture: plain order.
  CHECK(detect_levels(bw, {}, {})[2].level == MemoryLevel::cache("L3"));
  // A CPU whose host reports three levels that the cliffs do not match: a fourth step is "L3 far".
  const Hierarchy cpu{{12 * KiB, 256 * KiB, 2 * MiB, 16 * MiB}, {250e9, 170e9, 120e9, 80e9, 30e9}, {}};
  LevelHints host{{32 * KiB, MiB, 32 * MiB}, 3};
  const auto cpu_named = detect_levels(sweep(KiB, 256 * MiB, 8, [&](double ws) { return cpu.bw(ws); }, 0.02, 7), {}, host);
  REQUIRE(cpu_named.size() == 5);
  CHECK(cpu_named[2].level == MemoryLevel::cache("L3"));
  CHECK(cpu_named[3].level == MemoryLevel::cache("L3 far"));
  CHECK(cpu_named[4].level == MemoryLevel::of_kind(LevelKind::dram));
}

TEST_CASE("levels: a flat curve is one level") {
  const auto flat = sweep(KiB, GiB, 6, [](double) { return 50e9; }, 0.03, 9, {30});
  const auto levels = detect_levels(flat, {}, {});
  REQUIRE(levels.size() == 1);
  CHECK(levels[0].level == MemoryLevel::of_kind(LevelKind::dram));
  CHECK(!levels[0].capacity_bytes);
  CHECK(levels[0].bandwidth == doctest::Approx(50e9).epsilon(0.03));
  CHECK(levels[0].first_bytes == KiB);
  CHECK(levels[0].last_bytes == GiB);
  // The same curve over sizes a reported cache holds entirely is that cache.
  const auto in_cache = sweep(KiB, 16 * KiB, 6, [](double) { return 50e9; }, 0.0, 9);
  const auto l1 = detect_levels(in_cache, {}, LevelHints{{32 * KiB}});
  REQUIRE(l1.size() == 1);
  CHECK(l1[0].level == MemoryLevel::cache("L1"));
}

TEST_CASE("levels: too few points, empty and unusable input") {
  CHECK(detect_levels({}, {}, {}).empty());
  CHECK(detect_levels({point(KiB, 0), point(2 * KiB, -1)}, {}, {}).empty());
  const auto three = detect_levels({point(KiB, 100), point(2 * KiB, 90), point(64 * KiB, 10)}, {}, {});
  REQUIRE(three.size() == 1);
  CHECK(three[0].bandwidth == 90);
  CHECK(three[0].first_bytes == KiB);
  CHECK(three[0].last_bytes == 64 * KiB);
  const auto one = detect_levels({point(KiB, 100)}, {point(KiB, 5)}, {});
  REQUIRE(one.size() == 1);
  CHECK(one[0].bandwidth == 100);
  REQUIRE(one[0].latency_ns);
  CHECK(*one[0].latency_ns == 5);
}

TEST_CASE("levels: unsorted input is sorted by working set") {
  auto bw = cpu_bandwidth(7);
  const auto sorted = detect_levels(bw, {}, {});
  std::vector<CurvePoint> shuffled;
  for (std::size_t i = 0; i < bw.size(); i += 2) shuffled.push_back(bw[i]);
  for (std::size_t i = bw.size(); i-- > 0;)
    if (i % 2) shuffled.push_back(bw[i]);
  const auto levels = detect_levels(shuffled, {}, {});
  REQUIRE(levels.size() == sorted.size());
  for (std::size_t k = 0; k < levels.size(); ++k) {
    CHECK(levels[k].level == sorted[k].level);
    CHECK(levels[k].capacity_bytes == sorted[k].capacity_bytes);
    CHECK(levels[k].bandwidth == sorted[k].bandwidth);
  }
}

TEST_CASE("levels: the latency curve vetoes small unconfirmed cliffs and adds large ones") {
  // Bandwidth steps down 18% at 1 MiB (above the 15% merge threshold) where the
  // latency does not move: without latency it is a cliff, with latency it is not.
  const Hierarchy small_step{{1 * MiB}, {100e9, 82e9}, {50, 50}};
  const auto bw = sweep(KiB, 256 * MiB, 6, [&](double ws) { return small_step.bw(ws); }, 0.02, 21);
  const auto flat_lat = sweep(KiB, 256 * MiB, 6, [&](double ws) { return small_step.lat(ws); }, 0.02, 22);
  CHECK(detect_levels(bw, {}, {}).size() == 2);
  const auto vetoed = detect_levels(bw, flat_lat, {});
  REQUIRE(vetoed.size() == 1);
  REQUIRE(vetoed[0].latency_ns);
  CHECK(*vetoed[0].latency_ns == doctest::Approx(50).epsilon(0.05));

  // Flat bandwidth but latency triples at 4 MiB: a level of its own.
  const Hierarchy lat_only{{4 * MiB}, {100e9, 100e9}, {40, 120}};
  const auto flat_bw = sweep(KiB, 256 * MiB, 6, [&](double ws) { return lat_only.bw(ws); }, 0.02, 23);
  const auto lat = sweep(KiB, 256 * MiB, 6, [&](double ws) { return lat_only.lat(ws); }, 0.02, 24);
  CHECK(detect_levels(flat_bw, {}, {}).size() == 1);
  const auto split = detect_levels(flat_bw, lat, {});
  REQUIRE(split.size() == 2);
  REQUIRE(split[0].capacity_bytes);
  REQUIRE(split[0].latency_ns);
  REQUIRE(split[1].latency_ns);
  CHECK(*split[0].capacity_bytes == doctest::Approx(4 * MiB).epsilon(0.3));
  CHECK(*split[0].latency_ns == doctest::Approx(40).epsilon(0.1));
  CHECK(*split[1].latency_ns == doctest::Approx(120).epsilon(0.15));
  CHECK(split[1].level == MemoryLevel::of_kind(LevelKind::dram));
}

TEST_CASE("levels: override file applied to the curves") {
  const auto bw = cpu_bandwidth(7);
  const auto lat = sweep(KiB, GiB, 8, [](double ws) { return kCpu.lat(ws); }, 0.0, 1);
  const TempFile file("ok.json", R"({"levels":[{"name":"L1","capacity_bytes":32768},
      {"name":"L2","capacity_bytes":524288},{"name":"L3","capacity_bytes":33554432},{"name":"DRAM"}]})");
  // The medians of the points in (lo, hi], computed here the plain way.
  auto median_in = [](const std::vector<CurvePoint>& c, double lo, double hi) {
    std::vector<double> v;
    for (const auto& p : c)
      if (p.bytes > lo && p.bytes <= hi) v.push_back(p.stats.median);
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
  };
  const auto levels = levels_from_override(file.path, bw, lat);
  REQUIRE(levels.size() == 4);
  const MemoryLevel names[] = {MemoryLevel::cache("L1"), MemoryLevel::cache("L2"), MemoryLevel::cache("L3"),
                              MemoryLevel::of_kind(LevelKind::dram)};
  const double bounds[] = {0, 32 * KiB, 512 * KiB, 32 * MiB, 2 * GiB};
  for (std::size_t k = 0; k < 4; ++k) {
    CAPTURE(k);
    CHECK(levels[k].level == names[k]);
    CHECK(levels[k].bandwidth == median_in(bw, bounds[k], bounds[k + 1]));
    REQUIRE(levels[k].latency_ns);
    CHECK(*levels[k].latency_ns == median_in(lat, bounds[k], bounds[k + 1]));
    if (k < 3) {
      REQUIRE(levels[k].capacity_bytes);
      CHECK(*levels[k].capacity_bytes == bounds[k + 1]);
    }
  }
  CHECK(!levels[3].capacity_bytes);
  CHECK(levels[0].first_bytes == KiB);
  CHECK(levels[0].last_bytes == 32 * KiB);
  CHECK(levels[1].first_bytes == doctest::Approx(32 * KiB * std::exp2(1.0 / 8)));
  CHECK(levels[3].last_bytes == GiB);
  CHECK(levels[0].bandwidth == doctest::Approx(400e9).epsilon(0.05));
  CHECK(*levels[0].latency_ns == doctest::Approx(1));

  // A last level with a capacity (the sweep ends inside it) keeps it; a level
  // the curve has no point in gets no bandwidth.
  const TempFile partial("partial.json", R"({"levels":[{"name":"L1","capacity_bytes":100},
      {"name":"L2","capacity_bytes":200},{"name":"L3","capacity_bytes":4294967296}]})");
  const auto p = levels_from_override(partial.path, bw, {});
  REQUIRE(p.size() == 3);
  CHECK(p[0].bandwidth == 0);
  CHECK(!p[0].latency_ns);
  CHECK(p[2].level == MemoryLevel::cache("L3"));
  REQUIRE(p[2].capacity_bytes);
  CHECK(*p[2].capacity_bytes == 4294967296.0);
  CHECK(p[2].first_bytes == KiB);
}

TEST_CASE("levels: override file errors name the file and the problem") {
  const auto bw = cpu_bandwidth(7);
  auto check = [&](const std::string& path, const std::string& what) {
    const std::string e = error_of(path, bw);
    CAPTURE(e);
    CHECK(e.find(path) != std::string::npos);
    CHECK(e.find(what) != std::string::npos);
  };
  auto check_text = [&](const std::string& name, const std::string& text, const std::string& what) {
    const TempFile file(name, text);
    check(file.path, what);
  };
  check((std::filesystem::temp_directory_path() / "roofline_test_levels_does_not_exist.json").string(),
        "cannot read level override file");
  check_text("bad.json", "{\"levels\": [ {\"name\": ", ": not JSON (syntax error at line 1, column 23)");
  check_text("nolevels.json", "{\"level\": []}", ": /level: not a field of this file (known here: levels)");
  check_text("empty.json", "{\"levels\": []}", ": /levels: must have at least one item");
  check_text("noname.json", R"({"levels":[{"capacity_bytes":32768},{"name":"DRAM"}]})", ": /levels/0/name: missing");
  check_text("nocap.json", R"({"levels":[{"name":"L1"},{"name":"DRAM"}]})",
             ": /levels/0/capacity_bytes: missing: every level but the last needs a capacity (L1)");
  check_text("order.json",
             R"({"levels":[{"name":"L1","capacity_bytes":65536},{"name":"L2","capacity_bytes":32768},)"
             R"({"name":"DRAM"}]})",
             ": /levels/1/capacity_bytes: capacities must increase, 32768 of L2 does not exceed 65536 of L1");
  check_text("negative.json", R"({"levels":[{"name":"L1","capacity_bytes":-1},{"name":"DRAM"}]})",
             ": /levels/0/capacity_bytes: must be greater than 0, got -1");
  check_text("string.json", R"({"levels":[{"name":"L1","capacity_bytes":"32K"},{"name":"DRAM"}]})",
             ": /levels/0/capacity_bytes: must be a number or null, got the string \"32K\"");
}

TEST_CASE("levels: on a CPU, whose cache count sysfs tells, no more levels than caches are found") {
  // A curve with a fourth plateau past the L3 (another program's burst held
  // it down, or a remote L3): sysfs says there are three caches.
  const Hierarchy four{{32 * KiB, 512 * KiB, 32 * MiB, 128 * MiB}, {400e9, 150e9, 60e9, 35e9, 20e9}, {}};
  const auto curve = sweep(KiB, 2 * GiB, 4, [&](double ws) { return four.bw(ws); }, 0.01, 3);
  LevelHints hints;
  hints.cache_bytes = {32 * KiB, 512 * KiB, 32 * MiB};
  hints.cache_levels = 3;
  REQUIRE(detect_levels(curve, {}, hints).size() == 5);  // the count not exact: L1, L2, L3, L3 far, DRAM
  hints.exact_count = true;
  const auto levels = detect_levels(curve, {}, hints);
  REQUIRE(levels.size() == 4);
  CHECK(levels[0].level == MemoryLevel::cache("L1"));
  CHECK(levels[1].level == MemoryLevel::cache("L2"));
  CHECK(levels[2].level == MemoryLevel::cache("L3"));
  CHECK(levels[3].level.is(LevelKind::dram));
  REQUIRE(levels[2].capacity_bytes);
  CHECK(*levels[2].capacity_bytes > 64 * MiB);  // the two most alike in bandwidth merged: L3 and the one past it
}
