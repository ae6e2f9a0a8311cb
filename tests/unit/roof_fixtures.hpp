// Ceilings built by hand for unit tests of the model (prediction, level
// consistency, access analysis).
#pragma once
#include <optional>

#include "model/roofs.hpp"

namespace roofline::test {

// A float memory roof of `op` at `level`, B/s, with the level's detected capacity if given.
inline Ceiling memory_roof(Op op, MemoryLevel level, double bytes_per_s, std::optional<double> capacity = std::nullopt) {
  Ceiling c;
  c.kind = CeilingKind::memory;
  c.op = op;
  c.type = DataType::float32;
  c.level = std::move(level);
  c.value = bytes_per_s;
  c.capacity_bytes = capacity;
  return c;
}

// A MAD compute roof of `type`, ops/s.
inline Ceiling compute_roof(DataType type, double ops_per_s) {
  Ceiling c;
  c.kind = CeilingKind::compute;
  c.op = Op::mad;
  c.type = type;
  c.value = ops_per_s;
  return c;
}

}  // namespace roofline::test
