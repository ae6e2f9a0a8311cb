// count/instrument.hpp in a build without Clang (-DROOFLINE_WITH_CLANG=OFF, or
// no libclang-cpp15-dev): counting is unavailable; `roofline count` says so and
// `roofline place` needs a counts file made elsewhere (--counts).
#include "count/instrument.hpp"

namespace roofline {

bool counting_available() { return false; }

InstrumentResult instrument_kernel(const InstrumentRequest&) {
  throw InstrumentError(
      "counting is unavailable in this build (built without Clang); run `roofline count ... -o K.counts.json` with a "
      "build that has it and pass the file to `roofline place --counts K.counts.json`");
}

}  // namespace roofline
