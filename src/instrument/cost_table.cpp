#include "instrument/cost_table.hpp"

#include <set>

namespace roofline {
namespace {

bool starts_with(const std::string& s, const std::string& p) { return s.compare(0, p.size(), p) == 0; }

// One operation per lane: transcendental, root, division-like and other math
// functions, whose cost a device may implement with several instructions;
// like Intel Advisor's MATH group they count once.
const std::set<std::string>& math_functions() {
  static const std::set<std::string> names{
      "acos",  "acosh", "acospi", "asin",   "asinh",  "asinpi", "atan",   "atan2",     "atanh",  "atanpi",
      "atan2pi", "cbrt", "cos",   "cosh",   "cospi",  "erf",    "erfc",   "exp",       "exp2",   "exp10",
      "expm1", "fdim",  "fmod",   "hypot",  "lgamma", "lgamma_r", "log",    "log2",   "log10",     "log1p",  "logb",
      "pow",   "pown",  "powr",   "remainder", "rootn", "rsqrt", "sin",   "sincos",    "sinh",   "sinpi",
      "sqrt",  "tan",   "tanh",   "tanpi",  "tgamma", "recip",  "divide", "smoothstep", "ldexp", "remquo",
      "degrees", "radians"};
  return names;
}

}  // namespace

double builtin_ops(const std::string& name, int lanes, int result_lanes) {
  const double n = lanes > 0 ? lanes : 1, r = result_lanes > 0 ? result_lanes : 1;
  if (name == "mad" || name == "fma" || name == "mad24" || name == "mad_hi" || name == "mad_sat") return 2 * r;
  if (name == "mul24" || name == "mul_hi") return r;
  if (name == "mix") return 3 * r;
  if (name == "dot") return 2 * n - 1;
  if (name == "length" || name == "fast_length") return 2 * n;
  if (name == "distance" || name == "fast_distance" || name == "normalize" || name == "fast_normalize") return 3 * n;
  if (name == "cross") return 9;
  std::string base = name;
  if (starts_with(base, "native_")) base = base.substr(7);
  else if (starts_with(base, "half_")) base = base.substr(5);
  if (math_functions().count(base)) return r;
  return 0;
}

int pointer_output_argument(const std::string& name) {
  if (name == "sincos" || name == "fract" || name == "modf" || name == "frexp" || name == "lgamma_r") return 1;
  if (name == "remquo") return 2;
  return -1;
}

AtomicKind atomic_kind(const std::string& name) {
  AtomicKind k;
  std::string op;
  if (starts_with(name, "atomic_")) op = name.substr(7);
  else if (starts_with(name, "atom_")) op = name.substr(5);
  else return k;
  // C11-style names (OpenCL 2.0): atomic_fetch_add_explicit -> add
  if (starts_with(op, "fetch_")) op = op.substr(6);
  const auto ex = op.find("_explicit");
  if (ex != std::string::npos) op = op.substr(0, ex);
  if (op == "work_item_fence" || op == "flag_test_and_set" || op == "flag_clear") return k;
  k.is_atomic = true;
  if (op == "load") {
    k.loads = true;
  } else if (op == "store" || op == "init") {
    k.stores = true;
  } else {
    k.loads = k.stores = true;
    k.arithmetic = op == "add" || op == "sub" || op == "inc" || op == "dec" || op == "min" || op == "max" ||
                   op == "and" || op == "or" || op == "xor";
  }
  return k;
}

bool returns_loaded_value(const std::string& name) {
  return starts_with(name, "vload") || starts_with(name, "read_image") || atomic_kind(name).loads;
}

}  // namespace roofline
