// Black-Scholes prices of European call and put options, one option per
// work-item (after the NVIDIA OpenCL SDK sample): a polynomial approximation
// of the cumulative normal distribution and five math functions per option.
// Inputs: spot prices S in [0, 30), strikes X in [0, 100), maturities T in
// [0, 10) years, riskless rate r and volatility v.
// Analytic counts, per option:
// - S, X, T loaded (12 B); sqrt(t) 1 FLOP; d1: s / x 1, log 1, 0.5f * v * v
//   2, r + 1, * t 1, + 1, v * sqrt_t 1, / 1: 9 FLOPs; d2 2 FLOPs;
// - cnd (twice): k 3 FLOPs (*, +, /), the polynomial 9 (5 *, 4 +),
//   -0.5f * d * d 2, exp 1, two * 2, select's 1.0f - c 1: 18 FLOPs each;
// - the discount exp(-r * t) 2 FLOPs; the call 4 and the put 6 FLOPs, 8 B
//   stored.
// In all: 60 OPTIONS FLOPs (float), 0 INTOPs, global loads 12 OPTIONS, stores
// 8 OPTIONS bytes; math calls per option: sqrt 1, log 1, exp 3, div 4, and
// fabs 2 (in seed 000's table of math functions, though no FLOP) (float).
//
// roofline: --kernel black_scholes --global OPTIONS --local 256 -D OPTIONS=8388608
// roofline: --arg call=float[OPTIONS]:zeros --arg put=float[OPTIONS]:zeros --arg S=float[OPTIONS]:random=30
// roofline: --arg X=float[OPTIONS]:random=100 --arg T=float[OPTIONS]:random=10 --arg r=float:0.02 --arg v=float:0.3
#define A1 0.31938153f
#define A2 (-0.356563782f)
#define A3 1.781477937f
#define A4 (-1.821255978f)
#define A5 1.330274429f
#define RSQRT2PI 0.39894228040143267793994605993438f

// The cumulative normal distribution (Abramowitz and Stegun 26.2.17).
float cnd(const float d) {
  const float k = 1.0f / (1.0f + 0.2316419f * fabs(d));
  const float poly = k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5))));
  const float c = RSQRT2PI * exp(-0.5f * d * d) * poly;
  return select(c, 1.0f - c, (int)(d > 0.0f));
}

__kernel void black_scholes(__global float* call, __global float* put, __global const float* S,
                            __global const float* X, __global const float* T, const float r, const float v) {
  const int i = get_global_id(0);
  const float s = S[i];
  const float x = X[i];
  const float t = T[i];
  const float sqrt_t = sqrt(t);
  const float d1 = (log(s / x) + (r + 0.5f * v * v) * t) / (v * sqrt_t);
  const float d2 = d1 - v * sqrt_t;
  const float cnd1 = cnd(d1);
  const float cnd2 = cnd(d2);
  const float discount = exp(-r * t);
  call[i] = s * cnd1 - x * discount * cnd2;
  put[i] = x * discount * (1.0f - cnd2) - s * (1.0f - cnd1);
}
