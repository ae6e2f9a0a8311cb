#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_MINIMUM_OPENCL_VERSION 110
#define CL_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <chrono>
#include <cstdio>
#include <vector>
const char* src = R"CLC(
__kernel void read_chunk(__global const uint8* restrict src, __global uint* restrict out, const uint n) {
  const size_t gid = get_global_id(0);
  uint8 acc[8];
  for (int l = 0; l < 8; ++l) acc[l] = (uint8)(0);
  for (uint j = 0; j < n; j += 8)
    for (int l = 0; l < 8; ++l) acc[l] += src[gid * n + j + l];
  uint8 t = acc[0]; for (int l = 1; l < 8; ++l) t += acc[l];
  out[gid] = t.s0 + t.s1;
}
)CLC";
int main(int argc, char** argv) {
  double secs = argc > 1 ? atof(argv[1]) : 20;
  size_t g = argc > 2 ? atoi(argv[2]) : 4;
  std::vector<cl::Platform> ps; cl::Platform::get(&ps);
  std::vector<cl::Device> ds; ps[0].getDevices(CL_DEVICE_TYPE_CPU, &ds);
  cl::Device dev = ds[0]; cl::Context ctx(dev); cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  const size_t bytes = 256u << 20;
  cl::Buffer a(ctx, CL_MEM_READ_WRITE, bytes), out(ctx, CL_MEM_WRITE_ONLY, 1 << 20);
  std::vector<unsigned> h(bytes / 4, 1); q.enqueueWriteBuffer(a, CL_TRUE, 0, bytes, h.data());
  cl::Program p(ctx, src); p.build({dev});
  cl::Kernel k(p, "read_chunk"); k.setArg(0, a); k.setArg(1, out);
  unsigned per = bytes / 32 / g / 8 * 8; k.setArg(2, per);
  auto t0 = std::chrono::steady_clock::now();
  for (;;) {
    cl::Event e; q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(g), cl::NDRange(1), nullptr, &e); e.wait();
    double t = (e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
    double now = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    printf("%.3f %.2f\n", now, double(per) * g * 32 / t / 1e9);
    if (now > secs) break;
  }
}
