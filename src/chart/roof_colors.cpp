#include "chart/roof_colors.hpp"

#include <map>

namespace roofline::chart {

std::string level_color(const MemoryLevel& level) {
  switch (level.kind) {
    case LevelKind::local: return "#7A7A00";
    case LevelKind::dram: return "#0072B2";
    case LevelKind::constant: return "#8C564B";
    case LevelKind::cache: break;
  }
  // Cache levels by the name detection gave them. The third level is L3 on a
  // CPU and the far L2 partition on an NVIDIA GPU: one color, as they never
  // meet on one device.
  static const std::map<std::string, std::string> caches = {{"L1", "#D55E00"},     {"L2", "#009E73"},
                                                            {"L2 far", "#C2448A"}, {"L3", "#C2448A"},
                                                            {"L3 far", "#6A3D9A"}, {"L4", "#6A3D9A"}};
  const auto it = caches.find(level.name);
  return it == caches.end() ? "#555555" : it->second;
}

std::string compute_color(DataType type, Op op) {
  const bool mad = op == Op::mad;
  switch (type) {
    case DataType::float32: return mad ? "#1A1A1A" : "#767676";
    case DataType::float64: return mad ? "#5D3A9B" : "#8F7BBF";
    case DataType::int32: return mad ? "#A0522D" : "#B8744A";
    case DataType::float16: return mad ? "#2E7D32" : "#5E9B4F";
  }
  return "#444444";
}

}  // namespace roofline::chart
