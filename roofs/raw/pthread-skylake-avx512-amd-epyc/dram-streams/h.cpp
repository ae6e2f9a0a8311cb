#define CL_HPP_TARGET_OPENCL_VERSION 300
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <fstream>
#include <sstream>
#include <iostream>
#include <algorithm>
#include <vector>
#include <chrono>
#include <cstdlib>
int main(int argc, char** argv) {
  std::vector<cl::Platform> ps; cl::Platform::get(&ps);
  cl::Device dev; for (auto& p : ps) { std::vector<cl::Device> ds; p.getDevices(CL_DEVICE_TYPE_CPU, &ds); if (!ds.empty()) dev = ds[0]; }
  cl::Context ctx(dev); cl::CommandQueue q(ctx, dev, CL_QUEUE_PROFILING_ENABLE);
  std::ifstream f("k.cl"); std::stringstream ss; ss << f.rdbuf();
  size_t bytes = size_t(256) << 20; size_t n16 = bytes / 64;
  void* host = std::aligned_alloc(2 << 20, bytes); memset(host, 1, bytes);
  cl::Buffer buf(ctx, CL_MEM_READ_ONLY | CL_MEM_USE_HOST_PTR, bytes, host);
  cl::Buffer out(ctx, CL_MEM_WRITE_ONLY, 4096 * 4);
  struct V { std::string k; int loads; size_t items; };
  std::vector<V> vs;
  for (int loads : {8, 16}) for (size_t items : {4, 16}) { vs.push_back({"read_one", loads, items}); vs.push_back({"read_streams", loads, items}); }
  std::vector<std::vector<double>> best(vs.size());
  for (int round = 0; round < 8; ++round)
  for (size_t i = 0; i < vs.size(); ++i) {
    auto& v = vs[i];
    cl::Program p(ctx, ss.str()); p.build({dev}, ("-DLOADS=" + std::to_string(v.loads)).c_str());
    cl::Kernel k(p, v.k.c_str());
    unsigned per = n16 / v.items;
    k.setArg(0, buf); k.setArg(1, out); k.setArg(2, per);
    double b = 0;
    for (int r = 0; r < 5; ++r) {
      cl::Event e; q.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(v.items), cl::NDRange(1), nullptr, &e); e.wait();
      double t = (e.getProfilingInfo<CL_PROFILING_COMMAND_END>() - e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) * 1e-9;
      b = std::max(b, bytes / t / 1e9);
    }
    best[i].push_back(b);
  }
  for (size_t i = 0; i < vs.size(); ++i) { auto x = best[i]; std::sort(x.begin(), x.end());
    std::cout << vs[i].k << " loads=" << vs[i].loads << " items=" << vs[i].items << " median-of-round-best " << x[x.size()/2] << " max " << x.back() << "\n"; }
}
