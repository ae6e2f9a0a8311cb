#include "model/math_functions.hpp"

#include <stdexcept>

namespace roofline {
namespace {

using S = MathSignature;
using F = MathFunction;

// {function, name, group, signature, native_and_half, floating, integer, native stem}
constexpr std::array<MathFunctionInfo, 67> kFunctions{{
    {F::add, "add", 1, S::operator_, false, true, false},
    {F::sub, "sub", 1, S::operator_, false, true, false},
    {F::mul, "mul", 1, S::operator_, false, true, true},
    {F::div, "div", 1, S::operator_, true, true, true, "divide"},
    {F::mad, "mad", 1, S::ternary, false, true, false},
    {F::mod, "mod", 1, S::operator_, false, false, true},
    {F::fmax, "fmax", 2, S::binary, false, true, false},
    {F::fmin, "fmin", 2, S::binary, false, true, false},
    {F::sin, "sin", 3, S::unary, true, true, false},
    {F::asin, "asin", 3, S::unary, false, true, false},
    {F::cos, "cos", 3, S::unary, true, true, false},
    {F::acos, "acos", 3, S::unary, false, true, false},
    {F::tan, "tan", 3, S::unary, true, true, false},
    {F::atan, "atan", 3, S::unary, false, true, false},
    {F::exp, "exp", 4, S::unary, true, true, false},
    {F::log, "log", 4, S::unary, true, true, false},
    {F::rsqrt, "rsqrt", 4, S::unary, true, true, false},
    {F::fract, "fract", 4, S::pointer_out, false, true, false},
    {F::frexp, "frexp", 4, S::int_pointer_out, false, true, false},
    {F::hypot, "hypot", 4, S::binary, false, true, false},
    {F::ldexp, "ldexp", 4, S::int_argument, false, true, false},
    {F::exp10, "exp10", 4, S::unary, true, true, false},
    {F::ilogb, "ilogb", 4, S::int_result, false, true, false},
    {F::log10, "log10", 4, S::unary, true, true, false},
    {F::sinh, "sinh", 5, S::unary, false, true, false},
    {F::cosh, "cosh", 5, S::unary, false, true, false},
    {F::tanh, "tanh", 5, S::unary, false, true, false},
    {F::asinh, "asinh", 5, S::unary, false, true, false},
    {F::acosh, "acosh", 5, S::unary, false, true, false},
    {F::atanh, "atanh", 5, S::unary, false, true, false},
    {F::asinpi, "asinpi", 5, S::unary, false, true, false},
    {F::acospi, "acospi", 5, S::unary, false, true, false},
    {F::atanpi, "atanpi", 5, S::unary, false, true, false},
    {F::cbrt, "cbrt", 6, S::unary, false, true, false},
    {F::ceil, "ceil", 6, S::unary, false, true, false},
    {F::copysign, "copysign", 6, S::binary, false, true, false},
    {F::fabs, "fabs", 6, S::unary, false, true, false},
    {F::fdim, "fdim", 6, S::binary, false, true, false},
    {F::floor, "floor", 6, S::unary, false, true, false},
    {F::fma, "fma", 6, S::ternary, false, true, false},
    {F::fmod, "fmod", 6, S::binary, false, true, false},
    {F::atan2, "atan2", 7, S::binary, false, true, false},
    {F::atan2pi, "atan2pi", 7, S::binary, false, true, false},
    {F::sinpi, "sinpi", 7, S::unary, false, true, false},
    {F::cospi, "cospi", 7, S::unary, false, true, false},
    {F::tanpi, "tanpi", 7, S::unary, false, true, false},
    {F::sincos, "sincos", 7, S::pointer_out, false, true, false},
    {F::log1p, "log1p", 8, S::unary, false, true, false},
    {F::logb, "logb", 8, S::unary, false, true, false},
    {F::modf, "modf", 8, S::pointer_out, false, true, false},
    {F::lgamma, "lgamma", 8, S::unary, false, true, false},
    {F::remainder, "remainder", 8, S::binary, false, true, false},
    {F::rint, "rint", 8, S::unary, false, true, false},
    {F::round, "round", 8, S::unary, false, true, false},
    {F::trunc, "trunc", 8, S::unary, false, true, false},
    {F::erfc, "erfc", 9, S::unary, false, true, false},
    {F::erf, "erf", 9, S::unary, false, true, false},
    {F::expm1, "expm1", 9, S::unary, false, true, false},
    {F::nextafter, "nextafter", 9, S::binary, false, true, false},
    {F::pown, "pown", 9, S::int_argument, false, true, false},
    {F::powr, "powr", 9, S::binary, true, true, false},
    {F::remquo, "remquo", 9, S::remquo, false, true, false},
    {F::rootn, "rootn", 9, S::int_argument, false, true, false},
    {F::tgamma, "tgamma", 9, S::unary, false, true, false},
    {F::sqrt, "sqrt", 0, S::unary, true, true, false},
    {F::exp2, "exp2", 0, S::unary, true, true, false},
    {F::log2, "log2", 0, S::unary, true, true, false},
}};

// The table is in enum order: info() indexes it.
constexpr bool table_in_enum_order() {
  for (std::size_t i = 0; i < kFunctions.size(); ++i)
    if (std::size_t(kFunctions[i].function) != i || Vocabulary<MathFunction>::names[i].value != kFunctions[i].function ||
        Vocabulary<MathFunction>::names[i].name != kFunctions[i].name)
      return false;
  return true;
}
static_assert(table_in_enum_order(), "kFunctions and Vocabulary<MathFunction> follow the enum's order");

std::string_view stem_of(const MathFunctionInfo& i) { return i.native_name.empty() ? i.name : i.native_name; }

bool is_operator(const MathFunctionInfo& i) { return i.signature == MathSignature::operator_; }

}  // namespace

const std::array<MathFunctionInfo, 67>& math_functions() { return kFunctions; }

const MathFunctionInfo& info(MathFunction f) { return kFunctions.at(std::size_t(f)); }

std::string math_name(MathFunction f, MathForm form) {
  const MathFunctionInfo& i = info(f);
  switch (form) {
    case MathForm::precise: return std::string(i.name);
    case MathForm::native: return "native_" + std::string(stem_of(i));
    case MathForm::half: return "half_" + std::string(stem_of(i));
  }
  return std::string(i.name);
}

std::optional<std::pair<MathFunction, MathForm>> math_builtin(std::string_view name) {
  MathForm form = MathForm::precise;
  std::string_view stem = name;
  if (stem.substr(0, 7) == "native_") form = MathForm::native, stem.remove_prefix(7);
  else if (stem.substr(0, 5) == "half_") form = MathForm::half, stem.remove_prefix(5);
  for (const MathFunctionInfo& i : kFunctions) {
    if (form == MathForm::precise) {
      if (!is_operator(i) && i.name == stem) return std::pair{i.function, form};
    } else if (i.native_and_half && stem_of(i) == stem) {
      return std::pair{i.function, form};
    }
  }
  return std::nullopt;
}

std::string MathCall::label() const { return math_name(function, form) + " (" + str(type) + ")"; }

}  // namespace roofline
