// Sum of N floats, one partial sum per work-group through a tree in local
// memory (the classic reduction with interleaved halving).
// Analytic counts, L = LOCAL work-items per group, G = N / L groups: FLOPs
// G (L - 1) (float); global loads 4 N, global stores 4 G; local stores
// 4 N + 4 G (L - 1), local loads 8 G (L - 1) + 4 G (the tree, then the
// final read of scratch[0]) bytes.
//
// roofline: --kernel reduce --global ELEMS --local LOCAL -D ELEMS=16777216 -D LOCAL=256
// roofline: --arg in=float[ELEMS]:random --arg partial=float[ELEMS]:zeros --arg scratch=local:float[LOCAL]
__kernel void reduce(const __global float* in, __global float* partial, __local float* scratch) {
  const size_t lid = get_local_id(0);
  scratch[lid] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partial[get_group_id(0)] = scratch[0];
}
