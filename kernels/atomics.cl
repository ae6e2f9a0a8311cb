// atomic_add throughput on 32-bit unsigned integers: global or local memory,
// every work-item on one address or each on its own. Run by
// src/benchmark/atomics_benchmark.cpp; `adds` atomic adds of `inc` per work-item.
//
// The final values are checkable: the one global counter ends at
// global size x adds x inc; a distinct counter at adds x inc. The local
// kernels add their work-group's local counters to global memory once at the
// end, for the same check.

__kernel void global_one(__global uint* counter, const uint adds, const uint inc) {
  for (uint i = 0; i < adds; ++i) atomic_add(counter, inc);
}

__kernel void global_distinct(__global uint* counters, const uint adds, const uint inc) {
  __global uint* mine = counters + get_global_id(0);
  for (uint i = 0; i < adds; ++i) atomic_add(mine, inc);
}

__kernel void local_one(__global uint* counter, __local uint* shared, const uint adds, const uint inc) {
  if (get_local_id(0) == 0) shared[0] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = 0; i < adds; ++i) atomic_add(shared, inc);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (get_local_id(0) == 0) atomic_add(counter, shared[0]);
}

__kernel void local_distinct(__global uint* counters, __local uint* slots, const uint adds, const uint inc) {
  const size_t lid = get_local_id(0);
  slots[lid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint i = 0; i < adds; ++i) atomic_add(slots + lid, inc);
  barrier(CLK_LOCAL_MEM_FENCE);
  counters[get_global_id(0)] = slots[lid];
}
