// The programs each build step lists for ProgramCache::prefetch are those it
// asks for, on the PoCL CPU device (quick plan), and the random fill that
// the memory benchmarks' buffers start from.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "benchmark/math_benchmark.hpp"
#include "benchmark/plan.hpp"
#include "benchmark/program_cache.hpp"
#include "benchmark/random_fill.hpp"
#include "benchmark/session.hpp"
#include "benchmark/suite_benchmark.hpp"
#include "benchmark/transfer_benchmark.hpp"
#include "device/device.hpp"
#include "measurement/progress.hpp"
#include "model/suite_table.hpp"
#include "cpu_device.hpp"

using namespace roofline;

TEST_CASE("the random fill depends on the seed alone, chunk by chunk") {
  const std::size_t chunk = std::size_t(1) << 20;
  std::vector<std::uint32_t> long_fill(3 * chunk + 123), short_fill(chunk + 7), other(chunk);
  fill_random(long_fill.data(), long_fill.size(), 42);
  fill_random(short_fill.data(), short_fill.size(), 42);
  fill_random(other.data(), other.size(), 43);
  // A shorter fill is the start of a longer one, whichever threads made them.
  CHECK(std::equal(short_fill.begin(), short_fill.end(), long_fill.begin()));
  CHECK_FALSE(std::equal(other.begin(), other.end(), long_fill.begin()));
  // Chunks are not copies of each other, and the bits are balanced.
  CHECK_FALSE(std::equal(long_fill.begin(), long_fill.begin() + long(chunk), long_fill.begin() + long(chunk)));
  std::uint64_t ones = 0;
  for (std::uint32_t w : long_fill) ones += std::uint64_t(__builtin_popcount(w));
  CHECK(double(ones) / (32.0 * double(long_fill.size())) == doctest::Approx(0.5).epsilon(0.001));
}

// The suite rows, the math calls and the launch overhead build exactly what they list.
TEST_CASE("build steps ask for the programs they list") {
  CpuSession cpu;
  if (!cpu.session) return;
  Session& session = *cpu.session;
  const Plan& plan = *cpu.plan;
  const std::size_t before = session.programs.built();  // the session's own (the loop budget)

  ProgramList listed = math_programs(plan);
  for (SuiteBenchmark id : {SuiteBenchmark::divergence, SuiteBenchmark::scalability, SuiteBenchmark::atomics,
                            SuiteBenchmark::atomic_contention})
    for (const ProgramKey& key : suite_programs(suite_row(id), plan)) listed.push_back(key);
  for (const ProgramKey& key : transfer_programs()) listed.push_back(key);
  REQUIRE(listed.size() > 5);
  session.programs.prefetch(listed);

  for (const MathCall& call : plan.math.calls) (void)measure_math(session, call);
  for (SuiteBenchmark id : {SuiteBenchmark::divergence, SuiteBenchmark::scalability, SuiteBenchmark::atomics,
                            SuiteBenchmark::atomic_contention}) {
    const SuiteRow& row = suite_row(id);
    for (const SeriesTags& tags : row.series) (void)measure_suite(session, row, tags);
  }
  (void)measure_launch_overhead(session);

  CHECK(session.programs.never_asked() == 0);
  CHECK(session.programs.built_ahead() == listed.size());
  CHECK(session.programs.built() == before + listed.size());
}

TEST_CASE("programs asked ahead after the builders ran dry are built too") {
  CpuSession cpu;
  if (!cpu.session) return;
  Session& session = *cpu.session;
  const std::size_t before = session.programs.built_ahead();
  session.programs.prefetch(transfer_programs());
  (void)session.programs.get("empty.cl", transfer_programs().front().second);
  // The first list is built and taken: its builders have stopped. A later list starts new ones.
  session.programs.prefetch({{"atomics.cl", "-cl-std=CL1.2"}, {"empty.cl", "-cl-std=CL1.2 -DUNUSED=1"}});
  (void)session.programs.get("atomics.cl", "-cl-std=CL1.2");
  (void)session.programs.get("empty.cl", "-cl-std=CL1.2 -DUNUSED=1");
  CHECK(session.programs.built_ahead() == before + 3);
  CHECK(session.programs.never_asked() == 0);
}
