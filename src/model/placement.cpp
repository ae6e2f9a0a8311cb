#include "model/placement.hpp"


#include "model/input_file.hpp"
#include "model/json_fields.hpp"
#include "model/json_input.hpp"
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

namespace {

// The placements of a file: one object, an array of them, or {"placements": [...]}.
const json& placement_list(const json& j) { return j.is_object() && j.contains("placements") ? j.at("placements") : j; }

std::string list_pointer(const json& j) { return j.is_object() && j.contains("placements") ? "/placements" : ""; }

}  // namespace

std::vector<Placement> parse_placements(const std::string& text, const std::string& file) {
  const json j = parse_json_input(text, file);
  require_valid(j, DocumentKind::placement, file);
  const json& list = placement_list(j);
  std::vector<Placement> out;
  converted(file, "placement file", [&] {
    if (list.is_array())
      for (const json& p : list) out.push_back(p.get<Placement>());
    else
      out.push_back(list.get<Placement>());
  });
  // What the schema cannot say: a dot needs a position on the chart's log axes.
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::string at = list.is_array() ? pointer_to(list_pointer(j), i) : "";
    if (!(out[i].ai > 0)) throw field_error(file, at + "/ai", "the placement of " + out[i].kernel + " has no positive ai (it moves no bytes): it has no dot");
    if (!(out[i].performance > 0))
      throw field_error(file, at + "/performance", "the placement of " + out[i].kernel + " has no positive performance: it has no dot");
  }
  return out;
}

std::vector<Placement> load_placements(const std::string& path) {
  return parse_placements(read_input_file(path, "placement file", kJsonFileCap), path);
}

PlacedDots load_dots(const std::string& path) {
  const std::string text = read_input_file(path, "placement or trace file", kJsonFileCap);
  const json j = parse_json_input(text, path);
  PlacedDots out;
  if (!j.is_object() || j.value("schema", "") != "roofline-trace") {
    out.dots = parse_placements(text, path);
    return out;
  }
  require_valid(j, DocumentKind::trace, path);
  out.from_trace = true;
  converted(path, "trace file", [&] {
    for (const json& k : j.at("kernels"))
      if (k.contains("placement")) {
        out.dots.push_back(k.at("placement").get<Placement>());
        out.time_shares.push_back(k.at("time_share").get<double>());
      }
  });
  for (std::size_t i = 0; i < out.dots.size(); ++i)
    if (!(out.dots[i].ai > 0) || !(out.dots[i].performance > 0))
      throw InputFileError(path + ": the placement of " + out.dots[i].kernel + " has no dot (no positive ai or performance)");
  return out;
}

}  // namespace roofline
