// BabelStream's triad: every statement at the kernel's top level, so every
// charge is made once by every work-item, and the counting wrapper adds them
// for the whole NDRange (no counter, no work-group sum).
// Per work-item: b[i] + 0.4 * c[i], 2 double FLOPs and 16 B loaded; a[i], 8 B
// stored. 64 work-items: 128 FLOPs, 1024 B loaded, 512 B stored.
// roofline: --global 64 --local 16 --arg a=double[64] --arg b=double[64]:ones --arg c=double[64]:ones
__kernel void triad(__global double* a, __global const double* b, __global const double* c) {
  const size_t i = get_global_id(0);
  a[i] = b[i] + 0.4 * c[i];
}
