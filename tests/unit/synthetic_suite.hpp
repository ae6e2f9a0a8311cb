// A roofs document holding every section of the micro-benchmark suite
// (model/suite), with figures shaped like a GPU's, for the chart and report
// tests: 12 math roofs of 9 functions over every form and type, the four
// stride curves (stride 0, strides 1..16 and 32), a divergence test whose
// ratio doubles up to 32 paths, a scalability sweep that saturates at 2^16
// work-items, four atomic rates, and atomic contention in global and local
// memory from 1 to 256 work-items per address. Deterministic.
#pragma once
#include <cmath>
#include <cstdint>
#include <vector>

#include "model/roofs.hpp"

namespace roofline::testing {

inline Stats spread(double median, double rel = 0.05) {
  Stats s;
  s.median = s.mean = median;
  s.min = median * (1 - rel);
  s.max = median * (1 + rel);
  s.samples = 5;
  return s;
}

inline MathRoof math_roof(MathFunction f, MathForm form, DataType type, double calls_per_s) {
  MathRoof r;
  r.call = {f, form, type};
  r.calls_per_s = spread(calls_per_s);
  r.launch = {1 << 20, 256}, r.chains = 4;
  r.ulp_bound = form == MathForm::native ? 8192 : 4;
  r.max_ulp_error = form == MathForm::native ? 2.5 : 0.75;
  r.per_clock_per_cu = calls_per_s / (1.98e9 * 132);
  return r;
}

inline std::vector<MathRoof> suite_math_roofs() {
  using F = MathFunction;
  using M = MathForm;
  return {
      // Deliberately out of the chart's order: the chart sorts them.
      math_roof(F::sqrt, M::precise, DataType::float32, 4.1e12),
      math_roof(F::sin, M::precise, DataType::float32, 2.2e12),
      math_roof(F::sin, M::native, DataType::float32, 8.4e12),
      math_roof(F::sin, M::half, DataType::float32, 5.0e12),
      math_roof(F::sin, M::precise, DataType::float64, 3.1e11),
      math_roof(F::add, M::precise, DataType::float32, 3.3e13),
      math_roof(F::add, M::precise, DataType::float16, 6.6e13),
      math_roof(F::div, M::native, DataType::float32, 8.0e12),
      math_roof(F::mod, M::precise, DataType::int32, 1.2e12),
      math_roof(F::exp, M::precise, DataType::float32, 3.9e12),
      math_roof(F::tgamma, M::precise, DataType::float32, 2.9e11),
      math_roof(F::fmax, M::precise, DataType::float32, 1.6e13),
  };
}

inline MeasuredSeries stride_curve(Op op, int width, double peak) {
  MeasuredSeries c;
  c.tags = {op, DataType::float32, width, {}, {}};
  c.launch = {1 << 22, 256}, c.bytes = 1ull << 30;
  c.points.push_back({0, spread(peak / 40), std::nullopt, 0});  // stride 0: every work-item on one address
  std::vector<std::uint32_t> strides;
  for (std::uint32_t s = 1; s <= 16; ++s) strides.push_back(s);
  strides.push_back(32);
  for (std::uint32_t s : strides)
    c.points.push_back({double(s), spread(peak / std::min<double>(s, 8 / width + 1.0 * s / 4)), std::nullopt, 0});
  return c;
}

inline MeasuredSeries suite_divergence() {
  MeasuredSeries d;
  d.launch = {1 << 20, 256};
  const double base = 2e-4;
  for (int p = 1; p <= 64; p *= 2) {
    const double ratio = std::min(p, 32) * 0.97 + (p == 1 ? 0.03 : 0);
    d.points.push_back({double(p), spread(base * ratio, 0.02), std::nullopt, 0});
  }
  d.marks["reported_width"] = 32;
  derive_marks(suite_row(SuiteBenchmark::divergence), d);
  return d;
}

inline MeasuredSeries suite_scalability() {
  MeasuredSeries s;
  s.bytes = 3ull << 28;
  for (std::uint64_t n = 64; n <= (1u << 20); n *= 4) {
    const double bw = 4.0e12 * std::min(1.0, double(n) / 65536.0);
    s.points.push_back({double(n), spread(bw), spread(double(s.bytes) / bw), std::min<std::uint64_t>(n, 256)});
  }
  derive_marks(suite_row(SuiteBenchmark::scalability), s);
  return s;
}

inline std::vector<MeasuredSeries> suite_atomics() {
  std::vector<MeasuredSeries> out;
  double rate = 1e9;
  for (AtomicSpace space : {AtomicSpace::global, AtomicSpace::local})
    for (AtomicTarget target : {AtomicTarget::one_address, AtomicTarget::distinct_addresses}) {
      MeasuredSeries a;
      a.tags.space = space, a.tags.target = target;
      a.launch = {1 << 20, 256};
      a.points.push_back({0, spread(rate), std::nullopt, 0});
      out.push_back(a);
      rate *= 7;
    }
  return out;
}

// Atomic contention in global and local memory: flat to 4 work-items per
// address, then slower with each doubling.
inline std::vector<MeasuredSeries> suite_contention() {
  std::vector<MeasuredSeries> out;
  for (AtomicSpace space : {AtomicSpace::global, AtomicSpace::local}) {
    MeasuredSeries c;
    c.tags.space = space;
    c.launch = {1 << 20, 256};
    const double distinct = space == AtomicSpace::global ? 3e11 : 2e12;
    for (std::uint32_t share = 1; share <= 256; share *= 2)
      c.points.push_back({double(share), spread(distinct / std::max(1.0, share / 4.0)), std::nullopt, 0});
    out.push_back(c);
  }
  return out;
}

// The whole suite in a document of a named device.
inline RoofsDocument suite_document() {
  RoofsDocument d;
  d.device.name = "Suite GPU";
  d.date = "2026-11-24";
  d.math = suite_math_roofs();
  d.suite[SuiteBenchmark::global_stride] = {stride_curve(Op::read, 1, 3.9e12), stride_curve(Op::store, 1, 3.5e12),
                                            stride_curve(Op::read, 4, 4.2e12), stride_curve(Op::store, 4, 3.8e12)};
  d.suite[SuiteBenchmark::divergence] = {suite_divergence()};
  d.suite[SuiteBenchmark::scalability] = {suite_scalability()};
  d.suite[SuiteBenchmark::atomics] = suite_atomics();
  d.suite[SuiteBenchmark::atomic_contention] = suite_contention();
  return d;
}

}  // namespace roofline::testing
