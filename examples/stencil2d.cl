// 5-point 2D stencil (Jacobi step) over the interior of a W x W grid: the
// launch covers the (W-2) x (W-2) interior points, offset by one.
// Analytic counts, P = (W-2)^2 points: 6 P FLOPs (float: 3 adds of the
// neighbours, 2 multiplies, 1 add); global loads 20 P, stores 4 P bytes.
//
// roofline: --kernel stencil5 --global INNER,INNER --local 16,16 -D W=4098 -D INNER=4096
// roofline: --arg in=float[W*W]:random --arg out=float[W*W]:zeros --arg width=int:W --arg c0=float:0.5 --arg c1=float:0.125
__kernel void stencil5(const __global float* in, __global float* out, const int width, const float c0, const float c1) {
  const int x = get_global_id(0) + 1;
  const int y = get_global_id(1) + 1;
  const int c = y * width + x;
  out[c] = c0 * in[c] + c1 * (in[c - 1] + in[c + 1] + in[c - width] + in[c + width]);
}
