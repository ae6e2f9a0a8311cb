// Histogram of n values in [0, 1) into BINS bins, privatized: each work-group
// counts its share in a histogram in local memory (local atomics), then adds
// its BINS counts to the global histogram, one global atomic per bin and
// group. Work-items stride through the data by the launch's size.
// Analytic counts, G work-items in groups of L >= BINS (R = G / L groups),
// n a multiple of G:
// - clearing: the BINS work-items with lid < BINS store 4 B in local memory
//   and take the increment once (1 INTOP): 4 BINS R local store, BINS R INTOPs;
// - counting, per element: data[i] 4 B global load, data[i] * BINS 1 FLOP,
//   BINS - 1 1 INTOP, atomic_inc 4 B local load and store and 1 INTOP, the
//   increment i += ... 1 INTOP: n FLOPs, 3 n INTOPs, 4 n global load, 4 n
//   local load and store;
// - merging, the BINS work-items with lid < BINS: local_hist[b] 4 B local
//   load, atomic_add 4 B global load and store and 1 INTOP, the increment 1
//   INTOP: 4 BINS R local load, 4 BINS R global load and store, 2 BINS R INTOPs.
// In all: n FLOPs (float); 3 n + 3 BINS R INTOPs; global loads 4 n + 4 BINS R,
// stores 4 BINS R; local loads 4 n + 4 BINS R, stores 4 n + 4 BINS R bytes.
//
// roofline: --kernel histogram_local --global ITEMS --local 256 -D ITEMS=65536 -D N=16777216 -D BINS=16
// roofline: --arg data=float[N]:random --arg hist=uint[BINS]:zeros --arg n=uint:N
__kernel void histogram_local(__global const float* data, __global uint* hist, const uint n) {
  __local uint local_hist[BINS];
  const uint lid = get_local_id(0);
  for (uint b = lid; b < BINS; b += get_local_size(0)) local_hist[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = get_global_id(0); i < n; i += get_global_size(0)) {
    const uint bin = min((uint)(data[i] * BINS), (uint)(BINS - 1));
    atomic_inc(&local_hist[bin]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint b = lid; b < BINS; b += get_local_size(0)) atomic_add(&hist[b], local_hist[b]);
}
