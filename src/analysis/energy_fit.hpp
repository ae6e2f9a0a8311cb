// analysis/energy_fit: the power model's parameters fitted to measurements, as
// Ilic et al. (IEEE Trans. Computers 2017) and, for GPUs, A. Lopes et al.
// ("Exploring GPU performance, power and energy-efficiency bounds with
// Cache-aware Roofline Modeling", ISPASS 2017) build the power CARM from
// compute-only, memory-only and mixed micro-benchmarks. Each measurement is
// a kernel's power with the utilisation of the compute units (u_phi = F_measured / F_peak) and of
// one memory level (u_beta = B_measured / B_level):
//   P = P_c + P_phi * u_phi + P_beta,level * u_beta
// linear in (P_c, P_phi, P_beta per level), solved by least squares over all
// levels at once (P_c and P_phi are shared). The compute ceiling gives
// (u_phi, u_beta) = (1, 0), a level's bandwidth roof (0, 1), and the mixed
// kernels the points in between that separate P_c from the rest.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/vocabulary.hpp"

namespace roofline {

struct PowerObservation {
  std::optional<MemoryLevel> level;  // the memory level it moved data from; none for a compute kernel
  double compute_util = 0;  // u_phi
  double memory_util = 0;   // u_beta (ignored without a level)
  double watts = 0;
};

struct PowerFit {
  double constant_watts = 0;                  // P_c
  double compute_watts = 0;                   // P_phi
  std::map<MemoryLevel, double> memory_watts; // P_beta per level
  // 1 - SS_res / SS_tot over each level's observations (SS_tot around their
  // mean); 0 when a level has fewer than 3 observations or no spread. It can
  // be negative: P_c and P_phi are shared, so a level's points may be fitted
  // worse than by their own mean.
  std::map<MemoryLevel, double> r2;
  std::map<MemoryLevel, int> points;
  double predict(const PowerObservation& o) const;
};

// Throws std::invalid_argument when the observations cannot determine every
// parameter (too few, or utilisations that do not vary independently), or
// hold a non-finite or negative value.
PowerFit fit_power(const std::vector<PowerObservation>& observations);

}  // namespace roofline
