// One step of an all-pairs n-body simulation (softened gravity, float4
// positions with the mass in w). Each work-item integrates one body.
// Analytic counts, N bodies: FLOPs 19 N^2 + 12 N (float; per interaction 3
// subtractions, dot of 3 lanes 5 + softening 1, rsqrt 1, 2 multiplies for
// r^-3, 1 for the mass, 3 multiplies and 3 adds into the acceleration; per
// body 6 for the velocity and 6 for the position); global loads
// 16 N^2 + 32 N, stores 32 N bytes.
//
// roofline: --kernel nbody_step --global BODIES --local 128 -D BODIES=16384
// roofline: --arg pos=float4[BODIES]:random --arg vel=float4[BODIES]:zeros --arg new_pos=float4[BODIES]:zeros
// roofline: --arg new_vel=float4[BODIES]:zeros --arg n=int:BODIES --arg dt=float:0.001 --arg eps2=float:0.01
__kernel void nbody_step(const __global float4* pos, const __global float4* vel, __global float4* new_pos,
                         __global float4* new_vel, const int n, const float dt, const float eps2) {
  const int i = get_global_id(0);
  const float4 pi = pos[i];
  float3 acc = (float3)(0.0f, 0.0f, 0.0f);
  for (int j = 0; j < n; j++) {
    const float4 pj = pos[j];
    const float3 d = pj.xyz - pi.xyz;
    const float r2 = dot(d, d) + eps2;
    const float inv = rsqrt(r2);
    const float inv3 = inv * inv * inv;
    acc += (pj.w * inv3) * d;
  }
  float4 v = vel[i];
  v.xyz += acc * dt;
  float4 p = pi;
  p.xyz += v.xyz * dt;
  new_pos[i] = p;
  new_vel[i] = v;
}
