// model/json_fields: reading optional fields of the roofs file, and the
// vocabulary's enums by name. A missing or
// null field keeps the default, so files written by older versions still load.
#pragma once
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "model/vocabulary.hpp"

namespace roofline {

// The vocabulary's enums in JSON: their names; an unknown name throws
// UnknownName, which says what the name was and which ones exist.
template <typename Enum, typename = decltype(Vocabulary<Enum>::names)>
void to_json(nlohmann::json& j, Enum value) {
  j = std::string(name_of(value));
}
template <typename Enum, typename = decltype(Vocabulary<Enum>::names)>
void from_json(const nlohmann::json& j, Enum& value) {
  value = parse_name<Enum>(j.get<std::string>());
}

}  // namespace roofline

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

// A map keyed by a vocabulary enum as a JSON object keyed by the names.
template <typename Enum, typename Value>
nlohmann::json by_name(const std::map<Enum, Value>& m) {
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [key, value] : m) j[std::string(name_of(key))] = value;
  return j;
}

// Reads such an object where present; an unknown name throws UnknownName.
template <typename Enum, typename Value>
void get_by_name(const nlohmann::json& j, const char* key, std::map<Enum, Value>& out) {
  if (!j.contains(key) || j.at(key).is_null()) return;
  for (const auto& [name, value] : j.at(key).items()) out[parse_name<Enum>(name)] = value.template get<Value>();
}

}  // namespace roofline::json_fields
