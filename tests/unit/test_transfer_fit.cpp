#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>

#include "analysis/transfer_fit.hpp"

using namespace roofline;

namespace {

// 4 KiB .. 256 MiB in x4 steps, as the full transfer benchmark uses.
std::vector<double> sizes() {
  std::vector<double> s;
  for (double b = 4096; b <= 256.0 * (1 << 20); b *= 4) s.push_back(b);
  return s;
}

}  // namespace

TEST_CASE("transfer fit recovers latency and bandwidth from exact data") {
  for (auto [lat, bw] : {std::pair{10e-6, 12e9}, std::pair{2e-6, 50e9}, std::pair{1e-3, 1e8}}) {
    std::vector<double> x = sizes(), t;
    for (double b : x) t.push_back(lat + b / bw);
    const TransferLine f = fit_transfer_line(x, t);
    CHECK(f.latency_s == doctest::Approx(lat).epsilon(1e-9));
    CHECK(f.bandwidth == doctest::Approx(bw).epsilon(1e-9));
    CHECK(f.r2 == doctest::Approx(1.0).epsilon(1e-12));
    CHECK(f.slope_rel_se < 1e-9);
  }
}

TEST_CASE("transfer fit with 3% noise lands within 5% and R^2 stays near 1") {
  const double lat = 8e-6, bw = 20e9;
  std::mt19937_64 rng(12345);
  std::normal_distribution<double> noise(0.0, 0.03);
  std::vector<double> x, t;
  for (double b : sizes())
    for (int rep = 0; rep < 10; ++rep) {
      x.push_back(b);
      t.push_back((lat + b / bw) * (1 + noise(rng)));
    }
  const TransferLine f = fit_transfer_line(x, t);
  CHECK(f.latency_s == doctest::Approx(lat).epsilon(0.05));
  CHECK(f.bandwidth == doctest::Approx(bw).epsilon(0.05));
  CHECK(f.r2 > 0.95);
  CHECK(f.r2 <= 1.0);
  CHECK(f.slope_rel_se < 0.05);

  // The same data through fit_transfer, which fits the medians per size and
  // returns the points sorted by size.
  std::vector<CurvePoint> points;
  for (double b : sizes()) {
    std::vector<double> reps;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (x[i] == b) reps.push_back(t[i]);
    points.push_back(CurvePoint{b, summarize(reps)});
  }
  std::reverse(points.begin(), points.end());
  const TransferFit tf = fit_transfer(TransferDirection::write, points);
  CHECK(tf.direction == TransferDirection::write);
  CHECK(tf.latency_s == doctest::Approx(lat).epsilon(0.05));
  CHECK(tf.bandwidth == doctest::Approx(bw).epsilon(0.05));
  CHECK(tf.r2 > 0.95);
  REQUIRE(tf.points.size() == sizes().size());
  for (std::size_t i = 1; i < tf.points.size(); ++i) CHECK(tf.points[i - 1].bytes < tf.points[i].bytes);
}

TEST_CASE("transfer fit weighs small and large sizes alike") {
  // A 50% error on the smallest size only: with relative weights it moves the
  // latency, yet the bandwidth, fixed by the large sizes, barely moves.
  const double lat = 5e-6, bw = 10e9;
  std::vector<double> x = sizes(), t;
  for (double b : x) t.push_back(lat + b / bw);
  t[0] *= 1.5;
  const TransferLine f = fit_transfer_line(x, t);
  CHECK(f.bandwidth == doctest::Approx(bw).epsilon(0.02));
  CHECK(f.latency_s > lat);
}

TEST_CASE("a poor transfer fit has a low R^2 and an unresolved slope") {
  // Times alternating by a factor 3 around a slow growth: a line explains little.
  std::vector<double> x = sizes(), t;
  x.pop_back();  // 4 KiB .. 64 MiB: 8 sizes, ending on a slow one
  for (std::size_t i = 0; i < x.size(); ++i) t.push_back((i % 2 ? 3e-3 : 1e-3) + x[i] * 1e-13);
  const TransferLine f = fit_transfer_line(x, t);
  CHECK(f.r2 < 0.5);
  CHECK(f.slope_rel_se > 0.5);
}

TEST_CASE("transfer fit: a negative fitted latency is clamped to 0 and the line refitted through the origin") {
  const double bw = 10e9;
  std::vector<double> x = sizes(), t;
  for (double b : x) t.push_back(b / bw * 0.9);  // smallest sizes 10% faster than the line through the origin
  for (std::size_t i = 4; i < x.size(); ++i) t[i] = x[i] / bw;
  const TransferLine f = fit_transfer_line(x, t);
  CHECK(f.latency_s == 0);
  CHECK(f.bandwidth > 0);
  CHECK(f.bandwidth == doctest::Approx(bw).epsilon(0.15));

  // Exactly proportional data: latency 0, exact bandwidth.
  std::vector<double> exact;
  for (double b : x) exact.push_back(b / bw);
  const TransferLine e = fit_transfer_line(x, exact);
  CHECK(e.latency_s == doctest::Approx(0).epsilon(1e-9).scale(1e-6));
  CHECK(e.bandwidth == doctest::Approx(bw).epsilon(1e-9));
}

TEST_CASE("degenerate transfer fits throw invalid_argument") {
  CHECK_THROWS_AS(fit_transfer_line({}, {}), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer_line({4096}, {1e-5}), std::invalid_argument);
  // Many samples, one distinct size.
  CHECK_THROWS_AS(fit_transfer_line({4096, 4096, 4096}, {1e-5, 1.1e-5, 0.9e-5}), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer_line({4096, 8192}, {1e-5}), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer_line({4096, 8192}, {1e-5, 0}), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer_line({4096, 8192}, {1e-5, -1e-5}), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer_line({-4096, 8192}, {1e-5, 2e-5}), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer_line({4096, 8192}, {1e-5, std::nan("")}), std::invalid_argument);
  // Time that falls or stays flat with size: no positive bandwidth.
  CHECK_THROWS_AS(fit_transfer_line({4096, 1 << 20, 1 << 24}, {3e-5, 2e-5, 1e-5}), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer_line({4096, 1 << 20, 1 << 24}, {1e-5, 1e-5, 1e-5}), std::invalid_argument);
  CHECK_THROWS_WITH_AS(fit_transfer(TransferDirection::map, {CurvePoint{4096, summarize({1e-5})}, CurvePoint{4096, summarize({2e-5})}}),
                       doctest::Contains("map"), std::invalid_argument);
  CHECK_THROWS_AS(fit_transfer(TransferDirection::read, {}), std::invalid_argument);
  // Two distinct sizes are enough.
  const TransferLine two = fit_transfer_line({0, 1e6}, {1e-6, 1e-6 + 1e6 / 1e9});
  CHECK(two.latency_s == doctest::Approx(1e-6));
  CHECK(two.bandwidth == doctest::Approx(1e9));
}

TEST_CASE("a transfer whose time does not grow with size gets the documented flat result") {
  // A zero-copy map: about 0.2 us at every size, with noise either way.
  std::vector<CurvePoint> points;
  const double t[] = {0.20e-6, 0.21e-6, 0.19e-6, 0.22e-6, 0.18e-6};
  double b = 4096;
  for (double s : t) {
    points.push_back(CurvePoint{b, summarize({s})});
    b *= 16;
  }
  const TransferFit f = fit_transfer(TransferDirection::map, points);
  CHECK(flat_transfer(f));
  CHECK(f.bandwidth == 0);
  CHECK(f.r2 == 0);
  CHECK(f.latency_s == doctest::Approx(0.2e-6).epsilon(0.05));
  CHECK(f.points.size() == 5);

  // Falling times: the same result.
  std::reverse(points.begin(), points.end());
  for (std::size_t i = 0; i < points.size(); ++i) points[i].bytes = 4096.0 * std::pow(16.0, double(i));
  CHECK(flat_transfer(fit_transfer(TransferDirection::map, points)));

  // A slope smaller than its noise is not resolved either.
  const double wobble[] = {0.20e-6, 0.18e-6, 0.22e-6, 0.19e-6, 0.21e-6};
  std::vector<double> x, ts;
  for (int i = 0; i < 5; ++i) {
    x.push_back(4096.0 * std::pow(16.0, i));
    ts.push_back(wobble[i] + x.back() * 5e-17);  // 0.013 us more at 256 MiB
  }
  const TransferLine noisy = fit_transfer_line(x, ts);
  CHECK(noisy.slope_rel_se > 0.5);
  CHECK(flat_transfer(fit_transfer(TransferDirection::map, {CurvePoint{x[0], summarize({ts[0]})}, CurvePoint{x[1], summarize({ts[1]})},
                                          CurvePoint{x[2], summarize({ts[2]})}, CurvePoint{x[3], summarize({ts[3]})},
                                          CurvePoint{x[4], summarize({ts[4]})}})));

  // A real transfer is not flat.
  std::vector<CurvePoint> real;
  for (double s : {4096.0, 65536.0, 1048576.0}) real.push_back(CurvePoint{s, summarize({1e-6 + s / 1e10})});
  CHECK_FALSE(flat_transfer(fit_transfer(TransferDirection::write, real)));
  // A real transfer timed on a busy machine: the small sizes scatter (relative
  // errors of 2-3x blur the slope), yet 64 MiB takes thousands of times 4 KiB.
  std::vector<CurvePoint> busy;
  const double factor[] = {1.0, 3.0, 0.3, 1.6, 1.0};
  for (int i = 0; i < 5; ++i) {
    const double s = 4096.0 * std::pow(16.0, i) / (i == 4 ? 4 : 1);
    busy.push_back(CurvePoint{s, summarize({(1e-6 + s / 2e10) * factor[i]})});
  }
  std::vector<double> bx, bt;
  for (const auto& p : busy) { bx.push_back(p.bytes); bt.push_back(p.stats.median); }
  CHECK(fit_transfer_line(bx, bt).slope_rel_se > 0.5);  // the slope alone would call it flat
  CHECK_FALSE(flat_transfer(fit_transfer(TransferDirection::write, busy)));
  // ...unless the caller knows better.
  const TransferFit forced = flat_transfer_fit(TransferDirection::map, real);
  CHECK(flat_transfer(forced));
  CHECK(forced.latency_s > 1e-6);
  CHECK(forced.points.size() == 3);
  CHECK_THROWS_AS(flat_transfer_fit(TransferDirection::map, {real[0]}), std::invalid_argument);
}
