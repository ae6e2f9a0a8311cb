#include "analysis/levels.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "files/input_file.hpp"
#include "files/json_input.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

// All thresholds are dimensionless: ratios of rates, widths in doublings of
// working set, multiples of the measured noise. No size appears here.
constexpr double kMergeTolerance = 0.15;   // adjacent segments closer than 15% are one level
constexpr double kConfirmStep = 0.25;      // a cliff seen in one curve only needs a step above 25%
constexpr double kMatchRatio = 2.0;        // cliffs of the two curves within 2x are one boundary
constexpr double kMinLevelDoublings = 1.0; // a plateau spans at least one doubling of working set
constexpr double kNoiseFloor = 0.01;       // noise of log(value) never taken below 1%
constexpr double kOutlierSigmas = 4.0;     // a spike stands this many noise sigmas off its neighbours
constexpr double kBicFactor = 2.0;         // penalty per change point: kBicFactor sigma^2 ln(n)
constexpr double kDramReach = 2.0;         // DRAM: the sweep goes past 2x the previous capacity
constexpr double kHintRatio = 2.0;         // a reported size names a level within 2x of its capacity
// A known cache's cliff lies between a quarter of its size (a virtual
// machine's share of a shared L3: the 2-core VM's 32 MiB L3 ends at 9.55 MB,
// roofs/pthread-skylake-avx512-amd-epyc-suite.json) and 1.5x it (an exclusive
// cache holds the level above's lines as well as its own).
constexpr double kKnownBelow = 4.0;
constexpr double kKnownAbove = 1.5;
constexpr double kKnownRatio = 2.0;        // a GPU's level agrees with the architecture's size within 2x
constexpr std::size_t kMinPoints = 4;      // fewer points: one level, no change point sought
constexpr double kKinkScore = 2.0;         // a plateau ends at a kink 2 standard errors sharp
constexpr double kMaxTailDoublings = 3.0;  // a cliff's tail spans less than 3 doublings

double median(std::vector<double> v) {
  if (v.empty()) return std::numeric_limits<double>::quiet_NaN();
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

// A curve made ready for segmentation: sorted by bytes, z = sign * log(value),
// with sign chosen so that z is expected to fall as the working set grows
// (+1 for bandwidth, -1 for latency).
struct Series {
  std::vector<double> x;    // bytes, ascending
  std::vector<double> raw;  // the points' medians
  std::vector<double> z;    // sign * log(raw), outliers replaced
  std::vector<double> edge;  // log2 bytes where each point's share of the axis starts; one more than x
  double sigma = kNoiseFloor;
  std::size_t size() const { return x.size(); }
  // Doublings of working set covered by points [begin, end): each point
  // stands for the half gaps to its neighbours, so k points evenly spaced at
  // p per doubling cover k / p, wherever the sweep was refined or not.
  double width(std::size_t begin, std::size_t end) const { return edge[end] - edge[begin]; }
};

// A run of points [begin, end) of a series with one level `value` (median z).
struct Segment {
  std::size_t begin = 0, end = 0;
  double value = 0;
  std::size_t count() const { return end - begin; }
};

// Robust noise of z: neighbouring differences of pure noise have a spread of
// sqrt(2) sigma, and their median absolute value ignores cliffs and outliers.
double noise_sigma(const std::vector<double>& z) {
  std::vector<double> d;
  for (std::size_t i = 1; i < z.size(); ++i) d.push_back(std::fabs(z[i] - z[i - 1]));
  if (d.empty()) return kNoiseFloor;
  return std::max(kNoiseFloor, 1.4826 * median(d) / std::sqrt(2.0));
}

// Removes single-point outliers ("spikes"). Interference only ever slows a
// measurement down, so a spike is a point lower in z (lower bandwidth, higher
// latency) than both its neighbours by more than kOutlierSigmas noise sigmas;
// it takes the value of the lower neighbour (at a cliff, the side it is on),
// the deepest spike first. An end point is a spike when it is that far below
// its neighbour while the two next ones agree.
// Steps and ramps are left alone: on them the two differences have opposite
// signs.
std::vector<double> remove_spikes(std::vector<double> z, double sigma) {
  const std::size_t n = z.size();
  if (n < 3) return z;
  const double limit = kOutlierSigmas * sigma;
  for (std::size_t round = 0; round < n; ++round) {
    double worst = limit;
    std::optional<std::size_t> at;
    for (std::size_t i = 0; i < n; ++i) {
      double size = 0;
      if (i == 0 || i + 1 == n) {
        const std::size_t a = i == 0 ? 1 : n - 2, b = i == 0 ? 2 : n - 3;
        if (std::fabs(z[a] - z[b]) < limit) size = z[a] - z[i];
      } else {
        size = std::min(z[i - 1] - z[i], z[i + 1] - z[i]);
      }
      if (size > worst) worst = size, at = i;
    }
    if (!at) break;
    const std::size_t i = *at;
    z[i] = i == 0 ? z[1] : i + 1 == n ? z[n - 2] : std::min(z[i - 1], z[i + 1]);
  }
  return z;
}

Series prepare(const std::vector<CurvePoint>& curve, double sign) {
  std::vector<std::pair<double, double>> pts;
  for (const auto& p : curve)
    if (std::isfinite(p.bytes) && p.bytes > 0 && std::isfinite(p.stats.median) && p.stats.median > 0)
      pts.emplace_back(p.bytes, p.stats.median);
  std::stable_sort(pts.begin(), pts.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Series s;
  std::vector<double> z;
  for (const auto& [x, v] : pts) {
    s.x.push_back(x);
    s.raw.push_back(v);
    z.push_back(sign * std::log(v));
  }
  s.sigma = noise_sigma(z);
  s.z = remove_spikes(z, s.sigma);
  // Cell edges halfway between neighbours (in log2 bytes); the end cells take
  // the half gap of their only neighbour, a lone point one doubling.
  const std::size_t n = s.x.size();
  if (n > 0) {
    std::vector<double> u;
    for (double x : s.x) u.push_back(std::log2(x));
    s.edge.resize(n + 1);
    for (std::size_t i = 1; i < n; ++i) s.edge[i] = 0.5 * (u[i - 1] + u[i]);
    const double first_gap = n > 1 ? u[1] - u[0] : 1, last_gap = n > 1 ? u[n - 1] - u[n - 2] : 1;
    s.edge[0] = u[0] - 0.5 * first_gap;
    s.edge[n] = u[n - 1] + 0.5 * last_gap;
  }
  return s;
}

// Optimal partitioning of z into constant pieces minimising the sum of squared
// errors plus `penalty` per piece (exact, O(n^2) at worst; PELT pruning).
// Returns the pieces' start indices, the first being 0.
std::vector<std::size_t> optimal_partition(const std::vector<double>& z, double penalty) {
  const std::size_t n = z.size();
  std::vector<double> s1(n + 1, 0), s2(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    s1[i + 1] = s1[i] + z[i];
    s2[i + 1] = s2[i] + z[i] * z[i];
  }
  auto cost = [&](std::size_t a, std::size_t b) {
    const double m = double(b - a), t = s1[b] - s1[a];
    return std::max(0.0, s2[b] - s2[a] - t * t / m);
  };
  std::vector<double> f(n + 1, 0);
  std::vector<std::size_t> prev(n + 1, 0), candidates{0};
  f[0] = -penalty;
  for (std::size_t t = 1; t <= n; ++t) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t s : candidates) {
      const double c = f[s] + cost(s, t) + penalty;
      if (c < best) best = c, prev[t] = s;
    }
    f[t] = best;
    std::vector<std::size_t> kept;
    for (std::size_t s : candidates)
      if (f[s] + cost(s, t) <= f[t]) kept.push_back(s);
    kept.push_back(t);
    candidates.swap(kept);
  }
  std::vector<std::size_t> starts;
  for (std::size_t t = n; t > 0; t = prev[t]) starts.push_back(prev[t]);
  std::reverse(starts.begin(), starts.end());
  return starts;
}

double segment_value(const Series& s, std::size_t begin, std::size_t end) {
  return median(std::vector<double>(s.z.begin() + long(begin), s.z.begin() + long(end)));
}

// Whether a segment ends at a cliff or in the tail of one. A continuous
// hinge z = a + b_in min(u, 0) + b_out max(u, 0), u = log2(bytes / end), is
// fitted by least squares to the segment's points of its last two doublings
// and to the points of the doubling after it; kink = b_in - b_out is how much
// faster the curve falls after the end than before it (log per doubling). A
// plateau is flat up to its end and then falls: a clear positive kink. The tail
// of a gradual cliff (a cache's share of the loads falling as capacity /
// working set) falls ever more slowly, a negative kink. Returns kink / its
// standard error (from the series' noise); infinity when it cannot be fitted.
double kink_score(const Series& s, const Segment& g) {
  const double end = s.x[g.end - 1];
  double m[3][3] = {}, r[3] = {};
  std::size_t before = 0, after = 0;
  auto add = [&](std::size_t i) {
    const double u = std::log2(s.x[i] / end);
    const double row[3] = {1, std::min(u, 0.0), std::max(u, 0.0)};
    for (int p = 0; p < 3; ++p) {
      for (int q = 0; q < 3; ++q) m[p][q] += row[p] * row[q];
      r[p] += row[p] * s.z[i];
    }
  };
  for (std::size_t i = g.begin; i < g.end; ++i)
    if (s.x[i] >= end / 4) add(i), ++before;
  for (std::size_t i = g.end; i < s.size() && s.x[i] <= 2 * end * 1.000001; ++i)
    if (s.x[i] > end) add(i), ++after;
  if (before < 2 || after < 2) return std::numeric_limits<double>::infinity();
  // Inverse of the 3x3 normal matrix by cofactors.
  const double det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
                     m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
                     m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
  if (!(std::fabs(det) > 1e-12)) return std::numeric_limits<double>::infinity();
  double inv[3][3];
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 3; ++q) {
      const int p1 = (q + 1) % 3, p2 = (q + 2) % 3, q1 = (p + 1) % 3, q2 = (p + 2) % 3;
      inv[p][q] = (m[p1][q1] * m[p2][q2] - m[p1][q2] * m[p2][q1]) / det;
    }
  double b[3] = {};
  for (int p = 0; p < 3; ++p)
    for (int q = 0; q < 3; ++q) b[p] += inv[p][q] * r[q];
  const double kink = b[1] - b[2];
  const double var = inv[1][1] + inv[2][2] - 2 * inv[1][2];
  return kink / (s.sigma * std::sqrt(std::max(var, 1e-300)));
}

// Moves the end of a plateau to the onset of its cliff. Merging absorbs the
// first points of a gradual cliff into the plateau when they are within the
// merge tolerance of it; a broken stick (flat, then falling linearly in
// log2(bytes)) is fitted by least squares to the plateau's last two doublings
// and the points up to the next plateau (at most one doubling on), and the
// plateau ends at the best hinge.
void refine_end(const Series& s, Segment& g, std::size_t next_begin) {
  const double end = s.x[g.end - 1];
  std::size_t i0 = g.begin;
  while (i0 < g.end && s.x[i0] < end / 4) ++i0;
  std::size_t i1 = g.end - 1;
  while (i1 + 1 <= next_begin && i1 + 1 < s.size() && s.x[i1 + 1] <= 2 * end * 1.000001) ++i1;
  if (i1 < i0 + 3) return;
  double best = std::numeric_limits<double>::infinity();
  std::size_t best_k = g.end - 1;
  for (std::size_t k = i0 + 2; k < i1; ++k) {
    const double uk = std::log2(s.x[k]);
    double n = 0, sv = 0, sz = 0, svv = 0, svz = 0, szz = 0;
    for (std::size_t i = i0; i <= i1; ++i) {
      const double v = std::max(0.0, std::log2(s.x[i]) - uk), z = s.z[i];
      n += 1, sv += v, sz += z, svv += v * v, svz += v * z, szz += z * z;
    }
    const double cvv = svv - sv * sv / n, cvz = svz - sv * sz / n, czz = szz - sz * sz / n;
    if (!(cvv > 0) || !(cvz < 0)) continue;  // no point after the hinge, or no fall
    const double sse = czz - cvz * cvz / cvv;
    if (sse < best - 1e-15) best = sse, best_k = k;
  }
  if (best_k + 1 == g.end) return;
  g.end = best_k + 1;
  g.value = segment_value(s, g.begin, g.end);
}

// Moves the start of a plateau to where the tail of the previous cliff has
// died out: the mirror of refine_end, a line falling into a flat part, fitted
// to the points from the previous plateau's end (at most a doubling back) to
// the plateau's first two doublings.
void refine_start(const Series& s, Segment& g, std::size_t prev_end) {
  const double start = s.x[g.begin];
  std::size_t i0 = g.begin;
  while (i0 > prev_end && s.x[i0 - 1] >= start / 2 / 1.000001) --i0;
  std::size_t i1 = g.begin;
  while (i1 + 1 < g.end && s.x[i1 + 1] <= 4 * start * 1.000001) ++i1;
  if (i1 < i0 + 3) return;
  double best = std::numeric_limits<double>::infinity();
  std::size_t best_k = g.begin;
  for (std::size_t k = i0 + 1; k + 2 <= i1; ++k) {
    const double uk = std::log2(s.x[k]);
    double n = 0, sv = 0, sz = 0, svv = 0, svz = 0, szz = 0;
    for (std::size_t i = i0; i <= i1; ++i) {
      const double v = std::max(0.0, uk - std::log2(s.x[i])), z = s.z[i];
      n += 1, sv += v, sz += z, svv += v * v, svz += v * z, szz += z * z;
    }
    const double cvv = svv - sv * sv / n, cvz = svz - sv * sz / n, czz = szz - sz * sz / n;
    if (!(cvv > 0) || !(cvz > 0)) continue;  // no point before the hinge, or no fall into the plateau
    const double sse = czz - cvz * cvz / cvv;
    if (sse < best - 1e-15) best = sse, best_k = k;
  }
  if (best_k == g.begin) return;
  g.begin = best_k;
  g.value = segment_value(s, g.begin, g.end);
}

// Drops a plateau's first points while the rest still falls significantly
// (least-squares slope over log2(bytes) more than 2 standard errors below zero),
// keeping at least one doubling: the plateau is the flat part before its cliff.
void trim_trend(const Series& s, Segment& g) {
  while (s.width(g.begin + 1, g.end) + 1e-9 >= kMinLevelDoublings && g.count() > 2) {
    double n = 0, su = 0, sz = 0, suu = 0, suz = 0;
    for (std::size_t i = g.begin; i < g.end; ++i) {
      const double u = std::log2(s.x[i]), z = s.z[i];
      n += 1, su += u, sz += z, suu += u * u, suz += u * z;
    }
    const double cuu = suu - su * su / n, cuz = suz - su * sz / n;
    if (!(cuu > 0)) return;
    const double slope = cuz / cuu, se = s.sigma / std::sqrt(cuu);
    if (slope > -2 * se) return;
    ++g.begin;
  }
  g.value = segment_value(s, g.begin, g.end);
}

// The plateaus of a series: change-point segments, merged when within
// kMergeTolerance, with transitions and artefacts (segments narrower than
// kMinLevelDoublings) removed one at a time, narrowest first.
std::vector<Segment> plateaus(const Series& s) {
  const std::size_t n = s.size();
  if (n == 0) return {};
  if (n < kMinPoints) return {Segment{0, n, segment_value(s, 0, n)}};

  const double penalty = kBicFactor * s.sigma * s.sigma * std::log(double(n));
  const auto starts = optimal_partition(s.z, penalty);
  std::vector<Segment> seg;
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::size_t e = i + 1 < starts.size() ? starts[i + 1] : n;
    seg.push_back({starts[i], e, segment_value(s, starts[i], e)});
  }

  const double merge_gap = std::log(1 + kMergeTolerance);
  auto merge_close = [&] {
    while (seg.size() > 1) {
      std::size_t best = 0;
      double gap = std::numeric_limits<double>::infinity();
      for (std::size_t i = 0; i + 1 < seg.size(); ++i) {
        const double g = std::fabs(seg[i].value - seg[i + 1].value);
        if (g < gap) gap = g, best = i;
      }
      if (gap >= merge_gap) return;
      Segment m{seg[best].begin, seg[best + 1].end, 0};
      m.value = segment_value(s, m.begin, m.end);
      seg[best] = m;
      seg.erase(seg.begin() + long(best) + 1);
    }
  };

  const double confirm = std::log(1 + kConfirmStep);
  // Widths in doublings, with a little slack for rounding in the logarithms.
  auto width = [&](const Segment& g) { return s.width(g.begin, g.end) + 1e-9; };
  for (;;) {
    merge_close();
    if (seg.size() <= 1) break;
    std::optional<std::size_t> drop;
    for (std::size_t i = 0; i < seg.size(); ++i) {
      if (width(seg[i]) >= kMinLevelDoublings && seg[i].count() >= 2) continue;
      // A narrow segment at either end that continues the trend with a large
      // step (higher than the next at the start, lower than the previous at
      // the end) is a level the sweep saw only in part; any other narrow one
      // is not a level.
      const bool partial_first = i == 0 && seg[0].value - seg[1].value > confirm && seg[0].count() >= 2;
      const bool partial_last = i + 1 == seg.size() && seg[i - 1].value - seg[i].value > confirm && seg[i].count() >= 2;
      if (partial_first || partial_last) continue;
      if (!drop || width(seg[i]) < width(seg[*drop])) drop = i;
    }
    if (!drop) {
      // Bandwidth only falls as the working set grows (latency only rises):
      // of two neighbours where the later one is higher, the narrower is an
      // artefact (a dip, overheads at small sizes), not a level.
      for (std::size_t i = 0; i + 1 < seg.size(); ++i) {
        if (!(seg[i].value < seg[i + 1].value)) continue;
        const std::size_t j = width(seg[i + 1]) < width(seg[i]) ? i + 1 : i;
        if (!drop || width(seg[j]) < width(seg[*drop])) drop = j;
      }
    }
    if (!drop) {
      // Every segment is wide enough: look for the tail of a gradual cliff.
      double worst = kKinkScore;
      for (std::size_t i = 1; i + 1 < seg.size(); ++i) {
        if (!(seg[i - 1].value > seg[i].value && seg[i].value > seg[i + 1].value)) continue;
        if (width(seg[i]) >= kMaxTailDoublings) continue;
        const double r = kink_score(s, seg[i]);
        if (r < worst) worst = r, drop = i;
      }
    }
    if (!drop) break;
    seg.erase(seg.begin() + long(*drop));
  }
  if (seg.empty()) seg.push_back({0, n, segment_value(s, 0, n)});
  for (std::size_t i = 0; i + 1 < seg.size(); ++i) refine_end(s, seg[i], seg[i + 1].begin);
  for (std::size_t i = 1; i < seg.size(); ++i) {
    refine_start(s, seg[i], seg[i - 1].end);
    trim_trend(s, seg[i]);
  }
  return seg;
}

// A cliff between two consecutive plateaus.
struct Cliff {
  double capacity = 0;  // geometric midpoint between the plateau's last point and the next point
  double lo = 0;        // bytes of the last point of the plateau below
  double next = 0;      // bytes of the point after it: the cliff lies in (lo, next)
  double hi = 0;        // bytes of the first point of the plateau above
  double step = 0;      // |change of log(value)| between the plateaus
};

std::vector<Cliff> cliffs(const Series& s, const std::vector<Segment>& p) {
  std::vector<Cliff> out;
  for (std::size_t i = 0; i + 1 < p.size(); ++i) {
    const std::size_t last = p[i].end - 1;
    const double next = s.x[std::min(last + 1, s.size() - 1)];
    out.push_back({std::sqrt(s.x[last] * next), s.x[last], next, s.x[p[i + 1].begin],
                   std::fabs(p[i].value - p[i + 1].value)});
  }
  return out;
}

// Whether a series has at least two points on each side of `bytes`, so that
// a cliff there would show on it.
bool covers(const Series& s, double bytes) {
  const auto below = std::count_if(s.x.begin(), s.x.end(), [&](double x) { return x < bytes; });
  const auto above = std::count_if(s.x.begin(), s.x.end(), [&](double x) { return x > bytes; });
  return below >= 2 && above >= 2;
}

double log_ratio(double a, double b) { return std::fabs(std::log(a / b)); }

// How far apart two cliffs are (log of a ratio of bytes), allowing for where
// each curve was sampled: 0 when the intervals (lo, next) that hold them
// overlap, else the gap between them.
double cliff_gap(const Cliff& a, const Cliff& b) {
  return std::max(0.0, std::log(std::max(a.lo, b.lo) / std::min(a.next, b.next)));
}

std::size_t nearest(const std::vector<Cliff>& c, double bytes) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < c.size(); ++i)
    if (log_ratio(c[i].capacity, bytes) < log_ratio(c[best].capacity, bytes)) best = i;
  return best;
}

// Boundaries between levels, from the bandwidth cliffs confirmed, refined or
// vetoed by the latency cliffs (see the header).
std::vector<Cliff> boundaries(const Series& bw, const std::vector<Segment>& bw_plateaus, const Series& lat,
                              const std::vector<Segment>& lat_plateaus) {
  const auto b = cliffs(bw, bw_plateaus);
  if (lat.size() < kMinPoints) return b;
  const auto l = cliffs(lat, lat_plateaus);
  const double match = std::log(kMatchRatio), confirm = std::log(1 + kConfirmStep);
  std::vector<bool> l_used(l.size(), false);
  std::vector<Cliff> out;
  for (std::size_t i = 0; i < b.size(); ++i) {
    if (!l.empty()) {
      const std::size_t j = nearest(l, b[i].capacity);
      if (nearest(b, l[j].capacity) == i && cliff_gap(l[j], b[i]) <= match) {
        Cliff c = b[i];
        c.capacity = std::sqrt(b[i].capacity * l[j].capacity);
        out.push_back(c);
        l_used[j] = true;
        continue;
      }
    }
    if (b[i].step > confirm || !covers(lat, b[i].capacity)) out.push_back(b[i]);
  }
  for (std::size_t j = 0; j < l.size(); ++j) {
    if (l_used[j] || l[j].step <= confirm) continue;
    // A latency-only cliff splits a bandwidth plateau; one that falls in a
    // bandwidth transition (or outside the bandwidth curve) is not used.
    const double cap = l[j].capacity;
    for (const auto& p : bw_plateaus) {
      if (!(bw.x[p.begin] < cap && cap < bw.x[p.end - 1])) continue;
      Cliff c;
      c.capacity = cap;
      c.step = l[j].step;
      for (std::size_t k = p.begin; k < p.end; ++k) {
        if (bw.x[k] <= cap) c.lo = bw.x[k];
        else if (c.hi == 0) c.hi = c.next = bw.x[k];
      }
      out.push_back(c);
      break;
    }
  }
  std::sort(out.begin(), out.end(), [](const Cliff& a, const Cliff& c) { return a.capacity < c.capacity; });
  return out;
}

// Median of a curve's values over bytes in [lo, hi]; none when no point is there.
std::optional<double> median_in(const Series& s, double lo, double hi) {
  std::vector<double> v;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (s.x[i] >= lo && s.x[i] <= hi) v.push_back(s.raw[i]);
  if (v.empty()) return std::nullopt;
  return median(v);
}

std::vector<double> clean_hints(const LevelHints& hints) {
  std::vector<double> h;
  for (double c : hints.cache_bytes)
    if (std::isfinite(c) && c > 0) h.push_back(c);
  std::sort(h.begin(), h.end());
  return h;
}

// Names levels in place (see the header for the rule).
// "L2", or past the architecture's last cache level `real` (when known),
// "L2 far", "L2 far 2"...
std::string cache_name(std::size_t number, std::size_t real) {
  if (real == 0 || number <= real) return "L" + std::to_string(number);
  const std::size_t extra = number - real;
  return "L" + std::to_string(real) + " far" + (extra > 1 ? " " + std::to_string(extra) : "");
}

void name_levels(std::vector<DetectedLevel>& levels, const std::vector<double>& hints, std::size_t cache_levels,
                 double first_bytes, double max_bytes) {
  const std::size_t caches = levels.size() - 1;  // the levels with a capacity
  std::vector<std::size_t> number(caches);
  for (std::size_t i = 0; i < caches; ++i) number[i] = i + 1;
  if (!hints.empty() && caches > 0) {
    std::vector<std::size_t> matched;
    std::size_t from = 0;
    for (std::size_t i = 0; i < caches && from < hints.size(); ++i) {
      std::size_t best = from;
      for (std::size_t k = from; k < hints.size(); ++k)
        if (log_ratio(hints[k], *levels[i].capacity_bytes) < log_ratio(hints[best], *levels[i].capacity_bytes))
          best = k;
      if (log_ratio(hints[best], *levels[i].capacity_bytes) > std::log(kHintRatio)) break;
      matched.push_back(best + 1);
      from = best + 1;
    }
    if (matched.size() == caches) number = matched;
  }
  for (std::size_t i = 0; i < caches; ++i) levels[i].level = MemoryLevel::cache(cache_name(number[i], cache_levels));

  const double previous = caches ? *levels[caches - 1].capacity_bytes : first_bytes;
  const bool past_caches = hints.empty() || hints.back() < max_bytes;
  DetectedLevel& last = levels.back();
  if (max_bytes > kDramReach * previous && past_caches)
    last.level = MemoryLevel::of_kind(LevelKind::dram);
  else
    last.level = MemoryLevel::cache(cache_name(caches ? number.back() + 1 : 1, cache_levels));
}

std::string bytes_text(double bytes) {
  std::ostringstream o;
  o << std::setprecision(15) << bytes;
  return o.str();
}

// Two neighbouring levels as one: the span of both, the farther one's
// capacity, and the bandwidth and latency of the wider part (the flat one).
DetectedLevel merged(const DetectedLevel& a, const DetectedLevel& b) {
  const double width_a = std::log2(a.last_bytes / a.first_bytes), width_b = std::log2(b.last_bytes / b.first_bytes);
  DetectedLevel m = width_b >= width_a ? b : a;
  m.first_bytes = a.first_bytes;
  m.last_bytes = b.last_bytes;
  m.capacity_bytes = b.capacity_bytes;
  return m;
}

// Neighbouring levels served by the same cache merge:
//  - loads that take the same time (within 12%): the bandwidth step between
//    them is the previous level's share of the hits fading out (on an H200 the
//    L1's over 0.3-1 MB), not a level of its own; latency tells which cache
//    answers, bandwidth also moves with the hit rate of the level above;
//  - the same bandwidth (within 5%) and a latency within 30%: a latency that
//    creeps up inside one cache (TLB misses, set conflicts: an H200's L1 goes
//    from 20 to 25 ns between 1 and 185 KiB) is no new level either.
// The merged level keeps the bandwidth of its wider part, the flat one.
void merge_same_latency(std::vector<DetectedLevel>& levels) {
  for (std::size_t i = 0; i + 1 < levels.size();) {
    DetectedLevel &a = levels[i], &b = levels[i + 1];
    const bool timed = a.latency_ns && b.latency_ns && *a.latency_ns > 0;
    const double lat = timed ? std::fabs(*b.latency_ns / *a.latency_ns - 1) : 1e9;
    const double bw = a.bandwidth > 0 ? std::fabs(b.bandwidth / a.bandwidth - 1) : 1e9;
    if (!(lat < 0.12 || (bw < 0.05 && lat < 0.30))) {
      ++i;
      continue;
    }
    levels[i] = merged(a, b);
    levels.erase(levels.begin() + long(i) + 1);
  }
}

// Merges neighbouring levels, the two of most alike bandwidth first, until
// at most `caches` of them have a capacity (the last, DRAM or an unbounded
// cache, has none). The merged level keeps the bandwidth of its wider part.
void merge_to_at_most(std::vector<DetectedLevel>& levels, std::size_t caches) {
  while (levels.size() > caches + 1 && levels.size() >= 2) {
    std::size_t pick = 0;
    double closest = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i + 1 < levels.size(); ++i) {
      const double a = levels[i].bandwidth, b = levels[i + 1].bandwidth;
      const double gap = a > 0 && b > 0 ? std::fabs(std::log(a / b)) : std::numeric_limits<double>::max();
      if (gap < closest) closest = gap, pick = i;
    }
    const DetectedLevel &a = levels[pick], &b = levels[pick + 1];
    levels[pick] = merged(a, b);
    levels.erase(levels.begin() + long(pick) + 1);
  }
}

// The levels the curves show on their own: plateaus between the cliffs both
// curves agree on, neighbours served by the same cache merged; unnamed.
std::vector<DetectedLevel> curve_levels(const Series& bw, const Series& lat) {
  const auto bw_plateaus = plateaus(bw);
  const auto lat_plateaus = plateaus(lat);
  const auto cut = boundaries(bw, bw_plateaus, lat, lat_plateaus);

  std::vector<DetectedLevel> levels(cut.size() + 1);
  for (std::size_t k = 0; k < levels.size(); ++k) {
    DetectedLevel& l = levels[k];
    l.first_bytes = k == 0 ? bw.x[bw_plateaus.front().begin] : cut[k - 1].hi;
    l.last_bytes = k == cut.size() ? bw.x[bw_plateaus.back().end - 1] : cut[k].lo;
    if (k < cut.size()) l.capacity_bytes = cut[k].capacity;
    // Fall back on everything between the neighbouring capacities if the
    // plateau itself holds no point (it always holds one on the bandwidth curve).
    const double lo = k == 0 ? 0 : cut[k - 1].capacity;
    const double hi = k == cut.size() ? std::numeric_limits<double>::infinity() : cut[k].capacity;
    auto b = median_in(bw, l.first_bytes, l.last_bytes);
    if (!b) b = median_in(bw, lo, hi);
    l.bandwidth = b.value_or(0);
    l.latency_ns = median_in(lat, l.first_bytes, l.last_bytes);
    if (!l.latency_ns) l.latency_ns = median_in(lat, lo, hi);
  }
  merge_same_latency(levels);
  return levels;
}

// "64 KiB (L1), 2 MiB (L2), 32 MiB (L3)": the known sizes, for notes.
std::string known_text(const std::vector<double>& known) {
  std::string out;
  for (std::size_t k = 0; k < known.size(); ++k)
    out += (k ? ", " : "") + format_bytes(known[k]) + " (L" + std::to_string(k + 1) + ")";
  return out;
}

// For each known size in order, the detected level whose capacity (its
// cliff) lies nearest to it within [size / kKnownBelow, size * kKnownAbove],
// each cliff used once and in order; none where no cliff lies there.
std::vector<std::optional<std::size_t>> match_cliffs(const std::vector<DetectedLevel>& detected,
                                                     const std::vector<double>& known) {
  std::vector<std::optional<std::size_t>> match(known.size());
  std::size_t from = 0;
  for (std::size_t k = 0; k < known.size(); ++k) {
    std::optional<std::size_t> best;
    for (std::size_t c = from; c + 1 < detected.size(); ++c) {
      const double cliff = *detected[c].capacity_bytes;
      if (cliff < known[k] / kKnownBelow || cliff > known[k] * kKnownAbove) continue;
      if (!best || log_ratio(cliff, known[k]) < log_ratio(*detected[*best].capacity_bytes, known[k])) best = c;
    }
    if (!best) continue;
    match[k] = best;
    from = *best + 1;
  }
  return match;
}

// A level spanning (lo, hi] on the curves: its extent the detected plateaus
// lying wholly inside the span, or, without one, its points past one doubling
// beyond lo (the tail of the cliff at lo), or all its points, or, where the
// curve has none there, the span itself (bandwidth 0: not measured); its
// bandwidth and latency the curves' medians over that extent.
DetectedLevel timed_on_curves(double lo, double hi, const std::vector<DetectedLevel>& detected, const Series& bw,
                              const Series& lat) {
  double first = std::numeric_limits<double>::infinity(), last = 0;
  for (const DetectedLevel& d : detected)
    if (d.first_bytes > lo && d.last_bytes <= hi) first = std::min(first, d.first_bytes), last = std::max(last, d.last_bytes);
  for (double from : {2 * lo, lo}) {
    if (first <= last) break;
    for (std::size_t i = 0; i < bw.size(); ++i)
      if (bw.x[i] > from && bw.x[i] <= hi) first = std::min(first, bw.x[i]), last = std::max(last, bw.x[i]);
  }
  DetectedLevel l;
  if (!(first <= last)) {  // no point of the curve in the span: its roofs are measured inside it
    l.first_bytes = lo > 0 ? lo : hi / 2;
    l.last_bytes = std::isfinite(hi) ? hi : 2 * lo;
    return l;
  }
  l.first_bytes = first;
  l.last_bytes = last;
  l.bandwidth = median_in(bw, first, last).value_or(0);
  l.latency_ns = median_in(lat, first, last);
  if (!l.latency_ns) l.latency_ns = median_in(lat, lo, hi);
  return l;
}

LevelDetection fit_to_known(const std::vector<DetectedLevel>& detected, const std::vector<double>& known,
                            const std::string& source, const Series& bw, const Series& lat) {
  LevelDetection out;
  const auto match = match_cliffs(detected, known);
  const std::string given = " (" + source + ": " + known_text(known) + ")";
  for (std::size_t c = 0; c + 1 < detected.size(); ++c)
    if (std::find(match.begin(), match.end(), std::optional<std::size_t>(c)) == match.end())
      out.notes.push_back("levels: the curves' cliff at " + format_bytes(*detected[c].capacity_bytes) +
                          " lies near no cache the host has" + given + ": not a level (another program's load, or a "
                          "TLB or page effect)");
  const double max_bytes = bw.x.back();
  double lo = 0;
  for (std::size_t k = 0; k < known.size() && lo < max_bytes; ++k) {
    const double hi = match[k] ? *detected[*match[k]].capacity_bytes : known[k];
    if (!(hi > lo)) continue;
    DetectedLevel l = timed_on_curves(lo, hi, detected, bw, lat);
    l.level = MemoryLevel::cache("L" + std::to_string(k + 1));
    l.capacity_bytes = hi;
    l.reported_bytes = known[k];
    l.evidence = match[k] ? LevelEvidence::confirmed : LevelEvidence::reported;
    if (!match[k])
      out.notes.push_back("levels: " + l.level.name + " shows no cliff on the curves between a quarter of its " +
                          format_bytes(known[k]) + " and 1.5x it" + given +
                          ": its capacity is that size, its speed the curves' there");
    out.levels.push_back(l);
    lo = hi;
  }
  if (max_bytes > kDramReach * lo) {
    DetectedLevel dram = timed_on_curves(lo, std::numeric_limits<double>::infinity(), detected, bw, lat);
    dram.level = MemoryLevel::of_kind(LevelKind::dram);
    out.levels.push_back(dram);
  } else if (!out.levels.empty()) {
    out.levels.back().capacity_bytes.reset();  // the sweep ended inside it
  }
  return out;
}

void check_known_sizes(LevelDetection& d, const std::vector<double>& known, const std::string& source) {
  for (DetectedLevel& l : d.levels) {
    // "L2 far" is the L2's far part, not the L2 the table gives a size for.
    const auto number = l.level.cache_number();
    if (!number || l.level.name != "L" + std::to_string(*number) || !l.capacity_bytes) continue;
    const auto k = std::size_t(*number - 1);
    if (*number < 1 || k >= known.size()) continue;
    l.reported_bytes = known[k];
    const bool agrees = log_ratio(*l.capacity_bytes, known[k]) <= std::log(kKnownRatio);
    l.evidence = agrees ? LevelEvidence::confirmed : LevelEvidence::disagrees;
    if (!agrees)
      d.notes.push_back("levels: " + l.level.name + " ends at " + format_bytes(*l.capacity_bytes) + " on the curves, more than " +
                        "2x from the " + format_bytes(known[k]) + " " + source +
                        " has: flagged (a sweep disturbed by other work, a part the table does not know, or a cache split in "
                        "halves that each keep a copy of what both read, as an H100's L2 partitions do)");
  }
}

}  // namespace

std::vector<DetectedLevel> detect_levels(const std::vector<CurvePoint>& bandwidth,
                                         const std::vector<CurvePoint>& latency, const LevelHints& hints) {
  const Series bw = prepare(bandwidth, +1), lat = prepare(latency, -1);
  if (bw.size() == 0) return {};
  std::vector<DetectedLevel> levels = curve_levels(bw, lat);
  if (hints.exact_count && hints.cache_levels > 0) merge_to_at_most(levels, hints.cache_levels);
  name_levels(levels, clean_hints(hints), hints.cache_levels, bw.x.front(), bw.x.back());
  return levels;
}

LevelDetection detect_hierarchy(const std::vector<CurvePoint>& bandwidth, const std::vector<CurvePoint>& latency,
                                const LevelHints& hints) {
  std::vector<double> known;
  for (double k : hints.known_bytes)
    if (std::isfinite(k) && k > 0) known.push_back(k);
  std::sort(known.begin(), known.end());
  if (known.empty()) return {detect_levels(bandwidth, latency, hints), {}};
  if (!hints.exact_count) {
    LevelDetection d{detect_levels(bandwidth, latency, hints), {}};
    check_known_sizes(d, known, hints.known_source);
    return d;
  }
  const Series bw = prepare(bandwidth, +1), lat = prepare(latency, -1);
  if (bw.size() == 0) return {};
  return fit_to_known(curve_levels(bw, lat), known, hints.known_source, bw, lat);
}

std::vector<LevelOverride> parse_level_override(const std::string& text, const std::string& file) {
  const nlohmann::json j = parse_json_input(text, file);
  require_valid(j, DocumentKind::level_override, file);
  const auto& entries = j.at("levels");
  std::vector<LevelOverride> levels;
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const auto& e = entries[i];
    LevelOverride l{MemoryLevel::from_name(e.at("name").get<std::string>()), std::nullopt};
    if (e.contains("capacity_bytes") && !e.at("capacity_bytes").is_null()) l.capacity_bytes = e.at("capacity_bytes").get<double>();
    const std::string at = pointer_to("/levels", i);
    if (l.capacity_bytes && *l.capacity_bytes > kAddressableBytes)
      throw field_error(file, at + "/capacity_bytes",
                        bytes_text(*l.capacity_bytes) + " bytes of " + l.level.name +
                            " is more than any device holds (a 64-bit address reaches 2^64 bytes, 16 EiB)");
    if (!l.capacity_bytes && i + 1 < entries.size())
      throw field_error(file, at + "/capacity_bytes", "missing: every level but the last needs a capacity (" + l.level.name + ")");
    if (!levels.empty() && l.capacity_bytes && !(*l.capacity_bytes > *levels.back().capacity_bytes))
      throw field_error(file, at + "/capacity_bytes",
                        "capacities must increase, " + bytes_text(*l.capacity_bytes) + " of " + l.level.name +
                            " does not exceed " + bytes_text(*levels.back().capacity_bytes) + " of " +
                            levels.back().level.name);
    levels.push_back(std::move(l));
  }
  return levels;
}

std::vector<LevelOverride> load_level_override(const std::string& path) {
  return parse_level_override(read_input_file(path, "level override file", kJsonFileCap), path);
}

void require_levels_fit(const std::vector<LevelOverride>& levels, double memory_bytes, const std::string& file) {
  if (!(memory_bytes > 0)) return;  // a device that does not say
  for (std::size_t i = 0; i < levels.size(); ++i)
    if (levels[i].capacity_bytes && *levels[i].capacity_bytes > memory_bytes)
      throw field_error(file, pointer_to("/levels", i) + "/capacity_bytes",
                        bytes_text(*levels[i].capacity_bytes) + " bytes of " + levels[i].level.name +
                            " is more than the device's global memory (" + bytes_text(memory_bytes) +
                            " bytes): no level holds more than the memory behind it");
}

std::vector<DetectedLevel> levels_from_override(const std::string& path, const std::vector<CurvePoint>& bandwidth,
                                                const std::vector<CurvePoint>& latency) {
  return levels_from_override(load_level_override(path), bandwidth, latency);
}

std::vector<DetectedLevel> levels_from_override(const std::vector<LevelOverride>& given,
                                                const std::vector<CurvePoint>& bandwidth,
                                                const std::vector<CurvePoint>& latency) {
  std::vector<DetectedLevel> levels;
  for (const LevelOverride& g : given) {
    DetectedLevel l;
    l.level = g.level;
    l.capacity_bytes = g.capacity_bytes;
    levels.push_back(l);
  }
  const Series bw = prepare(bandwidth, +1), lat = prepare(latency, -1);
  for (std::size_t k = 0; k < levels.size(); ++k) {
    DetectedLevel& l = levels[k];
    const double lo = k == 0 ? 0 : *levels[k - 1].capacity_bytes;
    const bool last = k + 1 == levels.size();
    const double hi = last ? std::numeric_limits<double>::infinity() : *l.capacity_bytes;
    std::vector<double> v;
    for (std::size_t i = 0; i < bw.size(); ++i) {
      if (!(bw.x[i] > lo && bw.x[i] <= hi)) continue;
      if (v.empty()) l.first_bytes = bw.x[i];
      l.last_bytes = bw.x[i];
      v.push_back(bw.raw[i]);
    }
    l.bandwidth = v.empty() ? 0 : median(v);
    std::vector<double> t;
    for (std::size_t i = 0; i < lat.size(); ++i)
      if (lat.x[i] > lo && lat.x[i] <= hi) t.push_back(lat.raw[i]);
    if (!t.empty()) l.latency_ns = median(t);
  }
  return levels;
}

}  // namespace roofline
