// device/half_float: OpenCL's half (IEEE binary16) on the host, for the data
// of half kernels and their host-side checks.
#pragma once
#include <cstdint>

namespace roofline {

// Round to nearest even; out of range gives infinity, NaN stays NaN.
std::uint16_t float_to_half(float f);
// Exact (every half is a float).
float half_to_float(std::uint16_t h);

}  // namespace roofline
