// How long an OpenCL driver takes to build the compute kernels of a --quick
// build (issue 29): one program per variant, one after another (what
// ProgramCache does today); the same programs built from T threads at once;
// and one program per (op, type, width) holding every chain shape and count
// as kernels of their own. Run each mode in its own process with a fresh
// compiler cache (NVIDIA: CUDA_CACHE_PATH, HOME) to see a fresh machine.
// usage: compile_cost KERNEL_DIR MODE [THREADS]   MODE: each | threads | joined | joined-threads
#include <CL/opencl.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// compute.cl with its #include "common.h" replaced by the file, as ProgramCache does.
std::string source(const std::string& dir, bool with_common) {
  std::string cl = read(dir + "/compute.cl");
  const std::string inc = "#include \"common.h\"";
  cl.replace(cl.find(inc), inc.size(), with_common ? read(dir + "/common.h") : "");
  return cl;
}

struct Variant {
  std::string op, scalar;
  int width, shape, chains;
};

// The GPU --quick plan's variants (benchmark/plan.cpp chain_candidates, compute_reference shapes_for).
std::vector<Variant> quick_variants() {
  std::vector<Variant> v;
  for (std::string op : {"add", "mad"})
    for (std::string t : {"uint", "float", "double"})
      for (int w : {1, 2, 4, 8, 16}) {
        std::vector<int> shapes = op == "mad" ? std::vector<int>{1, 2} : t == "uint" ? std::vector<int>{4} : std::vector<int>{3};
        for (int shape : shapes)
          for (int c : {1, 2, 4, 8, 16}) {
            const int lanes = c * w * (shape == 4 ? 2 : 1);
            if (c == 1 || (lanes <= 64 && c <= 4)) v.push_back({op, t, w, shape, c});
          }
      }
  return v;
}

std::string vt(const std::string& s, int w) { return w == 1 ? s : s + std::to_string(w); }

std::string common_options(const Variant& v) {
  std::string o = "-cl-std=CL1.2 -DST=" + v.scalar + " -DVT=" + vt(v.scalar, v.width) + " -DW=" + std::to_string(v.width) +
                  " -DPATTERNS=4";
  if (v.op == "mad") o += " -cl-mad-enable";
  if (v.scalar == "double") o += " -DUSE_FP64";
  return o;
}

double now() { return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count(); }

void build(const cl::Context& ctx, const cl::Device& dev, const std::string& src, const std::string& opts) {
  cl::Program p(ctx, src);
  try {
    p.build({dev}, opts.c_str());
  } catch (const cl::Error&) {
    std::fprintf(stderr, "build failed (%s): %s\n", opts.c_str(), p.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str());
    std::exit(1);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const std::string dir = argv[1], mode = argv[2];
  const int threads = argc > 3 ? std::atoi(argv[3]) : 8;
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  cl::Device dev;
  for (auto& p : platforms) {
    std::vector<cl::Device> ds;
    p.getDevices(CL_DEVICE_TYPE_GPU, &ds);
    if (!ds.empty()) { dev = ds[0]; break; }
  }
  if (!dev()) {  // no GPU: the first device of any type (PoCL, for a try on the development machine)
    std::vector<cl::Device> ds;
    platforms.at(0).getDevices(CL_DEVICE_TYPE_ALL, &ds);
    dev = ds.at(0);
  }
  std::printf("%s\n", dev.getInfo<CL_DEVICE_NAME>().c_str());
  cl::Context ctx(dev);
  const std::vector<Variant> vs = quick_variants();
  const double t0 = now();

  // The programs to build: source and options.
  std::vector<std::pair<std::string, std::string>> jobs;
  if (mode == "each" || mode == "threads") {
    const std::string src = source(dir, true);
    for (const Variant& v : vs)
      jobs.push_back({src, common_options(v) + " -DCHAINS=" + std::to_string(v.chains) + " -DSHAPE=" + std::to_string(v.shape)});
  } else {  // joined, joined-threads: one program per (op, type, width), a kernel per shape and chain count
    const std::string common = read(dir + "/common.h"), body = source(dir, false);
    for (std::size_t i = 0; i < vs.size();) {
      std::size_t j = i;
      std::string src = "#define CHAINS 1\n" + common;
      while (j < vs.size() && vs[j].op == vs[i].op && vs[j].scalar == vs[i].scalar && vs[j].width == vs[i].width) {
        src += "#undef SHAPE\n#undef CHAINS\n#undef STEP\n#undef compute\n#define SHAPE " + std::to_string(vs[j].shape) +
               "\n#define CHAINS " + std::to_string(vs[j].chains) + "\n#define compute compute_" + std::to_string(vs[j].shape) +
               "_" + std::to_string(vs[j].chains) + "\n" + body;
        ++j;
      }
      jobs.push_back({src, common_options(vs[i])});
      i = j;
    }
  }
  const bool threaded = mode == "threads" || mode == "joined-threads";
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    for (std::size_t i; (i = next++) < jobs.size();) build(ctx, dev, jobs[i].first, jobs[i].second);
  };
  if (!threaded) work();
  else {
    std::vector<std::thread> ts;
    for (int t = 0; t < threads; ++t) ts.emplace_back(work);
    for (auto& t : ts) t.join();
  }
  const std::size_t programs = jobs.size();
  std::printf("%s threads=%d variants=%zu programs=%zu seconds=%.2f\n", mode.c_str(), threaded ? threads : 1,
              vs.size(), programs, now() - t0);
}
