// Atomics whose contention is known: every item of the launch increments one
// counter (32 items of a 32-item step on one address), and each item its own
// slot (one item per address). tests/e2e/test_analyze.cpp checks what
// `roofline analyze` says.
// roofline: --kernel count --global 256 --local 64 --arg total=int[1]:zeros --arg slots=int[256]:zeros
__kernel void count(__global int *total, __global int *slots) {
  atomic_inc(total);
  atomic_add(&slots[get_global_id(0)], 2);
}
