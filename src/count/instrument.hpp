// count/instrument: the instrumenter behind `roofline count`. Rewrites an
// OpenCL C kernel's source with Clang (LibTooling, on the AST after macro
// expansion, parsed with the device build's options) so that every work-item
// counts what it executes: FLOPs by precision, integer operations and bytes per
// address space (model/op_counts.hpp slots). The counting rules are in the
// README ("Counting rules") and count/cost_table.hpp.
//
// The kernel K becomes a plain function __rl_k_K(params..., ulong *__rl_c)
// whose statements charge private 64-bit counters; a generated __kernel K
// with the same parameters plus two trailing ones
//   __local ulong *__rl_scratch   (one ulong per work-item of a group)
//   __global uint *__rl_out       (2 x kCounterSlots words, zeroed)
// calls it (so early returns and barriers stay as written), sums the counters
// over the work-group in local memory and adds the sums to __rl_out as 64-bit
// values made of two 32-bit atomics (low word, high word + carry).
//
// This header needs no Clang; only the roofline_count library links it.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace roofline {

// The source could not be instrumented: Clang's diagnostics, or a construct
// the rewriter cannot handle (named in the message).
struct InstrumentError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct InstrumentRequest {
  std::string source;                    // the .cl text
  std::string file_name = "kernel.cl";   // for diagnostics and #include lookup
  std::string kernel;                    // the kernel to count
  std::vector<std::string> clang_args;   // -D, -I, -cl-std=..., as the device build gets them
  bool address_bits_32 = false;          // spir instead of spir64
};

struct InstrumentResult {
  std::string source;                    // instrumented source; the wrapper keeps the kernel's name
  std::vector<std::string> kernels;      // every kernel the file defines
  std::vector<std::string> warnings;     // where a count may be inexact, and why
};

// True when this build has the Clang instrumenter.
bool counting_available();

// Throws InstrumentError; when the kernel does not exist, the message lists
// the kernels the file defines.
InstrumentResult instrument_kernel(const InstrumentRequest& request);

// Options of the device build that Clang must see too (-D, -I, -cl-std,
// -cl-fast-relaxed-math...), from an OpenCL build-option string.
std::vector<std::string> clang_args_from_build_options(const std::string& options);

}  // namespace roofline
