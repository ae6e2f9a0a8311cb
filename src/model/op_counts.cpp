#include "model/op_counts.hpp"

namespace roofline {

double OpCounts::carm_bytes() const {
  return double(slot[kGlobalLoad]) + double(slot[kGlobalStore]) + double(slot[kConstantLoad]) + double(slot[kLocalLoad]) +
         double(slot[kLocalStore]);
}

std::map<DataType, double> OpCounts::flops_by_type() const {
  return {{DataType::float16, double(slot[kFlopHalf])},
          {DataType::float32, double(slot[kFlopFloat])},
          {DataType::float64, double(slot[kFlopDouble])}};
}

std::map<AddressSpace, SpaceBytes> OpCounts::bytes_by_space() const {
  return {{AddressSpace::global, {double(slot[kGlobalLoad]), double(slot[kGlobalStore])}},
          {AddressSpace::constant, {double(slot[kConstantLoad]), 0}},
          {AddressSpace::local, {double(slot[kLocalLoad]), double(slot[kLocalStore])}},
          {AddressSpace::private_, {double(slot[kPrivateLoad]), double(slot[kPrivateStore])}}};
}

std::map<MathCall, double> OpCounts::math_calls() const {
  std::map<MathCall, double> out;
  for (const auto& [call, calls] : math) out[call] = double(calls);
  return out;
}

}  // namespace roofline
