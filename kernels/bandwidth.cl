// Global-memory bandwidth microbenchmark: read-only and copy kernels over a
// buffer several times larger than the last-level cache, so every byte comes
// from DRAM. Specialised with -D options by src/benchmark/bandwidth_benchmark.cpp.
//
//   VT       element type: uint, uint2, uint4, uint8 or uint16 (W lanes)
//   W        vector width
//   CHUNKED  0: grid-stride (work-item g touches g, g + G, g + 2G, ...), the
//              coalesced pattern GPUs need;
//            1: each work-item owns one contiguous chunk, the pattern CPUs need
//              (a grid-stride loop there makes every thread miss its own lines),
//              and walks it as LOADS sub-chunks in step, so each core streams
//              LOADS address ranges that its prefetchers follow at once (a
//              single stream per core read 13% slower on a Zen 4 VM:
//              roofs/raw/pthread-skylake-avx512-amd-epyc/dram-streams)
//   LOADS    independent loads in flight per loop iteration (memory-level parallelism)
//
// The data are random 32-bit words (compressible data would inflate the
// figure). The read kernel adds them up with integer adds, so the host can
// check each work-item's sum exactly whatever the order; the copy kernel's
// destination is compared with its source; the store kernel writes each
// element's index, which the host checks.

#include "common.h"

// Index of load l of iteration j of work-item gid, which touches n_per_item
// elements (a multiple of LOADS) in n_per_item / LOADS iterations.
#if CHUNKED
#define INDEX(j, l) (gid * n_per_item + (size_t)(l) * (n_per_item / LOADS) + (j))
#else
#define INDEX(j, l) (gid + ((size_t)(j) * LOADS + (l)) * gsize)
#endif

__kernel void read_bw(__global const VT* restrict src, __global uint* restrict out, const uint n_per_item) {
  const size_t gid = get_global_id(0), gsize = get_global_size(0);
  VT acc[LOADS];
  for (int l = 0; l < LOADS; ++l) acc[l] = (VT)(0);
  for (uint j = 0; j < n_per_item / LOADS; ++j) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) acc[l] += src[INDEX(j, l)];
  }
  VT total = acc[0];
  for (int l = 1; l < LOADS; ++l) total += acc[l];
  out[gid] = HSUM(total);
}

__kernel void copy_bw(__global const VT* restrict src, __global VT* restrict dst, const uint n_per_item) {
  const size_t gid = get_global_id(0), gsize = get_global_size(0);
  for (uint j = 0; j < n_per_item / LOADS; ++j) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) dst[INDEX(j, l)] = src[INDEX(j, l)];
  }
}

__kernel void store_bw(__global VT* restrict dst, const uint n_per_item) {
  const size_t gid = get_global_id(0), gsize = get_global_size(0);
  for (uint j = 0; j < n_per_item / LOADS; ++j) {
#pragma unroll
    for (int l = 0; l < LOADS; ++l) {
      const size_t i = INDEX(j, l);
      dst[i] = (VT)((uint)i);
    }
  }
}
