#include "instrument/wrapper_emitter.hpp"

#include "instrument/templates.hpp"
#include "model/access_trace.hpp"

namespace roofline {
namespace {

using Values = std::vector<std::pair<std::string, std::string>>;

std::string joined(const std::vector<std::string>& items, const std::string& before, const std::string& after) {
  std::string out;
  for (const std::string& item : items) out += before + item + after;
  return out;
}

// The placeholders both wrappers share (templates/counting_wrapper.cl).
Values kernel_values(const WrappedKernel& k) {
  return {{"NAME", k.name},
          {"ATTRIBUTES", k.attributes},
          {"PARAMETERS", k.parameters.empty() ? "" : k.parameters + ", "},
          {"ARGUMENTS", joined(k.names, "", ", ")},
          {"LOCAL_DECLARATIONS", joined(k.local_declarations, "  ", ";\n")},
          {"LOCAL_ARGUMENTS", joined(k.local_names, ", &", "")}};
}

Values with(Values values, const Values& more) {
  values.insert(values.end(), more.begin(), more.end());
  return values;
}

std::string work_group_sum(const std::set<int>& summed) {
  if (summed.empty()) return "  // Every charge is made once per work-item: nothing to sum over the work-group.\n";
  std::string list;
  for (int slot : summed) list += (list.empty() ? "" : ", ") + std::to_string(slot);
  return filled(template_text("work_group_sum.cl"), {{"SLOTS", list}});
}

std::string once_per_item_sums(const Cost& once) {
  if (!once.any()) return "";
  std::string adds;
  for (const auto& [slot, n] : once.charges())
    adds += "    __rl_add(__rl_out, " + std::to_string(slot) + ", " + std::to_string(n) + "UL * __rl_items);\n";
  return filled(template_text("once_per_item.cl"), {{"ADDS", adds}});
}

Values record_slots() {
  return {{"CURSOR", std::to_string(kRecordCursorSlot)},
          {"BASE", std::to_string(kRecordBaseSlot)},
          {"CAP", std::to_string(kRecordCapSlot)},
          {"BRANCHES", std::to_string(kRecordBranchSlot)},
          {"BRANCH_CAP", std::to_string(kTraceBranchesPerItem)}};
}

std::string header_words(const RecordHeader& h) {
  const std::size_t header = kRecordHeaderWords + h.parameters, regions = h.local_addresses.size();
  std::string words;
  for (const auto& [index, name] : h.pointer_parameters)
    words += "    __rl_r[" + std::to_string(kRecordHeaderWords + index) + "] = (ulong)" + name + ";\n";
  for (std::size_t m = 0; m < regions; ++m)
    words += "    __rl_r[" + std::to_string(header) + "UL + __rl_j * " + std::to_string(regions) + "UL + " + std::to_string(m) +
             "UL] = " + h.local_addresses[m] + ";\n";
  return words;
}

}  // namespace

std::string counter_parameters(bool record) {
  return record ? "__private ulong *__rl_c, __global ulong *__rl_r" : "__private ulong *__rl_c";
}

std::string counter_arguments(bool record) { return record ? "__rl_c, __rl_r" : "__rl_c"; }

std::string counting_wrapper(const WrappedKernel& kernel, int counter_words, const std::set<int>& summed, const Cost& once_per_item) {
  return filled(template_text("counting_wrapper.cl"), with(kernel_values(kernel), {{"COUNTER_WORDS", std::to_string(counter_words)},
                                                                          {"CHAIN_SLOT", std::to_string(kChainSlot)},
                                                                          {"CHAIN_SUM_SLOT", std::to_string(kChainSumSlot)},
                                                                          {"WORK_GROUP_SUM", work_group_sum(summed)},
                                                                          {"ONCE_PER_ITEM", once_per_item_sums(once_per_item)}}));
}

std::string record_wrapper(const WrappedKernel& kernel, const RecordHeader& header) {
  return filled(template_text("record_wrapper.cl"),
                with(with(kernel_values(kernel), record_slots()),
                     {{"HEADER_WORDS", header_words(header)},
                      {"HEADER", std::to_string(kRecordHeaderWords + header.parameters)},
                      {"REGIONS", std::to_string(header.local_addresses.size())},
                      {"COUNTER_WORDS", std::to_string(kRecordCounterWords)}}));
}

std::string record_functions() { return filled(template_text("record_functions.cl"), record_slots()); }

}  // namespace roofline
