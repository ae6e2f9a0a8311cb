// instrument/cost: what a statement or an operand charges, slot by slot: the
// fixed counters of model/op_counts.hpp, then one slot per distinct math call
// (from kMathSlotBase on, numbered by instrument/cost_rules). No Clang.
#pragma once
#include <array>
#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "model/op_counts.hpp"

namespace roofline {

struct Cost {
  std::array<std::uint64_t, kCounterSlots> v{};
  std::map<int, std::uint64_t> math;  // math-call slots (from kMathSlotBase on): calls

  bool any() const {
    for (auto x : v)
      if (x) return true;
    return !math.empty();
  }
  void operator+=(const Cost& o) {
    for (int i = 0; i < kCounterSlots; ++i) v[std::size_t(i)] += o.v[std::size_t(i)];
    for (const auto& [slot, n] : o.math) math[slot] += n;
  }
  // Every charged slot and its amount, the fixed slots first.
  std::vector<std::pair<int, std::uint64_t>> charges() const {
    std::vector<std::pair<int, std::uint64_t>> out;
    for (int i = 0; i < kCounterSlots; ++i)
      if (v[std::size_t(i)]) out.emplace_back(i, v[std::size_t(i)]);
    for (const auto& [slot, n] : math)
      if (n) out.emplace_back(slot, n);
    return out;
  }
  // "__rl_c[1]+=2UL;__rl_c[4]+=8UL;" or, for comma injection, "__rl_c[1]+=2UL,__rl_c[4]+=8UL,"
  std::string text(char sep) const {
    std::string s;
    for (const auto& [slot, n] : charges()) s += "__rl_c[" + std::to_string(slot) + "]+=" + std::to_string(n) + "UL" + sep;
    return s;
  }
};

}  // namespace roofline
