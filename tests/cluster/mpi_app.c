/* An MPI + OpenCL application of the project's own, traced by the cluster
 * tests (test_cluster.cpp) under Open MPI: each rank runs one kernel, axpy,
 * on a vector whose length grows with its rank, so the ranks' kernel times
 * differ and the merged trace shows a load imbalance.
 *
 *   mpirun -n N mpi_app [--elements E] [--launches L]
 *
 * Rank r launches axpy L times (default 3) over (r + 1) * E work-items
 * (default E = 262144), y[i] = a * x[i] + y[i]: per work-item 2 float FLOPs,
 * 8 bytes of global loads and 4 of global stores (the counting rules of
 * docs/methodology.md). It runs on the first CPU device (PoCL in CI), checks y on the host,
 * and rank 0 prints the ranks' checksums gathered with MPI_Gather.
 * Exit status 0, or 1 with a message when an OpenCL or MPI call fails or the
 * result is wrong. */
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char* kSource =
    "kernel void axpy(global const float* x, global float* y, float a) {\n"
    "  size_t i = get_global_id(0);\n"
    "  y[i] = a * x[i] + y[i];\n"
    "}\n";

static int fail(int rank, const char* what, cl_int err) {
  fprintf(stderr, "mpi_app rank %d: %s failed (%d)\n", rank, what, (int)err);
  MPI_Abort(MPI_COMM_WORLD, 1);
  return 1;
}

static cl_device_id cpu_device(int rank) {
  cl_platform_id platforms[16];
  cl_uint n = 0;
  cl_int err = clGetPlatformIDs(16, platforms, &n);
  if (err != CL_SUCCESS) fail(rank, "clGetPlatformIDs", err);
  for (cl_uint p = 0; p < n; ++p) {
    cl_device_id d;
    cl_uint found = 0;
    if (clGetDeviceIDs(platforms[p], CL_DEVICE_TYPE_CPU, 1, &d, &found) == CL_SUCCESS && found > 0) return d;
  }
  fail(rank, "finding a CPU device", CL_DEVICE_NOT_FOUND);
  return NULL;
}

int main(int argc, char** argv) {
  size_t elements = 262144;
  int launches = 3;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (strcmp(argv[i], "--elements") == 0) elements = strtoul(argv[i + 1], NULL, 10);
    else if (strcmp(argv[i], "--launches") == 0) launches = atoi(argv[i + 1]);
  }
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);

  const size_t n = (size_t)(rank + 1) * elements;
  cl_int err = CL_SUCCESS;
  cl_device_id device = cpu_device(rank);
  cl_context context = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  if (err != CL_SUCCESS) return fail(rank, "clCreateContext", err);
  cl_command_queue queue = clCreateCommandQueueWithProperties(context, device, NULL, &err);
  if (err != CL_SUCCESS) return fail(rank, "clCreateCommandQueueWithProperties", err);
  cl_program program = clCreateProgramWithSource(context, 1, &kSource, NULL, &err);
  if (err != CL_SUCCESS) return fail(rank, "clCreateProgramWithSource", err);
  if ((err = clBuildProgram(program, 1, &device, "", NULL, NULL)) != CL_SUCCESS) return fail(rank, "clBuildProgram", err);
  cl_kernel kernel = clCreateKernel(program, "axpy", &err);
  if (err != CL_SUCCESS) return fail(rank, "clCreateKernel", err);

  float* x = malloc(n * sizeof(float));
  float* y = malloc(n * sizeof(float));
  for (size_t i = 0; i < n; ++i) x[i] = (float)(i % 8), y[i] = 1.0f;
  cl_mem bx = clCreateBuffer(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(float), x, &err);
  if (err != CL_SUCCESS) return fail(rank, "clCreateBuffer", err);
  cl_mem by = clCreateBuffer(context, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, n * sizeof(float), y, &err);
  if (err != CL_SUCCESS) return fail(rank, "clCreateBuffer", err);
  const float a = 0.5f;
  clSetKernelArg(kernel, 0, sizeof bx, &bx);
  clSetKernelArg(kernel, 1, sizeof by, &by);
  clSetKernelArg(kernel, 2, sizeof a, &a);
  for (int l = 0; l < launches; ++l)
    if ((err = clEnqueueNDRangeKernel(queue, kernel, 1, NULL, &n, NULL, 0, NULL, NULL)) != CL_SUCCESS)
      return fail(rank, "clEnqueueNDRangeKernel", err);
  if ((err = clEnqueueReadBuffer(queue, by, CL_TRUE, 0, n * sizeof(float), y, 0, NULL, NULL)) != CL_SUCCESS)
    return fail(rank, "clEnqueueReadBuffer", err);

  /* y = 1 + launches * a * x, exact in float for these small values. */
  double checksum = 0;
  for (size_t i = 0; i < n; ++i) {
    const float want = 1.0f + (float)launches * a * (float)(i % 8);
    if (y[i] != want) {
      fprintf(stderr, "mpi_app rank %d: y[%zu] = %g, expected %g\n", rank, i, y[i], want);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    checksum += y[i];
  }
  double* sums = rank == 0 ? malloc((size_t)size * sizeof(double)) : NULL;
  MPI_Gather(&checksum, 1, MPI_DOUBLE, sums, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
  if (rank == 0)
    for (int r = 0; r < size; ++r) printf("rank %d: %zu elements, checksum %.1f\n", r, (size_t)(r + 1) * elements, sums[r]);

  clReleaseMemObject(bx);
  clReleaseMemObject(by);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  free(x);
  free(y);
  free(sums);
  MPI_Finalize();
  return 0;
}
