// One Jacobi step of the 3D heat equation, the 7-point stencil, on the
// interior of a W^3 grid: the launch covers the INNER^3 = (W-2)^3 interior
// points, offset by one. Neighbouring z-planes are W^2 elements apart, so a
// plane read by one work-group is read again by the groups of the next and
// previous planes.
// Analytic counts, P = INNER^3 points, per point: x, y, z 1 INTOP each, nx,
// ny 1 each, plane 1, c 4, the six neighbours' indices 6; 7 loads of 4 B and
// 1 store of 4 B; 5 adds of the neighbours, 6.0f * center, the subtraction,
// alpha * (...), center + ... 9 FLOPs. In all: 9 P FLOPs (float), 16 P
// INTOPs, global loads 28 P, stores 4 P bytes.
//
// roofline: --kernel heat7 --global INNER,INNER,INNER --local 32,8,1 -D W=386 -D INNER=384
// roofline: --arg in=float[W*W*W]:random --arg out=float[W*W*W]:zeros --arg alpha=float:0.1
__kernel void heat7(__global const float* in, __global float* out, const float alpha) {
  const int x = get_global_id(0) + 1;
  const int y = get_global_id(1) + 1;
  const int z = get_global_id(2) + 1;
  const int nx = get_global_size(0) + 2;
  const int ny = get_global_size(1) + 2;
  const int plane = nx * ny;
  const int c = (z * ny + y) * nx + x;
  const float center = in[c];
  const float sum = in[c - 1] + in[c + 1] + in[c - nx] + in[c + nx] + in[c - plane] + in[c + plane];
  out[c] = center + alpha * (sum - 6.0f * center);
}
