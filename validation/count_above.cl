// Counts the values above a threshold: each work-item counts a strided
// slice of the n values, the work-group sums its counts in a tree in local
// memory, and its first work-item adds the group's count to the total with
// one global atomic.
// Analytic counts, G work-items in groups of L (R = G / L groups, L a power
// of two, log2 L = S), n a multiple of G:
// - per value: data[i] 4 B global load; count += (data[i] > threshold) 1
//   INTOP; i += ... 1 INTOP: 4 n bytes, 2 n INTOPs;
// - per work-item: scratch[lid] 4 B local store; get_local_size(0) / 2 1
//   INTOP (a constant divisor: no math call); s >>= 1 S INTOPs;
// - the tree: the L - 1 additions per group each 1 INTOP for lid + s, 1 for
//   +=, 8 B local load and 4 B local store;
// - per group: scratch[0] 4 B local load, atomic_add 4 B global load and
//   store, 1 INTOP.
// In all: 0 FLOPs; 2 n + G (S + 1) + R (2 L - 1) INTOPs; global loads 4 n + 4
// R, stores 4 R; local stores 4 G + 4 R (L - 1), loads 8 R (L - 1) + 4 R bytes.
//
// roofline: --kernel count_above --global ITEMS --local 256 -D ITEMS=65536 -D N=16777216
// roofline: --arg data=float[N]:random --arg n=uint:N --arg threshold=float:0.5 --arg total=uint[1]:zeros
// roofline: --arg scratch=local:uint[256]
__kernel void count_above(__global const float* data, const uint n, const float threshold, __global uint* total,
                          __local uint* scratch) {
  const uint lid = get_local_id(0);
  uint count = 0;
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) count += data[i] > threshold;
  scratch[lid] = count;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) atomic_add(total, scratch[0]);
}
