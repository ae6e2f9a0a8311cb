// model/json_fields: reading optional fields of the roofs file. A missing or
// null field keeps the default, so files written by older versions still load.
#pragma once
#include <optional>

#include <nlohmann/json.hpp>

namespace roofline::json_fields {

template <typename T>
void get_opt(const nlohmann::json& j, const char* key, T& out) {
  if (j.contains(key) && !j.at(key).is_null()) j.at(key).get_to(out);
}

template <typename T>
void get_opt(const nlohmann::json& j, const char* key, std::optional<T>& out) {
  if (j.contains(key) && !j.at(key).is_null()) out = j.at(key).get<T>();
}

template <typename T>
nlohmann::json opt(const std::optional<T>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

}  // namespace roofline::json_fields
