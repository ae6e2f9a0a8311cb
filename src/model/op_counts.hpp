// model/op_counts: what one launch of a kernel executes, counted by the
// instrumented copy of its source (count/): floating-point operations by
// precision, integer operations, and bytes loaded and stored per address
// space. The counter slots are shared by the instrumenter, which generates
// code that fills them, and the runner, which reads them back.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>

#include "model/placement.hpp"
#include "model/math_functions.hpp"

namespace roofline {

// Slots of the per-work-item counters the instrumented kernel keeps.
enum CounterSlot : int {
  kFlopHalf = 0,
  kFlopFloat,
  kFlopDouble,
  kIntop,
  kGlobalLoad,
  kGlobalStore,
  kConstantLoad,
  kLocalLoad,
  kLocalStore,
  kPrivateLoad,
  kPrivateStore,
  kCounterSlots
};

// The per-work-item counter array's slots past the fixed ones: the
// work-item's longest dependent chain (instrument/chain_writer; the launch
// keeps the largest of any work-item), that chain's sum over the work-items
// (filled by the counting wrapper from kChainSlot), then one per math call.
inline constexpr int kChainSlot = kCounterSlots;
inline constexpr int kChainSumSlot = kCounterSlots + 1;
inline constexpr int kMathSlotBase = kCounterSlots + 2;

struct OpCounts {
  std::array<std::uint64_t, kCounterSlots> slot{};
  // Math-function calls (the counting rules' math category): one per lane
  // evaluated, by function, form and element type; kept besides the FLOPs
  // and integer ops, which count these calls by their own rules (fmax and
  // floor count no FLOP, an integer / counts an integer op).
  std::map<MathCall, std::uint64_t> math;
  // The longest path of dependent floating-point operations into a variable
  // of any work-item (instrument/chain_writer: a lower bound of its
  // dependent chain, in operations).
  std::uint64_t longest_chain = 0;
  // Each work-item's longest chain, summed over the work-items: their mean
  // chain times their number, the links the device must run one after
  // another within each chain (the chain term's throughput floor).
  std::uint64_t chain_links = 0;
  double flops() const { return double(slot[kFlopHalf]) + double(slot[kFlopFloat]) + double(slot[kFlopDouble]); }
  double intops() const { return double(slot[kIntop]); }
  // CARM traffic: global, constant and local loads and stores (private excluded).
  double carm_bytes() const;
  std::map<DataType, double> flops_by_type() const;
  std::map<AddressSpace, SpaceBytes> bytes_by_space() const;
  std::map<MathCall, double> math_calls() const;  // `math` as the placement and prediction hold it
};

}  // namespace roofline
