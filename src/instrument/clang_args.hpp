// instrument/clang_args: the command line Clang parses a kernel file with (OpenCL
// C for spir/spir64, the default header, the device build's options); shared
// by the instrumenter and the typedef resolver.
#pragma once
#include <string>
#include <vector>

#include "count/instrument.hpp"

namespace roofline {

std::vector<std::string> clang_tool_args(const InstrumentRequest& request);

// Clang's resource folder (opencl-c.h and the other built-in headers), as
// this build compiled it in.
const char* clang_resource_dir();

}  // namespace roofline
