// A 27-point smoothing stencil on the interior of a W^3 grid (the launch
// covers the INNER^3 = (W-2)^3 interior points, offset by one), each
// neighbour weighted by its distance class: weight[0] the centre, [1] the 6
// faces, [2] the 12 edges, [3] the 8 corners, the weights in constant memory.
// Analytic counts, P = INNER^3 points, per point: x, y, z, nx, ny, plane, c
// 10 INTOPs; the loops: dz++ 3, dy++ 9, dx++ 27 INTOPs; per neighbour (27)
// the weight's index dx*dx + dy*dy + dz*dz 5 INTOPs and the element's c + dz
// * plane + dy * nx + dx 5 INTOPs, 4 B constant and 4 B global load, * and +=
// 2 FLOPs; out[c] 4 B stored. In all: 54 P FLOPs (float), 319 P INTOPs,
// global loads 108 P, constant loads 108 P, global stores 4 P bytes.
//
// roofline: --kernel smooth27 --global INNER,INNER,INNER --local 32,8,1 -D W=258 -D INNER=256
// roofline: --arg in=float[W*W*W]:random --arg out=float[W*W*W]:zeros --arg weight=float[4]:random
__kernel void smooth27(__global const float* in, __global float* out, __constant float* weight) {
  const int x = get_global_id(0) + 1;
  const int y = get_global_id(1) + 1;
  const int z = get_global_id(2) + 1;
  const int nx = get_global_size(0) + 2;
  const int ny = get_global_size(1) + 2;
  const int plane = nx * ny;
  const int c = (z * ny + y) * nx + x;
  float sum = 0.0f;
  for (int dz = -1; dz <= 1; dz++)
    for (int dy = -1; dy <= 1; dy++)
      for (int dx = -1; dx <= 1; dx++)
        sum += weight[dx * dx + dy * dy + dz * dz] * in[c + dz * plane + dy * nx + dx];
  out[c] = sum;
}
