// The math category: a call per lane of each math builtin and of / and %
// (compound assignments too), counted under its element type (every integer
// type as int), but for mad and fma and for divisors the compiler divides
// away: integer constants (a shift or a multiply-high) and floating-point
// powers of two (a multiplication), in every lane.
// Per work-item, line by line (64 work-items, every buffer of ones):
//   r = rsqrt(a[i])               16 B loaded; 4 FLOPs; rsqrt (float) x4
//   the loop, 3 iterations        ++k 3 INTOPs; r.x += native_sin(r.y) 2 FLOPs
//                                 each; native_sin (float) x3
//   d[2i] = d[2i] / 3.0           2 INTOPs; 8 B each way; 1 double FLOP; div (double)
//   m = i % (int)n[3i]            2 INTOPs; 4 B loaded; mod (int)
//   n[3i] /= n[3i + 1]            4 INTOPs; 8 B loaded, 4 stored; div (int)
//   h[2i] = h[2i] / (2, 3)        2 INTOPs; 8 B each way; 2 FLOPs; div (float) x2
//   n[3i + 1] = ... / 5u + ... % 8u + (uint)(i / 4)
//                                 11 INTOPs; 8 B loaded, 4 stored; no math call
//   h[2i + 1] = ... / 2.0f + h[2i] / (0.5, 4)
//                                 5 INTOPs; 16 B loaded, 8 stored; 6 FLOPs; none
//   d[2i + 1] /= 0.25             2 INTOPs; 8 B each way; 1 double FLOP; none
//   n[3i + 2] %= 3u               3 INTOPs; 4 B each way; none
//   a[i] = mad(r, r, fma(r, r, r)) + (float)m
//                                 20 FLOPs; 16 B stored; no math call
// Per work-item 38 FLOPs, 2 double FLOPs, 34 INTOPs, 80 B loaded, 60 B stored.
// Dependent chain: r = rsqrt(...) 1; r.x += native_sin(r.y) reads a component
// (a path of 0), so r's chain is max(1, 0 + 1 + 1) = 2, each turn: 2, 128 in all.
// roofline: --global 64 --local 16 --arg a=float4[64]:ones --arg d=double[128]:ones --arg n=uint[192]:ones
// roofline: --arg h=float2[128]:ones
__kernel void math_divisors(__global float4* a, __global double* d, __global uint* n, __global float2* h) {
  int i = get_global_id(0);
  float4 r = rsqrt(a[i]);
  for (int k = 0; k < 3; ++k) r.x += native_sin(r.y);
  d[2 * i] = d[2 * i] / 3.0;
  int m = i % (int)n[3 * i];
  n[3 * i] /= n[3 * i + 1];
  h[2 * i] = h[2 * i] / (float2)(2.0f, 3.0f);
  n[3 * i + 1] = n[3 * i + 1] / 5u + n[3 * i + 2] % 8u + (uint)(i / 4);
  h[2 * i + 1] = h[2 * i + 1] / 2.0f + h[2 * i] / (float2)(0.5f, 4.0f);
  d[2 * i + 1] /= 0.25;
  n[3 * i + 2] %= 3u;
  a[i] = mad(r, r, fma(r, r, r)) + (float)m;
}
