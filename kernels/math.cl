// Built-in math-function throughput (seed 000, section 2.1, Table 1): one
// source, specialised with -D options by src/benchmark/math_benchmark.cpp for
// every function, form and type.
//
//   T       scalar type: float, double, half, or uint (integer mul, div, mod:
//           uint because signed overflow is undefined and a compiler may use it)
//   FN      the OpenCL C name called: sin, native_sin, half_divide, ...
//   SIG     how FN is called and how its result feeds the chain (SIG_* below)
//   CHAINS  independent call chains per work-item: 1, 2, 4, 8 or 16
//
// Feedback chains (functions): every step is  y = FN(x, ...); x = b + a*y
// with a small run-time a (2^-10): x stays next to the argument point b, in
// the function's domain, and each call depends on the one before. Pointer
// and integer outputs are added into y, so they are not dead code.
//
// Direct chains (the operators and mad/fma, where the feedback's extra
// multiply-add would cost as much as the call): x = x OP c, alternating with
// x = x OP e; the host picks c and e so that each pair is exact (x + 0.25,
// x + -0.25; x * 2, x * 0.5), and for mad/fma x = FN(x, 0.5, d) whose fixed
// point is 2d; integers: x = x * c, x = x / c + d, x = x % c + d (c not a power
// of two), and for integer mul the pair x = x * w, w = w * x (an integer
// x * c * e chain would fold: integer products reassociate) from odd values,
// which keep it odd (an even one would reach 0 modulo 2^32 and stay there).
//
// Why the work cannot be removed: a, b, c, d, e, n, the start values and the
// iteration count come from run-time arguments and memory, and every chain
// feeds the stored sum. Per work-item the kernel stores the argument and the
// result(s) of one more call after the loop, which the host checks against
// its reference within the OpenCL C error bound, and the sum of the chains,
// which the host compares with its own run of the chains (a kernel that
// skipped the loop leaves the start values, which differ from where the
// chains end, except for the floating-point add, sub and mul, whose exact
// pairs end where they start: for them the sum catches a wrong step, not a
// skipped loop).
// Build without -cl-fast-relaxed-math.
//
// Generated code, read with POCL_LEAVE_KERNEL_COMPILER_TEMP_FILES=1, llvm-dis
// of program.bc and objdump -d of the work-group function (PoCL 3.1, LLVM 15,
// x86-64 AVX-512, 2 chains): sin (float) and native_sin (float) each keep 9
// inlined evaluations, 2 chains x 4 inside the loop and the one after it, each
// feeding the next through the feedback's multiply-add (sin also calls PoCL's
// argument reduction at each); nothing is hoisted or folded, the trip count is
// the kernel argument. At local size 16 PoCL does not vectorise these across
// work-items (the code stays scalar, xmm/ss): the plan keeps whichever local
// size is faster.

#include "common.h"

#define SIG_UNARY 1       // y = FN(x)
#define SIG_BINARY 2      // y = FN(x, c)
#define SIG_DIVIDE 3      // y = x / c
#define SIG_TERNARY 4     // direct: x = FN(x, c, d)
#define SIG_INT_ARG 5     // y = FN(x, n)
#define SIG_POINTER 6     // y = FN(x, &p) + p
#define SIG_INT_POINTER 7 // y = FN(x, &i) + i
#define SIG_REMQUO 8      // y = remquo(x, c, &q) + q
#define SIG_INT_RESULT 9  // y = FN(x)  (an int)
#define SIG_ADD 10        // direct: x = x + c, x = x + e
#define SIG_SUB 11        // direct: x = x - c, x = x - e
#define SIG_MUL 12        // direct: x = x * c, x = x * e
#define SIG_INT_DIV 13    // direct: x = x / c + d
#define SIG_INT_MOD 14    // direct: x = x % c + d
#define SIG_INT_MUL 15    // direct pair: x = x * w, then w = w * x


// CALL(x, v, y, s, q): one call on x; y the result fed back, s a second
// result (pointer output), q an integer output; v the direct chains' constant.
#if SIG == SIG_UNARY
#define CALL(x, v, y, s, q) y = FN(x);
#elif SIG == SIG_BINARY
#define CALL(x, v, y, s, q) y = FN(x, c);
#elif SIG == SIG_DIVIDE
#define CALL(x, v, y, s, q) y = (x) / c;
#elif SIG == SIG_TERNARY
#define CALL(x, v, y, s, q) y = FN(x, c, d);
#elif SIG == SIG_INT_ARG
#define CALL(x, v, y, s, q) y = FN(x, n);
#elif SIG == SIG_POINTER
#define CALL(x, v, y, s, q) y = FN(x, &s);
#elif SIG == SIG_INT_POINTER
#define CALL(x, v, y, s, q) y = FN(x, &q);
#elif SIG == SIG_REMQUO
#define CALL(x, v, y, s, q) y = remquo(x, c, &q);
#elif SIG == SIG_INT_RESULT
#define CALL(x, v, y, s, q) q = FN(x); y = (T)q;
#elif SIG == SIG_ADD
#define CALL(x, v, y, s, q) y = (x) + (v);
#elif SIG == SIG_SUB
#define CALL(x, v, y, s, q) y = (x) - (v);
#elif SIG == SIG_MUL
#define CALL(x, v, y, s, q) y = (x) * (v);
#elif SIG == SIG_INT_DIV
#define CALL(x, v, y, s, q) y = (x) / c;
#elif SIG == SIG_INT_MOD
#define CALL(x, v, y, s, q) y = (x) % c;
#elif SIG == SIG_INT_MUL
#define CALL(x, v, y, s, q) y = (x) * w0; s = w0;
#endif

// The value the chain goes on with.
#if SIG == SIG_POINTER
#define FED(y, s, q) ((y) + (s))
#elif SIG == SIG_INT_POINTER || SIG == SIG_REMQUO
#define FED(y, s, q) ((y) + (T)(q))
#else
#define FED(y, s, q) (y)
#endif

#if SIG == SIG_TERNARY || SIG == SIG_ADD || SIG == SIG_SUB || SIG == SIG_MUL
#define NEXT(k, y) x##k = (y);
#elif SIG == SIG_INT_DIV || SIG == SIG_INT_MOD
#define NEXT(k, y) x##k = (y) + d;
#else
#define NEXT(k, y) x##k = b + a * (y);
#endif

// STEP(k, v): one step of chain k with constant v (c or e).
#if SIG == SIG_INT_MUL
#define DECLARE(k) T x##k = start[k]; T w##k = c;
#define PAIR_c(k) x##k = x##k * w##k;
#define PAIR_e(k) w##k = w##k * x##k;
#define STEP(k, v) PAIR_##v(k)
#else
#define DECLARE(k) T x##k = start[k];
#define STEP(k, v)                  \
  {                                 \
    T y_, s_ = (T)0;                \
    int q_ = 0;                     \
    CALL(x##k, v, y_, s_, q_)       \
    NEXT(k, FED(y_, s_, q_))        \
  }
#endif
#define STEP_c(k) STEP(k, c)
#define STEP_e(k) STEP(k, e)
#define ACCUMULATE(k) sum = sum + x##k;

__kernel void math(__global T* restrict out, __global int* restrict iout, __global const T* restrict start,
                   const T a, const T b, const T c, const T d, const T e, const int n, const uint iters) {
  const size_t gid = get_global_id(0);
  FOR_CHAINS(DECLARE)
  for (uint i = 0; i < iters; ++i) {
    // 4 calls per chain and iteration: the host counts iters * 4 * CHAINS per work-item
    FOR_CHAINS(STEP_c)
    FOR_CHAINS(STEP_e)
    FOR_CHAINS(STEP_c)
    FOR_CHAINS(STEP_e)
  }
  T sum = (T)0;
  FOR_CHAINS(ACCUMULATE)
  // One more call, on chain 0's final value, for the host's accuracy check.
  T y = (T)0, s = (T)0;
  int q = 0;
  CALL(x0, c, y, s, q)
  out[gid * 4 + 0] = x0;
  out[gid * 4 + 1] = y;
  out[gid * 4 + 2] = s;
  out[gid * 4 + 3] = sum;
  iout[gid] = q;
}
