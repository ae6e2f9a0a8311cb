#include "measurement/sampler.hpp"

#include <algorithm>

#include "measurement/interrupt.hpp"

namespace roofline {

std::vector<double> sample(const std::function<double()>& run, const SamplingPolicy& p) {
  std::vector<double> s;
  double total = 0;
  while (int(s.size()) < p.max_samples) {
    throw_if_interrupted();
    double t = run();
    s.push_back(t);
    total += t;
    if (int(s.size()) < p.min_samples) continue;
    if (summarize(s).rse <= p.rse_target || total >= p.budget_s) break;
  }
  return s;
}

std::vector<Stats> best_of_rounds(const std::vector<std::function<Stats()>>& tasks, int rounds) {
  std::vector<Stats> best(tasks.size());
  for (int r = 0; r < std::max(rounds, 1); ++r)
    for (std::size_t i = 0; i < tasks.size(); ++i) {
      const Stats s = tasks[i]();
      if (r == 0 || s.median > best[i].median) best[i] = s;
    }
  return best;
}

SamplingPolicy per_round(SamplingPolicy policy, Rounds rounds) {
  if (rounds.count > 1) policy.budget_s /= rounds.count;
  if (rounds.min_samples > 0) policy.min_samples = rounds.min_samples;
  policy.max_samples = std::max(policy.max_samples, policy.min_samples);
  return policy;
}

Stats rate_stats(const std::vector<double>& seconds, double work) {
  std::vector<double> rates;
  rates.reserve(seconds.size());
  for (double t : seconds)
    if (t > 0) rates.push_back(work / t);
  return summarize(rates);
}

}  // namespace roofline
