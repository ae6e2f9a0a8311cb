// A 7-point stencil over a 64 x 64 x 64 grid whose input is padded by a
// plane on each side, so every item makes the same 7 loads and 1 store (8
// records, no branches): group g (64 items, one row) reads rows g - 64 and
// g + 64 of the neighbouring planes, which groups 64 before and after read
// as their own plane. tests/e2e/test_analyze.cpp records it in two windows
// of 256 consecutive groups (--sample-records 262144) and checks the
// footprint and DRAM bytes the windows give by hand, against single groups
// spaced 132 apart.
// roofline: --kernel planes --global 262144 --local 64 --arg in=float[270336]:random --arg out=float[262144]:zeros
#define ROW 64
#define PLANE 4096
__kernel void planes(__global const float *in, __global float *out) {
  const size_t i = get_global_id(0);
  const size_t c = i + PLANE;
  out[i] = in[c - PLANE] + in[c - ROW] + in[c - 1] + in[c] + in[c + 1] + in[c + ROW] + in[c + PLANE];
}
