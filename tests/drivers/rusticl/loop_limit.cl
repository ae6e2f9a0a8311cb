// Loops whose every iteration leaves a mark the compiler cannot skip: each
// one advances a 32-bit linear congruential generator x = a*x + c with a and c
// run-time arguments, so no closed form replaces the loop and the final x
// tells the host exactly how many iterations ran (the generator's period is
// 2^32, so no count below it is confused with another).

// One loop of n iterations.
__kernel void one_loop(__global uint* out, const uint n, const uint a, const uint c) {
  uint x = (uint)get_global_id(0);
  for (uint i = 0; i < n; ++i) x = a * x + c;
  out[get_global_id(0)] = x;
}

// outer x inner iterations, as two nested loops (the usual way round a
// per-loop limit).
__kernel void nested_loops(__global uint* out, const uint outer, const uint inner, const uint a, const uint c) {
  uint x = (uint)get_global_id(0);
  for (uint o = 0; o < outer; ++o)
    for (uint i = 0; i < inner; ++i) x = a * x + c;
  out[get_global_id(0)] = x;
}

// n1 then n2 iterations, as two loops one after the other.
__kernel void two_loops(__global uint* out, const uint n1, const uint n2, const uint a, const uint c) {
  uint x = (uint)get_global_id(0);
  for (uint i = 0; i < n1; ++i) x = a * x + c;
  for (uint i = 0; i < n2; ++i) x = a * x + c;
  out[get_global_id(0)] = x;
}
