// A kernel that faults (tests/e2e/test_isolation.cpp): it writes 2^40 floats
// (4 TiB) past the end of a 64-float buffer, outside anything mapped, so the
// process running it gets SIGSEGV. The offset is an argument: the compiler
// cannot see the write go out of bounds and drop it.
// roofline: --global 1 --arg a=float[64] --arg far=ulong:1099511627776
__kernel void out_of_bounds(__global float* a, ulong far) { a[far] = 1.0f; }
