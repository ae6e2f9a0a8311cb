// The variant of examples/mixed.cl measured in items/ (ITEMS elements per
// work-item, no rounds): launched with --global ELEMS --local 256, ELEMS =
// 16777216 / ITEMS, buffers float4[16777216]. ITEMS=1 is the family's first
// design (one float4 per work-item).
#if ITEMS == 1
typedef float4 vec;
#define LOAD(p) (p)[i]
#define STORE(p, v) (p)[i] = (v)
#elif ITEMS == 2
typedef float8 vec;
#define LOAD(p) (vec)((p)[i], (p)[i + n])
#define STORE(p, v) ((p)[i] = (v).lo, (p)[i + n] = (v).hi)
#elif ITEMS == 4
typedef float16 vec;
#define LOAD(p) (vec)((p)[i], (p)[i + n], (p)[i + 2 * n], (p)[i + 3 * n])
#define STORE(p, v) ((p)[i] = (v).lo.lo, (p)[i + n] = (v).lo.hi, (p)[i + 2 * n] = (v).hi.lo, (p)[i + 3 * n] = (v).hi.hi)
#endif

__kernel void mixed_intensity(const __global float4* in, __global float4* out, const float a, const float b) {
  const size_t i = get_global_id(0), n = get_global_size(0);
  vec x = LOAD(in);
  #pragma unroll 16
  for (int k = 0; k < MADS; k++) {
    x = x * a + b;
  }
  STORE(out, x);
}
