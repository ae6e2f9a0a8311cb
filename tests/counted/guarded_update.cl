// One float add, a 4-byte load and a 4-byte store, made by the 8 work-items
// of 64 that pass the condition: 8 FLOPs, 32 B each way. The counting wrapper
// sums only the three slots charged.
// roofline: --global 64 --local 16 --arg x=float[64]:zeros
__kernel void guarded_update(__global float* x) {
  if (get_global_id(0) < 8) x[get_global_id(0)] += 1.0f;
}
