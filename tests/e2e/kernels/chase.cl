// A dependent chain: each load's index is what the load before returned
// (pointer chasing), against a store whose address is the item's own and an
// argmin whose index is kept, not loaded (no chain).
// tests/e2e/test_analyze.cpp checks what `roofline analyze` says.
// roofline: --kernel chase --global 64 --local 64 --arg next=int[4096]:zeros --arg out=int[64]:zeros
__kernel void chase(__global const int *next, __global int *out) {
  int p = (int)get_global_id(0);
  for (int k = 0; k < 100; ++k) p = next[p];
  int best = 0;
  for (int j = 1; j < 4; ++j) best = next[j] < next[best] ? j : best;
  out[get_global_id(0)] = p + best;
}
