// Reproducer: does an OpenCL device run every iteration of a long loop, and
// do its profiling stamps time the launch?
//
// Runs the kernels of loop_limit.cl with loop counts below and above 65535
// on every OpenCL device (or those whose device or platform name contains
// --device's text), recomputes each work-item's result on the host, and
// prints, per case, how many iterations the device really ran (found by
// stepping the host's generator until it meets the device's value), the
// launch's END - START profiling stamps and the host's time around it.
//
//   loop_limit [--device TEXT] [--kernel PATH]
//
// Exit status: 0 when every device ran every case correctly, 1 when a device
// produced a wrong result, 2 on an OpenCL or usage error. The stamps are
// printed, not judged. README.md beside this file says what it found on
// Mesa's Rusticl.
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef LOOP_LIMIT_CL
#define LOOP_LIMIT_CL "loop_limit.cl"
#endif

enum { kItems = 64 };                     // work-items per launch, one work-group of 8 each
static const cl_uint kA = 1664525u;       // Numerical Recipes' generator: full period 2^32
static const cl_uint kC = 1013904223u;

struct Case {
  const char* kernel;
  cl_uint p, q;          // one_loop: n; nested_loops: outer, inner; two_loops: n1, n2
  uint64_t iterations;   // the iterations the source asks for
};

static const struct Case kCases[] = {
    {"one_loop", 1000, 0, 1000},
    {"one_loop", 65535, 0, 65535},
    {"one_loop", 65536, 0, 65536},
    {"one_loop", 100000, 0, 100000},
    {"one_loop", 1000000, 0, 1000000},
    {"nested_loops", 16, 4000, 64000},
    {"nested_loops", 16, 4096, 65536},
    {"nested_loops", 256, 1024, 262144},
    {"two_loops", 40000, 40000, 80000},
};

static void die(const char* what, cl_int err) {
  fprintf(stderr, "loop_limit: %s failed: OpenCL error %d\n", what, (int)err);
  exit(2);
}
#define CHECK(call)                        \
  do {                                     \
    cl_int err_ = (call);                  \
    if (err_ != CL_SUCCESS) die(#call, err_); \
  } while (0)

static char* read_file(const char* path) {
  FILE* f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "loop_limit: cannot read %s\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char* s = malloc((size_t)n + 1);
  if (!s || fread(s, 1, (size_t)n, f) != (size_t)n) exit(2);
  s[n] = 0;
  fclose(f);
  return s;
}

static cl_uint step(cl_uint x) { return kA * x + kC; }

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1e3 + t.tv_nsec * 1e-6;
}

// How many steps from x0 give `got`, searching up to `limit`; -1 if none does.
static int64_t iterations_ran(cl_uint x0, cl_uint got, uint64_t limit) {
  cl_uint x = x0;
  for (uint64_t k = 0; k <= limit; ++k) {
    if (x == got) return (int64_t)k;
    x = step(x);
  }
  return -1;
}

static void text_info(cl_device_id d, cl_device_info what, char* buf, size_t n) {
  CHECK(clGetDeviceInfo(d, what, n, buf, NULL));
}

// Runs every case on one device; returns the number of wrong cases.
static int run_device(cl_platform_id p, cl_device_id d, const char* source) {
  char platform[256], name[256], version[256], driver[256];
  CHECK(clGetPlatformInfo(p, CL_PLATFORM_NAME, sizeof platform, platform, NULL));
  text_info(d, CL_DEVICE_NAME, name, sizeof name);
  text_info(d, CL_DEVICE_VERSION, version, sizeof version);
  text_info(d, CL_DRIVER_VERSION, driver, sizeof driver);
  printf("device: %s (platform %s; %s; driver %s)\n", name, platform, version, driver);

  cl_int err;
  cl_context ctx = clCreateContext(NULL, 1, &d, NULL, NULL, &err);
  if (err) die("clCreateContext", err);
  cl_command_queue q = clCreateCommandQueue(ctx, d, CL_QUEUE_PROFILING_ENABLE, &err);
  if (err) die("clCreateCommandQueue", err);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
  if (err) die("clCreateProgramWithSource", err);
  if (clBuildProgram(prog, 1, &d, "", NULL, NULL) != CL_SUCCESS) {
    char log[16384] = "";
    clGetProgramBuildInfo(prog, d, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "loop_limit: the kernels do not build on %s:\n%s\n", name, log);
    exit(2);
  }
  cl_mem out = clCreateBuffer(ctx, CL_MEM_WRITE_ONLY, sizeof(cl_uint) * kItems, NULL, &err);
  if (err) die("clCreateBuffer", err);

  printf("  %-13s %8s %8s %10s  %-6s %10s %12s %10s\n", "kernel", "p", "q", "asked", "result", "ran (wi 0)",
         "END-START ns", "host ms");
  int wrong_cases = 0;
  for (size_t c = 0; c < sizeof kCases / sizeof kCases[0]; ++c) {
    const struct Case* k = &kCases[c];
    cl_kernel kern = clCreateKernel(prog, k->kernel, &err);
    if (err) die("clCreateKernel", err);
    // one_loop takes (n, a, c); the others (p, q, a, c).
    const int one = strcmp(k->kernel, "one_loop") == 0;
    const cl_uint args[2][4] = {{k->p, k->q, kA, kC}, {k->p, kA, kC, 0}};
    CHECK(clSetKernelArg(kern, 0, sizeof out, &out));
    for (int i = 0; i < (one ? 3 : 4); ++i) CHECK(clSetKernelArg(kern, (cl_uint)i + 1, sizeof(cl_uint), &args[one][i]));
    const size_t global = kItems, local = 8;
    cl_event ev;
    const double t0 = now_ms();
    CHECK(clEnqueueNDRangeKernel(q, kern, 1, NULL, &global, &local, 0, NULL, &ev));
    CHECK(clWaitForEvents(1, &ev));
    const double host_ms = now_ms() - t0;
    cl_ulong start = 0, end = 0;
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, sizeof start, &start, NULL));
    CHECK(clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, sizeof end, &end, NULL));
    clReleaseEvent(ev);
    cl_uint got[kItems];
    CHECK(clEnqueueReadBuffer(q, out, CL_TRUE, 0, sizeof got, got, 0, NULL, NULL));
    int wrong_items = 0;
    for (cl_uint g = 0; g < kItems; ++g) {
      cl_uint want = g;
      for (uint64_t i = 0; i < k->iterations; ++i) want = step(want);
      wrong_items += got[g] != want;
    }
    const int64_t ran = iterations_ran(0, got[0], k->iterations);
    char ran_text[64];
    if (ran < 0)
      snprintf(ran_text, sizeof ran_text, "none");
    else
      snprintf(ran_text, sizeof ran_text, "%lld", (long long)ran);
    printf("  %-13s %8u %8u %10llu  %-6s %10s %12llu %10.3f", k->kernel, k->p, k->q, (unsigned long long)k->iterations,
           wrong_items ? "WRONG" : "ok", ran_text, (unsigned long long)(end - start), host_ms);
    if (wrong_items) printf("  (%d of %d work-items wrong)", wrong_items, kItems);
    printf("\n");
    wrong_cases += wrong_items != 0;
    clReleaseKernel(kern);
  }
  clReleaseMemObject(out);
  clReleaseProgram(prog);
  clReleaseCommandQueue(q);
  clReleaseContext(ctx);
  return wrong_cases;
}

int main(int argc, char** argv) {
  const char* only = NULL;
  const char* path = LOOP_LIMIT_CL;
  for (int i = 1; i < argc; ++i) {
    if (strcmp(argv[i], "--device") == 0 && i + 1 < argc)
      only = argv[++i];
    else if (strcmp(argv[i], "--kernel") == 0 && i + 1 < argc)
      path = argv[++i];
    else {
      fprintf(stderr, "usage: loop_limit [--device TEXT] [--kernel PATH]\n");
      return 2;
    }
  }
  char* source = read_file(path);
  cl_uint np = 0;
  if (clGetPlatformIDs(0, NULL, &np) != CL_SUCCESS || np == 0) {
    fprintf(stderr, "loop_limit: no OpenCL platform\n");
    return 2;
  }
  cl_platform_id platforms[16];
  if (np > 16) np = 16;
  CHECK(clGetPlatformIDs(np, platforms, NULL));
  int devices = 0, wrong = 0;
  for (cl_uint p = 0; p < np; ++p) {
    cl_uint nd = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, 0, NULL, &nd) != CL_SUCCESS || nd == 0) continue;
    cl_device_id ds[16];
    if (nd > 16) nd = 16;
    CHECK(clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_ALL, nd, ds, NULL));
    for (cl_uint d = 0; d < nd; ++d) {
      char name[256], platform[256];
      text_info(ds[d], CL_DEVICE_NAME, name, sizeof name);
      CHECK(clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof platform, platform, NULL));
      if (only && !strstr(name, only) && !strstr(platform, only)) continue;
      ++devices;
      wrong += run_device(platforms[p], ds[d], source) != 0;
    }
  }
  free(source);
  if (devices == 0) {
    fprintf(stderr, "loop_limit: no device%s%s\n", only ? " named like " : "", only ? only : "");
    return 2;
  }
  printf("%d device(s), %d with wrong results\n", devices, wrong);
  return wrong ? 1 : 0;
}
