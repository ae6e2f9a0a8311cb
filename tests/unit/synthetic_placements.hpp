// N synthetic placed kernels under a roofs document's roofs, for the tests and
// the benchmark of charts with many dots (tests/bench/chart_bench.cpp): the
// shape `roofline trace` gives a chart, hundreds of kernels of one program.
// Deterministic: the same N gives the same dots on every machine.
#pragma once
#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "model/placement.hpp"
#include "model/roofline.hpp"
#include "model/roofs.hpp"

namespace roofline::testing {

// Dots spread log-uniformly over arithmetic intensities 1/64..256 op/byte, each
// at 1% to 95% of what the document's highest memory and compute roofs allow
// there, with median times log-uniform over 1 µs..100 ms (a few kernels take
// most of the time, as in a real program) and a small spread of runs.
inline std::vector<Placement> synthetic_placements(const RoofsDocument& doc, std::size_t n, unsigned seed = 2026) {
  double bandwidth = 0, peak = 0;
  for (const Ceiling* c : best_ceilings(doc)) (c->is_memory() ? bandwidth : peak) = std::max(c->is_memory() ? bandwidth : peak, c->value);
  std::mt19937 random(seed);
  std::uniform_real_distribution<double> unit(0, 1);
  const auto log_uniform = [&](double lo, double hi) { return lo * std::pow(hi / lo, unit(random)); };
  std::vector<Placement> out;
  for (std::size_t i = 0; i < n; ++i) {
    Placement p;
    p.kernel = "kernel_" + std::to_string(i);
    p.device = doc.device.name;
    p.ai = log_uniform(1.0 / 64, 256);
    p.performance = attainable(p.ai, bandwidth, peak) * log_uniform(0.01, 0.95);
    p.seconds = log_uniform(1e-6, 1e-1);
    p.flops = p.performance * p.seconds;
    p.bytes = p.flops / p.ai;
    p.unit = RateUnit::flop;
    p.time.median = p.seconds;
    p.time.min = p.seconds * 0.97;
    p.time.max = p.seconds * log_uniform(1.01, 1.3);
    p.time.samples = 10;
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace roofline::testing
