// The memory hierarchy's roofs on the PoCL CPU device, shrunk to seconds: the
// levels an override file gives, each level's read, store and copy roofs
// (stores to each work-group's own slice, checked on the host), and the first
// level's read roof for every type and width, each labelled with its own.
#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <utility>

#include <unistd.h>

#include "benchmark/cache_benchmark.hpp"
#include "benchmark/program_cache.hpp"
#include "cpu_device.hpp"

using namespace roofline;

TEST_CASE("memory hierarchy roofs on the CPU device: every level's mixes, the width sweep labelled") {
  std::vector<DeviceEntry> devices = enumerate_devices();
  const DeviceEntry* dev = cpu_device(devices);
  if (!dev) return;
  Plan plan = make_plan(*dev, /*quick=*/true);
  MemoryPlan& m = plan.memory;
  m.width_sweep = true;
  m.max_bytes = 4 << 20;
  m.chase_max_bytes = 1 << 20;
  m.local_strides = {1};
  plan.sweep = plan.probe = {3, 5, 0.05, 0.01};
  // Named by the process: test runs of several checkouts on one machine must not remove each other's.
  const std::string levels =
      (std::filesystem::temp_directory_path() / ("roofline_test_levels_" + std::to_string(getpid()) + ".json")).string();
  std::ofstream(levels) << R"({"levels": [{"name": "L1", "capacity_bytes": 16384}, {"name": "L2", "capacity_bytes": 524288},
                                          {"name": "DRAM"}]})";
  Progress progress(1, false);
  Session session(*dev, plan, find_kernel_dir(""), progress);
  const MemoryHierarchy h = measure_memory_hierarchy(session, levels, false);
  std::remove(levels.c_str());

  std::set<std::pair<std::string, std::string>> mixes;  // level, op
  std::set<std::pair<DataType, int>> l1_reads;
  for (const MeasuredCeiling& mc : h.ceilings) {
    const Ceiling& c = mc.ceiling;
    REQUIRE(c.level);
    CHECK(c.value > 0);
    mixes.insert({c.level_name(), str(c.op)});
    if (c.at("L1") && c.op == Op::read) {
      l1_reads.insert({c.type, c.width});
      // The variant names what was walked: "loads of float8, ..."
      INFO(c.variant);
      CHECK(c.variant.rfind("loads of " + str(c.type) + (c.width > 1 ? std::to_string(c.width) : ""), 0) == 0);
    }
    if (c.op == Op::store || c.op == Op::copy)
      CHECK(c.variant.find("each work-group storing to its own slice") != std::string::npos);
  }
  for (const char* level : {"L1", "L2"})
    for (const char* op : {"read", "store", "copy"}) CHECK(mixes.count({level, op}) == 1);
  // The roof's own type and width, and every other type and width once.
  std::size_t expected = 5;  // float1 to float16
  if (dev->has_extension("cl_khr_fp64")) expected += 5;
  CHECK(l1_reads.size() == expected);
  CHECK(l1_reads.count({DataType::float32, 1}) == 1);
  CHECK(l1_reads.count({DataType::float32, 16}) == 1);
}
