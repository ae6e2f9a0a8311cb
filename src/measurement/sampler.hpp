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

// Rounds: each task measured `rounds` times, round after round (every task
// once, then every task again), its best round kept: the one with the highest
// median. Interference from other work on the machine only slows a run down,
// and it comes in bursts: spread over time, one disturbed round costs that
// round, not the figure, and the best round is the rate the hardware
// sustains. A task returns the Stats of one round (a rate: higher is better).
std::vector<Stats> best_of_rounds(const std::vector<std::function<Stats()>>& tasks, int rounds);

// How a measurement is split into rounds: how many, and the fewest samples a
// round takes (0: the policy's own minimum). Many short rounds find the
// quiet moments of a machine whose noise comes in bursts shorter than a second.
struct Rounds {
  int count = 1;
  int min_samples = 0;
};

// A policy for one of `rounds.count` rounds: the same stopping rule, its
// minimum rounds.min_samples where given, the time budget shared out, so that
// rounds cost about what one measurement did.
SamplingPolicy per_round(SamplingPolicy policy, Rounds rounds);

}  // namespace roofline
