// Branch divergence (seed 000, section 2.4, Fig. 8): PATHS paths chosen by
// the local id (path = local id % PATHS), so neighbouring work-items of a
// sub-group take different paths. Specialised with -D PATHS=1, 2, 4 ... 64 by
// src/benchmark/divergence_benchmark.cpp; PATHS 1 is the kernel without a branch.
//
// Each path is its own dependent chain of integer operations, the same work
// whatever the path: `iters` times eight steps of three operations. Step s of
// path p is "xor then add" or "add then xor" as bit s % 6 of PATTERN(p) says,
// then a rotation, so no two paths have one operation sequence and the
// compiler cannot merge the paths into one chain with selected constants
// (PATTERN scrambles the path numbers so that paths 0 and 1 differ in several
// steps, not one). The rotation keeps every step whole: without it a step
// ending in an add followed by one starting with an add (or xor, xor) folds
// into one operation, so a path's work would depend on its pattern (clang -O2:
// 9 operations per iteration on path 0, the branch-free kernel, 16 on path 1,
// 9 to 16 on the others). With it, clang-15 -O2 and -O3 for spir64, x86-64 and nvptx64 keep 24
// per iteration on each of the 64 paths (llvm-dis of -emit-llvm; the rotation
// is one funnel shift). A work-item runs one path; where a sub-group's
// work-items take P paths, a SIMD machine runs the P paths one after the other.
//
// out[gid] is the chain's value, which the host recomputes.

#define PATTERN(p) ((((p) * 43u) + 21u) & 63u)
#define BIT(p, s) ((PATTERN(p) >> ((s) % 6)) & 1u)
#define ROTATE(x) (((x) << 13) | ((x) >> 19))
#define STEP(p, s, x) ROTATE(BIT(p, s) ? (((x) ^ (0x9E3779B9u + (s))) + (0x7F4A7C15u * ((s) + 1))) \
                                        : (((x) + (0x85EBCA6Bu + (s))) ^ (0xC2B2AE35u * ((s) + 1))))
#define ARM(p, x)                              \
  for (uint i = 0; i < iters; ++i) {           \
    x = STEP(p, 0, x);                         \
    x = STEP(p, 1, x);                         \
    x = STEP(p, 2, x);                         \
    x = STEP(p, 3, x);                         \
    x = STEP(p, 4, x);                         \
    x = STEP(p, 5, x);                         \
    x = STEP(p, 6, x);                         \
    x = STEP(p, 7, x);                         \
  }
#define CASE(p) \
  case p:       \
    ARM(p, x)   \
    break;

__kernel void divergence(__global uint* restrict out, const uint iters) {
  const uint gid = (uint)get_global_id(0);
  uint x = gid;
#if PATHS == 1
  ARM(0, x)
#else
  // Cases beyond PATHS - 1 cannot be taken: the compiler drops them.
  switch (get_local_id(0) % PATHS) {
    CASE(0)
    CASE(1)
    CASE(2)
    CASE(3)
    CASE(4)
    CASE(5)
    CASE(6)
    CASE(7)
    CASE(8)
    CASE(9)
    CASE(10)
    CASE(11)
    CASE(12)
    CASE(13)
    CASE(14)
    CASE(15)
    CASE(16)
    CASE(17)
    CASE(18)
    CASE(19)
    CASE(20)
    CASE(21)
    CASE(22)
    CASE(23)
    CASE(24)
    CASE(25)
    CASE(26)
    CASE(27)
    CASE(28)
    CASE(29)
    CASE(30)
    CASE(31)
    CASE(32)
    CASE(33)
    CASE(34)
    CASE(35)
    CASE(36)
    CASE(37)
    CASE(38)
    CASE(39)
    CASE(40)
    CASE(41)
    CASE(42)
    CASE(43)
    CASE(44)
    CASE(45)
    CASE(46)
    CASE(47)
    CASE(48)
    CASE(49)
    CASE(50)
    CASE(51)
    CASE(52)
    CASE(53)
    CASE(54)
    CASE(55)
    CASE(56)
    CASE(57)
    CASE(58)
    CASE(59)
    CASE(60)
    CASE(61)
    CASE(62)
    CASE(63)
  }
#endif
  out[gid] = x;
}
