// Exponential smoothing (a first-order IIR filter) of CHANNELS interleaved
// signals of SAMPLES samples (sample t of channel c at t * channels + c), one
// channel per work-item: y[t] = alpha y[t-1] + (1 - alpha) x[t] is a
// recurrence along time, so each work-item walks its channel in order, one
// load and one store per step, with only CHANNELS work-items in flight.
// Analytic counts, per work-item: 1.0f - alpha 1 FLOP; per sample x 4 B
// loaded and y 4 B stored, beta * x and mad 3 FLOPs, the two indices 2
// INTOPs each and t++ 1 INTOP. In all: CHANNELS (3 SAMPLES + 1) FLOPs
// (float), 5 CHANNELS SAMPLES INTOPs, global loads and stores 4 CHANNELS
// SAMPLES bytes each.
//
// roofline: --kernel smooth --global CHANNELS --local 64 -D CHANNELS=4096 -D SAMPLES=4096
// roofline: --arg x=float[CHANNELS*SAMPLES]:random --arg y=float[CHANNELS*SAMPLES]:zeros
// roofline: --arg channels=int:CHANNELS --arg samples=int:SAMPLES --arg alpha=float:0.9
__kernel void smooth(__global const float* x, __global float* y, const int channels, const int samples, const float alpha) {
  const int c = get_global_id(0);
  const float beta = 1.0f - alpha;
  float acc = 0.0f;
  for (int t = 0; t < samples; t++) {
    acc = mad(alpha, acc, beta * x[t * channels + c]);
    y[t * channels + c] = acc;
  }
}
