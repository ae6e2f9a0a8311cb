#include "device/half_float.hpp"

#include <cstring>

namespace roofline {

std::uint16_t float_to_half(float f) {
  std::uint32_t x;
  std::memcpy(&x, &f, 4);
  const std::uint32_t sign = (x >> 16) & 0x8000u;
  const std::uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) return std::uint16_t(sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0));  // inf, nan
  if (absx >= 0x477ff000u) return std::uint16_t(sign | 0x7c00u);  // rounds to above the largest half: inf
  int exp = int(absx >> 23) - 127 + 15;
  std::uint32_t mant = (absx & 0x7fffffu) | 0x800000u;
  int shift = 13;
  if (exp <= 0) {  // subnormal half
    if (exp < -10) return std::uint16_t(sign);
    shift = 14 - exp;
    exp = 0;
  } else {
    mant &= 0x7fffffu;
  }
  std::uint32_t h = mant >> shift;
  const std::uint32_t rem = mant & ((1u << shift) - 1), half = 1u << (shift - 1);
  if (rem > half || (rem == half && (h & 1))) ++h;  // carries into the exponent correctly
  return std::uint16_t(sign | ((std::uint32_t(exp) << 10) + h));
}

float half_to_float(std::uint16_t h) {
  const std::uint32_t sign = std::uint32_t(h & 0x8000u) << 16;
  int exp = (h >> 10) & 0x1f;
  std::uint32_t mant = h & 0x3ffu, x;
  if (exp == 0x1f) x = sign | 0x7f800000u | (mant << 13);
  else if (exp == 0) {
    if (mant == 0) x = sign;
    else {  // normalise a subnormal
      exp = 1;
      while (!(mant & 0x400u)) mant <<= 1, --exp;
      mant &= 0x3ffu;
      x = sign | (std::uint32_t(exp - 15 + 127) << 23) | (mant << 13);
    }
  } else x = sign | (std::uint32_t(exp - 15 + 127) << 23) | (mant << 13);
  float f;
  std::memcpy(&f, &x, 4);
  return f;
}

}  // namespace roofline
