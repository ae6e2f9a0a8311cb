// Matrix multiply, the AIWC seed's "coalescedA" kernel: tiles of A go through
// local memory (loaded coalesced), B is read from global memory.
// Analytic counts, T = TILE_DIM: 2 N^3 FLOPs (float); global loads 4 N^3 / T
// (one A element per work-item and tile) + 4 N^3 (B); local stores 4 N^3 / T,
// local loads 4 N^3; global stores 4 N^2 bytes.
//
// roofline: --kernel coalescedAMultiply --global DIM,DIM --local TILE_DIM,TILE_DIM -D DIM=1024 -D TILE_DIM=16
// roofline: --arg A=float[DIM*DIM]:random --arg B=float[DIM*DIM]:random --arg C=float[DIM*DIM]:zeros --arg N=int:DIM
__kernel void coalescedAMultiply(const __global float* A, const __global float* B, __global float* C, const int N) {
  __local float aTile[TILE_DIM][TILE_DIM];
  const int localRow = get_local_id(1);
  const int localCol = get_local_id(0);
  const int globalRow = get_global_id(1);
  const int globalCol = get_global_id(0);
  __private float sum = 0.0f;
  const int numTiles = N / TILE_DIM;
  __private const int tiledRow = globalRow * N + localCol;
  for (int i = 0; i < numTiles; i++) {
    aTile[localRow][localCol] = A[tiledRow + i * TILE_DIM];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE_DIM; k++) {
      sum += aTile[localRow][k] * B[(i * TILE_DIM + k) * N + globalCol];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[globalRow * N + globalCol] = sum;
}
