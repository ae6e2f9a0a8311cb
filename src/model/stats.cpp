#include "model/stats.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace roofline {

Stats summarize(std::vector<double> v) {
  Stats s;
  s.samples = v.size();
  if (v.empty()) return s;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  s.min = v.front();
  s.max = v.back();
  s.median = n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
  s.mean = std::accumulate(v.begin(), v.end(), 0.0) / double(n);
  if (n > 1) {
    double ss = 0;
    for (double x : v) ss += (x - s.mean) * (x - s.mean);
    s.stddev = std::sqrt(ss / double(n - 1));
    s.rse = s.mean != 0 ? s.stddev / std::sqrt(double(n)) / std::fabs(s.mean) : 0;
  }
  return s;
}

double relative_spread(const Stats& s) { return s.mean > 0 && std::isfinite(s.stddev) ? s.stddev / s.mean : 0; }

}  // namespace roofline
