// A conditional inside a macro is charged in its own expanded copy, with no
// warning: PICK's arms one at a time, and each of the two copies of SQ's
// argument (once, both copies' charges went into both: every arm charged
// k^2 times).
// 16 work-items, c = 1. out[i] = PICK(c, p[1], p[2]): one arm, 4 B loaded,
// 4 B stored. out[i + 16] = SQ(...): i + 16 1 INTOP; each copy loads p[i]
// or p[i + 8] (4 B), the 8 with i >= 8 adding 1 INTOP per copy for i + 8;
// the product 1 FLOP; 4 B stored.
// In all: 16 FLOPs; 16 + 16 INTOPs; 64 + 128 B loaded, 128 B stored.
// roofline: --global 16 --local 16 --arg p=float[24]:iota --arg out=float[32] --arg c=int:1
#define PICK(c, x, y) ((c) ? (x) : (y))
#define SQ(e) ((e) * (e))
__kernel void macro_conditionals(__global const float* p, __global float* out, int c) {
  int i = get_global_id(0);
  out[i] = PICK(c, p[1], p[2]);
  out[i + 16] = SQ(i < 8 ? p[i] : p[i + 8]);
}
