// Kernel launch overhead: a kernel that does nothing, launched over growing
// work-item counts by src/benchmark/transfer_benchmark.cpp. It keeps a buffer
// argument (and writes nothing to it) so that drivers do not take a special
// path for argument-less kernels; what is timed is the launch itself plus the
// runtime's cost of walking the work-items and work-groups.
__kernel void empty(__global uint* out) {}
