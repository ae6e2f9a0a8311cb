// Dependent chains (instrument/chain_writer): per work-item g of 32,
//  - x: n = 40 + g updates x = x * a + b, a chain of n (71 at g = 31);
//    2n FLOPs, n INTOPs (++i), and 1 INTOP for n itself;
//  - y, declared in each of 4 turns, 20 updates y += x each: chains of 20,
//    not 80; 80 FLOPs, 4 + 80 INTOPs; acc += y: 4 FLOPs;
//  - z: each of 3 turns assigns z = x (a new chain) and makes 30 updates
//    z = z * 0.5f + 1.0f: chains of 30, not 90; 180 FLOPs, 3 + 90 INTOPs;
//    acc += z: 3 FLOPs;
//  - poly's parameter v: 64 updates, a chain of 64; 128 FLOPs, 64 INTOPs;
//    acc += poly(...): 1 FLOP (acc's chain: 8).
// The longest chain of any work-item: 71. A work-item's longest is
// max(64, n): 64 for g = 0..24, n = 65..71 for g = 25..31, 2076 in all. Per work-item 2n + 396 FLOPs and
// n + 242 INTOPs, with n summing to 1776 over the 32: 16224 FLOPs, 9520
// INTOPs; in[g] loaded and out[g] stored, 128 B each way.
// roofline: --global 32 --local 8 --arg in=float[32]:iota --arg out=float[32]:zeros
float poly(float v, float c) {
  for (int k = 0; k < 64; ++k) v = v * c + 1.0f;
  return v;
}

__kernel void dependent_chains(__global const float* in, __global float* out) {
  const float a = 0.5f, b = 1.0f;
  const int n = 40 + (int)get_global_id(0);
  float x = in[get_global_id(0)];
  for (int i = 0; i < n; ++i) x = x * a + b;
  float acc = 0.0f;
  for (int k = 0; k < 4; ++k) {
    float y = 0.0f;
    for (int j = 0; j < 20; ++j) y += x;
    acc += y;
  }
  float z = 0.0f;
  for (int k = 0; k < 3; ++k) {
    z = x;
    for (int j = 0; j < 30; ++j) z = z * 0.5f + 1.0f;
    acc += z;
  }
  acc += poly(x, 0.5f);
  out[get_global_id(0)] = acc;
}
