// Calls of functions of the file inside macros get the counters, and the
// callee counts its own work where it runs; a conditional among a call's
// arguments charges its arm outside the call's own parentheses.
// 16 work-items. get() loads 4 B. out[i] = GET(i) + GETI + SQ(get(a, i)):
// four calls (16 B), two adds and a product (3 FLOPs), 4 B stored.
// out[i + 16] = add2(a[i], i < 4 ? a[i] : a[i + 1]): i + 16 1 INTOP, a[i]
// 4 B, the arm a[i] (4 B) for the 4 with i < 4, a[i + 1] (1 INTOP, 4 B) for
// the other 12; add2's add 1 FLOP; 4 B stored.
// In all: 64 FLOPs; 16 + 12 INTOPs; 256 + 64 + 64 B loaded; 128 B stored.
// roofline: --global 16 --local 16 --arg a=float[17]:iota --arg out=float[32]
float get(__global const float* p, int k) { return p[k]; }
float add2(float x, float y) { return x + y; }
#define GET(k) get(a, k)
#define GETI get(a, i)
#define SQ(e) ((e) * (e))
__kernel void macro_calls(__global const float* a, __global float* out) {
  int i = get_global_id(0);
  out[i] = GET(i) + GETI + SQ(get(a, i));
  out[i + 16] = add2(a[i], i < 4 ? a[i] : a[i + 1]);
}
