// Memory-hierarchy microbenchmarks: working-set sweeps (load-only, store-only,
// load/store), the pointer chase, and local and constant memory bandwidth.
// Specialised with -D options by src/benchmark/cache_benchmark.cpp.
//
//   T   element type: float or double; VT its vector of width W (T when W == 1)
//   UTV the unsigned integer type of the same size (uint or ulong, widened to W):
//       loaded values are added as integers, which is exact and independent of
//       order, so the host can check every checked work-item's sum; SUT its scalar
//   U   independent loads in flight per work-item and loop iteration
//
// The working-set pattern. The working set is nblocks blocks of L x U
// elements (L = local size). Work-group w starts at block w * nblocks / G and
// walks `count` elements block by block, wrapping around: with count at least
// the working set every work-group re-reads the whole of it, so a working set
// that fits a compute unit's private cache is served from there, one that fits
// a shared cache from that, and a larger one from DRAM. (Stores walk their
// own slices: see STORE_WALK_START.) Within a block,
// work-item l reads elements l, l + L, l + 2L, ... (coalesced on GPUs; with
// L = 1 on CPUs one contiguous stream per thread).
// SCATTER (GPUs): every work-group steps through the blocks with its own
// stride (nblocks is prime, so every stride visits every block). With one
// shared order a work-group that catches up with another rides in its wake,
// hitting in the shared cache on lines the other just fetched, and a working
// set far larger than the cache reads faster than DRAM allows (seen on an H200).

#include "common.h"

#define AS_UT(x) CAT(as_, UTV)(x)

// The block work-group w starts at, and its stride through the blocks.
inline uint walk_start(uint nblocks) { return (uint)((ulong)get_group_id(0) * nblocks / get_num_groups(0)); }
inline uint walk_stride(uint nblocks) {
#if SCATTER
  return nblocks > 1 ? 1 + (uint)((get_group_id(0) * 2654435761ul) % (nblocks - 1)) : 1;
#else
  return 1;
#endif
}
#define NEXT_BLOCK(block) \
  block += stride;        \
  if (block >= nblocks) block -= nblocks;

// Stores and copies: each work-group walks its own slice of the working set
// (the host makes the block count a multiple of the work-group count). Compute
// units storing to the same lines would measure the lines passing between
// them (the coherence protocol on CPUs, contention in a GPU's L2 behind a
// write-through L1), not the level's bandwidth.
#define STORE_WALK_START                                         \
  const uint per = max(nblocks / (uint)get_num_groups(0), 1u);  \
  const uint first_block = (uint)get_group_id(0) * per % nblocks; \
  uint block = first_block;
#define STORE_NEXT_BLOCK(block) \
  if (++block >= first_block + per || block >= nblocks) block = first_block;

// Load-only: the loads feed per-work-item sums that are stored, so none can be dropped.
__kernel void sweep_read(__global const VT* restrict buf, __global SUT* restrict out, const uint nblocks,
                         const uint count) {
  const uint lsize = get_local_size(0), step = lsize * U, lid = get_local_id(0), stride = walk_stride(nblocks);
  uint block = walk_start(nblocks);
  UTV acc[U];
  for (int k = 0; k < U; ++k) acc[k] = (UTV)(0);
  for (uint j = 0; j < count; j += step) {
    // A pointer, not a uint index per load: 32-bit index arithmetic would cost
    // two instructions per load on CPUs and make this an integer benchmark.
    __global const VT* restrict p = buf + (size_t)block * step + lid;
#pragma unroll
    for (int k = 0; k < U; ++k) acc[k] += AS_UT(p[k * lsize]);
    NEXT_BLOCK(block)
  }
  UTV total = acc[0];
  for (int k = 1; k < U; ++k) total += acc[k];
  out[get_global_id(0)] = HSUM(total);
}

#if HAS_IMAGES
// Image reads: the same walk as sweep_read over the working set seen as a
// one-dimensional image of uint4 texels, so the loads go through the texture
// path (on some GPUs the only path whose reads are cached in L1, seed 003).
__kernel void sweep_image(__read_only image1d_buffer_t img, __global uint* restrict out, const uint nblocks,
                          const uint count) {
  const uint lsize = get_local_size(0), step = lsize * U, lid = get_local_id(0), stride = walk_stride(nblocks);
  uint block = walk_start(nblocks);
  uint4 acc[U];
  for (int k = 0; k < U; ++k) acc[k] = (uint4)(0);
  for (uint j = 0; j < count; j += step) {
    const int first = (int)(block * step + lid);
#pragma unroll
    for (int k = 0; k < U; ++k) acc[k] += read_imageui(img, first + k * (int)lsize);
    NEXT_BLOCK(block)
  }
  uint4 total = acc[0];
  for (int k = 1; k < U; ++k) total += acc[k];
  out[get_global_id(0)] = total.x + total.y + total.z + total.w;
}
#endif

// Store-only: element i receives the bits of i in every lane (the same value
// whichever work-group writes it last); the host checks the elements. The
// values are one vector add each from offsets kept in registers: a scalar
// index widened to a vector per store (a broadcast from an integer register on
// CPUs) halved the stores a Zen 4 core issues, at every level alike.
__kernel void sweep_store(__global VT* restrict buf, const uint nblocks, const uint count) {
  const uint lsize = get_local_size(0), step = lsize * U, lid = get_local_id(0);
  STORE_WALK_START
  UTV offset[U];
  for (int k = 0; k < U; ++k) offset[k] = (UTV)(k * lsize + lid);
  for (uint j = 0; j < count; j += step) {
    const UTV block_first = (UTV)(block * step);
    __global VT* restrict p = buf + (size_t)block * step + lid;
#pragma unroll
    for (int k = 0; k < U; ++k) p[k * lsize] = CAT(as_, VT)(block_first + offset[k]);
    STORE_NEXT_BLOCK(block)
  }
}

// Load/store (the thesis's listing 3.6): copies the first half of the working
// set onto the second half; nblocks counts the blocks of one half.
__kernel void sweep_copy(__global VT* restrict buf, const uint nblocks, const uint count) {
  const uint lsize = get_local_size(0), step = lsize * U, lid = get_local_id(0);
  STORE_WALK_START
  __global VT* restrict dst = buf + (size_t)nblocks * step;
  for (uint j = 0; j < count; j += step) {
    __global const VT* restrict from = buf + (size_t)block * step + lid;
    __global VT* restrict to = dst + (size_t)block * step + lid;
#pragma unroll
    for (int k = 0; k < U; ++k) to[k * lsize] = from[k * lsize];
    STORE_NEXT_BLOCK(block)
  }
}

// Pointer chase (the thesis's listing 3.7): one work-item follows a random
// cycle through slots one cache line apart, so every load waits for the one
// before and no prefetcher can guess the next address.
__kernel void chase(__global const uint* restrict next, __global uint* restrict out, const uint hops,
                    const uint start) {
  uint p = start;
  for (uint h = 0; h < hops; h += 16) {
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
  }
  out[0] = p;
}

// Many work-items chasing the same random cycle at once (the thesis's figure
// 4.21): work-item g starts at starts[g], the starts spread evenly along the
// cycle, so as many loads are in flight as work-items, each still waiting for
// the one before it.
__kernel void chase_many(__global const uint* restrict next, __global const uint* restrict starts,
                         __global uint* restrict out, const uint hops) {
  uint p = starts[get_global_id(0)];
  for (uint h = 0; h < hops; h += 16) {
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
    p = next[p]; p = next[p]; p = next[p]; p = next[p];
  }
  out[get_global_id(0)] = p;
}

// Local memory: each work-group copies a tile of LTILE uint4 into local
// memory, then every work-item reads it `reps` times, U independent loads per
// iteration. With stride 1 neighbouring work-items read neighbouring 16-byte
// words (no bank conflicts); larger strides expose the bank conflicts.
__kernel void local_read(__global const uint4* restrict src, __global uint* restrict out, const uint reps,
                         const uint stride) {
  __local uint4 tile[LTILE];
  const uint lid = get_local_id(0), lsize = get_local_size(0);
  for (uint i = lid; i < LTILE; i += lsize) tile[i] = src[i];
  barrier(CLK_LOCAL_MEM_FENCE);
  uint4 acc[U];
  for (int k = 0; k < U; ++k) acc[k] = (uint4)(0);
  uint idx = lid * stride;
  for (uint r = 0; r < reps; ++r) {
#pragma unroll
    for (int k = 0; k < U; ++k) acc[k] += tile[(idx + k * lsize) & (LTILE - 1)];
    idx += U * lsize;
  }
  uint4 total = acc[0];
  for (int k = 1; k < U; ++k) total += acc[k];
  out[get_global_id(0)] = total.x + total.y + total.z + total.w;
}

// Constant memory: every work-item of a work-group reads the same element at
// the same time, the broadcast access constant caches are built for.
__kernel void constant_read(__constant uint4* restrict src, __global uint* restrict out, const uint reps,
                            const uint mask) {
  uint4 acc[U];
  for (int k = 0; k < U; ++k) acc[k] = (uint4)(0);
  uint idx = get_group_id(0);
  for (uint r = 0; r < reps; ++r) {
#pragma unroll
    for (int k = 0; k < U; ++k) acc[k] += src[(idx + k) & mask];
    idx += U;
  }
  uint4 total = acc[0];
  for (int k = 1; k < U; ++k) total += acc[k];
  out[get_global_id(0)] = total.x + total.y + total.z + total.w;
}
