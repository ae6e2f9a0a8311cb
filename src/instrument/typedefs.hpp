// instrument/typedefs: a kernel file's typedef names of OpenCL types,
// resolved by Clang with the device build's options (so #if branches and -D
// values count, and headers the file includes), for matching launch specs to
// arguments that clGetKernelArgInfo names only by their typedef (roofline asks
// through the "typedefs" task; launch/source_typedefs is its fallback without
// the helper).
#pragma once

#include "count/instrument_protocol.hpp"

namespace roofline {

// name -> OpenCL type ("real" -> "float", "vec" -> "float16", "fptr" ->
// "float*") for every typedef outside the system headers whose type is an
// OpenCL scalar or vector type or a pointer to one. `request.kernel` is not
// used. Throws InstrumentError when the file does not parse.
TypedefNames typedefs_of(const InstrumentRequest& request);

}  // namespace roofline
