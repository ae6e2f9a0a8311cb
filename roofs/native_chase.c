/* A pointer chase in plain C on one core of the host: the witness that
 * roofs/measure.sh runs beside roofline on CPU devices, so that the latency
 * staircase roofline measures through OpenCL can be compared with one that no
 * OpenCL runtime touched. Same method as kernels/memory.cl's `chase`: one
 * random cycle (Sattolo) through slots one 64-byte line apart, so every load
 * waits for the previous one and no prefetcher can guess the next address;
 * the buffer is aligned to 2 MiB, as roofline's CPU working sets are.
 *
 *   cc -O2 -o native_chase roofs/native_chase.c && ./native_chase [OFFSET]
 *
 * OFFSET (bytes, e.g. 0x3ffe080) starts the cycle that far into a block
 * aligned to 256 MiB instead: where PoCL put its buffers, two pages below a
 * 64 MiB boundary, on AMD Zen the pages on either side alias in the L1's way
 * predictor and the L1 seems a third of its size (roofs/README.md).
 *
 * Prints one line per working set: bytes, then the median and the minimum of
 * 5 timings in ns per load. */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int by_value(const void* a, const void* b) {
  const double x = *(const double*)a, y = *(const double*)b;
  return (x > y) - (x < y);
}

/* A 64-bit xorshift: the cycle need not be cryptographic, only not regular. */
static uint64_t rng = 88172645463325252ull;
static uint64_t next_random(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return rng;
}

int main(int argc, char** argv) {
  const size_t line = 64, words = line / sizeof(uint32_t), max_bytes = (size_t)256 << 20;
  char* end = NULL;
  const size_t offset = argc > 1 ? strtoull(argv[1], &end, 0) : 0;
  if (argc > 2 || (argc > 1 && (*end || offset % line || offset > max_bytes))) {
    fprintf(stderr, "usage: native_chase [OFFSET]  (bytes, a multiple of %zu, at most %zu)\n", line, max_bytes);
    return 2;
  }
  const size_t align = offset ? max_bytes : (size_t)2 << 20;
  char* block = aligned_alloc(align, 2 * max_bytes);
  uint32_t* next = (uint32_t*)(block ? block + offset : NULL);
  uint32_t* order = malloc(max_bytes / line * sizeof(uint32_t));
  if (!block || !order) {
    fprintf(stderr, "native_chase: cannot allocate %zu bytes\n", 2 * max_bytes);
    return 1;
  }
  printf("# bytes  median_ns  min_ns  (one core, 64-byte slots, random cycle, %#zx bytes into a block aligned to %zu)\n",
         offset, align);
  for (double x = 12; x <= 28 + 1e-9; x += 0.5) { /* 4 KiB .. 256 MiB, 2 points per doubling */
    const size_t bytes = (size_t)(1u << (int)x) * (x - (int)x > 0 ? 3 : 2) / 2;
    const size_t slots = bytes / line;
    for (size_t i = 0; i < slots; ++i) order[i] = (uint32_t)i;
    for (size_t i = slots - 1; i > 0; --i) { /* Sattolo: one cycle through every slot */
      const size_t j = next_random() % i;
      const uint32_t t = order[i];
      order[i] = order[j];
      order[j] = t;
    }
    for (size_t i = 0; i < slots; ++i) next[order[i] * words] = order[(i + 1) % slots] * (uint32_t)words;
    const size_t hops = slots * 2 > ((size_t)1 << 21) ? slots * 2 : ((size_t)1 << 21);
    uint32_t p = 0;
    for (size_t h = 0; h < slots * 2; ++h) p = next[p]; /* warm the caches with this working set */
    double ns[5];
    for (int r = 0; r < 5; ++r) {
      const double t0 = now();
      for (size_t h = 0; h < hops; ++h) p = next[p];
      ns[r] = (now() - t0) * 1e9 / (double)hops;
    }
    qsort(ns, 5, sizeof ns[0], by_value);
    /* p is printed so that the chase cannot be removed. */
    printf("%zu %.2f %.2f  (end %u)\n", bytes, ns[2], ns[0], p);
    fflush(stdout);
  }
  free(block);
  free(order);
  return 0;
}
