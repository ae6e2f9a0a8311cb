// intercept: the capture that runs inside an unmodified OpenCL application,
// for `roofline trace`. Two shared libraries share one capture core:
//
//   libroofline_intercept.so          an OpenCL layer (OPENCL_LAYERS=...): the
//                                     ICD loader hands it the dispatch table
//                                     it forwards every call through
//   libroofline_intercept_preload.so  the same capture for LD_PRELOAD, for
//                                     applications whose bundled loader has no
//                                     layer support: it exports the cl* calls it
//                                     intercepts and forwards through
//                                     dlsym(RTLD_NEXT)
//
// It is no layer of the tool: it runs in another process, links no OpenCL
// ICD (it calls through the dispatch table), no Clang and none of the tool's
// libraries, only the C++ library, OpenCL headers, nlohmann-json and the
// format's names and manifest (model/capture_format.hpp and
// model/capture_manifest.hpp, header only). It never aborts the
// application and changes none of its results: bookkeeping that fails is
// counted in the manifest's warnings and the call goes through untouched.
//
//   opencl.hpp     the OpenCL headers, every API version declared
//   settings.hpp   what the environment asks for (model/capture_format.hpp's capture_env)
//   dispatch.hpp   the next dispatch table, the wrappers' table, the entry points
//   capture.hpp    the state: programs, kernels, arguments, buffers, queues,
//                  launch signatures and transfers aggregated, device activity
//   timing.hpp     every command timed from its event (CL_COMPLETE callbacks)
//   copies.hpp     device-side copies of a launch's buffers, read back by a worker thread
//   manifest.hpp   the capture folder: manifest.json, program sources, copies, launch log
//   lifetime.hpp   when the manifest is written: periodically, at the last context, at exit
//
// The capture format is described in docs/formats.md ("The capture manifest").
#pragma once
