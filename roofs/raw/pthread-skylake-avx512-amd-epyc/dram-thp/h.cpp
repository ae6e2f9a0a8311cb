// Transparent huge pages and the DRAM read rate under PoCL: the same kernel
// (../dram-streams/k.cl's read_streams, LOADS=8, 4 work-items of one: roofline's CPU DRAM read
// on this 2-core VM) over two 256 MiB buffers that differ only in how their
// host memory was obtained: both aligned_alloc(2 MiB) and CL_MEM_USE_HOST_PTR,
// one madvise(MADV_HUGEPAGE)d before it is first touched. The two alternate
// within every round; each round keeps the best of 5 launches per buffer.
// Build and run from this folder: g++ -O2 -o h h.cpp -lOpenCL && ./h
#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <sys/mman.h>
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

static long anon_huge_kb() {
  std::ifstream m("/proc/meminfo");
  for (std::string line; std::getline(m, line);)
    if (line.rfind("AnonHugePages:", 0) == 0) return std::stol(line.substr(14));
  return -1;
}

int main() {
  std::vector<cl::Platform> ps;
  cl::Platform::get(&ps);
  cl::Device dev;
  for (auto& p : ps) {
    std::vector<cl::Device> ds;
    p.getDevices(CL_DEVICE_TYPE_CPU, &ds);
    if (!ds.empty()) dev = ds[0];
  }
  cl::Context ctx(dev);
  cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  std::ifstream f("../dram-streams/k.cl");
  std::stringstream ss;
  ss << f.rdbuf();
  const size_t bytes = size_t(256) << 20, n16 = bytes / 64, items = 4;
  const long huge_before = anon_huge_kb();
  void* plain = std::aligned_alloc(2 << 20, bytes);
  void* huge = std::aligned_alloc(2 << 20, bytes);
  const int advised = madvise(huge, bytes, MADV_HUGEPAGE);
  std::memset(plain, 1, bytes);
  std::memset(huge, 1, bytes);
  std::cout << "madvise " << advised << ", AnonHugePages " << huge_before << " kB before, " << anon_huge_kb()
            << " kB after touching both buffers\n";
  cl::Buffer buf_plain(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, plain);
  cl::Buffer buf_huge(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, huge);
  cl::Buffer out(ctx, CL_MEM_WRITE_ONLY, 4096 * 4);
  cl::Program p(ctx, ss.str());
  p.build({dev}, "-DLOADS=8");
  cl::Kernel k(p, "read_streams");
  k.setArg(1, out);
  k.setArg(2, unsigned(n16 / items));
  std::vector<double> best_plain, best_huge;
  for (int round = 0; round < 10; ++round)
    for (int which = 0; which < 2; ++which) {
      k.setArg(0, which ? buf_huge : buf_plain);
      double b = 0;
      for (int r = 0; r < 5; ++r) {
        cl::Event e;
        q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(items), cl::NDRange(1), nullptr, &e);
        e.wait();
        const double t = (e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
        b = std::max(b, bytes / t / 1e9);
      }
      (which ? best_huge : best_plain).push_back(b);
    }
  std::vector<double> ratio;
  for (size_t i = 0; i < best_plain.size(); ++i) ratio.push_back(best_huge[i] / best_plain[i]);
  auto median = [](std::vector<double> x) { std::sort(x.begin(), x.end()); return x[x.size() / 2]; };
  std::cout << "plain: median of round-best " << median(best_plain) << " GB/s, max "
            << *std::max_element(best_plain.begin(), best_plain.end()) << "\n";
  std::cout << "huge:  median of round-best " << median(best_huge) << " GB/s, max "
            << *std::max_element(best_huge.begin(), best_huge.end()) << "\n";
  std::cout << "huge / plain per round: median " << median(ratio) << " (min " << *std::min_element(ratio.begin(), ratio.end())
            << ", max " << *std::max_element(ratio.begin(), ratio.end()) << ")\n";
}
