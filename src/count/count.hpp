// count: exact operation and byte counts of a user's kernel, as roofline asks
// for them. Uses: model and files. The counting itself is done by a helper
// program, roofline-instrument (src/instrument/), which rewrites the kernel's
// OpenCL C with Clang so that every work-item counts what it executes; the
// counts go into model/op_counts slots. It runs in its own process because
// Clang's LLVM and an OpenCL driver's LLVM (PoCL, Rusticl, Intel's runtime)
// must never share one: roofline links no LLVM, and the helper never loads
// OpenCL. roofline starts it through app/instrumenter; a build without Clang
// has no helper and says that counting needs it, and `place` then takes a
// counts file made elsewhere.
//
//   instrument.hpp           the request and the result (the instrumented copy), the address records' layout
//   instrument_protocol.hpp  the helper's protocol: request and reply as JSON, its exit statuses
#pragma once

#include "count/instrument.hpp"
#include "count/instrument_protocol.hpp"
