// Mixed-intensity family: every element of a float4 buffer is loaded, gets
// MADS multiply-adds on each of its 4 lanes and is stored, so AI = 2 x 4 x
// MADS / 32 = MADS / 4 FLOP/byte whatever the launch. One source walks the AI
// axis from the memory roofs to the compute roof with -D MADS on the command
// line (which wins over the default below):
//   for m in 1 4 16 64 256 1024; do roofline place examples/mixed.cl -D MADS=$m --label mixed-$m; done
// Near the ridge point a kernel must keep the memory and the arithmetic units
// busy at once, which a load-compute-store work-item does only through other
// work-items. So each work-item here works on ITEMS elements at once (one
// vector of 4 x ITEMS lanes: ITEMS independent chains and loads in flight)
// for ROUNDS rounds, loading the next round's elements before computing the
// current ones. Measured on an H200 (roofs/place/README.md), at AI 16 this
// design reaches 86% of the roofs' prediction where one float4 per work-item
// reached 70%, and 91-95% at the other intensities.
// Neighbouring work-items touch neighbouring elements: element j of round r
// of work-item g is g + r n + j (ROUNDS n), n = the global size.
// On CPUs through PoCL use -D ROUNDS=1 -D ELEMS=4194304: a loop around the
// loads keeps PoCL from vectorizing across work-items, and 16 rounds reach
// 12-15% of the DRAM roof on the development VM where 1 round reaches 65%.
// Analytic counts, E = ELEMS x ITEMS x ROUNDS elements: 8 MADS E FLOPs
// (float); global loads 16 E, stores 16 E bytes.
//
// roofline: --kernel mixed_intensity --global ELEMS --local 256 -D MADS=16 -D ITEMS=4 -D ROUNDS=16 -D ELEMS=262144
// roofline: --arg in=float4[ELEMS*ITEMS*ROUNDS]:random --arg out=float4[ELEMS*ITEMS*ROUNDS]:zeros
// roofline: --arg a=float:0.5 --arg b=float:0.5
#if ITEMS == 1
typedef float4 vec;
#define LOAD(p, i) (p)[i]
#define STORE(p, i, v) (p)[i] = (v)
#elif ITEMS == 2
typedef float8 vec;
#define LOAD(p, i) (vec)((p)[i], (p)[(i) + s])
#define STORE(p, i, v) ((p)[i] = (v).lo, (p)[(i) + s] = (v).hi)
#elif ITEMS == 4
typedef float16 vec;
#define LOAD(p, i) (vec)((p)[i], (p)[(i) + s], (p)[(i) + 2 * s], (p)[(i) + 3 * s])
#define STORE(p, i, v) ((p)[i] = (v).lo.lo, (p)[(i) + s] = (v).lo.hi, (p)[(i) + 2 * s] = (v).hi.lo, (p)[(i) + 3 * s] = (v).hi.hi)
#else
#error ITEMS must be 1, 2 or 4
#endif
#if ROUNDS < 1
#error ROUNDS must be at least 1
#endif

__kernel void mixed_intensity(const __global float4* in, __global float4* out, const float a, const float b) {
  const size_t n = get_global_size(0), s = n * ROUNDS;
  size_t i = get_global_id(0);
  vec x = LOAD(in, i);
  for (int r = 1; r < ROUNDS; r++) {
    const vec next = LOAD(in, i + n);  // in flight while x is computed
    #pragma unroll 16
    for (int k = 0; k < MADS; k++) x = x * a + b;
    STORE(out, i, x);
    x = next;
    i += n;
  }
  #pragma unroll 16
  for (int k = 0; k < MADS; k++) x = x * a + b;
  STORE(out, i, x);
}
