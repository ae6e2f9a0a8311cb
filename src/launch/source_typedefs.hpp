// launch/source_typedefs: the OpenCL type behind a kernel's typedef'd
// argument types (typedef float real; __kernel void k(__global real* a)), which
// clGetKernelArgInfo names only by the typedef. Without Clang (count/typedefs
// resolves them exactly, through the preprocessor) this reads the simple
// declarations of the source text.
#pragma once
#include <map>
#include <string>

namespace roofline {

// The `typedef T name;` declarations of `source` whose T is an OpenCL scalar or
// vector type, a pointer to one ("float*") or an earlier such name, with
// qualifiers (const, __global...) dropped: name -> type. A name declared twice
// with different types (under #if branches, which this does not evaluate) is
// left out, as are typedefs of structs, unions, enums and function types.
std::map<std::string, std::string> scan_typedefs(const std::string& source);

}  // namespace roofline
