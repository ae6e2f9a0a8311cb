// model/stats: summary statistics of repeated measurements.
// A figure in roofline is never a single number: every value carries the
// median (the reported value), the extremes, the spread and how many samples
// it took, so a reader can judge how stable it is.
#pragma once
#include <cstddef>
#include <vector>

namespace roofline {

struct Stats {
  double median = 0, min = 0, max = 0, mean = 0;
  double stddev = 0;  // sample standard deviation (n-1)
  double rse = 0;     // relative standard error of the mean: stddev / sqrt(n) / mean
  std::size_t samples = 0;
};

// How far the samples spread: standard deviation over mean (0 when the mean is not positive).
double relative_spread(const Stats& s);

// Summarises a set of samples. An empty set gives all-zero Stats.
Stats summarize(std::vector<double> samples);

}  // namespace roofline
