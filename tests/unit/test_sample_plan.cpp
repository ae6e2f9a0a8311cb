// Which work-groups the address recording runs (app/analyze's sample_plan):
// whole launches, windows of neighbouring groups sized by the exact record
// count, the spaced sample where a window would be too short, --sample-groups.
#include <doctest/doctest.h>

#include "app/analyze.hpp"

using namespace roofline;

namespace {
TargetArchitecture h100_like() {
  TargetArchitecture t;
  t.compute_units = 132;
  t.resident_groups = 8;
  return t;
}
}  // namespace

TEST_CASE("a small launch is recorded whole; so is any launch with --all-groups") {
  CHECK(sample_plan(256, 1e6, h100_like(), {}).whole_launch());
  CHECK(sample_plan(100000, 1e12, h100_like(), {0, 0, true}).whole_launch());
  // Over the record cap: sampled even when small.
  CHECK_FALSE(sample_plan(256, 65e6, h100_like(), {}).whole_launch());
}

TEST_CASE("a large launch is recorded in two windows of consecutive groups, as long as the record budget allows") {
  // A 256^3 stencil in groups of 256: 65536 groups of 8192 records each.
  const TraceSample s = sample_plan(65536, 65536 * 8192.0, h100_like(), {});
  CHECK(s.window == 976);  // 16 M records / 2 windows / 8192 a group: past a 256-group plane
  CHECK(s.count == 2 * s.window);
  CHECK(s.stride == 32768);
  CHECK(s.first == (32768 - s.window) / 2);
  CHECK(s.groups_total == 65536);
  CHECK(s.group(s.window) == s.first + s.stride);
  CHECK(double(s.count) * 8192.0 <= kSampleRecords);
  // Few records: the windows cover the launch.
  CHECK(sample_plan(4096, 4096 * 100.0, h100_like(), {}).whole_launch());
}

TEST_CASE("where a window would hold fewer groups than compute units, single groups spaced by the compute units") {
  // 10 M records a group: a window of 0.8 groups.
  const TraceSample s = sample_plan(65536, 65536 * 1e7, h100_like(), {});
  CHECK(s.window == 1);
  CHECK(s.stride == 132);
  CHECK(s.count == 16);  // 2 x 8 resident groups
  CHECK(s.spaced());
}

TEST_CASE("--sample-groups N takes N single groups spaced by the compute units, closer where the launch is short") {
  const TraceSample s = sample_plan(65536, 1e6, h100_like(), {40, 0, false});
  CHECK(s.window == 1);
  CHECK(s.stride == 132);
  CHECK(s.count == 40);
  const TraceSample closer = sample_plan(1000, 1e6, h100_like(), {40, 0, false});
  CHECK(closer.stride == 25);
  CHECK(closer.count == 40);
}

TEST_CASE("--sample-records sets the windows' budget") {
  const TraceSample s = sample_plan(4096, 4096 * 512.0, h100_like(), {0, 262144, false});
  CHECK(s.window == 256);
  CHECK(s.count == 512);
  CHECK(s.first == (2048 - 256) / 2);
}
