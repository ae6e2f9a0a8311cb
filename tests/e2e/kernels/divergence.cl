// Branches whose divergence is known: within a 32-item sub-group, the first
// `if` splits every step (odd and even items), the second never (the whole
// group agrees), the loop runs lid % 4 times (3 of its 4 condition steps
// split), and the ?: agrees within every sub-group (items 0..511 of 64-item
// groups). tests/e2e/test_analyze.cpp checks what `roofline analyze` says.
// roofline: --kernel paths --global 1024 --local 64 --arg out=float[1024]:zeros --arg in=float[1024]:random
__kernel void paths(__global float *out, __global const float *in) {
  const size_t i = get_global_id(0);
  float x = in[i];
  if (get_local_id(0) % 2) x = x * 2.0f; else x = x + 1.0f;
  if (get_group_id(0) % 2) x = x * 3.0f;
  for (int k = 0; k < (int)(get_local_id(0) % 4); ++k) x += 1.0f;
  out[i] = i < 512 ? x : -x;
}
