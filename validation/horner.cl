// A polynomial of degree DEGREE - 1 evaluated at POINTS points by Horner's
// rule, its coefficients in constant memory (every work-item reads the same
// one at each step): each step's multiply-add needs the one before, and a
// few thousand points leave a GPU's cores mostly idle.
// Analytic counts, per point: x[i] 4 B loaded; degree - 1 1 INTOP; per step
// (DEGREE of them) mad 2 FLOPs, coeff[k] 4 B constant load, k-- 1 INTOP;
// y[i] 4 B stored. In all: 2 DEGREE POINTS FLOPs (float), POINTS (DEGREE + 1)
// INTOPs, global loads 4 POINTS, constant loads 4 DEGREE POINTS, global
// stores 4 POINTS bytes.
//
// roofline: --kernel horner --global POINTS --local 64 -D POINTS=2048 -D DEGREE=8192
// roofline: --arg x=float[POINTS]:random --arg coeff=float[DEGREE]:random --arg y=float[POINTS]:zeros
// roofline: --arg degree=int:DEGREE
__kernel void horner(__global const float* x, __constant float* coeff, __global float* y, const int degree) {
  const size_t i = get_global_id(0);
  const float xi = x[i];
  float p = 0.0f;
  for (int k = degree - 1; k >= 0; k--) p = mad(p, xi, coeff[k]);
  y[i] = p;
}
