// model/units: how rates are written for people: 3 significant digits with an
// SI prefix, "61.2 TFLOP/s", "3.91 TB/s".
#pragma once
#include <cstdarg>
#include <stdexcept>
#include <string>

#include "model/vocabulary.hpp"

namespace roofline {

// A number that would be drawn or printed as "nan", "inf" or "-inf": what
// roofline shows is a number or refused. The message holds the text that
// would have been shown.
struct NonFiniteNumber : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// printf into a std::string (at most 255 bytes) that refuses, with
// NonFiniteNumber, a floating-point argument that is not finite. Every number
// the charts, the report and the text output show goes through here.
std::string format_text(const char* format, ...) __attribute__((format(printf, 1, 2)));
std::string vformat_text(const char* format, va_list args);

std::string format_si(double value, const std::string& unit);
std::string format_si(double value, RateUnit unit);

// A power-of-two intensity as written in names: "1/16", "4".
std::string format_ai(double ai);

// Sizes with binary prefixes, 3 significant digits: "512 B", "32 KiB", "1.5 MiB".
std::string format_bytes(double bytes);

}  // namespace roofline
