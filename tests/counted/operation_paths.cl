// Paths of dependent floating-point operations (instrument/chain_writer), the
// same in each of 16 work-items:
//  - q = vload4(...) is a load: 0; s = q.x + q.y reads components (0): 1;
//  - 10 turns of t = (t * s + 1.0f) * 0.5f: a contracted multiply-add, then
//    a multiply, 2 a turn after the larger of t's and s's: 3 at the first,
//    21 after the tenth;
//  - u = t / s: 22; w = u - t * t, a contracted multiply-subtract: 23;
//  - v = (float4)(0.0f) 0; v.y += w * w one after w: 24, v's longest component;
//  - z = w * s + u * u: Clang contracts the left multiply (fmuladd(w, s, u * u)),
//    one after the larger of w (23), s and u * u (23): 24, not 25;
//  - out[...] = v.y + t is memory.
// The longest 24 in each work-item, 384 in all. Per work-item: FLOPs s 1, the
// turns 3 each (30), u 1, w 2, v.y 2, z 3, the store's add 1: 40 (640); ++k 10
// INTOPs (160); a float division (div float, 16); 16 B loaded (256), 4 B
// stored (64).
// roofline: --global 16 --local 8 --arg in=float[64]:ones --arg out=float[16]:zeros
__kernel void operation_paths(__global const float* in, __global float* out) {
  const float4 q = vload4(get_global_id(0), in);
  const float s = q.x + q.y;
  float t = 0.0f;
  for (int k = 0; k < 10; ++k) t = (t * s + 1.0f) * 0.5f;
  const float u = t / s;
  const float w = u - t * t;
  float4 v = (float4)(0.0f);
  v.y += w * w;
  const float z = w * s + u * u;
  out[get_global_id(0)] = v.y + t;
}
