// Few records, many bytes: each item loads six float16 (384 bytes) and stores
// one float, 7 address records. 256 groups of 1024 items make 1.8 M records,
// recorded whole by default: the decision counts the records exactly (an
// estimate from the counted bytes, 4 bytes a record, would take 80 M and
// sample). tests/e2e/test_analyze.cpp checks it.
// roofline: --kernel wide --global 262144 --local 1024 --arg a=float16[262149]:random --arg out=float[262144]:zeros
__kernel void wide(__global const float16 *a, __global float *out) {
  const size_t i = get_global_id(0);
  const float16 s = a[i] + a[i + 1] + a[i + 2] + a[i + 3] + a[i + 4] + a[i + 5];
  out[i] = s.s0 + s.sf;
}
