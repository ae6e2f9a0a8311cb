// __local scalars and arrays declared in the kernel: the counting wrapper
// declares them and the kernel reaches them through pointers, counted as local
// memory, through macros too; sizeof still sees the array.
// 2 groups of 16. cnt = 0 by the 2 items with l == 0: 8 B local stored. Per
// work-item: t[l] = a[g], 4 B global loaded, 4 B local stored; BUMP(&cnt),
// an atomic_inc on local memory, 4 B loaded and stored and 1 INTOP;
// a[g] = t[(l + 1) % 16] * CNT + sizeof(t): + and % 2 INTOPs (16 divides
// away: no math call), t[...] and cnt 8 B local loaded, * and + 2 FLOPs,
// 4 B global stored.
// In all: 64 FLOPs, 96 INTOPs, 128 B global each way, 384 B local loaded,
// 256 + 8 B local stored.
// roofline: --global 32 --local 16 --arg a=float[32]:iota
#define CNT cnt
#define BUMP(p) atomic_inc(p)
__kernel void local_variables(__global float* a) {
  __local int cnt;
  __local float t[16];
  if (get_local_id(0) == 0) cnt = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  t[get_local_id(0)] = a[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  BUMP(&cnt);
  barrier(CLK_LOCAL_MEM_FENCE);
  a[get_global_id(0)] = t[(get_local_id(0) + 1) % 16] * CNT + sizeof(t);
}
