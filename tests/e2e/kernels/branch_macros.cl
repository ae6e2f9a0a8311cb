// Conditions the recording copy must wrap without changing what the kernel
// computes: one that ends in a macro (i < HALF), one inside a macro's body
// (CLAMP's), and a ?: nested in another's arm, whose inner condition is
// evaluated only where the outer one fails. tests/e2e/test_analyze.cpp checks
// the outcomes `roofline analyze` records.
// roofline: --kernel branches --global 256 --local 64 --arg out=float[256]:zeros
#define HALF 128
#define CLAMP(x) ((x) < 0.0f ? 0.0f : (x))
__kernel void branches(__global float *out) {
  const int i = (int)get_global_id(0);
  float x = i < HALF ? 1.5f : -1.5f;
  x = CLAMP(x);
  out[i] = (i % 4 == 0) ? x : (i % 4 == 1) ? 2.5f : 3.5f;
}
