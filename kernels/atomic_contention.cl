// Atomic contention: atomic_add throughput against the number of work-items
// that add to one address in each step. Run by
// src/benchmark/atomic_contention_benchmark.cpp, `adds` steps per work-item.
//
// Work-items share an address in runs of `share` consecutive ids (lanes of
// one sub-group while share is at most its width; whole work-groups beyond
// the group's size, in global memory). Each adds values of its own, gid + 1
// + i in its i-th step: the adds of one step to one address differ, so the
// hardware cannot fold them into one as it can a value the whole sub-group
// adds (count x value). That no compiler merged a work-item's steps is read
// in the generated code: PoCL's keeps one `lock add` per work-item and step
// (README, "Atomic contention").
//
// The counters are checkable: counter c ends at the sum over the work-items
// c * share .. (c + 1) * share - 1 of adds x (gid + 1) + adds x (adds - 1) / 2,
// modulo 2^32. The local kernel adds into its work-group's slots and the
// first work-item of each run writes its slot to counter gid / share, the
// same counter as the global kernel's.

__kernel void global_contention(__global uint* counters, const uint share, const uint adds) {
  const uint gid = get_global_id(0);
  __global uint* mine = counters + gid / share;
  for (uint i = 0; i < adds; ++i) atomic_add(mine, gid + 1 + i);
}

__kernel void local_contention(__global uint* counters, __local uint* slots, const uint share, const uint adds) {
  const uint gid = get_global_id(0), lid = get_local_id(0);
  __local uint* mine = slots + lid / share;
  if (lid % share == 0) *mine = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = 0; i < adds; ++i) atomic_add(mine, gid + 1 + i);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (lid % share == 0) counters[gid / share] = *mine;
}
