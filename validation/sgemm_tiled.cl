// C = A B for row-major N x N matrices through 32 x 32 tiles in local memory
// with more work per work-item (C. Nugteren's "myGEMM" kernel 3, rows and
// columns as in row-major storage): a work-group of 32 x 4 work-items loads a
// tile of A and one of B (8 elements each per work-item, coalesced), then
// each work-item accumulates 8 elements of a column of C in a private array.
// The launch is N x N/8 work-items: -D NR must be N / 8.
// Analytic counts, T = N / 32 tiles, per work-item:
// - setup: gcol and grow 2 INTOPs each; clearing acc 8 private stores (32 B)
//   and 8 w++; tiles = N / TS 1 INTOP: 13 INTOPs;
// - per tile, loading (8 w): r = row + w * RTS 3 INTOPs (RTS is (TS / WPT),
//   a division and a product), A's index 7, B's 4, w++ 1, 8 B global load
//   and local store: 120 INTOPs, 64 B loaded and stored;
//   computing (32 k): Bsub[k][col] 4 B local load; per w the index row + w *
//   RTS 3 INTOPs, Asub 4 B local load, acc[w] += 2 FLOPs and a 4 B private
//   load and store, w++ 1; k++ 1: 1056 INTOPs, 512 FLOPs, 1152 B local load,
//   1024 B private load and store; t++ 1 INTOP;
// - storing (8 w): C's index 5 INTOPs, w++ 1, acc[w] 4 B private load, 4 B
//   global store.
// In all, N^2 / 8 work-items: 2 N^3 FLOPs (float); N^2 (61 + 1177 T) / 8
// INTOPs; global loads N^3 / 4, stores 4 N^2; local stores N^3 / 4, loads
// 4.5 N^3; private stores and loads 4 N^2 (N + 1) bytes each.
//
// roofline: --kernel sgemm_tiled --global N,NR --local 32,4 -D N=2048 -D NR=256
// roofline: --arg A=float[N*N]:random --arg B=float[N*N]:random --arg C=float[N*N]:zeros
#define TS 32
#define WPT 8
#define RTS (TS / WPT)
#if N % TS != 0 || NR * WPT != N
#error "N must be a multiple of 32 and NR must be N / 8"
#endif
__kernel __attribute__((reqd_work_group_size(TS, RTS, 1)))
void sgemm_tiled(const __global float* A, const __global float* B, __global float* C) {
  __local float Asub[TS][TS];
  __local float Bsub[TS][TS];
  const int col = get_local_id(0);
  const int row = get_local_id(1);
  const int gcol = TS * get_group_id(0) + col;
  const int grow = TS * get_group_id(1) + row;
  float acc[WPT];
  for (int w = 0; w < WPT; w++) acc[w] = 0.0f;
  const int tiles = N / TS;
  for (int t = 0; t < tiles; t++) {
    for (int w = 0; w < WPT; w++) {
      const int r = row + w * RTS;
      Asub[r][col] = A[(grow + w * RTS) * N + TS * t + col];
      Bsub[r][col] = B[(TS * t + r) * N + gcol];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TS; k++) {
      const float b = Bsub[k][col];
      for (int w = 0; w < WPT; w++) acc[w] += Asub[row + w * RTS][k] * b;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  for (int w = 0; w < WPT; w++) C[(grow + w * RTS) * N + gcol] = acc[w];
}
