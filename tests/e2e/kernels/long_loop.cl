// A loop of 3000 iterations with one load each: 3001 evaluations of its
// condition per item, of which the recording keeps the first 1024
// (kTraceBranchesPerItem), and all 3000 loads. tests/e2e/test_analyze.cpp
// checks both, and the branches_sampled finding.
// roofline: --kernel long_loop --global 64 --local 64 --arg a=float[3064]:random --arg out=float[64]:zeros
__kernel void long_loop(__global const float *a, __global float *out) {
  const int i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < 3000; ++k) s += a[i + k];
  out[i] = s;
}
