// benchmark/math_reference: what the math-function benchmark (kernels/math.cl)
// needs to know of each function: where its chain evaluates (the argument
// point and the extra arguments), how the kernel calls it, the host's long
// double reference, the error bound OpenCL C allows for each type and form,
// and the checks of a kernel's outputs against them.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/math_functions.hpp"

namespace roofline {

// How kernels/math.cl calls a function (its SIG_* selector).
enum class MathKernelShape {
  unary = 1, binary, divide, ternary, int_argument, pointer, int_pointer, remquo, int_result,
  add, sub, mul, int_div, int_mod, int_mul,
};
MathKernelShape kernel_shape(const MathCall& call);
// Direct chains (x = x OP c) rather than feedback chains (x = b + a*f(x)).
bool direct_chain(MathKernelShape shape);

// A function's arguments: the chain's argument point b and start values, the
// second and third arguments c and d, the direct chains' alternate constant
// e, the integer argument n, and the feedback factor a.
struct MathArguments {
  double b = 0, c = 0, d = 0, e = 0;
  int n = 0;
  double a = 0;
  // Start value of chain k: near b, in the domain; floating-point chains k
  // and k + 4 start alike (the kernel reads each start from memory, so it
  // cannot tell), integer chains each at their own.
  double start(int chain) const;
};
MathArguments math_arguments(const MathCall& call);

// One call's outputs: the result, the second result (sincos's cosine,
// fract's floor, modf's integral part) and the integer output (frexp's
// exponent, remquo's quotient bits, ilogb's result). Integer mul's second
// is its other operand (the kernel's pair chain multiplies two chain values).
struct MathOutputs {
  long double value = 0, second = 0;
  long long integer = 0;
};
// The exact result (to long double precision) of the call at x.
MathOutputs math_reference(const MathCall& call, const MathArguments& args, long double x);

// The largest error the check accepts, in ULPs of the call's type: the OpenCL
// C specification's bound for the type (correctly rounded and exact results:
// 0, checked as 0.5 ulp), 8192 ulp of float for the half_ forms, and
// roofline's own choice for what the specification leaves open (native_
// forms: 8192 ulp, a relative error of about 2^-10; lgamma: as tgamma).
double ulp_bound(const MathCall& call);
// |got - expected| in ULPs of `type` at `expected`; infinite for a NaN or an
// infinity that was not expected.
double ulp_error(long double got, long double expected, DataType type);

// One work-item's check: the argument and outputs the kernel stored.
struct DeviceCall {
  long double argument = 0;
  MathOutputs got;
};
// Empty when every output is within the bound, else the reason (naming the
// function, type, argument, got, expected and ULPs). Raises max_ulp to the
// largest error seen.
std::string check_call(const MathCall& call, const MathArguments& args, const DeviceCall& device, double& max_ulp);

// Where one chain ends after `steps` steps from `start`, run on the host in
// long double (stops early once the chain repeats with period 1 or 2); and
// the tolerance the device's sum of `chains` chains is held to.
long double chain_end(const MathCall& call, const MathArguments& args, long double start, std::uint64_t steps);
double chain_tolerance(const MathCall& call, const MathArguments& args, int chains);

}  // namespace roofline
