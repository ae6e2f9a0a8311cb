// Shared by the kernels (inlined by roofline's program cache, so every
// driver sees one self-contained source): the fp64 and fp16 extensions a
// -DUSE_FP64 or -DUSE_FP16 build asks for, token pasting, the chain
// expansion of the compute and math kernels (-DCHAINS), and the sum of a
// vector's W lanes, added left to right, the order the host repeats when it
// checks floating-point results (integer sums do not depend on it).

#if defined(USE_FP64)
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif
#if defined(USE_FP16)
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#endif

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

// Apply M to every chain index 0 .. CHAINS-1.
#define CHAINS_1(M) M(0)
#define CHAINS_2(M) CHAINS_1(M) M(1)
#define CHAINS_4(M) CHAINS_2(M) M(2) M(3)
#define CHAINS_8(M) CHAINS_4(M) M(4) M(5) M(6) M(7)
#define CHAINS_16(M) CHAINS_8(M) M(8) M(9) M(10) M(11) M(12) M(13) M(14) M(15)
#define FOR_CHAINS CAT(CHAINS_, CHAINS)

#define HSUM2(s) ((s).s0 + (s).s1)
#define HSUM4(s) (HSUM2(s) + (s).s2 + (s).s3)
#define HSUM8(s) (HSUM4(s) + (s).s4 + (s).s5 + (s).s6 + (s).s7)
#define HSUM16(s) (HSUM8(s) + (s).s8 + (s).s9 + (s).sa + (s).sb + (s).sc + (s).sd + (s).se + (s).sf)
#if W == 1
#define HSUM(s) (s)
#else
#define HSUM(s) CAT(HSUM, W)(s)
#endif
