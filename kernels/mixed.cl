// Mixed-intensity microbenchmark (mixbench-like) for the power model: every
// loop iteration loads LOADS uint4 elements from a working set sized for one
// memory level and advances CHAINS independent float FMA chains by STEPS
// steps each, so the arithmetic intensity is set at build time:
//   AI = 2 * CW * CHAINS * STEPS FLOP / (16 * LOADS) byte.
// Specialised with -D options by src/benchmark/mixed_benchmark.cpp:
//   FT      chain type: float, float2, ..., float16 (CW lanes)
//   CW      chain width
//   CHAINS  independent FMA chains per work-item (instruction-level parallelism)
//   STEPS   FMA steps of every chain per iteration
//   LOADS   uint4 loads per iteration, each into its own accumulator
//
// Element k of work-item g is (g * base_mul + k * stride) & mask: on GPUs
// base_mul = 1 and stride = global + local size, so neighbouring work-items
// read neighbouring elements while each work-group drifts through the whole
// working set (a plain grid stride would leave each compute unit re-reading
// its own share, a fraction of the set, from its L1); on CPUs base_mul is the
// chunk per work-item and stride 1, one contiguous stream each. uint
// arithmetic wraps mod 2^32 and mask + 1 is a power of two, so the host
// repeats the indices exactly.
//
// Nothing can be dropped: the loads are summed as integers (exact whatever the
// order) and stored per work-item; the chains x = a*x + b start from run-time
// values and converge to b / (1 - a) (2 with a = 0.5, b = 1), and their sum
// is stored too. The host checks both.

#include "common.h"

#define UNROLL_STEPS 16

__kernel void mixed(__global const uint4* restrict src, __global uint* restrict sums, __global float* restrict chains_out,
                    const uint mask, const uint base_mul, const uint stride, const uint iters, const float a,
                    const float b, const float x0) {
  const uint gid = get_global_id(0);
  uint index = gid * base_mul;
  uint4 acc[LOADS];
  for (int l = 0; l < LOADS; ++l) acc[l] = (uint4)(0);
  FT x[CHAINS];
  for (int c = 0; c < CHAINS; ++c) x[c] = (FT)(x0 + (float)c);

  for (uint i = 0; i < iters; ++i) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) {
      acc[l] += src[index & mask];
      index += stride;
    }
#if STEPS >= UNROLL_STEPS
    for (int s = 0; s < STEPS; s += UNROLL_STEPS) {
#pragma unroll
      for (int u = 0; u < UNROLL_STEPS; ++u)
#pragma unroll
        for (int c = 0; c < CHAINS; ++c) x[c] = mad(a, x[c], b);
    }
#else
#pragma unroll
    for (int s = 0; s < STEPS; ++s)
#pragma unroll
      for (int c = 0; c < CHAINS; ++c) x[c] = mad(a, x[c], b);
#endif
  }

  uint4 total = acc[0];
  for (int l = 1; l < LOADS; ++l) total += acc[l];
  sums[gid] = total.x + total.y + total.z + total.w;
  float chain_sum = 0;
  for (int c = 0; c < CHAINS; ++c) chain_sum += HSUM(x[c]);
  chains_out[gid] = chain_sum;
}
