#if ITEMS == 1
typedef float4 vec;
#define LOAD(p, i) (p)[i]
#define STORE(p, i, v) (p)[i] = (v)
#elif ITEMS == 4
typedef float16 vec;
#define LOAD(p, i) (vec)((p)[i], (p)[(i) + s], (p)[(i) + 2 * s], (p)[(i) + 3 * s])
#define STORE(p, i, v) ((p)[i] = (v).lo.lo, (p)[(i) + s] = (v).lo.hi, (p)[(i) + 2 * s] = (v).hi.lo, (p)[(i) + 3 * s] = (v).hi.hi)
#endif
__kernel void mixed_intensity(const __global float4* in, __global float4* out, const float a, const float b) {
  const size_t n = get_global_size(0), s = n * ROUNDS;
  size_t i = get_global_id(0);
  vec x = LOAD(in, i);
  for (int r = 1; r < ROUNDS; r++) {
    const vec next = LOAD(in, i + n);
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
