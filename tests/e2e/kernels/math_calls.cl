// Hand-counted kernel for the counting rules' math category (docs/methodology.md,
// "Counting rules"); tests/e2e/test_count.cpp checks its counts. Per
// work-item: rsqrt on a float4 once (4 calls); native_sin in a loop of 3
// (3 calls); a double division (1 div, double); an int % (1 mod, int) and an
// unsigned /= (1 div, int: every integer type counts as int) by divisors read
// from memory; mad and fma (no math calls: the compute roofs' arithmetic);
// divisions by constants the compiler divides away (an integer constant, a
// double 0.5: no math calls). Work-items with odd i also take exp on a
// float2 (2 calls) in a branch.
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void math_calls(__global float4* a, __global double* d, __global uint* n, __global float2* h) {
  const int i = get_global_id(0);
  float4 r = rsqrt(a[i] + 1.0f);
  for (int k = 0; k < 3; ++k) r.x += native_sin(r.y);
  d[i] = d[i] / 3.0;
  const int m = i % ((int)n[i] + 7);
  n[i] /= n[i] + 5u;
  n[i] += n[i] / 4u + n[i] % 3u;
  d[i] /= 0.5;
  if (i & 1) h[i] = exp(h[i]);
  a[i] = mad(r, r, fma(r, r, r)) + (float)m;
}
