// Out-of-place transpose of an N x N row-major matrix through a 32 x 32 tile
// in local memory, padded by one column so that reading it down a column
// hits 32 different banks: both the global read and the global write are
// along rows.
// Analytic counts, per element: bx, by 1 INTOP each, the global indices 4
// each; 4 B global load, local store, local load and global store. In all:
// 0 FLOPs, 10 N^2 INTOPs, global loads and stores, local loads and stores
// 4 N^2 bytes each.
//
// roofline: --kernel transpose_tiled --global N,N --local TILE,TILE -D N=8192 -D TILE=32
// roofline: --arg in=float[N*N]:random --arg out=float[N*N]:zeros
__kernel void transpose_tiled(__global const float* in, __global float* out) {
  __local float tile[TILE][TILE + 1];
  const int lx = get_local_id(0);
  const int ly = get_local_id(1);
  const int n = get_global_size(0);
  const int bx = get_group_id(0) * TILE;
  const int by = get_group_id(1) * TILE;
  tile[ly][lx] = in[(by + ly) * n + bx + lx];
  barrier(CLK_LOCAL_MEM_FENCE);
  out[(bx + ly) * n + by + lx] = tile[lx][ly];
}
