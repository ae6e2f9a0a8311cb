// A kernel that never ends (tests/e2e/test_isolation.cpp): `for (;;)` has a
// constant condition, which C99 and OpenCL C do not let a compiler assume
// ends, and the loop stores to global memory on every turn.
// roofline: --global 1 --arg a=float[1]
__kernel void spin(__global float* a) {
  for (;;) a[0] += 1.0f;
}
