#include "model/op_counts.hpp"

namespace roofline {

double OpCounts::carm_bytes() const {
  return double(slot[kGlobalLoad]) + double(slot[kGlobalStore]) + double(slot[kConstantLoad]) + double(slot[kLocalLoad]) +
         double(slot[kLocalStore]);
}

std::map<std::string, double> OpCounts::flops_by_type() const {
  return {{"half", double(slot[kFlopHalf])}, {"float", double(slot[kFlopFloat])}, {"double", double(slot[kFlopDouble])}};
}

std::map<std::string, SpaceBytes> OpCounts::bytes_by_space() const {
  return {{"global", {double(slot[kGlobalLoad]), double(slot[kGlobalStore])}},
          {"constant", {double(slot[kConstantLoad]), 0}},
          {"local", {double(slot[kLocalLoad]), double(slot[kLocalStore])}},
          {"private", {double(slot[kPrivateLoad]), double(slot[kPrivateStore])}}};
}

}  // namespace roofline
