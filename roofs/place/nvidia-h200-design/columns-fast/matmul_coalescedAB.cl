// Matrix multiply, the AIWC seed's "coalescedAB" kernel: tiles of both A and B
// go through local memory, each loaded once per work-group and tile.
// Analytic counts, T = TILE_DIM: 2 N^3 FLOPs (float); global loads 8 N^3 / T,
// local stores 8 N^3 / T, local loads 8 N^3, global stores 4 N^2 bytes.
//
// roofline: --kernel coalescedABMultiply --global DIM,DIM --local TILE_DIM,TILE_DIM -D DIM=1024 -D TILE_DIM=16
// roofline: --arg A=float[DIM*DIM]:random --arg B=float[DIM*DIM]:random --arg C=float[DIM*DIM]:zeros --arg N=int:DIM
__kernel void coalescedABMultiply(const __global float* A, const __global float* B, __global float* C, const int N) {
  __local float ASub[TILE_DIM][TILE_DIM];
  __local float BSub[TILE_DIM][TILE_DIM];
  const int localRow = get_local_id(1);
  const int localCol = get_local_id(0);
  const int globalRow = get_global_id(1);
  const int globalCol = get_global_id(0);
  float acc = 0.0f;
  const int numTiles = N / TILE_DIM;
  for (int i = 0; i < numTiles; i++) {
    const int tiledRow = globalRow * N + i * TILE_DIM + localCol;
    const int tiledCol = globalCol + (TILE_DIM * i + localRow) * N;
    ASub[localRow][localCol] = A[tiledRow];
    BSub[localRow][localCol] = B[tiledCol];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE_DIM; k++) {
      acc += ASub[localRow][k] * BSub[k][localCol];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[globalRow * N + globalCol] = acc;
}
