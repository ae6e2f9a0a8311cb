// instrument/clang_args.hpp: Clang's command line for a kernel file.
#include "instrument/clang_args.hpp"

#ifndef ROOFLINE_CLANG_RESOURCE_DIR
#error "ROOFLINE_CLANG_RESOURCE_DIR must name Clang's resource directory (opencl-c.h)"
#endif

namespace roofline {

std::vector<std::string> clang_tool_args(const InstrumentRequest& req) {
  std::vector<std::string> args{"-x", "cl", "-Xclang", "-finclude-default-header", "-target",
                                req.address_bits_32 ? "spir" : "spir64", "-resource-dir", ROOFLINE_CLANG_RESOURCE_DIR,
                                "-fno-color-diagnostics", "-w"};
  bool has_std = false;
  for (const auto& a : req.clang_args) has_std |= a.rfind("-cl-std=", 0) == 0;
  if (!has_std) args.push_back("-cl-std=CL1.2");
  for (const auto& a : req.clang_args) args.push_back(a);
  return args;
}

const char* clang_resource_dir() { return ROOFLINE_CLANG_RESOURCE_DIR; }

}  // namespace roofline
