#include "chart/roof_colors.hpp"

#include <map>

namespace roofline::chart {

std::string level_color(const std::string& level) {
  // The third level is L3 on a CPU and the far L2 partition on an NVIDIA GPU:
  // one color, as they never meet on one device.
  static const std::map<std::string, std::string> colors = {
      {"local", "#7A7A00"}, {"L1", "#D55E00"},     {"L2", "#009E73"},   {"L2 far", "#C2448A"}, {"L3", "#C2448A"},
      {"L3 far", "#6A3D9A"}, {"L4", "#6A3D9A"},    {"DRAM", "#0072B2"}, {"constant", "#8C564B"}};
  const auto it = colors.find(level);
  return it == colors.end() ? "#555555" : it->second;
}

std::string compute_color(const std::string& type, const std::string& op) {
  const bool mad = op == "mad";
  if (type == "float") return mad ? "#1A1A1A" : "#767676";
  if (type == "double") return mad ? "#5D3A9B" : "#8F7BBF";
  if (type == "int") return mad ? "#A0522D" : "#B8744A";
  if (type == "half") return mad ? "#2E7D32" : "#5E9B4F";
  return "#444444";
}

}  // namespace roofline::chart
