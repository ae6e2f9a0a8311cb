#include "model/placement.hpp"

#include <stdexcept>

#include "model/file_errors.hpp"
#include "model/input_file.hpp"
#include "model/json_fields.hpp"
#include "model/roofs.hpp"  // Stats to/from JSON

namespace roofline {
using nlohmann::json;
using json_fields::get_opt;
using json_fields::opt;

void to_json(json& j, const SpaceBytes& b) { j = {{"load", b.load}, {"store", b.store}}; }
void from_json(const json& j, SpaceBytes& b) {
  get_opt(j, "load", b.load);
  get_opt(j, "store", b.store);
}

void to_json(json& j, const Placement& p) {
  j = {{"schema", "roofline-placement"},
       {"schema_version", kPlacementSchemaVersion},
       {"kernel", p.kernel},
       {"label", p.label},
       {"source", p.source},
       {"device", p.device},
       {"flops", p.flops},
       {"intops", p.intops},
       {"bytes", p.bytes},
       {"ai", p.ai},
       {"unit", p.unit},
       {"seconds", p.seconds},
       {"time", p.time},
       {"performance", p.performance},
       {"bound",
        {{"level", p.bound.level ? p.bound.level->name : ""}, {"roof", p.bound.roof}, {"attainable", p.bound.attainable},
         {"fraction", p.bound.fraction}}},
       {"predicted_seconds", opt(p.predicted_seconds)},
       {"flops_by_type", json_fields::by_name(p.flops_by_type)},
       {"bytes_by_space", json_fields::by_name(p.bytes_by_space)},
       {"watts", opt(p.watts)},
       {"joules", opt(p.joules)},
       {"efficiency", opt(p.efficiency)},
       {"note", p.note}};
}

void from_json(const json& j, Placement& p) {
  j.at("kernel").get_to(p.kernel);
  get_opt(j, "label", p.label);
  get_opt(j, "source", p.source);
  get_opt(j, "device", p.device);
  get_opt(j, "flops", p.flops);
  get_opt(j, "intops", p.intops);
  j.at("bytes").get_to(p.bytes);
  j.at("ai").get_to(p.ai);
  get_opt(j, "unit", p.unit);
  j.at("seconds").get_to(p.seconds);
  get_opt(j, "time", p.time);
  j.at("performance").get_to(p.performance);
  if (j.contains("bound") && j.at("bound").is_object()) {
    const json& b = j.at("bound");
    std::string level;
    get_opt(b, "level", level);
    if (!level.empty()) p.bound.level = MemoryLevel::from_name(level);
    get_opt(b, "roof", p.bound.roof);
    get_opt(b, "attainable", p.bound.attainable);
    get_opt(b, "fraction", p.bound.fraction);
  }
  get_opt(j, "predicted_seconds", p.predicted_seconds);
  json_fields::get_by_name(j, "flops_by_type", p.flops_by_type);
  json_fields::get_by_name(j, "bytes_by_space", p.bytes_by_space);
  get_opt(j, "watts", p.watts);
  get_opt(j, "joules", p.joules);
  get_opt(j, "efficiency", p.efficiency);
  get_opt(j, "note", p.note);
}

std::vector<Placement> load_placements(const std::string& path) {
  const std::string text = read_input_file(path, "placement file", kJsonFileCap);
  try {
    const json j = json::parse(text);
    const json& list = j.is_object() && j.contains("placements") ? j.at("placements") : j;
    std::vector<Placement> out;
    if (list.is_array()) {
      for (const json& p : list) out.push_back(p.get<Placement>());
    } else if (list.is_object()) {
      out.push_back(list.get<Placement>());
    } else {
      throw std::runtime_error("expected a placement object, an array of them or {\"placements\": [...]}");
    }
    for (const Placement& p : out)
      if (!(p.ai > 0) || !(p.performance > 0))
        throw std::runtime_error("placement of " + p.kernel + " has no positive ai and performance");
    return out;
  } catch (const json::parse_error& e) {
    throw InputFileError(path + ": not JSON (" + json_fields::json_problem(e) + ")");
  } catch (const json::exception& e) {
    throw InputFileError(path + ": not a placement file (" + json_fields::json_problem(e) + ")");
  } catch (const std::exception& e) {
    throw InputFileError("placement file " + path + ": " + e.what());
  }
}

}  // namespace roofline
