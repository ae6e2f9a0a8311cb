#include <doctest/doctest.h>

#include <cmath>
#include <cstring>

#include "benchmark/compute_reference.hpp"
#include "device/half_float.hpp"
#include "device/theory.hpp"

using namespace roofline;

TEST_CASE("half conversion rounds to nearest even and round-trips halves") {
  CHECK(float_to_half(1.0f) == 0x3c00);
  CHECK(float_to_half(-2.0f) == 0xc000);
  CHECK(float_to_half(65504.0f) == 0x7bff);
  CHECK(float_to_half(1e6f) == 0x7c00);              // overflow to infinity
  CHECK(float_to_half(1.0f + 1.0f / 2048) == 0x3c00);  // a tie rounds to even
  CHECK(float_to_half(1.0f + 3.0f / 2048) == 0x3c02);  // a tie rounds to even (up)
  CHECK(half_to_float(0x0001) == doctest::Approx(std::ldexp(1.0, -24)));  // smallest subnormal
  for (std::uint32_t h = 0; h < 0x7c00; h += 7) CHECK(float_to_half(half_to_float(std::uint16_t(h))) == h);
}

TEST_CASE("integer pair chains are computed exactly") {
  ChainSetup s{DataType::int32, ChainShape::Pair, 4, 2, 2, 8};
  ChainInputs in = make_inputs(s, 1);
  auto e = expected_outputs(s, in);
  REQUIRE(e.size() == 2);
  // Recompute pattern 0 by hand: y = x + b; 8 x (x += y; y += x); sum chains; 4 lanes.
  std::uint32_t start[2], b;
  std::memcpy(start, in.start.data(), 8);
  std::memcpy(&b, in.b.data(), 4);
  std::uint32_t lane = 0;
  for (std::uint32_t x : start) {
    std::uint32_t y = x + b;
    for (int i = 0; i < 8; ++i) x += y, y += x;
    lane += x;
  }
  CHECK(e[0] == double(std::uint32_t(lane * 4)));
}

TEST_CASE("the output check accepts the expectation and rejects deleted work") {
  for (DataType type : {DataType::float32, DataType::float64, DataType::float16, DataType::int32}) {
    for (ChainShape shape : {ChainShape::Affine, ChainShape::Square, ChainShape::Step}) {
      const std::string type_name = str(type);
      CAPTURE(type_name);
      CAPTURE(shape_name(shape));
      ChainSetup s{type, shape, 2, 4, 4, 128 * 8};
      ChainInputs in = make_inputs(s, 7);
      auto e = expected_outputs(s, in);
      const std::size_t sz = scalar_bytes(type), n = 12;
      // A faithful device: work-item g holds e[g % 4], written in the device layout.
      ChainSetup just_sum = s;
      just_sum.steps = 0;  // a compiler that deleted the loop would output the start values' sum
      auto deleted = expected_outputs(just_sum, in);
      std::vector<unsigned char> good(n * sz), bad(n * sz);
      for (std::size_t g = 0; g < n; ++g) {
        auto put = [&](std::vector<unsigned char>& buf, double v) {
          if (type == DataType::float32) { float f = float(v); std::memcpy(&buf[g * sz], &f, 4); }
          else if (type == DataType::float64) std::memcpy(&buf[g * sz], &v, 8);
          else if (type == DataType::float16) { auto h = float_to_half(float(v)); std::memcpy(&buf[g * sz], &h, 2); }
          else { std::uint32_t u = std::uint32_t(v); std::memcpy(&buf[g * sz], &u, 4); }
        };
        put(good, e[g % 4]);
        put(bad, deleted[g % 4]);
      }
      CHECK(check_outputs(s, e, good.data(), n) == "");
      CHECK(check_outputs(s, e, bad.data(), n) != "");
    }
  }
}

TEST_CASE("theoretical peaks from the architecture table") {
  PeakModel h200 = nvidia_peak_model(9, 0, 132);
  REQUIRE(h200.known());
  // 132 SMs x 128 lanes x 2 ops x 1980 MHz = 66.9 TFLOP/s (H100/H200 SXM datasheet: 67)
  CHECK(*theoretical_peak(h200, Op::mad, DataType::float32, 1980) == doctest::Approx(66.9e12).epsilon(0.001));
  CHECK(*theoretical_peak(h200, Op::mad, DataType::float64, 1980) == doctest::Approx(33.45e12).epsilon(0.001));
  CHECK(*theoretical_peak(h200, Op::add, DataType::float32, 1980) == doctest::Approx(33.45e12).epsilon(0.001));
  CHECK(*theoretical_peak(h200, Op::mad, DataType::int32, 1980) == doctest::Approx(33.45e12).epsilon(0.001));
  CHECK(*theoretical_peak(h200, Op::add, DataType::int32, 1980) == doctest::Approx(33.45e12).epsilon(0.001));
  CHECK(!lookup<DataType>("quad"));  // no such type: no peak can be asked for it
  CHECK(!theoretical_peak(h200, Op::read, DataType::float32, 1980));  // a memory op has no compute peak
  CHECK(!nvidia_peak_model(1, 0, 10).known());

  PeakModel zen3 = cpu_peak_model("AuthenticAMD", 25, 1, "fpu avx2 fma", 2);
  CHECK(zen3.architecture == "AMD Zen 3");
  CHECK(*theoretical_peak(zen3, Op::mad, DataType::float32, 3200) == doctest::Approx(204.8e9));
  CHECK(*theoretical_peak(zen3, Op::mad, DataType::float64, 3200) == doctest::Approx(102.4e9));
  CHECK(!theoretical_peak(zen3, Op::mad, DataType::int32, 3200));  // no integer theory for CPUs
  CHECK(cpu_peak_model("AuthenticAMD", 25, 0x11, "avx512f", 4).architecture == "AMD Zen 4");
  CHECK(!cpu_peak_model("SomeVendor", 1, 1, "", 4).known());
  CHECK(!theoretical_peak(zen3, Op::mad, DataType::float32, 0));
}
