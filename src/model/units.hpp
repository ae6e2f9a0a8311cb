// model/units: how rates are written for people: 3 significant digits with an
// SI prefix, "61.2 TFLOP/s", "3.91 TB/s".
#pragma once
#include <string>

#include "model/vocabulary.hpp"

namespace roofline {

std::string format_si(double value, const std::string& unit);
std::string format_si(double value, RateUnit unit);

// A power-of-two intensity as written in names: "1/16", "4".
std::string format_ai(double ai);

// Sizes with binary prefixes, 3 significant digits: "512 B", "32 KiB", "1.5 MiB".
std::string format_bytes(double bytes);

}  // namespace roofline
