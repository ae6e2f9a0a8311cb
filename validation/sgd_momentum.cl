// One step of stochastic gradient descent with momentum on the PARAMS
// parameters of a small layer (a few hundred): a launch of a few hundred
// work-items whose own work takes far less than the launch.
// Analytic counts, per parameter: mu * v[i] + grad[i] 2 FLOPs and 8 B
// loaded; v[i] 4 B stored; w[i] -= lr * vi 2 FLOPs, 4 B loaded and stored.
// In all: 4 PARAMS FLOPs (float), 0 INTOPs, global loads 12 PARAMS, stores
// 8 PARAMS bytes.
//
// roofline: --kernel sgd_momentum --global PARAMS --local 64 -D PARAMS=384
// roofline: --arg w=float[PARAMS]:random --arg v=float[PARAMS]:zeros --arg grad=float[PARAMS]:random
// roofline: --arg lr=float:0.01 --arg mu=float:0.9
__kernel void sgd_momentum(__global float* w, __global float* v, __global const float* grad, const float lr, const float mu) {
  const int i = get_global_id(0);
  const float vi = mu * v[i] + grad[i];
  v[i] = vi;
  w[i] -= lr * vi;
}
