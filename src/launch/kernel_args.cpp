#include "launch/kernel_args.hpp"

#include <cstring>

#include "device/half_float.hpp"
#include "files/file_errors.hpp"
#include "files/input_file.hpp"

namespace roofline {
namespace {

// Writes component value v as one lane of the element's base type at p.
void put(unsigned char* p, const ElementType& t, double v) {
  const std::string& b = t.base;
  if (b == "float") { float f = float(v); std::memcpy(p, &f, 4); }
  else if (b == "double") { std::memcpy(p, &v, 8); }
  else if (b == "half") { std::uint16_t h = float_to_half(float(v)); std::memcpy(p, &h, 2); }
  else if (t.is_signed) {
    std::int64_t i = std::int64_t(v);
    std::memcpy(p, &i, t.base_bytes);  // little-endian: the low bytes
  } else {
    std::uint64_t u = std::uint64_t(v < 0 ? 0 : v);
    std::memcpy(p, &u, t.base_bytes);
  }
}

// Writes the spec's value (value= data, or a scalar) as one lane: integers
// exactly, from the parsed bits (a double would round values beyond 2^53).
void put_value(unsigned char* p, const ArgSpec& a) {
  if (a.type.floating) put(p, a.type, a.value);
  else std::memcpy(p, &a.integer, a.type.base_bytes);  // little-endian: the low bytes
}

std::uint64_t seed_of(const std::string& name) {
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a
  for (unsigned char c : name) h = (h ^ c) * 1099511628211ull;
  return h ? h : 1;
}

}  // namespace

std::vector<unsigned char> make_buffer_data(const ArgSpec& a) {
  const std::size_t bytes = std::size_t(a.bytes());
  std::vector<unsigned char> data(bytes, 0);
  if (a.init == ArgSpec::Init::File) {
    try {
      read_file_exactly(a.file, "data file", data.data(), bytes);
    } catch (const InputFileError& e) {
      throw LaunchSpecError("--arg " + a.name + "=" + a.text + ": " + e.what());
    }
    return data;
  }
  if (a.init == ArgSpec::Init::Zeros) return data;
  const std::size_t lanes = a.type.stored_lanes(), lane_bytes = a.type.base_bytes;
  std::uint64_t state = seed_of(a.name);
  for (std::size_t i = 0; i < a.count * lanes; ++i) {
    if (a.init == ArgSpec::Init::Value) {
      put_value(data.data() + i * lane_bytes, a);
      continue;
    }
    double v = 0;
    switch (a.init) {
      case ArgSpec::Init::Ones: v = 1; break;
      case ArgSpec::Init::Iota: v = a.scale ? double(i) * double(a.scale) : double(i); break;
      case ArgSpec::Init::Random: {
        state ^= state >> 12; state ^= state << 25; state ^= state >> 27;  // xorshift64*
        const std::uint64_t r = state * 2685821657736338717ull;
        const double unit = double(r >> 11) * (1.0 / 9007199254740992.0);  // [0, 1)
        if (a.scale == 0) v = a.type.floating ? unit : double(r >> 56);
        else if (a.type.floating) v = unit * double(a.scale);
        else v = double(std::uint64_t((static_cast<unsigned __int128>(r) * a.scale) >> 64));  // [0, scale), exact
        break;
      }
      default: break;
    }
    put(data.data() + i * lane_bytes, a.type, v);
  }
  return data;
}

std::vector<unsigned char> make_scalar_bytes(const ArgSpec& a) {
  std::vector<unsigned char> b(a.type.base_bytes, 0);
  put_value(b.data(), a);
  return b;
}

}  // namespace roofline
