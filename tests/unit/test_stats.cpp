#include <doctest/doctest.h>

#include <cmath>

#include "measurement/sampler.hpp"
#include "model/stats.hpp"

using namespace roofline;

TEST_CASE("summary statistics of a known sample") {
  Stats s = summarize({4, 1, 3, 2, 5});
  CHECK(s.samples == 5);
  CHECK(s.median == 3);
  CHECK(s.min == 1);
  CHECK(s.max == 5);
  CHECK(s.mean == doctest::Approx(3));
  CHECK(s.stddev == doctest::Approx(std::sqrt(2.5)));
  CHECK(s.rse == doctest::Approx(std::sqrt(2.5) / std::sqrt(5.0) / 3));
  CHECK(summarize({1, 2, 3, 10}).median == doctest::Approx(2.5));
  CHECK(summarize({}).samples == 0);
  CHECK(summarize({7}).stddev == 0);
}

TEST_CASE("rates are computed per sample") {
  Stats r = rate_stats({0.5, 1.0, 2.0}, 10);
  CHECK(r.median == doctest::Approx(10));
  CHECK(r.max == doctest::Approx(20));
  CHECK(r.min == doctest::Approx(5));
}

TEST_CASE("the sampler stops on low relative error, at the minimum count") {
  int calls = 0;
  auto s = sample([&] { ++calls; return 1.0; }, SamplingPolicy{5, 100, 0.01, 1e9});
  CHECK(s.size() == 5);
  CHECK(calls == 5);
}

TEST_CASE("the sampler keeps going while noisy, until its budget runs out") {
  int i = 0;
  auto noisy = [&] { return (i++ % 2) ? 1.0 : 3.0; };  // rse stays ~ 0.5/sqrt(n)
  auto s = sample(noisy, SamplingPolicy{3, 1000, 1e-6, 20.0});
  CHECK(s.size() == 10);  // 10 samples of 2 s on average fill the 20 s budget
  auto capped = sample(noisy, SamplingPolicy{3, 7, 1e-6, 1e9});
  CHECK(capped.size() == 7);
}
