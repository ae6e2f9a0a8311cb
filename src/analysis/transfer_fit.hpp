// analysis/transfer_fit: the host-device transfer model time = latency + bytes /
// bandwidth, fitted to measured (bytes, seconds) samples.
//
// The fit is a weighted least-squares line with weights 1/t^2, i.e. it
// minimises the sum of squared *relative* residuals ((t - fitted) / t)^2. An
// ordinary fit would be ruled by the largest transfers (their seconds dwarf the
// rest) and leave the latency to chance; relative residuals make the small,
// latency-dominated sizes pin the intercept and the large, bandwidth-dominated
// sizes pin the slope.
#pragma once
#include <string>
#include <vector>

#include "model/memory_model.hpp"

namespace roofline {

struct TransferLine {
  double latency_s = 0;  // intercept, >= 0
  double bandwidth = 0;  // B/s: 1 / slope, > 0
  double r2 = 0;         // weighted coefficient of determination (same 1/t^2 weights)
  // Standard error of the slope over the slope, from the weighted residuals;
  // 0 when there are no degrees of freedom left (as many sizes as
  // parameters). Over 0.5 (slope under 2 standard errors) the bandwidth is
  // not resolved: the time hardly grows with size, compared with its noise.
  double slope_rel_se = 0;
};

// Fits time = latency + bytes / bandwidth to every (bytes[i], seconds[i])
// sample given; repeated sizes are fine and each sample counts once.
//  - A negative fitted latency (a transfer that costs ~nothing up front, plus
//    noise) is clamped: the line is refitted through the origin, latency 0.
//  - R^2 = 1 - sum w (t - fit)^2 / sum w (t - mean_w)^2 with w = 1/t^2 and
//    mean_w the weighted mean: the share of the relative spread the line
//    explains. It can be negative when the latency had to be clamped.
// Throws std::invalid_argument when the samples cannot define the model:
// bytes and seconds of different lengths, a non-finite or negative size, a
// non-finite or non-positive time, fewer than 2 distinct sizes, or a fitted
// slope <= 0, or one that adds no more than rounding (1e-12 of the longest
// time) at the largest size (time that does not grow with size: no finite
// bandwidth; a zero-copy map shows that).
TransferLine fit_transfer_line(const std::vector<double>& bytes, const std::vector<double>& seconds);

// Fits the per-size medians of `points` (one sample per size, so that a size
// that took many repetitions weighs no more than one that took few, and a
// stray slow repetition does not move the line) and returns the TransferFit
// of `direction` holding those points sorted by size.
// When the time does not grow measurably with size (fitted slope <= 0, or
// slope_rel_se > 0.5 while the largest size takes under 4x the smallest's
// time: a zero-copy map on a CPU or integrated GPU), there is
// no transfer rate to report and the result is, by convention,
// bandwidth = 0, latency_s = the weighted mean time (the fit of a constant
// with the same 1/t^2 weights) and r2 = 0. Throws std::invalid_argument,
// naming the direction, for the other degenerate inputs of fit_transfer_line.
TransferFit fit_transfer(TransferDirection direction, std::vector<CurvePoint> points);

// That "time does not grow with size" result for `points` (sorted by size),
// for a caller that knows the transfer is zero-copy. Throws like fit_transfer
// when the points are degenerate.
TransferFit flat_transfer_fit(TransferDirection direction, std::vector<CurvePoint> points);

// Whether a TransferFit is the "time does not grow with size" result above.
inline bool flat_transfer(const TransferFit& f) { return f.bandwidth == 0; }

}  // namespace roofline
