// measurement/host_load: the host's CPU time from /proc, and the share others took.
#include <doctest/doctest.h>

#include "measurement/host_load.hpp"

using namespace roofline;

TEST_CASE("CPU times from /proc/stat and /proc/self/stat, the command name holding spaces and parentheses") {
  // user nice system idle iowait irq softirq steal guest guest_nice, in ticks of 1/100 s
  const std::string stat = "cpu  1000 0 200 5000 100 10 20 70 0 0\ncpu0 500 0 100 2500 50 5 10 35 0 0\n";
  const std::string self = "4242 (roofline (x) y) R 1 4242 4242 0 -1 4194304 100 0 0 0 300 50 0 0 20 0 9 0 100 0 0";
  const auto t = parse_cpu_times(stat, self, 100);
  REQUIRE(t);
  CHECK(t->busy_s == doctest::Approx(13.0));   // 1000 + 200 + 10 + 20 + 70 ticks
  CHECK(t->total_s == doctest::Approx(64.0));  // and 5000 + 100 idle
  CHECK(t->own_s == doctest::Approx(3.5));     // utime 300 + stime 50
  CHECK_FALSE(parse_cpu_times("intr 1 2 3\n", self, 100));
  CHECK_FALSE(parse_cpu_times(stat, "4242 roofline R", 100));
  CHECK_FALSE(parse_cpu_times(stat, self, 0));
  CHECK(parse_cpu_times("cpu 1 2 3 4\n", self, 100));  // a kernel without iowait and later fields
}

TEST_CASE("others' share: busy time outside this process over all CPU time") {
  const CpuTimes before{10, 100, 2}, after{60, 200, 27};  // 50 s busy of 100, 25 of them ours
  CHECK(*others_share(before, after) == doctest::Approx(0.25));
  CHECK_FALSE(others_share(before, before));
  CHECK(*others_share(before, CpuTimes{10, 200, 50}) == 0);  // never below 0 (a process's time counted late)
}

TEST_CASE("this host's CPU times can be read and only grow") {
  const auto a = read_cpu_times();
  REQUIRE(a);
  volatile double x = 0;
  for (int i = 0; i < 20000000; ++i) x = x + 1;  // some CPU time of our own
  const auto b = read_cpu_times();
  REQUIRE(b);
  CHECK(b->total_s >= a->total_s);
  CHECK(b->own_s >= a->own_s);
  CHECK(b->busy_s >= a->busy_s);
}
