// Fuzz target: a kernel source's // roofline: lines (parse_source_launch_spec)
// and its typedefs as a build without Clang reads them (scan_typedefs), the
// spec then resolved with those typedefs (launch_resolve.hpp).
#include <map>
#include <string>

#include "launch/source_typedefs.hpp"
#include "launch_resolve.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace roofline;
  const std::string source(reinterpret_cast<const char*>(data), size);
  std::map<std::string, std::string> typedefs;
  fuzz::expect_no_exception([&] { typedefs = scan_typedefs(source); });
  fuzz::expect_only<LaunchSpecError>([&] {
    LaunchSpec spec = parse_source_launch_spec(source);
    spec.typedefs = typedefs;
    fuzz::resolve(spec);
  });
  return 0;
}
