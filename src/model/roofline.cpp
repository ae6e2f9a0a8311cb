#include "model/roofline.hpp"

#include <algorithm>
#include <stdexcept>

namespace roofline {

static void require_positive(double v, const char* what) {
  if (!(v > 0)) throw std::invalid_argument(std::string(what) + " must be positive");
}

double attainable(double ai, double bandwidth, double peak) {
  require_positive(bandwidth, "bandwidth");
  require_positive(peak, "peak");
  if (ai < 0) throw std::invalid_argument("arithmetic intensity must not be negative");
  return std::min(bandwidth * ai, peak);
}

double ridge_point(double bandwidth, double peak) {
  require_positive(bandwidth, "bandwidth");
  require_positive(peak, "peak");
  return peak / bandwidth;
}

}  // namespace roofline
