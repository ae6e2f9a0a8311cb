// instrument/cost_table: how many arithmetic operations an OpenCL C builtin call
// counts for, by name and the lane count of its arguments. The table is the
// documented convention (docs/methodology.md, "Counting rules"): mad/fma 2 per lane, dot of
// n lanes 2n-1, length 2n, distance and normalize 3n, cross 9, mix 3 per lane,
// math functions (sqrt, exp, sin, native_*, half_*...) 1 per lane;
// comparisons, min/max/clamp, fabs, rounding, conversions, selects and
// work-item queries 0. Memory builtins (vloadn, vstoren, atomics) and the
// math builtins that also return a value through a pointer are charged by the
// instrumenter from their pointer argument.
#pragma once
#include <string>

namespace roofline {

// Operations of one call of builtin `name` whose first argument has `lanes`
// lanes (scalars: 1) and whose result has `result_lanes`. Unknown names: 0.
double builtin_ops(const std::string& name, int lanes, int result_lanes);

// Builtins that store a second result through a pointer argument (sincos's
// cosine, fract's and modf's integral part, frexp's exponent, lgamma_r's sign,
// remquo's quotient bits): that argument's index, or -1 for other names.
int pointer_output_argument(const std::string& name);

// Atomic builtins (atomic_*, atom_*): whether it reads and writes memory, and
// whether it does one arithmetic operation on the value (add, sub, inc, dec,
// min, max, and, or, xor).
struct AtomicKind {
  bool is_atomic = false, loads = false, stores = false, arithmetic = false;
};
AtomicKind atomic_kind(const std::string& name);

// Builtins whose value is read from memory: vloadN, vload_half*, read_image*
// and the atomics that load.
bool returns_loaded_value(const std::string& name);

}  // namespace roofline
