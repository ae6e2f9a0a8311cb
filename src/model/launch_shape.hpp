// model/launch_shape: how a kernel was launched, as every result file records it.
#pragma once
#include <cstdint>

#include <nlohmann/json.hpp>

namespace roofline {

// A 1-D NDRange of work_groups x local work-items.
struct LaunchShape {
  std::uint64_t global = 0;
  std::uint64_t local = 0;
  std::uint64_t work_groups() const { return local ? global / local : 0; }
};

// {"global", "local", "work_groups"}; reading needs global and local (model/roofs.cpp).
void to_json(nlohmann::json& j, const LaunchShape& s);
void from_json(const nlohmann::json& j, LaunchShape& s);

}  // namespace roofline
