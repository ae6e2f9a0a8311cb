// model/math_functions: the built-in math functions as the domain knows them:
// seed 000's nine groups (Table 1: add/sub/mul/div/mad through
// erfc/erf/expm1/nextafter/pown/powr/remquo/rootn/tgamma), the ones NVIDIA
// documents as special-function-unit operations that the seed leaves out
// (sqrt, exp2, log2), and integer mul, div and mod. Each has its OpenCL
// signature shape, its forms (the precise one; native_ and half_ where
// OpenCL C defines them) and, as a call of a counted kernel, the key its
// calls are counted under (model/op_counts) and its roof is found by
// (model/suite: MathRoof). The benchmark's arguments, references and error
// bounds are the benchmark's (benchmark/math_reference).
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>

#include "model/vocabulary.hpp"

namespace roofline {

enum class MathFunction {
  // group 1: arithmetic (div is the / operator; mul, div and mod also integer)
  add, sub, mul, div, mad, mod,
  // group 2
  fmax, fmin,
  // group 3
  sin, asin, cos, acos, tan, atan,
  // group 4
  exp, log, rsqrt, fract, frexp, hypot, ldexp, exp10, ilogb, log10,
  // group 5
  sinh, cosh, tanh, asinh, acosh, atanh, asinpi, acospi, atanpi,
  // group 6
  cbrt, ceil, copysign, fabs, fdim, floor, fma, fmod,
  // group 7
  atan2, atan2pi, sinpi, cospi, tanpi, sincos,
  // group 8
  log1p, logb, modf, lgamma, remainder, rint, round, trunc,
  // group 9
  erfc, erf, expm1, nextafter, pown, powr, remquo, rootn, tgamma,
  // not in the seed's table; NVIDIA's SFU operations
  sqrt, exp2, log2,
};

// The precise function, or its native_ form (implementation-defined
// accuracy, often one hardware instruction) or half_ form (at least 11 bits).
enum class MathForm { precise, native, half };

// How a function is called (what the benchmark's kernel passes it and how
// its result feeds the next call).
enum class MathSignature {
  unary,          // f(x)
  binary,         // f(x, y)
  ternary,        // f(x, y, z): mad, fma
  int_argument,   // f(x, int n): ldexp, pown, rootn
  pointer_out,    // f(x, &T): sincos, modf, fract
  int_pointer_out,// f(x, &int): frexp
  remquo,         // remquo(x, y, &int)
  int_result,     // int f(x): ilogb
  operator_,      // x op y: add, sub, mul, div, mod
};

struct MathFunctionInfo {
  MathFunction function;  // named by Vocabulary<MathFunction>: the OpenCL C name of the precise form ("div" is x / y)
  int group;              // seed 000 Table 1; 0 for sqrt, exp2, log2
  MathSignature signature;
  bool native_and_half;   // OpenCL C defines native_ and half_ forms
  bool floating;          // defined on float types
  bool integer;           // defined on int (mul, div, mod)
  std::string_view native_name = {};  // the native_/half_ name's stem when it differs ("divide")
};

// Every function, in the table's order (groups 1 to 9, then the extras).
const std::array<MathFunctionInfo, 67>& math_functions();
const MathFunctionInfo& info(MathFunction f);

// The OpenCL C name of a function in a form: "sin", "native_sin",
// "half_divide"; "div" and "mod" for the operators / and %.
std::string math_name(MathFunction f, MathForm form);

// The function and form an OpenCL C builtin name stands for ("native_exp"
// -> exp, native); none for names that are no math function of the table.
// Operators are not builtin names: "div" and "mod" give none.
std::optional<std::pair<MathFunction, MathForm>> math_builtin(std::string_view name);

// One counted kind of call, and the key of a math roof: function, form and
// the element type it runs on (int for integer mul, div and mod).
struct MathCall {
  MathFunction function = MathFunction::sin;
  MathForm form = MathForm::precise;
  DataType type = DataType::float32;
  bool operator<(const MathCall& o) const {
    return std::tie(function, form, type) < std::tie(o.function, o.form, o.type);
  }
  bool operator==(const MathCall& o) const {
    return function == o.function && form == o.form && type == o.type;
  }
  // "native_rsqrt (float)", "div (int)"
  std::string label() const;
};

// Empty when OpenCL C defines the call; else why not ("fmax has no native_
// form", "sin is not defined on int").
std::string undefined_call(const MathCall& c);

template <>
struct Vocabulary<MathForm> {
  static constexpr std::string_view what = "math form";
  static constexpr std::array<Named<MathForm>, 3> names{
      {{MathForm::precise, "precise"}, {MathForm::native, "native"}, {MathForm::half, "half"}}};
};

template <>
struct Vocabulary<MathFunction> {
  static constexpr std::string_view what = "math function";
  static constexpr std::array<Named<MathFunction>, 67> names{{
      {MathFunction::add, "add"},       {MathFunction::sub, "sub"},         {MathFunction::mul, "mul"},
      {MathFunction::div, "div"},       {MathFunction::mad, "mad"},         {MathFunction::mod, "mod"},
      {MathFunction::fmax, "fmax"},     {MathFunction::fmin, "fmin"},       {MathFunction::sin, "sin"},
      {MathFunction::asin, "asin"},     {MathFunction::cos, "cos"},         {MathFunction::acos, "acos"},
      {MathFunction::tan, "tan"},       {MathFunction::atan, "atan"},       {MathFunction::exp, "exp"},
      {MathFunction::log, "log"},       {MathFunction::rsqrt, "rsqrt"},     {MathFunction::fract, "fract"},
      {MathFunction::frexp, "frexp"},   {MathFunction::hypot, "hypot"},     {MathFunction::ldexp, "ldexp"},
      {MathFunction::exp10, "exp10"},   {MathFunction::ilogb, "ilogb"},     {MathFunction::log10, "log10"},
      {MathFunction::sinh, "sinh"},     {MathFunction::cosh, "cosh"},       {MathFunction::tanh, "tanh"},
      {MathFunction::asinh, "asinh"},   {MathFunction::acosh, "acosh"},     {MathFunction::atanh, "atanh"},
      {MathFunction::asinpi, "asinpi"}, {MathFunction::acospi, "acospi"},   {MathFunction::atanpi, "atanpi"},
      {MathFunction::cbrt, "cbrt"},     {MathFunction::ceil, "ceil"},       {MathFunction::copysign, "copysign"},
      {MathFunction::fabs, "fabs"},     {MathFunction::fdim, "fdim"},       {MathFunction::floor, "floor"},
      {MathFunction::fma, "fma"},       {MathFunction::fmod, "fmod"},       {MathFunction::atan2, "atan2"},
      {MathFunction::atan2pi, "atan2pi"}, {MathFunction::sinpi, "sinpi"},   {MathFunction::cospi, "cospi"},
      {MathFunction::tanpi, "tanpi"},   {MathFunction::sincos, "sincos"},   {MathFunction::log1p, "log1p"},
      {MathFunction::logb, "logb"},     {MathFunction::modf, "modf"},       {MathFunction::lgamma, "lgamma"},
      {MathFunction::remainder, "remainder"}, {MathFunction::rint, "rint"}, {MathFunction::round, "round"},
      {MathFunction::trunc, "trunc"},   {MathFunction::erfc, "erfc"},       {MathFunction::erf, "erf"},
      {MathFunction::expm1, "expm1"},   {MathFunction::nextafter, "nextafter"}, {MathFunction::pown, "pown"},
      {MathFunction::powr, "powr"},     {MathFunction::remquo, "remquo"},   {MathFunction::rootn, "rootn"},
      {MathFunction::tgamma, "tgamma"}, {MathFunction::sqrt, "sqrt"},       {MathFunction::exp2, "exp2"},
      {MathFunction::log2, "log2"},
  }};
};

}  // namespace roofline
