#include "benchmark/compute_reference.hpp"

#include <cmath>
#include <cstring>
#include <random>
#include <sstream>
#include <stdexcept>

#include "device/half_float.hpp"

namespace roofline {

std::string shape_name(ChainShape s) {
  switch (s) {
    case ChainShape::Affine: return "affine";
    case ChainShape::Square: return "square";
    case ChainShape::Step: return "step";
    case ChainShape::Pair: return "pair";
  }
  return "?";
}

std::string shape_formula(ChainShape s) {
  switch (s) {
    case ChainShape::Affine: return "x = a*x + b";
    case ChainShape::Square: return "x = x*x + b";
    case ChainShape::Step: return "x = x + b";
    case ChainShape::Pair: return "x = x + y; y = y + x";
  }
  return "?";
}

int ops_per_step(ChainShape s) { return s == ChainShape::Step ? 1 : 2; }

std::vector<ChainShape> shapes_for(Op op, DataType type) {
  if (op == Op::mad) return {ChainShape::Affine, ChainShape::Square};
  if (type == DataType::int32) return {ChainShape::Pair};
  return {ChainShape::Step};
}


namespace {

// Host arithmetic matching the device type. a*x + b is computed fused: with
// -cl-mad-enable the device may fuse or not, and the check's tolerance covers
// the difference.
struct FloatArith {
  using T = float;
  static T add(T x, T y) { return x + y; }
  static T mad(T a, T x, T b) { return std::fma(a, x, b); }
  static T from(double v) { return float(v); }
  static void store(T v, unsigned char* p) { std::memcpy(p, &v, 4); }
  static double load(const unsigned char* p) { float v; std::memcpy(&v, p, 4); return v; }
};
struct DoubleArith {
  using T = double;
  static T add(T x, T y) { return x + y; }
  static T mad(T a, T x, T b) { return std::fma(a, x, b); }
  static T from(double v) { return v; }
  static void store(T v, unsigned char* p) { std::memcpy(p, &v, 8); }
  static double load(const unsigned char* p) { double v; std::memcpy(&v, p, 8); return v; }
};
struct HalfArith {  // values kept as float, rounded to half after every operation
  using T = float;
  static T round(float v) { return half_to_float(float_to_half(v)); }
  static T add(T x, T y) { return round(x + y); }
  static T mad(T a, T x, T b) { return round(std::fma(a, x, b)); }
  static T from(double v) { return round(float(v)); }
  static void store(T v, unsigned char* p) { std::uint16_t h = float_to_half(v); std::memcpy(p, &h, 2); }
  static double load(const unsigned char* p) { std::uint16_t h; std::memcpy(&h, p, 2); return half_to_float(h); }
};
struct UintArith {  // 32-bit wrap-around, exactly as the device's uint
  using T = std::uint32_t;
  static T add(T x, T y) { return x + y; }
  static T mad(T a, T x, T b) { return a * x + b; }
  static T from(double v) { return T(v); }
  static void store(T v, unsigned char* p) { std::memcpy(p, &v, 4); }
  static double load(const unsigned char* p) { std::uint32_t v; std::memcpy(&v, p, 4); return v; }
};

// Constants that keep floating-point chains in range: affine chains converge
// to b/(1-a) = 2, square chains to 0.25; integer chains just wrap.
void constants(const ChainSetup& s, double& a, double& b) {
  if (s.type == DataType::int32) {
    a = 1664525;
    b = 1013904223;
    return;
  }
  const bool half = s.type == DataType::float16;
  switch (s.shape) {
    case ChainShape::Affine: a = half ? 0.9375 : 1 - std::ldexp(1.0, -10); b = 2 * (1 - a); break;
    case ChainShape::Square: a = 1; b = 0.1875; break;
    // Step chains grow by b each step, exactly while ulp(x) <= b (x < 1024 for
    // float); half saturates at 1.0, where x + 2^-11 ties back to 1.0.
    default: a = 1; b = half ? std::ldexp(1.0, -11) : std::ldexp(1.0, -13); break;
  }
}

template <typename A>
ChainInputs make_inputs_t(const ChainSetup& s, std::uint64_t seed) {
  const std::size_t sz = scalar_bytes(s.type), n = std::size_t(s.patterns) * s.chains;
  ChainInputs in;
  in.start.resize(n * sz);
  std::mt19937_64 rng(seed);
  const double lo = s.shape == ChainShape::Square ? 0.05 : 0.5, hi = s.shape == ChainShape::Square ? 0.45 : 1.0;
  std::uniform_real_distribution<double> u(lo, hi);
  for (std::size_t i = 0; i < n; ++i) {
    typename A::T v = s.type == DataType::int32 ? typename A::T(rng() & 0xffffffffu) : A::from(u(rng));
    A::store(v, &in.start[i * sz]);
  }
  double a, b;
  constants(s, a, b);
  in.a.resize(sz);
  in.b.resize(sz);
  A::store(A::from(a), in.a.data());
  A::store(A::from(b), in.b.data());
  return in;
}

template <typename A>
std::vector<double> expected_t(const ChainSetup& s, const ChainInputs& in) {
  using T = typename A::T;
  const std::size_t sz = scalar_bytes(s.type);
  const T a = T(A::load(in.a.data())), b = T(A::load(in.b.data()));
  // A floating-point chain that stops changing (fixed point, or x + b == x) stays put.
  const bool converges = s.shape != ChainShape::Pair && s.type != DataType::int32;
  std::vector<double> out;
  for (int p = 0; p < s.patterns; ++p) {
    T lane = T(0);  // every lane of the kernel's sum holds the same value
    for (int k = 0; k < s.chains; ++k) {
      T x = T(A::load(&in.start[(std::size_t(p) * s.chains + k) * sz]));
      T y = A::add(x, b);
      for (std::uint64_t i = 0; i < s.steps; ++i) {
        const T before = x;
        switch (s.shape) {
          case ChainShape::Affine: x = A::mad(a, x, b); break;
          case ChainShape::Square: x = A::mad(x, x, b); break;
          case ChainShape::Step: x = A::add(x, b); break;
          case ChainShape::Pair: x = A::add(x, y); y = A::add(y, x); break;
        }
        // A floating-point MAD chain that reached its fixed point stays there.
        if (converges && x == before) break;
      }
      lane = A::add(lane, x);  // sum = 0 + x0 + x1 + ..., as the kernel accumulates
    }
    T total = lane;  // lanes added left to right, as HSUM does
    for (int l = 1; l < s.width; ++l) total = A::add(total, lane);
    out.push_back(double(total));
  }
  return out;
}

template <typename A>
std::string check_t(const ChainSetup& s, const std::vector<double>& expected, const void* out, std::size_t n) {
  const auto* p = static_cast<const unsigned char*>(out);
  const std::size_t sz = scalar_bytes(s.type);
  // Tolerances: integers are exact; step chains are exact in IEEE arithmetic;
  // MAD chains may be fused or not on the device (a rounding per step, damped
  // by the contracting recurrence).
  double rel = 0;
  if (s.type == DataType::float32) rel = s.shape == ChainShape::Step ? 1e-6 : 1e-3;
  if (s.type == DataType::float64) rel = s.shape == ChainShape::Step ? 1e-12 : 1e-9;
  if (s.type == DataType::float16) rel = 3e-2;
  for (std::size_t g = 0; g < n; ++g) {
    const double want = expected[g % expected.size()], got = A::load(p + g * sz);
    const bool ok = s.type == DataType::int32 ? got == want : std::fabs(got - want) <= rel * std::fabs(want) + 1e-30;
    if (!ok) {
      std::ostringstream m;
      m.precision(10);
      m << "work-item " << g << " produced " << got << ", expected " << want
        << " (the compiler may have removed or folded the work, or the device computes wrongly)";
      return m.str();
    }
  }
  return "";
}

template <typename F>
auto dispatch(DataType type, F&& f) {
  switch (type) {
    case DataType::float32: return f(FloatArith{});
    case DataType::float64: return f(DoubleArith{});
    case DataType::float16: return f(HalfArith{});
    case DataType::int32: break;
  }
  return f(UintArith{});
}

}  // namespace

ChainInputs make_inputs(const ChainSetup& s, std::uint64_t seed) {
  return dispatch(s.type, [&](auto arith) { return make_inputs_t<decltype(arith)>(s, seed); });
}

std::vector<double> expected_outputs(const ChainSetup& s, const ChainInputs& in) {
  return dispatch(s.type, [&](auto arith) { return expected_t<decltype(arith)>(s, in); });
}

std::string check_outputs(const ChainSetup& s, const std::vector<double>& expected, const void* out, std::size_t n) {
  return dispatch(s.type, [&](auto arith) { return check_t<decltype(arith)>(s, expected, out, n); });
}

}  // namespace roofline
