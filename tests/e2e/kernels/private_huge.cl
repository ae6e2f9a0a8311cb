// A kernel that faults another way (tests/e2e/test_isolation.cpp): a 64 MiB
// private array, far more than a work-item's stack on PoCL's CPU device. The
// loop and the data-dependent read keep the compiler from removing it.
// roofline: --global 1 --arg a=float[64]
__kernel void private_huge(__global float* a) {
  float p[1 << 24];
  for (int i = 0; i < (1 << 24); ++i) p[i] = a[i & 63] + i;
  a[0] = p[(int)a[1] & ((1 << 24) - 1)];
}
