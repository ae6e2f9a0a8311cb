// measurement/sampler: how many times to repeat a measurement. Repeats until
// the relative standard error of the mean falls under a target (the Poppl
// seed's adaptive scheme) or a time budget runs out, never fewer than a minimum.
#pragma once
#include <functional>
#include <vector>

#include "model/stats.hpp"

namespace roofline {

struct SamplingPolicy {
  int min_samples = 5;
  int max_samples = 200;
  double rse_target = 0.01;  // stop once stddev/sqrt(n)/mean is below this
  double budget_s = 1.0;     // stop once the timed samples add up to this
};

// Calls `run` (which returns the seconds one repetition took) as the policy
// says and returns every sample. The caller does its own warm-up before.
std::vector<double> sample(const std::function<double()>& run, const SamplingPolicy& policy);

// Work-per-second rates of each timed sample, summarised.
Stats rate_stats(const std::vector<double>& seconds, double work);

}  // namespace roofline
