#include "analysis/transfer_fit.hpp"

#include <algorithm>
#include <cmath>
#include <set>
#include <stdexcept>

#include <Eigen/Dense>

namespace roofline {
namespace {

void check_inputs(const std::vector<double>& bytes, const std::vector<double>& seconds) {
  if (bytes.size() != seconds.size())
    throw std::invalid_argument("transfer fit: " + std::to_string(bytes.size()) + " sizes but " +
                                std::to_string(seconds.size()) + " times");
  std::set<double> distinct;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (!std::isfinite(bytes[i]) || bytes[i] < 0)
      throw std::invalid_argument("transfer fit: size " + std::to_string(bytes[i]) + " is not a byte count");
    if (!std::isfinite(seconds[i]) || seconds[i] <= 0)
      throw std::invalid_argument("transfer fit: time " + std::to_string(seconds[i]) +
                                  " s is not positive (relative weights need t > 0)");
    distinct.insert(bytes[i]);
  }
  if (distinct.size() < 2)
    throw std::invalid_argument("transfer fit: needs at least 2 distinct sizes, got " +
                                std::to_string(distinct.size()));
}

}  // namespace

TransferLine fit_transfer_line(const std::vector<double>& bytes, const std::vector<double>& seconds) {
  check_inputs(bytes, seconds);

  // Weighted least squares with w = 1/t^2: scale each row by 1/t, so that the
  // system is [1/t, x/t] [a b]^T = 1 in the ordinary least-squares sense and
  // its residuals are the relative ones. Columns are normalised before the QR
  // (sizes span 4 KiB..256 MiB and times microseconds..seconds) and the
  // solution scaled back.
  const std::size_t n = bytes.size();
  Eigen::MatrixXd a(Eigen::Index(n), 2);
  const Eigen::VectorXd rhs = Eigen::VectorXd::Ones(Eigen::Index(n));
  for (std::size_t i = 0; i < n; ++i) {
    a(Eigen::Index(i), 0) = 1.0 / seconds[i];
    a(Eigen::Index(i), 1) = bytes[i] / seconds[i];
  }
  const Eigen::Vector2d scale(a.col(0).norm(), a.col(1).norm());
  a.col(0) /= scale(0);
  a.col(1) /= scale(1);  // scale(1) > 0: two distinct sizes >= 0, so one is > 0
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
  if (qr.rank() < 2) throw std::invalid_argument("transfer fit: the sizes are too close together to fit a line");
  const Eigen::Vector2d y = qr.solve(rhs);
  double latency = y(0) / scale(0);
  double slope = y(1) / scale(1);  // seconds per byte

  // A slope that moves the largest transfer by no more than rounding is 0.
  const double max_x = *std::max_element(bytes.begin(), bytes.end());
  const double max_t = *std::max_element(seconds.begin(), seconds.end());
  if (!std::isfinite(slope) || !(slope * max_x > 1e-12 * max_t))
    throw std::invalid_argument("transfer fit: time does not grow with size (fitted slope " + std::to_string(slope) +
                                " s/B), so there is no positive bandwidth to report");

  auto relative_residuals_ss = [&] {
    double ss = 0;
    for (std::size_t i = 0; i < n; ++i) {
      const double r = 1 - (latency + slope * bytes[i]) / seconds[i];
      ss += r * r;
    }
    return ss;
  };
  double slope_se = 0;
  if (latency >= 0) {
    if (n > 2) {
      const double sigma2 = relative_residuals_ss() / double(n - 2);
      const Eigen::Matrix2d cov = sigma2 * (a.transpose() * a).inverse();
      slope_se = std::sqrt(std::max(0.0, cov(1, 1))) / scale(1);
    }
  } else {
    // Constrained optimum on the boundary latency = 0 (the problem is convex):
    // min sum ((t - b x)/t)^2 gives b = sum(x/t) / sum((x/t)^2).
    double num = 0, den = 0;
    for (std::size_t i = 0; i < n; ++i) {
      num += bytes[i] / seconds[i];
      den += (bytes[i] / seconds[i]) * (bytes[i] / seconds[i]);
    }
    latency = 0;
    slope = num / den;
    slope_se = std::sqrt(relative_residuals_ss() / double(n - 1) / den);
  }

  // Weighted R^2 with the same weights, around the weighted mean time.
  double sw = 0, swt = 0;
  for (double t : seconds) {
    sw += 1 / (t * t);
    swt += 1 / t;
  }
  const double mean = swt / sw;
  double ss_res = 0, ss_tot = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double w = 1 / (seconds[i] * seconds[i]);
    const double r = seconds[i] - (latency + slope * bytes[i]);
    ss_res += w * r * r;
    ss_tot += w * (seconds[i] - mean) * (seconds[i] - mean);
  }
  TransferLine out;
  out.latency_s = latency;
  out.bandwidth = 1 / slope;
  out.r2 = ss_tot > 0 ? 1 - ss_res / ss_tot : (ss_res == 0 ? 1 : 0);
  out.slope_rel_se = slope_se / slope;
  return out;
}

namespace {

// Points sorted by size, their medians checked as fit inputs.
void prepare(TransferDirection direction, std::vector<CurvePoint>& points, std::vector<double>& bytes,
             std::vector<double>& seconds) {
  std::sort(points.begin(), points.end(), [](const CurvePoint& a, const CurvePoint& b) { return a.bytes < b.bytes; });
  for (const auto& p : points) {
    bytes.push_back(p.bytes);
    seconds.push_back(p.stats.median);
  }
  try {
    check_inputs(bytes, seconds);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(str(direction) + " " + e.what());
  }
}

TransferFit flat_result(TransferDirection direction, std::vector<CurvePoint> points,
                        const std::vector<double>& seconds) {
  // The constant that minimises sum ((t - c)/t)^2.
  double sw = 0, swt = 0;
  for (double t : seconds) {
    sw += 1 / (t * t);
    swt += 1 / t;
  }
  TransferFit f;
  f.direction = direction;
  f.latency_s = swt / sw;
  f.bandwidth = 0;
  f.r2 = 0;
  f.points = std::move(points);
  return f;
}

}  // namespace

TransferFit flat_transfer_fit(TransferDirection direction, std::vector<CurvePoint> points) {
  std::vector<double> bytes, seconds;
  prepare(direction, points, bytes, seconds);
  return flat_result(direction, std::move(points), seconds);
}

TransferFit fit_transfer(TransferDirection direction, std::vector<CurvePoint> points) {
  std::vector<double> bytes, seconds;
  prepare(direction, points, bytes, seconds);
  TransferLine line;
  try {
    line = fit_transfer_line(bytes, seconds);
  } catch (const std::invalid_argument&) {
    return flat_result(direction, std::move(points), seconds);  // valid inputs, so the slope was <= 0
  }
  // An unresolved slope means no growth only when the time does not grow: on
  // a busy machine a real transfer's small sizes can scatter enough to blur
  // the slope, while its largest size still takes many times its smallest.
  const bool grows = seconds.back() > 4 * seconds.front() && bytes.back() > 4 * bytes.front();
  if (line.slope_rel_se > 0.5 && !grows) return flat_result(direction, std::move(points), seconds);
  TransferFit f;
  f.direction = direction;
  f.latency_s = line.latency_s;
  f.bandwidth = line.bandwidth;
  f.r2 = line.r2;
  f.points = std::move(points);
  return f;
}

}  // namespace roofline
