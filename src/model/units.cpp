#include "model/units.hpp"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace roofline {

namespace {

// Skips a printf length modifier; says whether it is L (long double).
bool skip_length(const char*& p) {
  const bool long_double = *p == 'L';
  while (*p && std::strchr("hlLzjtq", *p)) ++p;
  return long_double;
}

// Reads past one conversion's flags, width and precision, consuming the
// int arguments that '*' takes.
void skip_flags_width_precision(const char*& p, va_list& args) {
  while (*p && std::strchr("-+ #0'", *p)) ++p;
  if (*p == '*') {
    (void)va_arg(args, int);
    ++p;
  }
  while (std::isdigit(static_cast<unsigned char>(*p))) ++p;
  if (*p != '.') return;
  ++p;
  if (*p == '*') {
    (void)va_arg(args, int);
    ++p;
  }
  while (std::isdigit(static_cast<unsigned char>(*p))) ++p;
}

// Consumes one argument of conversion `c` (length modifier `length`); false
// for a floating-point one that is not finite.
bool finite_argument(char c, const char* length, bool long_double, va_list& args) {
  if (std::strchr("eEfFgGaA", c)) return long_double ? std::isfinite(va_arg(args, long double)) : std::isfinite(va_arg(args, double));
  if (std::strchr("spn", c)) {
    (void)va_arg(args, void*);
  } else if (std::strchr("diouxXc", c)) {
    // int, or as wide as the length modifier says (hh and h promote to int).
    if (length[0] == 'l' && length[1] == 'l') (void)va_arg(args, long long);
    else if (length[0] == 'l') (void)va_arg(args, long);
    else if (length[0] == 'z') (void)va_arg(args, std::size_t);
    else if (length[0] == 'j') (void)va_arg(args, std::intmax_t);
    else if (length[0] == 't') (void)va_arg(args, std::ptrdiff_t);
    else (void)va_arg(args, int);
  }
  return true;
}

// Whether every floating-point argument of the format is finite; reads a copy of the arguments.
bool all_finite(const char* format, va_list args) {
  va_list a;
  va_copy(a, args);
  bool finite = true;
  for (const char* p = format; *p; ++p) {
    if (*p != '%') continue;
    if (*++p == '%') continue;
    skip_flags_width_precision(p, a);
    const char* length = p;
    const bool long_double = skip_length(p);
    if (!*p) break;
    finite = finite_argument(*p, length, long_double, a) && finite;
  }
  va_end(a);
  return finite;
}

}  // namespace

std::string vformat_text(const char* format, va_list args) {
  const bool finite = all_finite(format, args);
  char buffer[256];
  const int n = std::vsnprintf(buffer, sizeof buffer, format, args);
  const std::string text = n < 0 ? std::string() : std::string(buffer, std::min<std::size_t>(std::size_t(n), sizeof buffer - 1));
  if (!finite) throw NonFiniteNumber("a number to show is not finite: \"" + text + "\"");
  return text;
}

std::string format_text(const char* format, ...) {
  va_list args;
  va_start(args, format);
  try {
    std::string text = vformat_text(format, args);
    va_end(args);
    return text;
  } catch (...) {
    va_end(args);
    throw;
  }
}

std::string format_si(double v, const std::string& unit) {
  static const char* prefixes[] = {"f", "p", "n", "u", "m", "", "k", "M", "G", "T", "P", "E"};
  // Beyond the prefixes (1000 E and up, under 1 f): three significant digits
  // with an exponent, not a number hundreds of digits long.
  if (const double m = std::fabs(v); m >= 999.5e18 || (m > 0 && m < 0.9995e-15) || !std::isfinite(v))
    return format_text("%.3g %s", v, unit.c_str());
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
  if (a >= 99.95) return format_text("%.0f %s%s", v, prefixes[p], unit.c_str());
  if (a >= 9.995) return format_text("%.1f %s%s", v, prefixes[p], unit.c_str());
  return format_text("%.2f %s%s", v, prefixes[p], unit.c_str());
}

std::string format_ai(double ai) {
  if (!std::isfinite(ai) || !(ai > 0)) return format_text("%g", ai);
  return ai < 1 ? "1/" + std::to_string(std::lround(1 / ai)) : std::to_string(std::lround(ai));
}

std::string format_bytes(double bytes) {
  static const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  if (!std::isfinite(bytes) || bytes <= 0) return format_text("%g B", bytes);
  int p = 0;
  while (bytes >= 1024 && p < 6) bytes /= 1024, ++p;
  return bytes >= 999.5 ? format_text("%.0f %s", bytes, units[p]) : format_text("%.3g %s", bytes, units[p]);
}

std::string format_si(double value, RateUnit unit) { return format_si(value, str(unit)); }

}  // namespace roofline
