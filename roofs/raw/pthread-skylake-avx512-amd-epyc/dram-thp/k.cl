#define VT uint16
__kernel void read_one(__global const VT* restrict src, __global uint* restrict out, const uint n_per_item) {
  const size_t gid = get_global_id(0);
  VT acc[LOADS];
  for (int l = 0; l < LOADS; ++l) acc[l] = (VT)(0);
  for (uint j = 0; j < n_per_item; j += LOADS) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) acc[l] += src[gid * n_per_item + j + l];
  }
  VT t = acc[0]; for (int l = 1; l < LOADS; ++l) t += acc[l];
  out[gid] = t.s0 + t.s1 + t.sf;
}
__kernel void read_streams(__global const VT* restrict src, __global uint* restrict out, const uint n_per_item) {
  const size_t gid = get_global_id(0);
  const uint per_stream = n_per_item / LOADS;
  VT acc[LOADS];
  for (int l = 0; l < LOADS; ++l) acc[l] = (VT)(0);
  for (uint j = 0; j < per_stream; ++j) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) acc[l] += src[gid * n_per_item + l * per_stream + j];
  }
  VT t = acc[0]; for (int l = 1; l < LOADS; ++l) t += acc[l];
  out[gid] = t.s0 + t.s1 + t.sf;
}
