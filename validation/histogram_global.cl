// Histogram of N values in [0, 1) into BINS equal bins, every work-item adding
// its value's bin with a global atomic: with few bins every step of a
// sub-group lands on a handful of addresses, which the hardware serializes.
// Analytic counts, per element: data[i] 4 B loaded; data[i] * BINS 1 FLOP;
// BINS - 1 1 INTOP; atomic_inc a 4 B load and store in global memory and 1
// INTOP. In all: N FLOPs (float), 2 N INTOPs, global loads 8 N, stores 4 N bytes.
//
// roofline: --kernel histogram --global N --local 256 -D N=16777216 -D BINS=16
// roofline: --arg data=float[N]:random --arg hist=uint[BINS]:zeros
__kernel void histogram(__global const float* data, __global uint* hist) {
  const size_t i = get_global_id(0);
  const uint bin = min((uint)(data[i] * BINS), (uint)(BINS - 1));
  atomic_inc(&hist[bin]);
}
