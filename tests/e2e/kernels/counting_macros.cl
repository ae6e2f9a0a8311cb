// Kernels whose counts the end-to-end tests know by hand (tests/e2e/test_count.cpp
// derives each expected figure in a comment): conditionals inside macro
// arguments expanded several times and inside macro bodies, calls of counted
// functions inside macros and a conditional as a call's last argument, a kernel with a prior prototype, __local scalars,
// and helper functions defined in included files. Oclgrind (--inst-counts with
// -cl-opt-disable) finds the same global and local bytes in each, atomics apart
// (it counts those as atomic operations).
#include "counting_helpers.h"
#include "counting_helpers.h"
#include "counting_inner.h"

#define SQ(e) ((e) * (e))
#define TWICE(e) ((e) + (e))
#define PICK(c, x, y) ((c) ? (x) : (y))
#define BOTH(x, y) ((x) > 0.0f && (y) > 0.0f)

__kernel void macro_arg_conditionals(__global const float* a, __global const float* b, __global float* out) {
  const int i = get_global_id(0);
  out[i] = SQ(i < 8 ? a[i] : b[i]);
  out[i] += TWICE(i < 4 || b[i] > 2.0f);
}

__kernel void macro_body_conditionals(__global const float* a, __global const float* b, __global float* out) {
  const int i = get_global_id(0);
  out[i] = PICK(i < 4, a[i] * 2.0f, b[i] + b[i]);
  if (BOTH(a[i], b[i])) out[i] = 1.0f;
}

float get(__global const float* p, int k) { return p[k]; }
float add2(float x, float y) { return x + y; }
#define GET(k) get(a, k)
#define GETI get(a, i)

__kernel void macro_calls(__global const float* a, __global float* out) {
  const int i = get_global_id(0);
  out[i] = GET(i) + GETI + SQ(get(a, i));
  out[i] += PICK(i < 4, GET(i), 0.0f);
  out[i] += add2(a[i], i < 4 ? a[i] : 0.0f);
}

__kernel void prototyped(__global float* out);

__kernel void prototyped(__global float* out) { out[get_global_id(0)] = 2.0f; }

#define BUMP(p) atomic_inc(p)
#define CNT cnt

__kernel void local_scalar(__global const float* a, __global float* out) {
  __local int cnt;
  __local float tile[16];
  const int l = get_local_id(0);
  if (l == 0) cnt = 0;
  tile[l] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  BUMP(&cnt);
  barrier(CLK_LOCAL_MEM_FENCE);
  float s = 0.0f;
  for (int k = 0; k < (int)(sizeof(tile) / sizeof(tile[0])); k += 4) s += tile[(l + k) % 16];
  out[get_global_id(0)] = s * CNT;
}

__kernel void included_helpers(__global const float* a, __global float* out) {
  const int i = get_global_id(0);
  out[i] = scaled(a, i) + half_of(1.0f);
}
