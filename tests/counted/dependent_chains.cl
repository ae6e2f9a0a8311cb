// Dependent chains (instrument/chain_writer): per work-item g of 32, the
// path of dependent floating-point operations into each variable,
//  - x: in[g] loaded (0), then n = 40 + g updates x = x * a + b, one
//    contracted multiply-add each: n (71 at g = 31); 2n FLOPs, n INTOPs
//    (++i), and 1 INTOP for n itself;
//  - y, declared (0) in each of 4 turns, 20 updates y += x: x's path passes
//    into y's, n + 20; acc += y one more than the larger: n + 21 ... n + 24
//    after the 4 turns; 80 + 4 FLOPs, 4 + 80 INTOPs;
//  - z: each of 3 turns assigns z = x (n) and makes 30 updates
//    z = z * 0.5f + 1.0f: n + 30; acc += z: n + 31, n + 32, n + 33;
//    180 + 3 FLOPs, 3 + 90 INTOPs;
//  - poly's parameter v starts at 0 (a call's own path is its own): 64
//    updates, 64; 128 FLOPs, 64 INTOPs; the call is one operation after its
//    argument x (n + 1), and acc += poly(...) n + 34; 1 FLOP.
// A work-item's longest is max(64, n + 34) = n + 34: 105 at g = 31, and
// 1776 + 32 * 34 = 2864 in all. Per work-item 2n + 396 FLOPs and
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
