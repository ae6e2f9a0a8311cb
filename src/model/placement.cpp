#include "model/placement.hpp"


#include "files/input_file.hpp"
#include "model/document_rules.hpp"
#include "model/json_fields.hpp"
#include "files/json_input.hpp"
#include "model/roofs.hpp"  // Stats to/from JSON
#include "model/suite.hpp"  // MathCall to/from JSON
#include "model/units.hpp"

namespace roofline {
using nlohmann::json;
using json_fields::get_opt;
using json_fields::opt;

void to_json(json& j, const SpaceBytes& b) { j = {{"load", b.load}, {"store", b.store}}; }
void from_json(const json& j, SpaceBytes& b) {
  get_opt(j, "load", b.load);
  get_opt(j, "store", b.store);
}

namespace {

json level_name(const std::optional<MemoryLevel>& level) { return level ? level->name : ""; }

std::optional<MemoryLevel> level_of(const json& j) {
  std::string name;
  get_opt(j, "level", name);
  return name.empty() ? std::nullopt : std::optional<MemoryLevel>(MemoryLevel::from_name(name));
}

json bound_json(const PlacementBound& b) {
  return {{"level", level_name(b.level)}, {"roof", b.roof}, {"attainable", b.attainable}, {"fraction", b.fraction}};
}

PlacementBound bound_of(const json& j) {
  PlacementBound b;
  b.level = level_of(j);
  get_opt(j, "roof", b.roof);
  get_opt(j, "attainable", b.attainable);
  get_opt(j, "fraction", b.fraction);
  return b;
}

}  // namespace

void to_json(json& j, const PredictionTerm& t) {
  j = {{"kind", t.kind}, {"roof", t.roof}, {"level", level_name(t.level)}, {"amount", t.amount}, {"rate", t.rate}, {"seconds", t.seconds}};
}
void from_json(const json& j, PredictionTerm& t) {
  j.at("kind").get_to(t.kind);
  get_opt(j, "roof", t.roof);
  t.level = level_of(j);
  get_opt(j, "amount", t.amount);
  get_opt(j, "rate", t.rate);
  get_opt(j, "seconds", t.seconds);
}
void to_json(json& j, const Prediction& p) { j = {{"seconds", p.seconds}, {"limit", p.limit}, {"terms", p.terms}}; }
void from_json(const json& j, Prediction& p) {
  j.at("seconds").get_to(p.seconds);
  j.at("limit").get_to(p.limit);
  get_opt(j, "terms", p.terms);
}

void to_json(json& j, const MathTerm& t) {
  j = t.call;
  j["calls"] = t.calls;
  j["calls_per_s"] = opt(t.calls_per_s);
  j["seconds"] = t.seconds;
}
void from_json(const json& j, MathTerm& t) {
  j.get_to(t.call);
  j.at("calls").get_to(t.calls);
  get_opt(j, "calls_per_s", t.calls_per_s);
  get_opt(j, "seconds", t.seconds);
}
void to_json(json& j, const MathPlacement& m) {
  j = {{"calls", m.calls},
       {"seconds", m.seconds},
       {"flop_seconds", m.flop_seconds},
       {"memory_seconds", m.memory_seconds},
       {"roof", m.roof},
       {"roof_performance", m.roof_performance},
       {"bound", m.bound}};
}
void from_json(const json& j, MathPlacement& m) {
  j.at("calls").get_to(m.calls);
  get_opt(j, "seconds", m.seconds);
  get_opt(j, "flop_seconds", m.flop_seconds);
  get_opt(j, "memory_seconds", m.memory_seconds);
  get_opt(j, "roof", m.roof);
  get_opt(j, "roof_performance", m.roof_performance);
  get_opt(j, "bound", m.bound);
}

namespace {
// The unit of a term's amount, empty for bytes: a latency term counts
// dependent loads at a level, or links of floating-point chains (no level).
const char* term_unit(const PredictionTerm& t) {
  switch (t.kind) {
    case PredictionTermKind::compute:
    case PredictionTermKind::occupancy:
    case PredictionTermKind::atomic: return "op";
    case PredictionTermKind::math: return "call";
    case PredictionTermKind::latency: return t.level ? "load" : "link";
    case PredictionTermKind::launch: return "launch";
    case PredictionTermKind::global:
    case PredictionTermKind::local:
    case PredictionTermKind::footprint:
    case PredictionTermKind::level: return "";
  }
  return "";
}
}  // namespace

std::string format_term_amount(const PredictionTerm& t) {
  const std::string unit = term_unit(t);
  return unit.empty() ? format_bytes(t.amount) : format_si(t.amount, unit);
}

std::string format_term_rate(const PredictionTerm& t) {
  const std::string unit = term_unit(t);
  return format_si(t.rate, (unit.empty() ? std::string("B") : unit) + "/s");
}

void to_json(json& j, const Finding& f) {
  j = {{"where", f.where}, {"code", f.code}, {"text", f.text}};
  if (!f.suggestion.empty()) j["suggestion"] = f.suggestion;
}
// A finding of a file written before findings had codes reads as unclassified.
void from_json(const json& j, Finding& f) {
  get_opt(j, "where", f.where);
  f.code = FindingCode::unclassified;
  get_opt(j, "code", f.code);
  j.at("text").get_to(f.text);
  get_opt(j, "suggestion", f.suggestion);
}

void to_json(json& j, const PlacementAnalysis& a) {
  json levels = json::array();
  for (const LevelDot& d : a.levels) levels.push_back({{"level", d.level}, {"bytes", d.bytes}, {"ai", d.ai}});
  j = {{"levels", levels}, {"core_prediction", a.core_prediction ? json(*a.core_prediction) : json(nullptr)}, {"findings", a.findings}};
}
void from_json(const json& j, PlacementAnalysis& a) {
  for (const json& d : j.at("levels")) a.levels.push_back({d.at("level").get<std::string>(), d.at("bytes").get<double>(), d.at("ai").get<double>()});
  if (j.contains("core_prediction") && j.at("core_prediction").is_object()) a.core_prediction = j.at("core_prediction").get<Prediction>();
  get_opt(j, "findings", a.findings);
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
       {"attained_roof", bound_json(p.attained)},
       {"footprint_bytes", opt(p.footprint_bytes)},
       {"work_items", opt(p.work_items)},
       {"longest_chain", p.longest_chain},
       {"chain_links", p.chain_links},
       {"prediction", p.prediction ? json(*p.prediction) : json(nullptr)},
       {"predicted_seconds", opt(p.predicted_seconds())},
       {"flops_by_type", json_fields::by_name(p.flops_by_type)},
       {"bytes_by_space", json_fields::by_name(p.bytes_by_space)},
       {"watts", opt(p.watts)},
       {"joules", opt(p.joules)},
       {"efficiency", opt(p.efficiency)},
       {"note", p.note}};
  if (p.analysis) j["analysis"] = *p.analysis;
  if (p.math) j["math"] = *p.math;
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
  // "bound" in files of schema version 1.
  for (const char* key : {"attained_roof", "bound"})
    if (j.contains(key) && j.at(key).is_object()) {
      p.attained = bound_of(j.at(key));
      break;
    }
  get_opt(j, "footprint_bytes", p.footprint_bytes);
  get_opt(j, "work_items", p.work_items);
  get_opt(j, "longest_chain", p.longest_chain);
  get_opt(j, "chain_links", p.chain_links);
  // predicted_seconds is prediction.seconds; version 1's came from the roof
  // the measured dot pressed against, no prediction, so it is not read.
  if (j.contains("prediction") && j.at("prediction").is_object()) p.prediction = j.at("prediction").get<Prediction>();
  json_fields::get_by_name(j, "flops_by_type", p.flops_by_type);
  json_fields::get_by_name(j, "bytes_by_space", p.bytes_by_space);
  get_opt(j, "watts", p.watts);
  get_opt(j, "joules", p.joules);
  get_opt(j, "efficiency", p.efficiency);
  get_opt(j, "note", p.note);
  if (j.contains("analysis") && j.at("analysis").is_object()) p.analysis = j.at("analysis").get<PlacementAnalysis>();
  if (j.contains("math") && j.at("math").is_object()) {
    p.math = j.at("math").get<MathPlacement>();
    for (const MathTerm& t : p.math->calls) p.math_calls[t.call] += t.calls;
  }
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
  // What the schema cannot say: a dot needs a position on the chart's log
  // axes, and its figures must agree (model/document_rules).
  if (const auto p = stats_problem(j)) throw field_error(file, p->pointer, p->what);
  for (std::size_t i = 0; i < out.size(); ++i) {
    const std::string at = list.is_array() ? pointer_to(list_pointer(j), i) : "";
    if (!(out[i].ai > 0)) throw field_error(file, at + "/ai", "the placement of " + out[i].kernel + " has no positive ai (it moves no bytes): it has no dot");
    if (!(out[i].performance > 0))
      throw field_error(file, at + "/performance", "the placement of " + out[i].kernel + " has no positive performance: it has no dot");
    if (const auto p = placement_problem(out[i])) throw field_error(file, at + p->pointer, p->what);
  }
  return out;
}

std::vector<Placement> load_placements(const std::string& path) {
  return parse_placements(read_input_file(path, "placement file", kJsonFileCap), path);
}

namespace {

// The "schema" a document names, empty when it names none.
std::string schema_of(const json& j) {
  const auto it = j.is_object() ? j.find("schema") : j.end();
  return j.is_object() && it != j.end() && it->is_string() ? it->get<std::string>() : "";
}

// What another file roofline writes is, in words, where a document is one:
// read as placements, it would fail on a field they lack.
std::string other_roofline_file(const json& j) {
  const std::string schema = schema_of(j);
  if (schema == "roofline-analysis") return "an analysis file (roofline analyze)";
  if (schema == "roofline-counts") return "a counts file (roofline count)";
  if (j.is_object() && !j.contains("schema") && j.contains("ceilings") && j.contains("schema_version")) return "a roofs file (roofline build)";
  return "";
}

}  // namespace

PlacedDots load_dots(const std::string& path) {
  const std::string text = read_input_file(path, "placement or trace file", kJsonFileCap);
  const json j = parse_json_input(text, path);
  if (const std::string other = other_roofline_file(j); !other.empty())
    throw InputFileError(path + " is " + other + ", not a placement or trace file (roofline place -o, roofline trace -o)");
  PlacedDots out;
  if (schema_of(j) != "roofline-trace") {
    out.dots = parse_placements(text, path);
    return out;
  }
  require_valid(j, DocumentKind::trace, path);
  if (const auto p = stats_problem(j)) throw field_error(path, p->pointer, p->what);
  out.from_trace = true;
  std::vector<std::string> at;  // each dot's placement, as a pointer
  converted(path, "trace file", [&] {
    const json& kernels = j.at("kernels");
    for (std::size_t i = 0; i < kernels.size(); ++i)
      if (kernels[i].contains("placement")) {
        out.dots.push_back(kernels[i].at("placement").get<Placement>());
        out.time_shares.push_back(kernels[i].at("time_share").get<double>());
        at.push_back(pointer_to(pointer_to("/kernels", i), "placement"));
      }
  });
  for (std::size_t i = 0; i < out.dots.size(); ++i) {
    if (!(out.dots[i].ai > 0) || !(out.dots[i].performance > 0))
      throw InputFileError(path + ": the placement of " + out.dots[i].kernel + " has no dot (no positive ai or performance)");
    if (const auto p = placement_problem(out.dots[i])) throw field_error(path, at[i] + p->pointer, p->what);
  }
  return out;
}

}  // namespace roofline
