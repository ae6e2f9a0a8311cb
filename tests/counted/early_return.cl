// Charges after a statement that may return are counted by the work-items
// that get there; the condition before the return is evaluated by all.
// 64 work-items, n = 48: i + 1 by all (64 INTOPs); a[i] * 2.0f, loaded and
// stored, by the 48 with i < 48 (48 FLOPs, 192 B each way).
// roofline: --global 64 --local 16 --arg a=float[64]:ones --arg n=int:48
__kernel void early_return(__global float* a, int n) {
  int i = get_global_id(0);
  if (i + 1 > n) return;
  a[i] = a[i] * 2.0f;
}
