// model/json_fields: reading optional fields of the roofs file. A missing or
// null field keeps the default, so files written by older versions still load.
#pragma once
#include <optional>
#include <string>

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

// What a JSON library error says, in words for whoever wrote the file: "no
// schema_version" for a missing key, the message without the library's
// "[json.exception.type_error.302] " prefix otherwise.
inline std::string json_problem(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (const auto end = what.find("] "); what.rfind("[json.exception.", 0) == 0 && end != std::string::npos)
    what = what.substr(end + 2);
  const std::string key = "key '", not_found = "' not found";
  if (e.id == 403 && what.rfind(key, 0) == 0 && what.size() > key.size() + not_found.size())
    return "no " + what.substr(key.size(), what.size() - key.size() - not_found.size());
  return what;
}

}  // namespace roofline::json_fields
