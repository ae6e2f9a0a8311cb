// Out-of-place transpose of an N x N row-major matrix, one element per
// work-item, as written first: the read of a row is coalesced, the write
// goes down a column, neighbouring work-items N x 4 bytes apart.
// Analytic counts, per element: the two indices 2 INTOPs each, 4 B loaded
// and 4 B stored. In all: 0 FLOPs, 4 N^2 INTOPs, global loads and stores
// 4 N^2 bytes each.
//
// roofline: --kernel transpose --global N,N --local 32,8 -D N=8192
// roofline: --arg in=float[N*N]:random --arg out=float[N*N]:zeros
__kernel void transpose(__global const float* in, __global float* out) {
  const int x = get_global_id(0);
  const int y = get_global_id(1);
  const int n = get_global_size(0);
  out[x * n + y] = in[y * n + x];
}
