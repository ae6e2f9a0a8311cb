// Kernels whose counts the end-to-end tests know by hand (tests/e2e/test_count.cpp
// derives each expected figure in a comment): short-circuit and ternary
// operators, data-dependent loops with continue, break and early return,
// vector builtins, vload/vstore, atomics, double, a macro, a user function,
// local memory declared in the kernel, a private array and a switch, macros as
// the bodies of if, else, for, while and do, builtins that store through a
// pointer, arguments of typedef'd types.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable

__kernel void short_circuit(__global const float* a, __global float* out) {
  const int i = get_global_id(0);
  float r = 0.0f;
  if (i % 2 == 0 && a[i] > 0.5f) r = 1.0f;
  out[i] = (i < 16) ? a[i] * 2.0f : a[i] + a[i] * 3.0f;
}

__kernel void loops(__global const int* trips, __global float* out) {
  const int i = get_global_id(0);
  if (i >= 60) return;
  float acc = 0.0f;
  const int n = trips[i];
  for (int k = 0; k < n; k++) {
    if (k == 5) continue;
    if (k == 7) break;
    acc += 1.5f;
  }
  int w = n;
  while (w > 0) { w -= 2; }
  do { acc *= 0.5f; } while (acc > 100.0f);
  out[i] = acc;
}

#define SQUARE(x) ((x) * (x))
float twice_plus(float x, float y) { return 2.0f * x + y; }

__kernel void builtins(__global const float* a, __global float4* v4, __global double* d, __global int* counter,
                       __global float* out) {
  const int i = get_global_id(0);
  float4 x = vload4(i, a);
  float4 y = x * 2.0f + (float4)(1.0f);
  float s = dot(x, y);
  float4 c = cross(x, y);
  float m = mad(s, s, 1.0f);
  v4[i] = c + y;
  vstore4(y, i, out);
  d[i] = SQUARE(d[i]) + 1.0;
  atomic_add(counter, 1);
  out[i * 4] += twice_plus(m, s);
}

__kernel void local_private(__global const float* a, __global float* out) {
  __local float tile[16];
  const int l = get_local_id(0);
  float priv[4];
  tile[l] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int k = 0; k < 4; k++) priv[k] = tile[(l + k) % 16];
  float s = 0.0f;
  switch (l % 3) {
    case 0: s = priv[0]; break;
    case 1: s = priv[1] + priv[2]; break;
    default: s = -priv[3];
  }
  out[get_global_id(0)] = s;
}

#define ADD_ONE out[i] += 1.0f
#define ADD_TWO_STMT out[i] += 2.0f;
#define ADD_BLOCK { out[i] += 1.0f; out[i] += 1.0f; }

__kernel void macro_bodies(__global float* out) {
  const int i = get_global_id(0);
  if (i < 16) ADD_ONE; else ADD_TWO_STMT
  if (i % 4 == 0) ADD_BLOCK
  for (int k = 0; k < i % 3; k++) ADD_ONE;
  while (out[i] < 0.0f) ADD_TWO_STMT
  do ADD_ONE; while (out[i] < 0.0f);
}

__kernel void pointer_outputs(__global const float* a, __global float* o, __global float* c, __global int* e,
                              __global float4* v) {
  __local float t[16];
  const int i = get_global_id(0), l = get_local_id(0);
  o[i] = sincos(a[i], &c[i]);
  float ip;
  o[i] += fract(a[i], &ip);
  o[i] += frexp(a[i], &e[i]);
  int q;
  o[i] += remquo(a[i], 3.0f, &q);
  int sign;
  o[i] += lgamma_r(a[i] + 1.0f, &sign);
  float4 whole;
  v[i] = modf(v[i], &whole) + whole;
  sincos(a[i], &t[l]);
}

typedef float real;
typedef unsigned int count_t;
#ifdef WIDE_VEC
typedef float8 vec_t;
#else
typedef float4 vec_t;
#endif

__kernel void typedef_args(__global real* a, __global vec_t* v, count_t n) {
  const int i = get_global_id(0);
  a[i] = a[i] * 2.0f + n;
  v[i] = v[i] * 2.0f;
}
