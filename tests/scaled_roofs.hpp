// A roofs document with every ceiling scaled by one factor, as a slower
// device of the same model would measure it: the value, its runs' statistics
// and its efficiency move together, so the file stays possible
// (model/document_rules: a value inside its runs' [min, max]).
#pragma once
#include <nlohmann/json.hpp>

inline void scale_ceilings(nlohmann::json& roofs, double factor) {
  for (nlohmann::json& c : roofs["ceilings"]) {
    c["value"] = c["value"].get<double>() * factor;
    if (c.contains("efficiency") && c["efficiency"].is_number()) c["efficiency"] = c["efficiency"].get<double>() * factor;
    if (!c.contains("stats")) continue;
    for (const char* key : {"min", "max", "mean", "median", "stddev"})
      if (c["stats"].contains(key) && c["stats"][key].is_number()) c["stats"][key] = c["stats"][key].get<double>() * factor;
  }
}
