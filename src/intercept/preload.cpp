// The preload's entry: LD_PRELOAD puts the wrappers' cl* names before the
// application's OpenCL library, and every call forwards to that library's
// function of the same name (dlsym(RTLD_NEXT)), resolved at the first call.
// For applications that bundle a loader without layer support; a static
// OpenCL library (linked into the executable) is reached by neither path.
#include <dlfcn.h>

#include "intercept/capture.hpp"
#include "intercept/dispatch.hpp"

using namespace roofline;
using namespace roofline::intercept;

// Seen by the layer (dlsym): with the preload in the process the layer declines, so nothing is captured twice.
extern "C" __attribute__((visibility("default"))) const int roofline_intercept_preload_active = 1;

namespace {

const cl_icd_dispatch* resolve_next() {
  static const cl_icd_dispatch table = [] {
    cl_icd_dispatch t{};
#define X(name) t.name = reinterpret_cast<decltype(t.name)>(dlsym(RTLD_NEXT, #name));
#include "intercept/dispatch_entries.inc"
#undef X
    return t;
  }();
  return &table;
}

__attribute__((constructor)) void loaded() {
  use_next_resolver(resolve_next);
  set_capture_path(CapturePath::preload);
}

}  // namespace
