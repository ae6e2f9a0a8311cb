#include "model/math_functions.hpp"

#include <stdexcept>

namespace roofline {
namespace {

using S = MathSignature;
using F = MathFunction;

// {function, group, signature, native_and_half, floating, integer, native stem}
constexpr std::array<MathFunctionInfo, 67> kFunctions{{
    {F::add, 1, S::operator_, false, true, false},
    {F::sub, 1, S::operator_, false, true, false},
    {F::mul, 1, S::operator_, false, true, true},
    {F::div, 1, S::operator_, true, true, true, "divide"},
    {F::mad, 1, S::ternary, false, true, false},
    {F::mod, 1, S::operator_, false, false, true},
    {F::fmax, 2, S::binary, false, true, false},
    {F::fmin, 2, S::binary, false, true, false},
    {F::sin, 3, S::unary, true, true, false},
    {F::asin, 3, S::unary, false, true, false},
    {F::cos, 3, S::unary, true, true, false},
    {F::acos, 3, S::unary, false, true, false},
    {F::tan, 3, S::unary, true, true, false},
    {F::atan, 3, S::unary, false, true, false},
    {F::exp, 4, S::unary, true, true, false},
    {F::log, 4, S::unary, true, true, false},
    {F::rsqrt, 4, S::unary, true, true, false},
    {F::fract, 4, S::pointer_out, false, true, false},
    {F::frexp, 4, S::int_pointer_out, false, true, false},
    {F::hypot, 4, S::binary, false, true, false},
    {F::ldexp, 4, S::int_argument, false, true, false},
    {F::exp10, 4, S::unary, true, true, false},
    {F::ilogb, 4, S::int_result, false, true, false},
    {F::log10, 4, S::unary, true, true, false},
    {F::sinh, 5, S::unary, false, true, false},
    {F::cosh, 5, S::unary, false, true, false},
    {F::tanh, 5, S::unary, false, true, false},
    {F::asinh, 5, S::unary, false, true, false},
    {F::acosh, 5, S::unary, false, true, false},
    {F::atanh, 5, S::unary, false, true, false},
    {F::asinpi, 5, S::unary, false, true, false},
    {F::acospi, 5, S::unary, false, true, false},
    {F::atanpi, 5, S::unary, false, true, false},
    {F::cbrt, 6, S::unary, false, true, false},
    {F::ceil, 6, S::unary, false, true, false},
    {F::copysign, 6, S::binary, false, true, false},
    {F::fabs, 6, S::unary, false, true, false},
    {F::fdim, 6, S::binary, false, true, false},
    {F::floor, 6, S::unary, false, true, false},
    {F::fma, 6, S::ternary, false, true, false},
    {F::fmod, 6, S::binary, false, true, false},
    {F::atan2, 7, S::binary, false, true, false},
    {F::atan2pi, 7, S::binary, false, true, false},
    {F::sinpi, 7, S::unary, false, true, false},
    {F::cospi, 7, S::unary, false, true, false},
    {F::tanpi, 7, S::unary, false, true, false},
    {F::sincos, 7, S::pointer_out, false, true, false},
    {F::log1p, 8, S::unary, false, true, false},
    {F::logb, 8, S::unary, false, true, false},
    {F::modf, 8, S::pointer_out, false, true, false},
    {F::lgamma, 8, S::unary, false, true, false},
    {F::remainder, 8, S::binary, false, true, false},
    {F::rint, 8, S::unary, false, true, false},
    {F::round, 8, S::unary, false, true, false},
    {F::trunc, 8, S::unary, false, true, false},
    {F::erfc, 9, S::unary, false, true, false},
    {F::erf, 9, S::unary, false, true, false},
    {F::expm1, 9, S::unary, false, true, false},
    {F::nextafter, 9, S::binary, false, true, false},
    {F::pown, 9, S::int_argument, false, true, false},
    {F::powr, 9, S::binary, true, true, false},
    {F::remquo, 9, S::remquo, false, true, false},
    {F::rootn, 9, S::int_argument, false, true, false},
    {F::tgamma, 9, S::unary, false, true, false},
    {F::sqrt, 0, S::unary, true, true, false},
    {F::exp2, 0, S::unary, true, true, false},
    {F::log2, 0, S::unary, true, true, false},
}};

// The table and the names are in enum order: info() and name_of() index them.
constexpr bool tables_in_enum_order() {
  for (std::size_t i = 0; i < kFunctions.size(); ++i)
    if (std::size_t(kFunctions[i].function) != i || std::size_t(Vocabulary<MathFunction>::names[i].value) != i)
      return false;
  return true;
}
static_assert(tables_in_enum_order(), "kFunctions and Vocabulary<MathFunction> follow the enum's order");

// The OpenCL C name of the precise form ("div" for the operator /).
std::string_view name_of(const MathFunctionInfo& i) { return Vocabulary<MathFunction>::names[std::size_t(i.function)].name; }

std::string_view stem_of(const MathFunctionInfo& i) { return i.native_name.empty() ? name_of(i) : i.native_name; }

bool is_operator(const MathFunctionInfo& i) { return i.signature == MathSignature::operator_; }

}  // namespace

const std::array<MathFunctionInfo, 67>& math_functions() { return kFunctions; }

const MathFunctionInfo& info(MathFunction f) { return kFunctions.at(std::size_t(f)); }

std::string math_name(MathFunction f, MathForm form) {
  const MathFunctionInfo& i = info(f);
  switch (form) {
    case MathForm::precise: return std::string(name_of(i));
    case MathForm::native: return "native_" + std::string(stem_of(i));
    case MathForm::half: return "half_" + std::string(stem_of(i));
  }
  return std::string(name_of(i));
}

std::optional<std::pair<MathFunction, MathForm>> math_builtin(std::string_view name) {
  MathForm form = MathForm::precise;
  std::string_view stem = name;
  if (stem.substr(0, 7) == "native_") form = MathForm::native, stem.remove_prefix(7);
  else if (stem.substr(0, 5) == "half_") form = MathForm::half, stem.remove_prefix(5);
  for (const MathFunctionInfo& i : kFunctions) {
    if (form == MathForm::precise) {
      if (!is_operator(i) && name_of(i) == stem) return std::pair{i.function, form};
    } else if (i.native_and_half && stem_of(i) == stem) {
      return std::pair{i.function, form};
    }
  }
  return std::nullopt;
}

std::string undefined_call(const MathCall& c) {
  const MathFunctionInfo& i = info(c.function);
  const std::string name = str(c.function);
  if (c.form != MathForm::precise && !i.native_and_half) return name + " has no " + str(c.form) + "_ form";
  if (c.form != MathForm::precise && c.type != DataType::float32)
    return math_name(c.function, c.form) + " is defined on float only, not " + str(c.type);
  if (c.type == DataType::int32 ? !i.integer : !i.floating) return name + " is not defined on " + str(c.type);
  return "";
}

std::string MathCall::label() const { return math_name(function, form) + " (" + str(type) + ")"; }

}  // namespace roofline
