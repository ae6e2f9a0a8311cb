#!/usr/bin/env python3
"""A small pyopencl application traced by the capture tests: three kernels
through the interpreter (an elementwise kernel, a kernel with a scalar and a
__local argument, pyopencl's own reduction), launched a few times. It prints
its results; a traced run must print the same."""
import numpy as np
import pyopencl as cl
import pyopencl.array as cla
import pyopencl.reduction

SOURCE = """
kernel void saxpy(global float* y, global const float* x, float a) {
  size_t i = get_global_id(0);
  y[i] = a * x[i] + y[i];
}
kernel void block_sum(global const float* x, global float* out, local float* scratch) {
  size_t l = get_local_id(0), n = get_local_size(0);
  scratch[l] = x[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = n / 2; s > 0; s /= 2) {
    if (l < s) scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) out[get_group_id(0)] = scratch[0];
}
"""


def main():
    platform = next(p for p in cl.get_platforms() if p.get_devices(cl.device_type.CPU))
    ctx = cl.Context(platform.get_devices(cl.device_type.CPU)[:1])
    queue = cl.CommandQueue(ctx)
    n, local = 1 << 14, 64
    x = np.arange(n, dtype=np.float32) * np.float32(0.25)
    y = np.ones(n, dtype=np.float32)
    mf = cl.mem_flags
    x_buf = cl.Buffer(ctx, mf.READ_ONLY | mf.COPY_HOST_PTR, hostbuf=x)
    y_buf = cl.Buffer(ctx, mf.READ_WRITE | mf.COPY_HOST_PTR, hostbuf=y)
    sums = cl.Buffer(ctx, mf.WRITE_ONLY, n // local * 4)
    program = cl.Program(ctx, SOURCE).build(options=["-DUNUSED=1"])
    saxpy = program.saxpy
    for _ in range(5):
        saxpy(queue, (n,), None, y_buf, x_buf, np.float32(2.0))
    program.block_sum(queue, (n,), (local,), y_buf, sums, cl.LocalMemory(local * 4))
    out = np.empty(n // local, dtype=np.float32)
    cl.enqueue_copy(queue, out, sums)
    total = cl.reduction.ReductionKernel(ctx, np.float32, neutral="0", reduce_expr="a+b", map_expr="x[i]",
                                         arguments="__global const float *x")(cla.to_device(queue, x)).get()
    queue.finish()
    print("block sums %.6g" % float(out.astype(np.float64).sum()))
    print("reduction %.6g" % float(total))


if __name__ == "__main__":
    main()
