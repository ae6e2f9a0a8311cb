// Curves measured on an NVIDIA H200 by `roofline build` (roofs/raw/nvidia-h200): GB/s and ns by working set.
#include <doctest/doctest.h>

#include <vector>

#include "model/levels.hpp"

using namespace roofline;

namespace {
const std::vector<std::pair<double, double>> h200_gbs = {{16384, 31240.7}, {32768, 31263.1}, {49152, 31296.4}, {81920, 31284}, {114688, 31286.9}, {180224, 31299.5}, {212992, 31305.9}, {278528, 27345.9}, {311296, 24428.5}, {376832, 26643.2}, {475136, 18124.4}, {507904, 19125.9}, {606208, 16324.2}, {704512, 16838.8}, {868352, 15565.2}, {999424, 14942.2}, {1196032, 13787.1}, {1458176, 14094.7}, {1753088, 12372.4}, {2080768, 11766.6}, {2473984, 11308.9}, {2965504, 10872.7}, {3457024, 10623.8}, {4112384, 10326.7}, {4800512, 10178.4}, {5881856, 9923.06}, {7061504, 9780.93}, {8339456, 9663.01}, {9945088, 9570.89}, {11780096, 9504.32}, {14073856, 9424.13}, {16728064, 9371.57}, {19939328, 9286.93}, {23707648, 9270.9}, {28196864, 9246.89}, {33406976, 9182.17}, {39698432, 9179.15}, {47300608, 9150.56}, {56246272, 8662.32}, {67059712, 7690.33}, {79806464, 7012.42}, {94879744, 6544.5}, {112771072, 6205.06}, {134201344, 5963.12}, {159563776, 5768.16}, {189710336, 5602.8}, {225492992, 5473.7}, {268386304, 5360.66}, {319209472, 5250.74}, {379568128, 5156.41}, {451395584, 5066.59}, {536559616, 4986.61}, {638304256, 4933.51}, {759185408, 4884.57}, {902905856, 4840.29}, {1073496064, 4802.78}};
const std::vector<std::pair<double, double>> h200_ns = {{1024, 20.2129}, {1408, 20.3291}, {2048, 20.3604}, {2944, 20.3623}, {4096, 20.4277}, {5760, 20.4863}, {8192, 20.5195}, {11648, 20.6465}, {16384, 20.7656}, {23168, 21}, {32768, 21.3203}, {46336, 21.6631}, {65536, 22.252}, {92672, 23.1221}, {131072, 24.3242}, {185344, 25.9053}, {262144, 88.2334}, {370688, 146.128}, {524288, 146.179}, {741504, 145.8}, {1048576, 145.674}, {1482880, 145.835}, {2097152, 145.753}, {2965760, 145.67}, {4194304, 145.622}, {5931648, 145.551}, {8388608, 145.449}, {11863296, 145.422}, {16777216, 145.403}, {23726592, 145.365}, {33554432, 199.898}, {47453184, 201.614}, {67108864, 270.839}, {94906240, 294.184}, {134217728, 259.945}, {189812480, 312.761}, {268435456, 347.199}};
std::vector<CurvePoint> curve(const std::vector<std::pair<double, double>>& xy, double scale) {
  std::vector<CurvePoint> c;
  for (const auto& [x, y] : xy) {
    CurvePoint p;
    p.bytes = x;
    p.stats.median = y * scale;
    c.push_back(p);
  }
  return c;
}
}  // namespace

TEST_CASE("levels of a measured H200: L1, the L2 behind it, DRAM; the L1 hit-rate fade is no level") {
  auto levels = detect_levels(curve(h200_gbs, 1e9), curve(h200_ns, 1), {});
  REQUIRE(levels.size() >= 3);
  CHECK(levels.front().name == "L1");
  REQUIRE(levels.front().capacity_bytes);
  CHECK(*levels.front().capacity_bytes > 128e3);
  CHECK(*levels.front().capacity_bytes < 300e3);
  CHECK(levels.front().bandwidth > 30e12);
  CHECK(*levels.front().latency_ns < 30);
  // The next level answers in ~145 ns up to tens of MB (the H200's L2 is 50-60 MB).
  const DetectedLevel& l2 = levels[1];
  CHECK(l2.name == "L2");
  REQUIRE(l2.capacity_bytes);
  CHECK(*l2.capacity_bytes > 16e6);
  CHECK(*l2.capacity_bytes < 64e6);
  CHECK(*l2.latency_ns == doctest::Approx(145).epsilon(0.05));
  CHECK(levels.back().name == "DRAM");
  CHECK(levels.size() <= 4);  // at most the far L2 partition in between
}
