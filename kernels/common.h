// Shared by the kernels (inlined by roofline's program cache, so every
// driver sees one self-contained source): token pasting, and the sum of a
// vector's W lanes, added left to right, the order the host repeats when it
// checks floating-point results (integer sums do not depend on it).

#define CAT_(a, b) a##b
#define CAT(a, b) CAT_(a, b)

#define HSUM2(s) ((s).s0 + (s).s1)
#define HSUM4(s) (HSUM2(s) + (s).s2 + (s).s3)
#define HSUM8(s) (HSUM4(s) + (s).s4 + (s).s5 + (s).s6 + (s).s7)
#define HSUM16(s) (HSUM8(s) + (s).s8 + (s).s9 + (s).sa + (s).sb + (s).sc + (s).sd + (s).se + (s).sf)
#if W == 1
#define HSUM(s) (s)
#else
#define HSUM(s) CAT(HSUM, W)(s)
#endif
