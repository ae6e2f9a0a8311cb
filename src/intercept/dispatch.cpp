#include "intercept/dispatch.hpp"

#include <atomic>
#include <cstddef>
#include <cstring>

// The calls the capture intercepts; wrappers.cpp defines each.
#define ROOFLINE_INTERCEPTED(X)                                                                                       \
  X(clCreateContext) X(clCreateContextFromType) X(clRetainContext) X(clReleaseContext) X(clCreateCommandQueue)        \
  X(clCreateCommandQueueWithProperties) X(clGetCommandQueueInfo) X(clSetCommandQueueProperty) X(clCreateBuffer)       \
  X(clCreateBufferWithProperties) X(clCreateSubBuffer) X(clCreateImage) X(clCreateImage2D) X(clCreateImage3D)        \
  X(clCreateImageWithProperties) X(clCreatePipe) X(clCreateFromGLBuffer) X(clCreateFromGLTexture)                    \
  X(clCreateFromGLTexture2D) X(clCreateFromGLTexture3D) X(clCreateFromGLRenderbuffer) X(clReleaseMemObject)          \
  X(clCreateSampler) X(clCreateSamplerWithProperties) X(clCreateProgramWithSource) X(clCreateProgramWithBinary)      \
  X(clCreateProgramWithIL) X(clCreateProgramWithBuiltInKernels) X(clBuildProgram) X(clCompileProgram)                \
  X(clLinkProgram) X(clReleaseProgram) X(clCreateKernel) X(clCreateKernelsInProgram) X(clCloneKernel)                \
  X(clSetKernelArg) X(clSetKernelArgSVMPointer) X(clSetKernelExecInfo) X(clReleaseKernel) X(clEnqueueNDRangeKernel)  \
  X(clEnqueueTask) X(clEnqueueNativeKernel) X(clEnqueueReadBuffer) X(clEnqueueWriteBuffer) X(clEnqueueCopyBuffer)    \
  X(clEnqueueFillBuffer) X(clEnqueueMapBuffer) X(clEnqueueUnmapMemObject) X(clEnqueueReadBufferRect)                 \
  X(clEnqueueWriteBufferRect) X(clEnqueueCopyBufferRect) X(clEnqueueReadImage) X(clEnqueueWriteImage)                \
  X(clEnqueueCopyImage) X(clEnqueueFillImage) X(clEnqueueMapImage) X(clEnqueueCopyImageToBuffer)                     \
  X(clEnqueueCopyBufferToImage) X(clEnqueueMigrateMemObjects) X(clEnqueueSVMMemcpy) X(clEnqueueSVMMemFill)           \
  X(clEnqueueSVMMap) X(clEnqueueSVMUnmap) X(clEnqueueSVMMigrateMem) X(clGetExtensionFunctionAddress)                 \
  X(clGetExtensionFunctionAddressForPlatform)

namespace roofline::intercept {
namespace {

std::atomic<const cl_icd_dispatch*> g_next{nullptr};
std::atomic<const cl_icd_dispatch* (*)()> g_resolver{nullptr};

}  // namespace

const cl_icd_dispatch& next() {
  if (const cl_icd_dispatch* table = g_next.load(std::memory_order_acquire)) return *table;
  static const cl_icd_dispatch none{};
  const auto resolve = g_resolver.load(std::memory_order_acquire);
  if (!resolve) return none;
  const cl_icd_dispatch* table = resolve();
  g_next.store(table, std::memory_order_release);
  return *table;
}

void use_next(const cl_icd_dispatch* table) { g_next.store(table, std::memory_order_release); }

void use_next_resolver(const cl_icd_dispatch* (*resolve)()) { g_resolver.store(resolve, std::memory_order_release); }

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
void make_layer_table(cl_icd_dispatch& out, const cl_icd_dispatch& target, cl_uint entries) {
  constexpr std::size_t all = sizeof(cl_icd_dispatch) / sizeof(void*);
  const std::size_t n = entries < all ? entries : all;
  std::memset(&out, 0, sizeof out);
  std::memcpy(&out, &target, n * sizeof(void*));
#define ROOFLINE_WRAP(name)                                                        \
  if (offsetof(cl_icd_dispatch, name) / sizeof(void*) < n && target.name != nullptr) \
    out.name = reinterpret_cast<decltype(out.name)>(&::name);
  ROOFLINE_INTERCEPTED(ROOFLINE_WRAP)
#undef ROOFLINE_WRAP
}
#pragma GCC diagnostic pop

}  // namespace roofline::intercept
