// The suite's benchmarks (stride sweep, divergence, scalability, atomics, atomic contention):
// their host checks on good and corrupted outputs, their summaries on
// synthetic points, and each run on the PoCL CPU device with a tiny plan.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "benchmark/atomic_contention_benchmark.hpp"
#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "benchmark/session.hpp"
#include "benchmark/suite_benchmark.hpp"
#include "benchmark/suite_timing.hpp"
#include "device/device.hpp"
#include "measurement/progress.hpp"
#include "model/suite.hpp"
#include "model/suite_table.hpp"
#include "cpu_device.hpp"

using namespace roofline;

namespace {

// A divergence series whose times are these ratios (the branch-free kernel's time 1).
MeasuredSeries divergence_points(const std::vector<double>& ratios) {
  MeasuredSeries series;
  int paths = 1;
  for (double r : ratios) {
    SeriesPoint p;
    p.x = paths;
    p.y.median = r;
    series.points.push_back(p);
    paths *= 2;
  }
  return series;
}

// A scalability series of these bandwidths at 1, 2, 4 ... work-items.
MeasuredSeries scalability_points(const std::vector<double>& bandwidths) {
  MeasuredSeries series;
  std::uint64_t items = 1;
  for (double b : bandwidths) {
    SeriesPoint p;
    p.x = double(items);
    p.y.median = b;
    series.points.push_back(p);
    items *= 2;
  }
  return series;
}

// What kernels/stride.cl's write kernel leaves: every written element its
// index's low 16 bits, the rest `fill`.
std::vector<float> simulated_stores(const StrideAccess& a, std::uint64_t elements, float fill) {
  std::vector<float> out(elements * unsigned(a.width), fill);
  for (std::uint64_t gid = 0; gid < a.global; ++gid)
    for (std::uint64_t k = 0; k < 16ull * a.iters; ++k) {
      const std::uint64_t e = a.element(gid, k);
      for (int l = 0; l < a.width; ++l) out[e * unsigned(a.width) + unsigned(l)] = float(e & 0xFFFF);
    }
  return out;
}

}  // namespace

TEST_CASE("a file's implied width and saturation point are this roofline's reading of its points") {
  const SuiteRow& divergence = suite_row(SuiteBenchmark::divergence);
  MeasuredSeries d = divergence_points({1, 1.36, 2.54, 2.55, 2.59, 1.33, 2.62});
  d.marks["implied_width"] = 4;  // what an earlier rule wrote
  d.marks["reported_width"] = 8;  // measured, read as written
  const MeasuredSeries read = section_from_json(divergence, section_to_json(divergence, {d})).at(0);
  CHECK_FALSE(read.mark("implied_width").has_value());
  CHECK(read.mark("reported_width") == 8);
  const SuiteRow& scalability = suite_row(SuiteBenchmark::scalability);
  MeasuredSeries s = scalability_points({1e9, 3e9, 3e9});
  s.marks["saturation_items"] = 4;
  CHECK(section_from_json(scalability, section_to_json(scalability, {s})).at(0).mark("saturation_items") == 2);
}

TEST_CASE("a divergence point's ratio is its time over the branch-free kernel's, derived again when read") {
  const SuiteRow& row = suite_row(SuiteBenchmark::divergence);
  MeasuredSeries d = divergence_points({2, 4, 8});  // times 2, 4 and 8: ratios 1, 2, 4
  const nlohmann::json j = section_to_json(row, {d});
  CHECK(j.at("points").at(1).at("paths") == 2);
  CHECK(j.at("points").at(1).at("ratio") == 2.0);
  CHECK(j.at("points").at(2).at("ratio") == 4.0);
  CHECK(ratio_to_unit(d, d.points[2]) == 4.0);
  d.points.erase(d.points.begin());  // no branch-free point: no ratio
  CHECK(ratio_to_unit(d, d.points[0]) == 0.0);
}

TEST_CASE("implied sub-group width: where the divergence ratio stops doubling") {
  // A 32-wide warp: 2x per doubling up to 32 paths, flat at 64.
  CHECK(implied_subgroup_width(divergence_points({1, 2, 4, 8, 16, 32, 32.5})) == 32);
  // A 64-wide wavefront measured to 128 paths.
  CHECK(implied_subgroup_width(divergence_points({1, 2, 4, 8, 16, 32, 64, 65})) == 64);
  // The widest plateau counts, not a noisy dip below it (4 paths read low).
  CHECK(implied_subgroup_width(divergence_points({1, 2, 2.2, 8, 16, 32, 32})) == 32);
  // No penalty (a CPU running each work-item's path alone): no width.
  CHECK_FALSE(implied_subgroup_width(divergence_points({1, 1.01, 0.99, 1, 1.02, 1, 1})).has_value());
  // A loaded 2-core machine's PoCL run: times a third longer at random, no width.
  CHECK_FALSE(implied_subgroup_width(divergence_points({1, 1.34, 1.52, 1.33, 1.09, 1.33, 1.33})).has_value());
  // An idle 2-core machine's PoCL run (roofs/pthread-skylake-avx512-amd-epyc-suite.json):
  // level from 4 to 16 paths, but 32 reads 1.33: no width.
  CHECK_FALSE(implied_subgroup_width(divergence_points({1, 1.36, 2.54, 2.55, 2.59, 1.33, 2.62})).has_value());
  // The H200's (roofs/nvidia-h200-suite.json).
  CHECK(implied_subgroup_width(divergence_points({1, 2.85, 5.47, 11.13, 22.45, 45.28, 48.18})) == 32);
  // Still doubling at the last point: the width is beyond what was measured.
  CHECK_FALSE(implied_subgroup_width(divergence_points({1, 2, 4, 8, 16, 32, 64})).has_value());
  // Order of the points does not matter.
  MeasuredSeries shuffled = divergence_points({1, 2, 4, 8, 8.1});
  std::swap(shuffled.points[0], shuffled.points[4]);
  CHECK(implied_subgroup_width(shuffled) == 8);
}

TEST_CASE("saturation point: the fewest work-items within 10% of the best bandwidth") {
  CHECK(saturation_point(scalability_points({1, 2, 4, 8, 9.5, 10, 9.8})) == 16);
  CHECK(saturation_point(scalability_points({1, 2, 4, 9.1, 9.5, 10, 9.8})) == 8);
  // Bandwidth that falls again past its peak: the first count to reach it.
  CHECK(saturation_point(scalability_points({1, 5, 10, 6, 4})) == 4);
  CHECK_FALSE(saturation_point(MeasuredSeries{}).has_value());
  CHECK_FALSE(saturation_point(scalability_points({0, 0})).has_value());
}

TEST_CASE("sampled work-items: all of a small NDRange, else spread to the last") {
  CHECK(sampled_items(3, 256) == std::vector<std::uint64_t>{0, 1, 2});
  const std::vector<std::uint64_t> spread = sampled_items(100000, 5);
  REQUIRE(spread.size() == 5);
  CHECK(spread.front() == 0);
  CHECK(spread.back() == 99999);
}

TEST_CASE("a planned launch fitted to what the kernel takes: whole work-groups, at least one") {
  // Within the kernel's limit: unchanged.
  CHECK(fit_to_kernel({2048, 256}, 1024).global == 2048);
  CHECK(fit_to_kernel({2048, 256}, 1024).local == 256);
  // A kernel that takes 192 at most: 2048 is no multiple of 192, 1920 is.
  CHECK(fit_to_kernel({2048, 256}, 192).local == 192);
  CHECK(fit_to_kernel({2048, 256}, 192).global == 1920);
  // Fewer work-items than one fitted group: one group.
  CHECK(fit_to_kernel({100, 256}, 128).global == 128);
  CHECK(floor_pow2(192) == 128);
  CHECK(floor_pow2(256) == 256);
  CHECK(floor_pow2(1) == 1);
  CHECK(floor_pow2(0) == 1);
}

TEST_CASE("stride checks: the host's sums and stores, and a corrupted output") {
  for (int width : {1, 4})
    for (std::uint32_t stride : {0u, 1u, 3u, 16u}) {
      CAPTURE(width);
      CAPTURE(stride);
      const StrideAccess a{stride, 255, 2, 16, width};
      std::vector<float> data(256 * unsigned(width));
      for (std::size_t i = 0; i < data.size(); ++i) data[i] = float((i * 7) % 8);
      std::vector<float> sums(a.global);
      for (std::uint64_t g = 0; g < a.global; ++g) {
        for (std::uint64_t k = 0; k < 32; ++k)
          for (int l = 0; l < width; ++l) sums[g] += data[a.element(g, k) * unsigned(width) + unsigned(l)];
      }
      const std::vector<std::uint64_t> all = sampled_items(a.global, 256);
      CHECK_NOTHROW(check_stride_sums(a, data, sums, all));
      sums[5] += 1;
      CHECK_THROWS_AS(check_stride_sums(a, data, sums, all), WrongResult);

      const std::vector<float> good = simulated_stores(a, 256, -1.0f);
      CHECK_NOTHROW(check_stride_stores(a, good, -1.0f));
      std::vector<float> bad = good;
      bad[bad.size() - 1] = 12345.0f;  // element 255: neither the fill nor its address's value
      CHECK_THROWS_AS(check_stride_stores(a, bad, -1.0f), WrongResult);
      // A kernel that wrote nothing.
      CHECK_THROWS_AS(check_stride_stores(a, std::vector<float>(good.size(), -1.0f), -1.0f), WrongResult);
    }
}

TEST_CASE("divergence, vector add and atomics checks reject a corrupted output") {
  const std::uint64_t local = 8;
  std::vector<std::uint32_t> out(32);
  for (std::uint64_t g = 0; g < out.size(); ++g) out[g] = divergence_value(std::uint32_t(g), int(g % local % 4), 3);
  const std::vector<std::uint64_t> all = sampled_items(out.size(), 256);
  CHECK_NOTHROW(check_divergence(out, local, 4, 3, all));
  // The paths differ: work-item 1's value on path 0 is not its value on path 1.
  CHECK(divergence_value(1, 0, 3) != divergence_value(1, 1, 3));
  CHECK_THROWS_AS(check_divergence(out, local, 2, 3, all), WrongResult);
  out[7] ^= 1;
  CHECK_THROWS_AS(check_divergence(out, local, 4, 3, all), WrongResult);

  const std::vector<float> a{1.5f, 2.25f, 3}, b{0.25f, 1, 7};
  CHECK_NOTHROW(check_vector_add(a, b, {1.75f, 3.25f, 10}));
  CHECK_THROWS_AS(check_vector_add(a, b, {1.75f, 3.25f, std::nanf("")}), WrongResult);
  CHECK_THROWS_AS(check_vector_add(a, b, {1.75f, 3.25f}), WrongResult);

  CHECK_NOTHROW(check_atomic_counters(AtomicSpace::global, AtomicTarget::one_address, {64 * 10 * 3}, 64, 10, 3));
  CHECK_THROWS_AS(check_atomic_counters(AtomicSpace::global, AtomicTarget::one_address, {64 * 10 * 3 - 3}, 64, 10, 3),
                  WrongResult);
  std::vector<std::uint32_t> distinct(4, 30);
  CHECK_NOTHROW(check_atomic_counters(AtomicSpace::local, AtomicTarget::distinct_addresses, distinct, 4, 10, 3));
  distinct[2] = 27;
  CHECK_THROWS_AS(check_atomic_counters(AtomicSpace::local, AtomicTarget::distinct_addresses, distinct, 4, 10, 3),
                  WrongResult);
}

TEST_CASE("atomic contention: its levels, and its check on good and corrupted counters") {
  CHECK(contention_levels(16) == std::vector<std::uint32_t>{1, 2, 4, 8, 16});
  CHECK(contention_levels(192) == std::vector<std::uint32_t>{1, 2, 4, 8, 16, 32, 64});  // powers of two dividing the group
  CHECK(contention_levels(1) == std::vector<std::uint32_t>{1});
  CHECK(contention_levels(270336).back() == 8192);  // an H200's NDRange, 132 x 8 groups of 256: 2^13 x 33
  const std::uint64_t global = 64;
  const std::uint32_t adds = 5;
  for (std::uint32_t share : {1u, 4u, 64u}) {
    CAPTURE(share);
    // What kernels/atomic_contention.cl leaves: work-item g adds g + 1 + i in step i to counter g / share.
    std::vector<std::uint32_t> counters(global / share, 0);
    for (std::uint32_t g = 0; g < global; ++g)
      for (std::uint32_t i = 0; i < adds; ++i) counters[g / share] += g + 1 + i;
    for (std::uint64_t c = 0; c < counters.size(); ++c) CHECK(contention_counter(c, share, adds) == counters[c]);
    CHECK_NOTHROW(check_contention_counters(AtomicSpace::global, counters, global, share, adds));
    // An add that used the same value on every work-item (a merged step) ends elsewhere.
    std::vector<std::uint32_t> merged(global / share, 0);
    for (std::uint32_t g = 0; g < global; ++g)
      for (std::uint32_t i = 0; i < adds; ++i) merged[g / share] += (g / share) * share + 1 + i;
    if (share > 1) CHECK_THROWS_AS(check_contention_counters(AtomicSpace::local, merged, global, share, adds), WrongResult);
    counters.back() += 1;
    CHECK_THROWS_AS(check_contention_counters(AtomicSpace::global, counters, global, share, adds), WrongResult);
    counters.pop_back();
    CHECK_THROWS_AS(check_contention_counters(AtomicSpace::global, counters, global, share, adds), WrongResult);
  }
}

TEST_CASE("suite benchmarks on the CPU device, tiny plan") {
  std::vector<DeviceEntry> devices = enumerate_devices();
  const DeviceEntry* dev = cpu_device(devices);
  if (!dev) return;
  Plan plan = make_plan(*dev, /*quick=*/true);
  SuitePlan& suite = plan.suite;
  suite.sampling = {2, 3, 0.05, 0.01};
  suite.target_s = 0.002;
  suite.strides = {0, 1, 2, 16};
  suite.stride_launch = {64, 16};
  suite.stride_bytes = 1 << 20;
  suite.paths = {1, 2, 4, 8};
  suite.divergence_launch = {128, 64};
  suite.scalability_bytes = 3 << 20;
  suite.scalability_items = 64;
  suite.scalability_step = 4;
  suite.atomic_launch = {64, 16};
  Progress progress(1, false);
  Session session(*dev, plan, find_kernel_dir(""), progress);

  const auto measure = [&](SuiteBenchmark id, const SeriesTags& which) { return measure_suite(session, suite_row(id), which); };

  SUBCASE("global-memory stride") {
    for (const SeriesTags& which : suite_row(SuiteBenchmark::global_stride).series) {
      const MeasuredSeries c = measure(SuiteBenchmark::global_stride, which);
      CHECK(c.tags == which);
      CHECK(c.bytes == 1u << 20);
      REQUIRE(c.points.size() == 4);
      CHECK(c.points[0].x == 0);  // every work-item on one address
      CHECK(c.points[1].x == 1);
      CHECK(c.points[3].x == 16);
      for (const SeriesPoint& p : c.points) CHECK(p.y.median > 0);
    }
  }
  SUBCASE("branch divergence") {
    const MeasuredSeries d = measure(SuiteBenchmark::divergence, {});
    CHECK(d.launch.local == 64);
    REQUIRE(d.points.size() == 4);
    CHECK(d.points[0].x == 1);
    CHECK(ratio_to_unit(d, d.points[0]) == doctest::Approx(1));
    for (const SeriesPoint& p : d.points) CHECK(p.y.median > 0);
    CHECK(d.mark("reported_width").has_value());
    MESSAGE("ratios: " << ratio_to_unit(d, d.points[1]) << " " << ratio_to_unit(d, d.points[2]) << " "
                       << ratio_to_unit(d, d.points[3]));
  }
  SUBCASE("scalability") {
    const MeasuredSeries s = measure(SuiteBenchmark::scalability, {});
    REQUIRE(s.points.size() == 4);  // 1, 4, 16, 64
    CHECK(s.points.back().x == 64);
    CHECK(s.points.back().local == 1);
    CHECK(s.points.back().seconds.has_value());
    CHECK(s.bytes > (3u << 20) - 12 * 1024);
    CHECK(s.mark("saturation_items").has_value());
  }
  SUBCASE("atomic contention") {
    for (const SeriesTags& which : suite_row(SuiteBenchmark::atomic_contention).series) {
      const MeasuredSeries c = measure(SuiteBenchmark::atomic_contention, which);
      CHECK(c.tags == which);
      CHECK(c.launch.global == 64);
      CHECK(c.launch.local == 16);
      // 1, 2, 4 ... the NDRange's 64 work-items on one address in global
      // memory (beyond the work-group: several groups on one address), the
      // work-group's 16 in local memory.
      const bool global = which.space == AtomicSpace::global;
      REQUIRE(c.points.size() == (global ? 7 : 5));
      CHECK(c.points.back().x == (global ? 64 : 16));
      for (const SeriesPoint& p : c.points) CHECK(p.y.median > 0);
      MESSAGE(str(*which.space) << " contention, adds/s at 1 and " << c.points.back().x
                                << " per address: " << c.points.front().y.median << " " << c.points.back().y.median);
    }
  }
  SUBCASE("atomics") {
    for (const SeriesTags& which : suite_row(SuiteBenchmark::atomics).series) {
      const MeasuredSeries r = measure(SuiteBenchmark::atomics, which);
      CHECK(r.tags == which);
      REQUIRE(r.points.size() == 1);
      CHECK(r.points[0].y.median > 0);
    }
  }
}
