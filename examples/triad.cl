// STREAM triad, a[i] = b[i] + s * c[i]: the lowest useful arithmetic intensity.
// Analytic counts: 2 N FLOPs (float); global loads 8 N, stores 4 N bytes.
//
// roofline: --kernel triad --global ELEMS -D ELEMS=16777216
// roofline: --arg a=float[ELEMS]:zeros --arg b=float[ELEMS]:random --arg c=float[ELEMS]:random --arg s=float:3.0
__kernel void triad(__global float* a, const __global float* b, const __global float* c, const float s) {
  const size_t i = get_global_id(0);
  a[i] = b[i] + s * c[i];
}
