#include "benchmark/math_reference.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <sstream>

#include "device/half_float.hpp"

namespace roofline {
namespace {

using F = MathFunction;
using K = MathKernelShape;

constexpr long double kPi = 3.141592653589793238462643383279502884L;
constexpr double kFeedback = 1.0 / 1024;  // a: the chain stays within about 2^-10 |f| of b
// A feedback chain contracts by |a f'(b)| <= 2^-5 per step at every point of
// the table: 256 steps reach the fixed point in long double.
constexpr std::uint64_t kFeedbackSteps = 256;

// The argument point b and extra arguments of each function (the same for
// every type: each value is exact in half). Points keep away from zeros of the
// result (an ULP bound there is much tighter than elsewhere), from poles and
// from the jumps of rounding and remainder functions. The feedback factor a
// is left 0: math_arguments sets it.
MathArguments function_point(F f) {
  switch (f) {
    case F::add: case F::sub: return {1.5, 0.25, 0, -0.25};
    case F::mul: return {1.5, 2, 0, 0.5};
    case F::div: return {1.5, 1.75};
    case F::mad: case F::fma: return {1.5, 0.5, 0.75};  // x = x * 0.5 + 0.75: fixed point 1.5
    case F::fmax: return {1.5, 0.5};
    case F::fmin: return {1.5, 2.5};
    case F::asin: case F::acos: case F::atanh: case F::asinpi: case F::acospi: return {0.5};
    case F::log: case F::log2: case F::log10: case F::rsqrt: case F::cbrt: case F::sqrt: return {1.75};
    case F::exp: return {1.25};
    case F::fract: case F::ceil: case F::floor: case F::modf: case F::rint: case F::round: case F::trunc: return {1.3};
    case F::frexp: case F::ilogb: case F::logb: return {3.0};
    case F::hypot: return {1.5, 2.0};
    case F::ldexp: return {1.5, 0, 0, 0, 3};
    case F::acosh: return {1.5};
    case F::copysign: return {1.5, -2.0};
    case F::fabs: return {1.5};
    case F::fdim: return {1.5, 0.5};
    case F::fmod: return {1.5, 0.625};
    case F::atan2: case F::atan2pi: return {0.75, 1.25};
    case F::sinpi: case F::cospi: case F::tanpi: return {0.3};
    case F::lgamma: return {3.5};
    case F::remainder: case F::remquo: return {1.5, 0.875};
    case F::nextafter: return {1.5, 2.0};
    case F::pown: return {1.25, 0, 0, 0, 3};
    case F::powr: return {1.25, 1.5};
    case F::rootn: return {1.75, 0, 0, 0, 3};
    case F::tgamma: return {2.5};
    default: return {0.75};  // sin, cos, tan, atan, exp10, exp2, sinh, cosh, tanh, asinh, atanpi, sincos, log1p, erf, erfc, expm1
  }
}

// Integer mul, div and mod: x = x * w, w = w * x from w = c; x = x / c + d (climbs to 1499);
// x = x % c + d (ends in [1001, 1007]); chain k starts at b + 2k. Integer
// mul's b and c are odd, so every product of its pairs stays odd: from an even
// start the pair gains a factor of 2 at each step and is 0 modulo 2^32 within
// 32 steps, where it stays, and its end no longer shows how many steps ran.
MathArguments integer_point(F f) {
  switch (f) {
    case F::mul: return {12345, 2654435761.0, 0, 2654435761.0};
    case F::div: return {1200, 3, 1000, 3};
    default: return {2000, 7, 1001, 7};  // mod
  }
}

bool is_integer(const MathCall& call) { return call.type == DataType::int32; }

int digits(DataType t) {
  switch (t) {
    case DataType::float64: return 53;
    case DataType::float16: return 11;
    default: return 24;
  }
}
int min_exponent(DataType t) {
  switch (t) {
    case DataType::float64: return -1022;
    case DataType::float16: return -14;
    default: return -126;
  }
}

// One unit in the last place of `type` at v.
long double ulp_of(long double v, DataType type) {
  const int e = v == 0 ? min_exponent(type) : std::max<int>(std::ilogb(v), min_exponent(type));
  return std::ldexp(1.0L, e - digits(type) + 1);
}

// The representable neighbour of x towards y, in the call's type.
long double next_after(long double x, long double y, DataType type) {
  switch (type) {
    case DataType::float64: return std::nextafter(double(x), double(y));
    case DataType::float16: {
      const std::uint16_t h = float_to_half(float(x));
      if (x == y) return x;
      const bool up = (y > x) == !(h & 0x8000);
      return half_to_float(std::uint16_t(up ? h + 1 : h - 1));
    }
    default: return std::nextafter(float(x), float(y));
  }
}

MathOutputs integer_reference(F f, std::uint32_t x, std::uint32_t c) {
  MathOutputs o;
  o.value = f == F::mul ? std::uint32_t(x * c) : f == F::div ? x / c : x % c;
  return o;
}

long double unary_reference(F f, long double x) {
  switch (f) {
    case F::sin: return std::sin(x);
    case F::cos: return std::cos(x);
    case F::tan: return std::tan(x);
    case F::asin: return std::asin(x);
    case F::acos: return std::acos(x);
    case F::atan: return std::atan(x);
    case F::exp: return std::exp(x);
    case F::log: return std::log(x);
    case F::rsqrt: return 1 / std::sqrt(x);
    case F::exp10: return std::pow(10.0L, x);
    case F::log10: return std::log10(x);
    case F::sinh: return std::sinh(x);
    case F::cosh: return std::cosh(x);
    case F::tanh: return std::tanh(x);
    case F::asinh: return std::asinh(x);
    case F::acosh: return std::acosh(x);
    case F::atanh: return std::atanh(x);
    case F::asinpi: return std::asin(x) / kPi;
    case F::acospi: return std::acos(x) / kPi;
    case F::atanpi: return std::atan(x) / kPi;
    case F::cbrt: return std::cbrt(x);
    case F::ceil: return std::ceil(x);
    case F::fabs: return std::fabs(x);
    case F::floor: return std::floor(x);
    case F::sinpi: return std::sin(kPi * x);
    case F::cospi: return std::cos(kPi * x);
    case F::tanpi: return std::tan(kPi * x);
    case F::log1p: return std::log1p(x);
    case F::logb: return std::logb(x);
    case F::lgamma: return std::lgamma(x);
    case F::rint: return std::rint(x);
    case F::round: return std::round(x);
    case F::trunc: return std::trunc(x);
    case F::erfc: return std::erfc(x);
    case F::erf: return std::erf(x);
    case F::expm1: return std::expm1(x);
    case F::tgamma: return std::tgamma(x);
    case F::sqrt: return std::sqrt(x);
    case F::exp2: return std::exp2(x);
    case F::log2: return std::log2(x);
    default: return std::numeric_limits<long double>::quiet_NaN();
  }
}

// Functions of more than x, and those with a second output.
MathOutputs other_reference(const MathCall& call, const MathArguments& p, long double x) {
  MathOutputs o;
  const long double c = p.c;
  switch (call.function) {
    case F::add: o.value = x + c; break;
    case F::sub: o.value = x - c; break;
    case F::mul: o.value = x * c; break;
    case F::div: o.value = x / c; break;
    case F::mad: case F::fma: o.value = x * c + p.d; break;
    case F::fmax: o.value = std::fmax(x, c); break;
    case F::fmin: o.value = std::fmin(x, c); break;
    case F::hypot: o.value = std::hypot(x, c); break;
    case F::copysign: o.value = std::copysign(x, c); break;
    case F::fdim: o.value = std::fdim(x, c); break;
    case F::fmod: o.value = std::fmod(x, c); break;
    case F::atan2: o.value = std::atan2(x, c); break;
    case F::atan2pi: o.value = std::atan2(x, c) / kPi; break;
    case F::remainder: o.value = std::remainder(x, c); break;
    case F::powr: o.value = std::pow(x, c); break;
    case F::nextafter: o.value = next_after(x, c, call.type); break;
    case F::ldexp: o.value = std::ldexp(x, p.n); break;
    case F::pown: o.value = std::pow(x, (long double)p.n); break;
    case F::rootn: o.value = std::pow(x, 1.0L / p.n); break;
    case F::fract: o.second = std::floor(x); o.value = x - o.second; break;
    case F::modf: o.value = std::modf(x, &o.second); break;
    case F::sincos: o.value = std::sin(x); o.second = std::cos(x); break;
    case F::frexp: { int e = 0; o.value = std::frexp(x, &e); o.integer = e; break; }
    case F::remquo: { int q = 0; o.value = std::remquo(x, c, &q); o.integer = q; break; }
    case F::ilogb: o.integer = std::ilogb(x); o.value = o.integer; break;
    default: o.value = unary_reference(call.function, x);
  }
  return o;
}

// The value a feedback chain goes on with (kernels/math.cl: FED).
long double fed(K shape, const MathOutputs& o) {
  switch (shape) {
    case K::pointer: return o.value + o.second;
    case K::int_pointer: case K::remquo: return o.value + o.integer;
    default: return o.value;
  }
}

// One step of a chain (kernels/math.cl: STEP), step index i.
long double chain_step(const MathCall& call, const MathArguments& p, K shape, long double x, std::uint64_t i) {
  const long double v = i % 2 == 0 ? p.c : p.e;
  switch (shape) {
    case K::add: return x + v;
    case K::sub: return x - v;
    case K::mul: return x * v;
    case K::int_div: return std::uint32_t(x) / std::uint32_t(p.c) + std::uint32_t(p.d);
    case K::int_mod: return std::uint32_t(x) % std::uint32_t(p.c) + std::uint32_t(p.d);
    case K::ternary: return x * p.c + p.d;
    default: return p.b + p.a * fed(shape, math_reference(call, p, x));
  }
}

// Bounds of the OpenCL C specification (3.0, section 7.4, tables of ULP
// values for float, double and half); 0 for exact and correctly rounded ones.
struct Bound {
  F function;
  double f32, f64, f16;
};
constexpr Bound kBounds[] = {
    {F::div, 2.5, 0, 1},      {F::sin, 4, 4, 2},      {F::cos, 4, 4, 2},       {F::tan, 5, 5, 2},
    {F::sincos, 4, 4, 2},     {F::asin, 4, 4, 2},     {F::acos, 4, 4, 2},      {F::atan, 5, 5, 2},
    {F::exp, 3, 3, 2},        {F::log, 3, 3, 2},      {F::rsqrt, 2, 2, 1},     {F::hypot, 4, 4, 2},
    {F::exp10, 3, 3, 2},      {F::log10, 3, 3, 2},    {F::sinh, 4, 4, 2},      {F::cosh, 4, 4, 2},
    {F::tanh, 5, 5, 2},       {F::asinh, 4, 4, 2},    {F::acosh, 4, 4, 2},     {F::atanh, 5, 5, 2},
    {F::asinpi, 5, 5, 2},     {F::acospi, 5, 5, 2},   {F::atanpi, 5, 5, 2},    {F::cbrt, 2, 2, 2},
    {F::atan2, 6, 6, 2},      {F::atan2pi, 6, 6, 2},  {F::sinpi, 4, 4, 2},     {F::cospi, 4, 4, 2},
    {F::tanpi, 6, 6, 2},      {F::log1p, 2, 2, 2},    {F::erfc, 16, 16, 4},    {F::erf, 16, 16, 4},
    {F::expm1, 3, 3, 2},      {F::pown, 16, 16, 4},   {F::powr, 16, 16, 4},    {F::rootn, 16, 16, 4},
    {F::tgamma, 16, 16, 4},   {F::sqrt, 3, 0, 1},     {F::exp2, 3, 3, 2},      {F::log2, 3, 3, 2},
    // The specification gives lgamma no bound: roofline holds it to tgamma's.
    {F::lgamma, 16, 16, 4},
};

// half_ forms: at least 11 correct bits, 8192 ulp of float (OpenCL C). native_
// forms: implementation-defined; roofline asks the same of them.
constexpr double kReducedFormBound = 8192;

std::string show(long double v) {
  std::ostringstream o;
  o.precision(9);
  o << double(v);
  return o.str();
}

// Empty when got is within bound ULPs of expected.
std::string compare(const char* what, long double got, long double expected, DataType type, double bound,
                    double& max_ulp) {
  const double err = ulp_error(got, expected, type);
  if (err <= std::max(bound, 0.5)) {
    max_ulp = std::max(max_ulp, err);
    return "";
  }
  std::ostringstream o;
  o << what << " " << show(got) << ", expected " << show(expected) << " (" << (std::isinf(err) ? std::string("inf") : show(err))
    << " ulp, bound " << bound << ")";
  return o.str();
}

// remquo: the sign and the 7 low bits of the quotient (OpenCL C asks for no more).
bool same_quotient(long long got, long long expected) {
  return (got < 0) == (expected < 0) && (std::llabs(got) & 127) == (std::llabs(expected) & 127);
}

}  // namespace

MathKernelShape kernel_shape(const MathCall& call) {
  switch (call.function) {
    case F::add: return K::add;
    case F::sub: return K::sub;
    case F::mul: return is_integer(call) ? K::int_mul : K::mul;
    case F::div:
      if (is_integer(call)) return K::int_div;
      return call.form == MathForm::precise ? K::divide : K::binary;  // native_divide(x, c)
    case F::mod: return K::int_mod;
    default: break;
  }
  switch (info(call.function).signature) {
    case MathSignature::binary: return K::binary;
    case MathSignature::ternary: return K::ternary;
    case MathSignature::int_argument: return K::int_argument;
    case MathSignature::pointer_out: return K::pointer;
    case MathSignature::int_pointer_out: return K::int_pointer;
    case MathSignature::remquo: return K::remquo;
    case MathSignature::int_result: return K::int_result;
    default: return K::unary;
  }
}

bool direct_chain(MathKernelShape shape) {
  switch (shape) {
    case K::ternary: case K::add: case K::sub: case K::mul: case K::int_div: case K::int_mod: case K::int_mul:
      return true;
    default: return false;
  }
}

double MathArguments::start(int chain) const {
  if (std::floor(b) == b && b >= 1000) return b + 2 * chain;  // integer chains (integer_point)
  return b * (1 + std::ldexp(1.0, -5) * (chain % 4 + 1));
}

MathArguments math_arguments(const MathCall& call) {
  MathArguments a = is_integer(call) ? integer_point(call.function) : function_point(call.function);
  a.a = direct_chain(kernel_shape(call)) ? 0 : kFeedback;
  return a;
}

MathOutputs math_reference(const MathCall& call, const MathArguments& args, long double x) {
  if (is_integer(call)) return integer_reference(call.function, std::uint32_t(x), std::uint32_t(args.c));
  return other_reference(call, args, x);
}

double ulp_bound(const MathCall& call) {
  if (is_integer(call)) return 0;
  if (call.form != MathForm::precise) return kReducedFormBound;
  for (const Bound& b : kBounds)
    if (b.function == call.function)
      return call.type == DataType::float64 ? b.f64 : call.type == DataType::float16 ? b.f16 : b.f32;
  return 0;
}

double ulp_error(long double got, long double expected, DataType type) {
  if (type == DataType::int32) return double(std::fabs(got - expected));
  if (std::isnan(expected)) return std::isnan(got) ? 0 : std::numeric_limits<double>::infinity();
  if (std::isnan(got) || std::isinf(got) != std::isinf(expected)) return std::numeric_limits<double>::infinity();
  if (std::isinf(got)) return got == expected ? 0 : std::numeric_limits<double>::infinity();
  return double(std::fabs(got - expected) / ulp_of(expected, type));
}

std::string check_call(const MathCall& call, const MathArguments& args, const DeviceCall& device, double& max_ulp) {
  const K shape = kernel_shape(call);
  MathArguments at = args;
  if (shape == K::int_mul) at.c = double(device.got.second);  // the pair's other operand
  const MathOutputs want = math_reference(call, at, device.argument);
  const double bound = ulp_bound(call);
  std::string err = compare("got", device.got.value, want.value, call.type, bound, max_ulp);
  if (err.empty() && (call.function == F::sincos || call.function == F::fract || call.function == F::modf))
    err = compare("second result", device.got.second, want.second, call.type,
                  call.function == F::sincos ? bound : 0, max_ulp);
  if (err.empty() && shape == K::int_pointer && device.got.integer != want.integer)
    err = "integer result " + std::to_string(device.got.integer) + ", expected " + std::to_string(want.integer);
  if (err.empty() && shape == K::remquo && !same_quotient(device.got.integer, want.integer))
    err = "quotient " + std::to_string(device.got.integer) + ", expected " + std::to_string(want.integer);
  if (err.empty()) return "";
  return call.label() + " at x = " + show(device.argument) + ": " + err;
}

// Integer mul's pair: x = x * w on even steps, w = w * x on odd ones, from w = c.
long double multiply_pair_end(const MathArguments& args, long double start, std::uint64_t steps) {
  std::uint32_t x = std::uint32_t(start), w = std::uint32_t(args.c);
  for (std::uint64_t i = 0; i < steps; ++i) {
    if (i % 2 == 0) x *= w;
    else w *= x;
  }
  return x;
}

long double chain_end(const MathCall& call, const MathArguments& args, long double start, std::uint64_t steps) {
  const K shape = kernel_shape(call);
  if (shape == K::int_mul) return multiply_pair_end(args, start, steps);
  if (!direct_chain(shape)) steps = std::min(steps, kFeedbackSteps + steps % 2);
  long double x = start, two_ago = start;
  for (std::uint64_t i = 0; i < steps; ++i) {
    // Period 1 or 2 from step i-2 on: the rest of an even count ends where it is.
    if (i % 2 == 0 && i >= 2) {
      if (x == two_ago && (steps - i) % 2 == 0) return x;
      two_ago = x;
    }
    x = chain_step(call, args, shape, x, i);
  }
  return x;
}

double chain_tolerance(const MathCall& call, const MathArguments& args, int chains) {
  if (is_integer(call)) return 0;
  const long double b = args.b;
  const long double sum_ulp = ulp_of(chains * 2 * b, call.type);  // each addition of the sum rounds
  if (direct_chain(kernel_shape(call))) return double(chains * (sum_ulp + 2 * ulp_of(b, call.type)));
  // Each feedback step: a * (f's error), rounded into x, and x's own rounding.
  const long double y = std::fabs(fed(kernel_shape(call), math_reference(call, args, b)));
  const long double eps = std::ldexp(1.0L, 1 - digits(call.type == DataType::float16 || call.form == MathForm::precise
                                                          ? call.type
                                                          : DataType::float32));
  const long double per_chain = args.a * y * (std::max(ulp_bound(call), 1.0) + 1) * eps * 2 + 4 * ulp_of(b, call.type);
  return double(chains * (per_chain + sum_ulp));
}

}  // namespace roofline
