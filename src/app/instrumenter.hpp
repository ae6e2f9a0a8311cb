// app/instrumenter: roofline's side of roofline-instrument, the kernel
// instrumenter, a program of its own (src/instrument/): it holds Clang, and
// Clang's LLVM must never share a process with an OpenCL driver built on
// another LLVM. Each call starts it, writes the request on its standard input
// and reads the reply from its output (count/instrument_protocol), checked
// against its schema. Call it in the worker process (app/worker): a killed
// worker takes the instrumenter with it.
//
// Where it is: $ROOFLINE_INSTRUMENT when set (and then only there), else
// roofline-instrument beside this roofline (the build folder), else
// PREFIX/libexec/roofline/roofline-instrument beside an installed PREFIX/bin/roofline.
#pragma once
#include <optional>
#include <string>

#include "count/instrument_protocol.hpp"

namespace roofline {

// Seconds one request may take. Clang parses a kernel file, OpenCL's default
// header included, in about a second; under sanitizers and on a loaded
// machine a few; an instrumenter with no answer after 2 minutes is stuck.
inline constexpr double kInstrumenterTimeout = 120;

// The instrumenter's path, or nullopt; `looked` then says where it looked
// (for the message).
std::optional<std::string> find_instrumenter(std::string& looked);

// The instrumenter's path. Throws CommandError runtime (exit 1, "counting
// unavailable") when there is none, in one line naming where it looked and
// how to get one.
std::string require_instrumenter();

// `doing` says what the request is for, in words ("k.cl: instrumenting
// kernel 'k' for counting"), for the messages. Throws InstrumentError when
// the source cannot be instrumented (Clang's diagnostics, a construct named),
// Interrupted on Ctrl-C, and CommandError:
// - runtime (exit 1) when there is no instrumenter, it could not start (a
//   library missing), or its answer was not a reply;
// - kernel_crash (exit 7) when a signal killed it, naming the signal;
// - timeout (exit 8) when it had no answer within kInstrumenterTimeout.
InstrumentResult instrument_kernel(const InstrumentRequest& request, const std::string& doing);
TypedefNames resolve_typedefs(const InstrumentRequest& request, const std::string& doing);

}  // namespace roofline
