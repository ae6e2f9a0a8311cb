// Mixed-intensity family: each work-item loads one float4, applies MADS
// multiply-adds to every lane and stores it, so AI = 2 x 4 x MADS / 32 =
// MADS / 4 FLOP/byte. One source walks the AI axis from the memory roofs to
// the compute roof with -D MADS on the command line (which wins over the
// default below):
//   for m in 1 4 16 64 256 1024; do roofline place examples/mixed.cl -D MADS=$m --label mixed-$m; done
// Analytic counts, N = ELEMS work-items: 8 MADS N FLOPs (float); global loads
// 16 N, stores 16 N bytes.
//
// roofline: --kernel mixed_intensity --global ELEMS --local 256 -D MADS=16 -D ELEMS=16777216
// roofline: --arg in=float4[ELEMS]:random --arg out=float4[ELEMS]:zeros --arg a=float:0.5 --arg b=float:0.5
__kernel void mixed_intensity(const __global float4* in, __global float4* out, const float a, const float b) {
  const size_t i = get_global_id(0);
  float4 x = in[i];
  #pragma unroll 16
  for (int k = 0; k < MADS; k++) {
    x = x * a + b;
  }
  out[i] = x;
}
