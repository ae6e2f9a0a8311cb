// model/units: how rates are written for people: 3 significant digits with an
// SI prefix, "61.2 TFLOP/s", "3.91 TB/s".
#pragma once
#include <string>

namespace roofline {

std::string format_si(double value, const std::string& unit);

}  // namespace roofline
