// The loop-budget probe (src/benchmark/loop_budget.cpp): does the driver run
// every iteration of a long loop? Each iteration advances a 32-bit linear
// congruential generator x = a*x + c whose constants are run-time arguments,
// so no closed form replaces the loop, and the final x tells the host how
// many iterations ran (the generator's period is 2^32). Mesa's llvmpipe
// (Rusticl, Clover) stops a work-item's loops after 65535 iterations in all
// (docs/drivers.md; tests/drivers/loop_limit/ reproduces it).
__kernel void loop_budget(__global uint* out, const uint n, const uint a, const uint c) {
  uint x = 0;
  for (uint i = 0; i < n; ++i) x = a * x + c;
  out[get_global_id(0)] = x;
}
