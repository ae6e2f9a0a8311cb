#include "model/vocabulary.hpp"

namespace roofline {

std::string op_label(Op op) {
  switch (op) {
    case Op::add: return "ADD";
    case Op::mad: return "MAD";
    default: return str(op);
  }
}

std::string compute_label(DataType type, Op op, int width) {
  return str(type) + (width > 1 ? std::to_string(width) : "") + " " + op_label(op);
}

}  // namespace roofline
