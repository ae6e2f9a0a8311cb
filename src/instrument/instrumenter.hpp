// instrument/instrumenter: the counting copy or the address-recording copy of
// a kernel (count/instrument.hpp says what each holds), made with Clang in
// the helper process.
#pragma once

#include "count/instrument.hpp"

namespace roofline {

// Throws InstrumentError; when the kernel does not exist, the message lists
// the kernels the file defines.
InstrumentResult instrument_source(const InstrumentRequest& request);

}  // namespace roofline
