// Damped harmonic oscillators, one per work-item, integrated for STEPS time
// steps with symplectic Euler: every step's velocity needs the position of
// the step before and the position the new velocity, one dependent chain of
// multiply-adds per work-item. With ITEMS = 1024 a GPU holds every work-item
// at once and still waits on the chain.
// Analytic counts, per work-item: x0, v0, k loaded (12 B); -k[i] * dt 1
// FLOP; per step v * damping 1 and two mad 4 FLOPs, s++ 1 INTOP; out[i] 8 B
// stored. In all: ITEMS (5 STEPS + 1) FLOPs (float), ITEMS STEPS INTOPs,
// global loads 12 ITEMS, stores 8 ITEMS bytes.
//
// roofline: --kernel oscillate --global ITEMS --local 64 -D ITEMS=1024 -D STEPS=65536
// roofline: --arg x0=float[ITEMS]:random --arg v0=float[ITEMS]:zeros --arg k=float[ITEMS]:random
// roofline: --arg out=float2[ITEMS]:zeros --arg dt=float:0.001 --arg damping=float:0.9999
__kernel void oscillate(__global const float* x0, __global const float* v0, __global const float* k,
                        __global float2* out, const float dt, const float damping) {
  const size_t i = get_global_id(0);
  float x = x0[i];
  float v = v0[i];
  const float kdt = -k[i] * dt;
  for (int s = 0; s < STEPS; s++) {
    v = mad(kdt, x, v * damping);
    x = mad(dt, v, x);
  }
  out[i] = (float2)(x, v);
}
