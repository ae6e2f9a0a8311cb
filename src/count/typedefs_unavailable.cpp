// count/typedefs.hpp in a build without Clang: the caller reads the source's
// simple typedef lines instead (launch/source_typedefs).
#include "count/typedefs.hpp"

namespace roofline {

std::map<std::string, std::string> resolve_typedefs(const InstrumentRequest&) {
  throw InstrumentError("typedefs cannot be resolved through Clang in this build (built without Clang)");
}

}  // namespace roofline
