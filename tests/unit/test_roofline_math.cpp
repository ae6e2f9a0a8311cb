#include <doctest/doctest.h>

#include "model/roofline.hpp"
#include "model/units.hpp"

using namespace roofline;

TEST_CASE("attainable performance is the lower of the memory and compute roofs") {
  const double B = 4e12, F = 6.4e13;  // 4 TB/s, 64 TFLOP/s: ridge at 16 FLOP/byte
  CHECK(attainable(1, B, F) == doctest::Approx(4e12));
  CHECK(attainable(0.25, B, F) == doctest::Approx(1e12));
  CHECK(attainable(16, B, F) == doctest::Approx(F));
  CHECK(attainable(1000, B, F) == doctest::Approx(F));
  CHECK(attainable(0, B, F) == 0);
  CHECK(ridge_point(B, F) == doctest::Approx(16));
  CHECK(attainable(ridge_point(B, F), B, F) == doctest::Approx(F));
}

TEST_CASE("roof math rejects meaningless inputs") {
  CHECK_THROWS(attainable(1, 0, 1));
  CHECK_THROWS(attainable(1, 1, -1));
  CHECK_THROWS(attainable(-1, 1, 1));
  CHECK_THROWS(ridge_point(0, 1));
}

TEST_CASE("rates are written with three significant digits and an SI prefix") {
  CHECK(format_si(6.12e13, "FLOP/s") == "61.2 TFLOP/s");
  CHECK(format_si(3.9e12, "B/s") == "3.90 TB/s");
  CHECK(format_si(205e9, "FLOP/s") == "205 GFLOP/s");
  CHECK(format_si(999.9e9, "B/s") == "1.00 TB/s");
  CHECK(format_si(12, "B/s") == "12.0 B/s");
  CHECK(format_si(0.0123, "s") == "12.3 ms");
  CHECK(format_si(8.5e-4, "s") == "850 us");
  CHECK(format_si(4.4e-12, "J") == "4.40 pJ");
  CHECK(format_si(0, "J") == "0.00 J");
  CHECK(format_si(-3.9e12, "B/s") == "-3.90 TB/s");
  // Beyond the prefixes: an exponent.
  CHECK(format_si(998e18, "B/s") == "998 EB/s");
  CHECK(format_si(1e300, "FLOP/s") == "1e+300 FLOP/s");
  CHECK(format_si(2.5e-18, "J") == "2.5e-18 J");
  CHECK(format_si(1.5e-15, "J") == "1.50 fJ");
  CHECK(format_ai(1.0 / 16) == "1/16");
  CHECK(format_ai(4) == "4");
}
