// count/instrument: what instrumenting a user's kernel asks and gives back.
// The instrumenter itself is a helper program, roofline-instrument
// (src/instrument/), which holds Clang (LibTooling, on the AST after macro
// expansion, parsed with the device build's options) and never loads OpenCL:
// two LLVMs (Clang's and an OpenCL driver's) must never share a process.
// roofline runs it (app/instrumenter) with these types as JSON
// (count/instrument_protocol). The copy it makes counts, in every work-item,
// what the work-item executes: FLOPs by precision, integer operations and
// bytes per address space (model/op_counts.hpp slots). The counting rules are
// in docs/methodology.md ("Counting rules") and instrument/cost_table.hpp.
//
// The kernel K becomes a plain function __rl_k_K(params..., ulong *__rl_c)
// whose statements charge private 64-bit counters; a generated __kernel K
// with the same parameters plus two trailing ones
//   __local ulong *__rl_scratch   (one ulong per work-item of a group)
//   __global uint *__rl_out       (2 x (kMathSlotBase + math_slots) words, zeroed)
// calls it (so early returns and barriers stay as written), sums the counters
// over the work-group in local memory and adds the sums to __rl_out as 64-bit
// values made of two 32-bit atomics (low word, high word + carry); the
// longest dependent chain (slot kChainSlot) is kept as the largest of any
// work-item's, in the slot's low word.
//
// With record_addresses, the copy also records the address of every global,
// constant and local access (and every barrier) of the work-items of sampled
// work-groups; see "Address records" below. That copy is for the analysis
// run only: it charges no counters.
//
// No Clang here: roofline, which links no LLVM, and the helper both use it.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "model/access_trace.hpp"
#include "model/math_functions.hpp"

namespace roofline {

// The source could not be instrumented: Clang's diagnostics, or a construct
// the rewriter cannot handle (named in the message); when the kernel does not
// exist, the message lists the kernels the file defines.
struct InstrumentError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct InstrumentRequest {
  std::string source;                    // the .cl text
  std::string file_name = "kernel.cl";   // for diagnostics and #include lookup
  std::string kernel;                    // the kernel to count
  std::vector<std::string> clang_args;   // -D, -I, -cl-std=..., as the device build gets them
  bool address_bits_32 = false;          // spir instead of spir64
  bool record_addresses = false;         // the address-recording copy instead of the counting one
};

// ---- Address records (record_addresses) ----
//
// The wrapper kernel then takes, after the kernel's own parameters,
//   __global ulong *__rl_r, ulong __rl_first, ulong __rl_stride, ulong __rl_window, ulong __rl_begin,
//   uint __rl_count, uint __rl_cap
// and runs the kernel only in the sampled work-groups: the sample's entry i
// is linear group g = first + (i / window) * stride + i % window (windows of
// `window` consecutive groups, `stride` apart; window <= stride), and this
// launch runs entries begin + j, j < count (the others return at once). __rl_r holds,
// in 64-bit words (n = the work-group's size, read back from word 0):
//   [0]                  n, written by every sampled group
//   [8 + i]              kernel parameter i's value as an address (pointers; 0 otherwise)
//   [H + j * L + m]      sampled group j's address of its local region m (the
//                        kernel's __local variables in declaration order, then
//                        its __local pointer parameters), H = 8 + parameters,
//                        L = local regions
//   [C + j * n + l]      item l of group j: its number of records, also past the cap; C = H + count * L
//   [R + 2 * ((j * n + l) * cap + k)]   its record k, k < cap; R = C + count * n
// A record is two words: the address, then (meta | bytes << 32), meta =
// site | kRecordLoad | kRecordStore, or kRecordBarrier for a barrier; a
// branch's condition (if, loop, scalar ?:) at each evaluation records 1 or 0
// as its address and site | kRecordBranch.
// The record's bits and the header's size: model/access_trace.hpp.

struct InstrumentResult {
  std::string source;                    // instrumented source; the wrapper keeps the kernel's name
  std::vector<std::string> kernels;      // every kernel the file defines
  std::vector<std::string> warnings;     // where a count may be inexact, and why
  std::vector<TraceSite> sites;          // record_addresses: the access and branch sites, by id
  RecordedLayout layout;                 // record_addresses: what the header's words are
  // Counting copy: the math calls (docs/methodology.md, "Counting rules") the source
  // makes, each with its own counter slot after the fixed ones: slot
  // kMathSlotBase + i counts calls of math_slots[i]. Empty in record mode.
  std::vector<MathCall> math_slots;
};

// Options of the device build that Clang must see too (-D, -I, -cl-std,
// -cl-fast-relaxed-math...), from an OpenCL build-option string.
std::vector<std::string> clang_args_from_build_options(const std::string& options);

}  // namespace roofline
