// A small OpenCL application of the project's own, traced by the capture
// tests (test_capture.cpp) with and without the layer: it must print the same
// and exit the same either way. It uses what the capture has to handle: both
// queue-creation calls, an out-of-order queue, an event of its own and
// launches without one, a sub-buffer, a __local argument, a kernel cloned and
// kernels created in a program, a program from a binary, a user event gating
// a launch, a fill, a map, reads and writes, one signature launched many times
// and a last launch the application never waits for.
//
//   capture_app [--dump DIR] [--repeat N] [--threads T] [--fail-build] [--hang] [--copy] [--platform NAME]
//               [--size N] [--slow]
//
// --dump DIR writes what the application put in its buffers before each
// counted launch (DIR/<name>.bin), for the test to compare with the copies.
// --fail-build also builds a program with an error and prints the error code.
// --threads T also runs T threads at once, each launching touch 50 times on
// a kernel object, buffer and queue of its own.
// --hang stops after printing the results and waits to be killed.
// --copy also launches copy_only once: a kernel without operations.
// --platform NAME runs on the CPU device of the platform whose name contains
// NAME (default: the first platform with a CPU device), e.g. rusticl. On a
// device without out-of-order queues (llvmpipe) that queue is an in-order one.
// --size N launches the kernels over N items (a multiple of 64; default 4096)
// instead of 4096, for traces of one application at two sizes.
// --slow builds `add` with 4000 steps of integer work per item: the same
// counts, a slower kernel (roofline compare's gate in the trace tests).
// Exit status 0, or 1 with a message when an OpenCL call fails.
#define CL_TARGET_OPENCL_VERSION 300
#define CL_USE_DEPRECATED_OPENCL_1_2_APIS
#include <CL/cl.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>

#include <unistd.h>
#include <string>
#include <thread>
#include <vector>

namespace {

const char* kSource = R"CLC(
kernel void scale(global const float* in, global float* out, float factor) {
  size_t i = get_global_id(0);
  out[i] = in[i] * factor * SCALE;
}
kernel void add(global const float* a, global const float* b, global float* c) {
  size_t i = get_global_id(0);
  float s = a[i] + b[i];
#ifdef SLOW
  // --slow: SLOW steps of integer work per item, which change no FLOP and no
  // byte (a value no step reaches keeps the loop from being removed).
  uint h = (uint)i;
  for (int k = 0; k < SLOW; ++k) h = h * 1664525u + 1013904223u;
  if (h == 7u) s = 0.0f;
#endif
  c[i] = s;
}
kernel void reduce_local(global const float* in, global float* partial, local float* scratch) {
  size_t l = get_local_id(0), n = get_local_size(0);
  scratch[l] = in[get_global_id(0)];
  barrier(CLK_LOCAL_MEM_FENCE);
  for (size_t s = n / 2; s > 0; s /= 2) {
    if (l < s) scratch[l] += scratch[l + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (l == 0) partial[get_group_id(0)] = scratch[0];
}
kernel void offset_fill(global int* out, int base) {
  size_t i = get_global_id(0);
  out[i] = base + (int)i;
}
kernel void touch(global float* x) {
  x[get_global_id(0)] += 1.0f;
}
kernel void copy_only(global const float* in, global float* out) {
  out[get_global_id(0)] = in[get_global_id(0)];
}
)CLC";

size_t N = 4096;  // --size
const size_t LOCAL = 64, SUB_OFFSET = 1024;  // SUB_OFFSET ints: 4096 bytes, aligned for any device

[[noreturn]] void fail(const char* what, cl_int err) {
  std::fprintf(stderr, "capture_app: %s failed: %d\n", what, err);
  std::exit(1);
}

void check(cl_int err, const char* what) {
  if (err != CL_SUCCESS) fail(what, err);
}

std::string dump_dir;

void dump(const char* name, const void* data, size_t bytes) {
  if (dump_dir.empty()) return;
  std::ofstream(dump_dir + "/" + name + ".bin", std::ios::binary).write(static_cast<const char*>(data), std::streamsize(bytes));
}

template <typename T>
std::vector<T> read(cl_command_queue q, cl_mem m, size_t count) {
  std::vector<T> out(count);
  check(clEnqueueReadBuffer(q, m, CL_TRUE, 0, count * sizeof(T), out.data(), 0, nullptr, nullptr), "read");
  return out;
}

template <typename T>
double sum(const std::vector<T>& v) {
  double s = 0;
  for (T x : v) s += double(x);
  return s;
}

// The first CPU device, of the first platform whose name contains `platform` when it is not empty.
cl_device_id pick_device(const std::string& platform) {
  cl_platform_id platforms[8];
  cl_uint n = 0;
  check(clGetPlatformIDs(8, platforms, &n), "clGetPlatformIDs");
  for (cl_uint p = 0; p < n && p < 8; ++p) {
    char name[256] = "";
    clGetPlatformInfo(platforms[p], CL_PLATFORM_NAME, sizeof name, name, nullptr);
    if (!platform.empty() && !std::strstr(name, platform.c_str())) continue;
    cl_device_id d;
    cl_uint found = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_CPU, 1, &d, &found) == CL_SUCCESS && found) return d;
  }
  fail("finding a CPU device", CL_DEVICE_NOT_FOUND);
}

cl_kernel kernel(cl_program p, const char* name) {
  cl_int err;
  cl_kernel k = clCreateKernel(p, name, &err);
  check(err, name);
  return k;
}

cl_mem buffer(cl_context c, cl_mem_flags flags, size_t bytes) {
  cl_int err;
  cl_mem m = clCreateBuffer(c, flags, bytes, nullptr, &err);
  check(err, "clCreateBuffer");
  return m;
}

template <typename T>
void set(cl_kernel k, cl_uint i, const T& v) {
  check(clSetKernelArg(k, i, sizeof v, &v), "clSetKernelArg");
}

void launch(cl_command_queue q, cl_kernel k, size_t global, const size_t* local = nullptr, cl_event* ev = nullptr,
            cl_uint num_wait = 0, const cl_event* wait = nullptr) {
  check(clEnqueueNDRangeKernel(q, k, 1, nullptr, &global, local, num_wait, wait, ev), "clEnqueueNDRangeKernel");
}

// A thread of --threads: its own kernel object, buffer and queue; 50 launches.
void thread_launches(cl_context ctx, cl_device_id device, cl_program program, float* result) {
  cl_int err;
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, device, nullptr, &err);
  check(err, "clCreateCommandQueueWithProperties (thread)");
  cl_kernel touch = kernel(program, "touch");
  cl_mem x = buffer(ctx, CL_MEM_READ_WRITE, N * sizeof(float));
  const float zero = 0.0f;
  check(clEnqueueFillBuffer(q, x, &zero, sizeof zero, 0, N * sizeof(float), 0, nullptr, nullptr), "fill (thread)");
  set(touch, 0, x);
  for (int i = 0; i < 50; ++i) launch(q, touch, N);
  *result = float(sum(read<float>(q, x, N)));
  clReleaseKernel(touch);
  clReleaseMemObject(x);
  clReleaseCommandQueue(q);
}

void failing_build(cl_context c, cl_device_id d) {
  const char* bad = "kernel void broken(global float* x) { x[0] = undefined_name; }";
  cl_int err;
  cl_program p = clCreateProgramWithSource(c, 1, &bad, nullptr, &err);
  check(err, "clCreateProgramWithSource (bad)");
  std::printf("failing build: %d\n", clBuildProgram(p, 1, &d, "", nullptr, nullptr));
  clReleaseProgram(p);
}

}  // namespace

int main(int argc, char** argv) {
  int repeat = 200, threads = 0;
  bool fail_build = false, hang = false, copy = false, slow = false;
  std::string platform;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--dump") && i + 1 < argc) dump_dir = argv[++i];
    else if (!std::strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--fail-build")) fail_build = true;
    else if (!std::strcmp(argv[i], "--hang")) hang = true;
    else if (!std::strcmp(argv[i], "--copy")) copy = true;
    else if (!std::strcmp(argv[i], "--platform") && i + 1 < argc) platform = argv[++i];
    else if (!std::strcmp(argv[i], "--size") && i + 1 < argc) N = std::strtoul(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--slow")) slow = true;
    else return std::fprintf(stderr, "usage: capture_app [--dump DIR] [--repeat N] [--threads T] [--fail-build] [--hang] [--copy] [--platform NAME] [--size N] [--slow]\n"), 2;
  }
  cl_device_id device = pick_device(platform);
  cl_int err;
  cl_context ctx = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &err);
  check(err, "clCreateContext");
  cl_command_queue in_order = clCreateCommandQueueWithProperties(ctx, device, nullptr, &err);
  check(err, "clCreateCommandQueueWithProperties");
  cl_command_queue ooo = clCreateCommandQueue(ctx, device, CL_QUEUE_OUT_OF_ORDER_EXEC_MODE_ENABLE, &err);
  // A device without out-of-order queues (Rusticl's llvmpipe) gets a second
  // in-order one: the events that order its commands hold either way.
  if (err == CL_INVALID_QUEUE_PROPERTIES) ooo = clCreateCommandQueue(ctx, device, 0, &err);
  check(err, "clCreateCommandQueue");
  cl_command_queue_properties props = 0;
  check(clGetCommandQueueInfo(in_order, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr), "queue info");
  std::printf("in-order queue properties: %llu\n", static_cast<unsigned long long>(props));
  check(clGetCommandQueueInfo(ooo, CL_QUEUE_PROPERTIES, sizeof props, &props, nullptr), "queue info");
  std::printf("out-of-order queue properties: %llu\n", static_cast<unsigned long long>(props));

  cl_program program = clCreateProgramWithSource(ctx, 1, &kSource, nullptr, &err);
  check(err, "clCreateProgramWithSource");
  if (N == 0 || N % LOCAL) return std::fprintf(stderr, "capture_app: --size takes a multiple of %zu\n", LOCAL), 2;
  check(clBuildProgram(program, 1, &device, slow ? "-DSCALE=3 -DSLOW=4000" : "-DSCALE=3", nullptr, nullptr), "clBuildProgram");
  if (fail_build) failing_build(ctx, device);

  // Inputs written from the host; outputs filled so their contents before each launch are known.
  std::vector<float> a(N);
  for (size_t i = 0; i < N; ++i) a[i] = float(i) * 0.5f;
  cl_mem A = buffer(ctx, CL_MEM_READ_ONLY, N * sizeof(float));
  cl_mem B = buffer(ctx, CL_MEM_READ_WRITE, N * sizeof(float));
  cl_mem C = buffer(ctx, CL_MEM_READ_WRITE, N * sizeof(float));
  cl_mem partial = buffer(ctx, CL_MEM_WRITE_ONLY, N / LOCAL * sizeof(float));
  cl_mem D = buffer(ctx, CL_MEM_READ_WRITE, 2 * SUB_OFFSET * sizeof(cl_int));
  cl_mem T = buffer(ctx, CL_MEM_READ_WRITE, N * sizeof(float));
  check(clEnqueueWriteBuffer(in_order, A, CL_TRUE, 0, N * sizeof(float), a.data(), 0, nullptr, nullptr), "write A");
  const float zero = 0.0f, seven = 7.0f;
  const cl_int minus_one = -1;
  check(clEnqueueFillBuffer(in_order, B, &zero, sizeof zero, 0, N * sizeof(float), 0, nullptr, nullptr), "fill B");
  check(clEnqueueFillBuffer(in_order, T, &seven, sizeof seven, 0, N * sizeof(float), 0, nullptr, nullptr), "fill T");
  check(clEnqueueFillBuffer(in_order, D, &minus_one, sizeof minus_one, 0, 2 * SUB_OFFSET * sizeof(cl_int), 0, nullptr,
                            nullptr),
        "fill D");
  check(clFinish(in_order), "clFinish");
  dump("A", a.data(), N * sizeof(float));
  dump("B_before_scale", read<float>(in_order, B, N).data(), N * sizeof(float));
  dump("T_before_touch", read<float>(in_order, T, N).data(), N * sizeof(float));

  // scale, with an event of the application's own.
  cl_kernel scale = kernel(program, "scale");
  set(scale, 0, A);
  set(scale, 1, B);
  set(scale, 2, 2.0f);
  cl_event scaled;
  launch(in_order, scale, N, nullptr, &scaled);
  check(clWaitForEvents(1, &scaled), "clWaitForEvents");
  cl_int status = 0;
  check(clGetEventInfo(scaled, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof status, &status, nullptr), "event info");
  std::printf("scale event status: %d\n", status);
  check(clReleaseEvent(scaled), "clReleaseEvent");
  const std::vector<float> b = read<float>(in_order, B, N);
  dump("B_after_scale", b.data(), N * sizeof(float));

  // add and reduce_local without events; a __local argument.
  cl_kernel add = kernel(program, "add");
  set(add, 0, A);
  set(add, 1, B);
  set(add, 2, C);
  launch(in_order, add, N);
  cl_kernel reduce = kernel(program, "reduce_local");
  set(reduce, 0, C);
  set(reduce, 1, partial);
  check(clSetKernelArg(reduce, 2, LOCAL * sizeof(float), nullptr), "local arg");
  launch(in_order, reduce, N, &LOCAL);

  // A clone of scale with another factor: a second signature of the same kernel.
  cl_kernel scale4 = clCloneKernel(scale, &err);
  check(err, "clCloneKernel");
  set(scale4, 1, C);
  set(scale4, 2, 4.0f);
  launch(in_order, scale4, N);

  // A sub-buffer, filled on the out-of-order queue behind a user event.
  cl_buffer_region region{SUB_OFFSET * sizeof(cl_int), SUB_OFFSET * sizeof(cl_int)};
  cl_mem sub = clCreateSubBuffer(D, CL_MEM_READ_WRITE, CL_BUFFER_CREATE_TYPE_REGION, &region, &err);
  check(err, "clCreateSubBuffer");
  cl_kernel fill = kernel(program, "offset_fill");
  set(fill, 0, sub);
  set(fill, 1, cl_int(1000));
  cl_event gate = clCreateUserEvent(ctx, &err);
  check(err, "clCreateUserEvent");
  cl_event filled;
  launch(ooo, fill, SUB_OFFSET, nullptr, &filled, 1, &gate);
  check(clSetUserEventStatus(gate, CL_COMPLETE), "clSetUserEventStatus");
  check(clWaitForEvents(1, &filled), "clWaitForEvents");
  clReleaseEvent(filled);
  clReleaseEvent(gate);

  // touch, from clCreateKernelsInProgram, launched many times with one signature.
  cl_kernel all[8];
  cl_uint made = 0;
  check(clCreateKernelsInProgram(program, 8, all, &made), "clCreateKernelsInProgram");
  cl_kernel touch = nullptr;
  for (cl_uint i = 0; i < made; ++i) {
    char name[64] = {0};
    clGetKernelInfo(all[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name, nullptr);
    if (!std::strcmp(name, "touch")) touch = all[i];
    else clReleaseKernel(all[i]);
  }
  set(touch, 0, T);
  for (int i = 0; i < repeat; ++i) launch(in_order, touch, N);
  if (copy) {
    cl_kernel copy_only = kernel(program, "copy_only");
    set(copy_only, 0, A);
    set(copy_only, 1, C);
    launch(in_order, copy_only, N);
    clReleaseKernel(copy_only);
  }

  // Threads launching at once.
  if (threads > 0) {
    std::vector<float> results(std::size_t(threads), 0.0f);
    std::vector<std::thread> running;
    for (int i = 0; i < threads; ++i) running.emplace_back(thread_launches, ctx, device, program, &results[std::size_t(i)]);
    for (std::thread& t : running) t.join();
    for (int i = 0; i < threads; ++i) std::printf("thread %d: %.9g\n", i, double(results[std::size_t(i)]));
  }

  // The same kernel from the program's binary: timed, not counted.
  size_t binary_size = 0;
  check(clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, sizeof binary_size, &binary_size, nullptr), "binary size");
  std::vector<unsigned char> binary(binary_size);
  unsigned char* binaries[] = {binary.data()};
  check(clGetProgramInfo(program, CL_PROGRAM_BINARIES, sizeof binaries, binaries, nullptr), "binary");
  const unsigned char* bin = binary.data();
  cl_program from_binary = clCreateProgramWithBinary(ctx, 1, &device, &binary_size, &bin, nullptr, &err);
  check(err, "clCreateProgramWithBinary");
  check(clBuildProgram(from_binary, 1, &device, "", nullptr, nullptr), "clBuildProgram (binary)");
  cl_kernel scale_bin = kernel(from_binary, "scale");
  set(scale_bin, 0, A);
  set(scale_bin, 1, partial);
  set(scale_bin, 2, 1.0f);
  launch(in_order, scale_bin, N / LOCAL);

  // Results: reads, and a map.
  check(clFinish(in_order), "clFinish");
  const std::vector<float> c = read<float>(in_order, C, N), p = read<float>(in_order, partial, N / LOCAL),
                           t = read<float>(in_order, T, N);
  const std::vector<cl_int> d = read<cl_int>(ooo, D, 2 * SUB_OFFSET);
  float* mapped = static_cast<float*>(
      clEnqueueMapBuffer(in_order, B, CL_TRUE, CL_MAP_READ, 0, N * sizeof(float), 0, nullptr, nullptr, &err));
  check(err, "clEnqueueMapBuffer");
  double mapped_sum = 0;
  for (size_t i = 0; i < N; ++i) mapped_sum += mapped[i];
  check(clEnqueueUnmapMemObject(in_order, B, mapped, 0, nullptr, nullptr), "unmap");
  std::printf("B %.9g (mapped %.9g)\nC %.9g\npartial %.9g\nD %.9g\nT %.9g\n", sum(b), mapped_sum, sum(c), sum(p),
              sum(d), sum(t));
  if (hang) {
    std::fflush(stdout);
    for (;;) pause();
  }

  // A last launch the application never waits for, then it lets go of everything.
  launch(in_order, touch, N);
  clFlush(in_order);
  for (cl_kernel k : {scale, add, reduce, scale4, fill, touch, scale_bin}) clReleaseKernel(k);
  for (cl_mem m : {sub, A, B, C, partial, D, T}) clReleaseMemObject(m);
  clReleaseProgram(program);
  clReleaseProgram(from_binary);
  clReleaseCommandQueue(in_order);
  clReleaseCommandQueue(ooo);
  clReleaseContext(ctx);
  return 0;
}
