// Matrix multiply, the AIWC seed's "alignedABT" kernel: coalescedABT with both
// local tiles aligned to 4096 bytes, so each tile starts at bank 0.
// Analytic counts as coalescedAB: 2 N^3 FLOPs; global loads 8 N^3 / T, local
// stores 8 N^3 / T, local loads 8 N^3, global stores 4 N^2 bytes.
//
// roofline: --kernel alignedABTMultiply --global DIM,DIM --local TILE_DIM,TILE_DIM -D DIM=1024 -D TILE_DIM=16
// roofline: --arg A=float[DIM*DIM]:random --arg B=float[DIM*DIM]:random --arg C=float[DIM*DIM]:zeros --arg N=int:DIM
__kernel void alignedABTMultiply(const __global float* A, const __global float* B, __global float* C, const int N) {
  __local float ASub[TILE_DIM][TILE_DIM] __attribute__((aligned(4096)));
  __local float BSub[TILE_DIM][TILE_DIM] __attribute__((aligned(4096)));
  const int localRow = get_local_id(1);
  const int localCol = get_local_id(0);
  const int globalRow = get_global_id(1);
  const int globalCol = get_global_id(0);
  float acc = 0.0f;
  const int numTiles = N / TILE_DIM;
  for (int i = 0; i < numTiles; i++) {
    const int tiledRow = globalRow * N + i * TILE_DIM + localCol;
    const int tiledCol = globalCol + (TILE_DIM * i + localRow) * N;
    ASub[localCol][localRow] = A[tiledRow];
    BSub[localRow][localCol] = B[tiledCol];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE_DIM; k++) {
      acc += ASub[k][localRow] * BSub[k][localCol];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  C[globalRow * N + globalCol] = acc;
}
