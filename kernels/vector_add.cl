// Scalability (seed 000, section 2.5): c = a + b over a fixed number of
// floats, split over however many work-items the launch has. Specialised by
// src/benchmark/scalability_benchmark.cpp.
//
//   CHUNKED  0: grid-stride (work-item g adds g, g + G, g + 2G, ...), the
//              coalesced pattern GPUs need;
//            1: each work-item adds one contiguous chunk, the pattern CPUs need.
//
// The host compares every element of c with a + b (one IEEE add: exact).

__kernel void vector_add(__global const float* restrict a, __global const float* restrict b,
                         __global float* restrict c, const uint n) {
  const size_t gid = get_global_id(0), gsize = get_global_size(0);
#if CHUNKED
  const size_t chunk = (n + gsize - 1) / gsize;
  const size_t end = min((size_t)n, (gid + 1) * chunk);
  for (size_t i = gid * chunk; i < end; ++i) c[i] = a[i] + b[i];
#else
  for (size_t i = gid; i < n; i += gsize) c[i] = a[i] + b[i];
#endif
}
