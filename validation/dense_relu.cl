// A small dense layer with ReLU, y = max(W x + b, 0), OUT outputs of IN
// inputs (256 x 256), one output per work-item: a launch of a few hundred
// work-items, each a dot product of IN steps down its row of W (neighbouring
// work-items IN x 4 bytes apart).
// Analytic counts, per output: b[row] 4 B; per input W's index 2 INTOPs, k++
// 1, W and x 8 B loaded, mad 2 FLOPs; y 4 B stored. In all: 2 OUT IN FLOPs
// (float), 3 OUT IN INTOPs, global loads OUT (8 IN + 4), stores 4 OUT bytes.
//
// roofline: --kernel dense_relu --global OUT --local 64 -D OUT=256 -D IN=256
// roofline: --arg W=float[OUT*IN]:random --arg x=float[IN]:random --arg b=float[OUT]:random --arg y=float[OUT]:zeros
__kernel void dense_relu(__global const float* W, __global const float* x, __global const float* b, __global float* y) {
  const int row = get_global_id(0);
  float acc = b[row];
  for (int k = 0; k < IN; k++) acc = mad(W[row * IN + k], x[k], acc);
  y[row] = max(acc, 0.0f);
}
