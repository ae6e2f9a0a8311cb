// instrument/wrapper_emitter: the generated __kernel that keeps the counted
// kernel's name and calls it, now a plain function __rl_k_NAME taking the
// counters (count/instrument.hpp says what each copy's wrapper takes and
// writes), filled in from the templates of src/instrument/templates/; and
// what every instrumented function takes last and what its calls pass. No
// Clang: the rewriter hands it the kernel's pieces as text.
#pragma once
#include <cstddef>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "instrument/cost.hpp"

namespace roofline {

// Record mode: the counter array's four words past the counters: the
// item's next record, where its records start in __rl_r, its cap, and the
// branch outcomes it has evaluated (kTraceBranchesPerItem of them recorded).
constexpr int kRecordCursorSlot = kCounterSlots, kRecordBaseSlot = kCounterSlots + 1, kRecordCapSlot = kCounterSlots + 2;
constexpr int kRecordBranchSlot = kCounterSlots + 3;
constexpr int kRecordCounterWords = kCounterSlots + 4;

// What every instrumented function takes last, and what its calls pass: the
// counters, and in the recording copy the records.
std::string counter_parameters(bool record);
std::string counter_arguments(bool record);

// The counted kernel, as its wrapper declares and calls it.
struct WrappedKernel {
  std::string name;
  std::string attributes;          // "__attribute__((reqd_work_group_size(16, 1, 1))) ", each with a space
  std::string parameters;          // as written, "__global float* a, int n"
  std::vector<std::string> names;  // the parameters' names
  // Its __local variables, declared by the wrapper and passed by pointer:
  std::vector<std::string> local_declarations;  // "__local float t[16]"
  std::vector<std::string> local_names;
};

// The counting wrapper: it zeroes `counter_words` counters (the fixed slots,
// then one per math call), calls the kernel, sums the `summed` slots over the
// work-group and adds the sums and `once_per_item` times the NDRange's size
// to __rl_out.
std::string counting_wrapper(const WrappedKernel& kernel, int counter_words, const std::set<int>& summed, const Cost& once_per_item);

// The address-recording copy's header words (count/instrument.hpp,
// "Address records"): the kernel's pointer parameters by index, and the
// address of each local region in declaration order.
struct RecordHeader {
  std::size_t parameters = 0;
  std::vector<std::pair<std::size_t, std::string>> pointer_parameters;  // index, name
  std::vector<std::string> local_addresses;                             // "(ulong)&t", "(ulong)p"
};

std::string record_wrapper(const WrappedKernel& kernel, const RecordHeader& header);

// __rl_note and __rl_br, for the top of the recording copy, then a #line 1.
std::string record_functions();

}  // namespace roofline
