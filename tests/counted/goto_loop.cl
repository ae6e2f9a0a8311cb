// A label (a goto may jump back to it) leaves no charge counted once per
// work-item: every statement is counted as it runs.
// Per work-item: a[g] += 1.0f, 1 FLOP and 4 B loaded and stored; i = i + 1
// three times, 3 INTOPs (the comparisons count nothing). 64 work-items: 64
// FLOPs, 192 INTOPs, 256 B each way.
// roofline: --global 64 --local 16 --arg a=float[64]:zeros
__kernel void goto_loop(__global float* a) {
  int i = 0;
  a[get_global_id(0)] += 1.0f;
again:
  i = i + 1;
  if (i < 3) goto again;
}
