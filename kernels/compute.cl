// Compute-throughput microbenchmark: one source, specialised with -D options
// by src/benchmark/compute_benchmark.cpp for every type, width and chain shape.
//
//   ST      scalar type: float, double, half or uint ("int" roofs run on uint:
//           signed overflow is undefined in C and a compiler may exploit it)
//   VT      vector type of width W (ST itself when W == 1)
//   W       vector width: 1, 2, 4, 8 or 16
//   CHAINS  independent dependency chains per work-item: 1, 2, 4, 8 or 16.
//           CPUs need many (an FMA pipe has ~4 cycles of latency and one
//           work-item is one thread); GPUs hide latency with other warps.
//   SHAPE   the step applied to every chain, UNROLL times per loop iteration:
//     SHAPE_AFFINE  x = a*x + b        MAD, 2 ops per lane
//     SHAPE_SQUARE  x = x*x + b        MAD, 2 ops per lane (some GPUs prefer it)
//     SHAPE_STEP    x = x + b          ADD, 1 op per lane (floating point only:
//                   an integer x + b chain folds into x + n*b)
//     SHAPE_PAIR    x = x + y; y = y + x   ADD, 2 ops per lane; integers: both
//                   values have two users, so no algebraic rewrite removes adds
//   PATTERNS start-value patterns: work-item g starts chain k from
//           init[(g % PATTERNS) * CHAINS + k], the same value in every lane
//           (the host then recomputes one lane per chain; the compiler cannot
//           know the lanes are equal, the values come from memory at run time)
//
// Why the work cannot be removed: a and b are run-time arguments, start values
// come from memory, and every chain feeds the value stored per work-item. The
// host recomputes the expected output for each pattern and rejects a run whose
// output differs, so deleted or folded work fails instead of giving a figure.
// Build without -cl-fast-relaxed-math: reassociation could fold the chains.

#include "common.h"

#define SHAPE_AFFINE 1
#define SHAPE_SQUARE 2
#define SHAPE_STEP 3
#define SHAPE_PAIR 4


#define DECLARE(k) VT x##k = (VT)(start[k]); VT y##k = x##k + bv;

#if SHAPE == SHAPE_AFFINE
#define STEP(k) x##k = av * x##k + bv;
#elif SHAPE == SHAPE_SQUARE
#define STEP(k) x##k = x##k * x##k + bv;
#elif SHAPE == SHAPE_STEP
#define STEP(k) x##k = x##k + bv;
#elif SHAPE == SHAPE_PAIR
#define STEP(k) x##k = x##k + y##k; y##k = y##k + x##k;
#endif

#define ACCUMULATE(k) sum = sum + x##k;

#define STEP_ALL FOR_CHAINS(STEP)
#define UNROLL_2 STEP_ALL STEP_ALL
#define UNROLL_4 UNROLL_2 UNROLL_2
#define UNROLL_8 UNROLL_4 UNROLL_4

__kernel void compute(__global ST* restrict out, __global const ST* restrict init, const ST a, const ST b,
                      const uint iters) {
  const size_t gid = get_global_id(0);
  __global const ST* start = init + (gid % PATTERNS) * CHAINS;
  const VT av = (VT)(a);
  const VT bv = (VT)(b);
  FOR_CHAINS(DECLARE)
  for (uint i = 0; i < iters; ++i) {
    UNROLL_8  // 8 steps per iteration: the host counts iters * 8 steps
  }
  VT sum = (VT)(0);
  FOR_CHAINS(ACCUMULATE)
  out[gid] = HSUM(sum);
}
