// Global-memory stride sweep (seed 000, section 2.3.1, Formula 1): the
// device's coalescing curve. Specialised with -D options by
// src/benchmark/stride_benchmark.cpp.
//
//   T   element type: float or float4 (W lanes)
//   W   vector width, 1 or 4
//
// Work-item gid makes 16 accesses per loop iteration; access number k goes to
// element (gid * stride + n) & mask, n = k * global size (Formula 1's n, which
// advances by the number of work-items): neighbouring work-items are `stride`
// elements apart, so stride 1 is fully coalesced, stride 16 touches a line per
// work-item on a GPU, and stride 0 puts every work-item on one address. mask
// + 1, the buffer's element count, is a power of two.
//
// Reads add what they read: the data are small whole numbers (0 to 7) whose
// sums are exact in float whatever the order, so the host checks every sum.
// Writes store a value that depends only on the address (its low 16 bits), so
// the buffer's content is checkable even where several work-items write one element.

#include "common.h"

#define ADDRESS(n) (((size_t)gid * stride + (n)) & mask)

__kernel void stride_read(__global const T* restrict src, __global float* restrict out, const uint stride,
                          const uint mask, const uint iters) {
  const size_t gid = get_global_id(0), gsize = get_global_size(0);
  T acc = (T)(0);
  size_t n = 0;
  for (uint i = 0; i < iters; ++i) {
#pragma unroll
    for (int a = 0; a < 16; ++a) {
      acc += src[ADDRESS(n)];
      n += gsize;
    }
  }
  out[gid] = HSUM(acc);
}

__kernel void stride_write(__global T* restrict dst, const uint stride, const uint mask, const uint iters) {
  const size_t gid = get_global_id(0), gsize = get_global_size(0);
  size_t n = 0;
  for (uint i = 0; i < iters; ++i) {
#pragma unroll
    for (int a = 0; a < 16; ++a) {
      const size_t e = ADDRESS(n);
      dst[e] = (T)((float)(e & 0xFFFF));
      n += gsize;
    }
  }
}
