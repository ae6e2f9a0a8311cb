// C = A B for row-major n x n matrices, register-blocked: each work-item
// computes a 4 x 4 block of C in four float4 accumulators, reading a float4
// of B's row k (neighbouring work-items read neighbouring float4s) and four
// elements of A's column k (shared by the work-items of a row) per step;
// no local memory. The launch is n/4 x n/4 work-items, n = 4 x NB.
// Analytic counts, per work-item: n, col, row 1 INTOP each, a 2; per k (n of
// them) the address of b 3 INTOPs and its vload4 16 B, the four A elements
// 16 B and 0 + 1 + 2 + 2 INTOPs for their indices, four float4 multiply-adds
// 32 FLOPs, k++ 1 INTOP; the four vstore4s 64 B and 3 + 4 + 4 + 4 INTOPs. In
// all, n^2 / 16 work-items: 2 n^3 FLOPs (float), n^2 (9 n + 20) / 16 INTOPs,
// global loads 2 n^3, stores 4 n^2 bytes.
//
// roofline: --kernel sgemm_regblock --global NB,NB --local 16,16 -D NB=512
// roofline: --arg A=float[NB*NB*16]:random --arg B=float[NB*NB*16]:random --arg C=float[NB*NB*16]:zeros
__kernel void sgemm_regblock(__global const float* A, __global const float* B, __global float* C) {
  const int n = 4 * get_global_size(0);
  const int col = 4 * get_global_id(0);
  const int row = 4 * get_global_id(1);
  const __global float* a = A + row * n;
  float4 c0 = (float4)(0.0f), c1 = c0, c2 = c0, c3 = c0;
  for (int k = 0; k < n; k++) {
    const float4 b = vload4(0, B + k * n + col);
    c0 += a[k] * b;
    c1 += a[k + n] * b;
    c2 += a[k + 2 * n] * b;
    c3 += a[k + 3 * n] * b;
  }
  vstore4(c0, 0, C + row * n + col);
  vstore4(c1, 0, C + (row + 1) * n + col);
  vstore4(c2, 0, C + (row + 2) * n + col);
  vstore4(c3, 0, C + (row + 3) * n + col);
}
