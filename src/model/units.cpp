#include "model/units.hpp"

#include <cmath>
#include <cstdio>

namespace roofline {

std::string format_si(double v, const std::string& unit) {
  static const char* prefixes[] = {"f", "p", "n", "u", "m", "", "k", "M", "G", "T", "P", "E"};
  int p = 5;  // no prefix
  double a = std::fabs(v);
  while (a >= 999.5 && p < 11) {
    a /= 1000;
    v /= 1000;
    ++p;
  }
  while (a > 0 && a < 0.9995 && p > 0) {
    a *= 1000;
    v *= 1000;
    --p;
  }
  char buf[64];
  const char* fmt = a >= 99.95 ? "%.0f %s%s" : a >= 9.995 ? "%.1f %s%s" : "%.2f %s%s";
  std::snprintf(buf, sizeof buf, fmt, v, prefixes[p], unit.c_str());
  return buf;
}

std::string format_ai(double ai) {
  return ai < 1 ? "1/" + std::to_string(std::lround(1 / ai)) : std::to_string(std::lround(ai));
}

std::string format_bytes(double bytes) {
  static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  char buf[64];
  if (!std::isfinite(bytes) || bytes <= 0) {
    std::snprintf(buf, sizeof buf, "%g B", bytes);
    return buf;
  }
  int p = 0;
  while (bytes >= 1024 && p < 6) bytes /= 1024, ++p;
  std::snprintf(buf, sizeof buf, bytes >= 999.5 ? "%.0f %s" : "%.3g %s", bytes, units[p]);
  return buf;
}

std::string format_si(double value, RateUnit unit) { return format_si(value, str(unit)); }

}  // namespace roofline
