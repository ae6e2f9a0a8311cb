#include "model/vocabulary.hpp"

#include <cctype>
#include <cstdlib>

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

std::optional<long> MemoryLevel::cache_number() const {
  if (!is(LevelKind::cache) || name.size() < 2 || name[0] != 'L' || !std::isdigit(static_cast<unsigned char>(name[1])))
    return std::nullopt;
  return std::strtol(name.c_str() + 1, nullptr, 10);
}

}  // namespace roofline
