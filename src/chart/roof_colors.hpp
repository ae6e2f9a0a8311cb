// chart/roof_colors: one fixed color per memory level and per compute roof,
// the same in every chart (the CARM, the energy CARMs, the memory sweeps), so
// DRAM is blue wherever it appears. Every color keeps at least 3:1 contrast
// on white and on the CARM's light attainable-region shading.
#pragma once
#include <string>

#include "model/vocabulary.hpp"

namespace roofline::chart {

// local, L1, L2, L2 far (or L3), L3 far, DRAM, constant; grey for any other.
std::string level_color(const MemoryLevel& level);

// By type and op: MAD darker than ADD of the same type.
std::string compute_color(DataType type, Op op);

}  // namespace roofline::chart
