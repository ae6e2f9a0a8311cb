// The OpenCL layer's entry points (cl_layer.h). The ICD loader (ocl-icd 2.3,
// the Khronos loader) loads every library named in OPENCL_LAYERS at its first
// call, asks its API version and gives it the table to forward to; the layer
// returns its own table, the wrappers in place of the calls it intercepts.
// Without a capture folder in the environment, in a set-uid or set-gid
// process, or with the preload already in the process, it declines (the
// loader goes on without it, at no cost).
#include <cstdlib>
#include <cstring>

#include <dlfcn.h>

#include "intercept/capture.hpp"
#include "intercept/dispatch.hpp"
#include "intercept/settings.hpp"

using namespace roofline;
using namespace roofline::intercept;

namespace {

cl_icd_dispatch g_target{};  // the loader's table, copied: entries past what it gave stay null
cl_icd_dispatch g_layer{};

template <typename T>
cl_int give(const T& value, std::size_t size, void* out, std::size_t* size_ret) {
  if (size_ret) *size_ret = sizeof value;
  if (!out) return CL_SUCCESS;
  if (size < sizeof value) return CL_INVALID_VALUE;
  std::memcpy(out, &value, sizeof value);
  return CL_SUCCESS;
}

}  // namespace

extern "C" {

CL_API_ENTRY cl_int CL_API_CALL clGetLayerInfo(cl_layer_info name, size_t size, void* value, size_t* size_ret) {
  static const char kName[] = "roofline capture layer";
  switch (name) {
    case CL_LAYER_API_VERSION: return give(cl_layer_api_version(CL_LAYER_API_VERSION_100), size, value, size_ret);
    case CL_LAYER_NAME: return give(kName, size, value, size_ret);
    default: return CL_INVALID_VALUE;
  }
}

CL_API_ENTRY cl_int CL_API_CALL clInitLayer(cl_uint num_entries, const cl_icd_dispatch* target,
                                            cl_uint* num_entries_ret, const cl_icd_dispatch** layer_dispatch_ret) {
  if (!target || !num_entries_ret || !layer_dispatch_ret) return CL_INVALID_VALUE;
  const char* dir = std::getenv(capture_env::dir);
  if (!dir || !*dir || secure_execution()) return CL_INVALID_OPERATION;
  if (dlsym(RTLD_DEFAULT, "roofline_intercept_preload_active")) return CL_INVALID_OPERATION;
  constexpr cl_uint all = sizeof(cl_icd_dispatch) / sizeof(void*);
  std::memcpy(&g_target, target, (num_entries < all ? num_entries : all) * sizeof(void*));
  make_layer_table(g_layer, g_target, num_entries);
  use_next(&g_target);
  set_capture_path(CapturePath::layer);
  *layer_dispatch_ret = &g_layer;
  *num_entries_ret = all;
  return CL_SUCCESS;
}

}  // extern "C"
