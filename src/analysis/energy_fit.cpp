#include "analysis/energy_fit.hpp"

#include <cmath>
#include <stdexcept>

#include <Eigen/Dense>

namespace roofline {

double PowerFit::predict(const PowerObservation& o) const {
  double p = constant_watts + compute_watts * o.compute_util;
  if (o.level) {
    auto it = memory_watts.find(*o.level);
    if (it != memory_watts.end()) p += it->second * o.memory_util;
  }
  return p;
}

PowerFit fit_power(const std::vector<PowerObservation>& obs) {
  // Columns: P_c, P_phi, then one P_beta per level in name order.
  std::map<MemoryLevel, Eigen::Index> column;
  for (const auto& o : obs) {
    if (!std::isfinite(o.watts) || !std::isfinite(o.compute_util) || !std::isfinite(o.memory_util) || o.watts < 0 ||
        o.compute_util < 0 || o.memory_util < 0)
      throw std::invalid_argument("power fit: an observation has a non-finite or negative value");
    if (o.level) column.emplace(*o.level, 0);
  }
  Eigen::Index n_cols = 2;
  for (auto& [level, col] : column) col = n_cols++;
  const auto n = Eigen::Index(obs.size());
  if (n < n_cols)
    throw std::invalid_argument("power fit: " + std::to_string(obs.size()) + " observations for " +
                                std::to_string(n_cols) + " parameters");
  Eigen::MatrixXd a = Eigen::MatrixXd::Zero(n, n_cols);
  Eigen::VectorXd y(n);
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto& o = obs[std::size_t(i)];
    a(i, 0) = 1;
    a(i, 1) = o.compute_util;
    if (o.level) a(i, column.at(*o.level)) = o.memory_util;
    y(i) = o.watts;
  }
  // Utilisations are all of order 1, so no column scaling is needed; the
  // rank test catches a parameter the data cannot separate (e.g. no mixed
  // point: P_c + P_phi and P_c + P_beta are then all that is known).
  const Eigen::ColPivHouseholderQR<Eigen::MatrixXd> qr(a);
  if (qr.rank() < n_cols)
    throw std::invalid_argument("power fit: the observations cannot separate the constant, compute and memory power "
                                "(the utilisations do not vary independently; mixed-intensity points are needed)");
  const Eigen::VectorXd x = qr.solve(y);

  PowerFit f;
  f.constant_watts = x(0);
  f.compute_watts = x(1);
  for (const auto& [level, col] : column) f.memory_watts[level] = x(col);
  for (const auto& [level, col] : column) {
    double mean = 0, ss_res = 0, ss_tot = 0;
    int count = 0;
    for (const auto& o : obs)
      if (o.level && *o.level == level) {
        mean += o.watts;
        ++count;
      }
    mean /= count;
    for (const auto& o : obs)
      if (o.level && *o.level == level) {
        const double r = o.watts - f.predict(o);
        ss_res += r * r;
        ss_tot += (o.watts - mean) * (o.watts - mean);
      }
    f.points[level] = count;
    f.r2[level] = count >= 3 && ss_tot > 0 ? 1 - ss_res / ss_tot : 0;
  }
  return f;
}

}  // namespace roofline
