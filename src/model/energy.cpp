#include "model/energy.hpp"

#include <algorithm>

#include "model/json_fields.hpp"
#include "model/roofline.hpp"
#include "model/roofs.hpp"  // Stats to/from JSON

namespace roofline {
using nlohmann::json;
using json_fields::get_opt;
using json_fields::opt;

const ComputePower* PowerModel::find_compute(Op op, DataType type) const {
  for (const ComputePower& c : compute)
    if (c.op == op && c.type == type) return &c;
  return nullptr;
}

const MemoryPower* PowerModel::find_memory(const MemoryLevel& level) const {
  for (const MemoryPower& m : memory)
    if (m.level == level) return &m;
  return nullptr;
}

double PowerRoof::ridge() const { return ridge_point(bandwidth, peak); }

double PowerRoof::performance(double ai) const { return attainable(ai, bandwidth, peak); }

double PowerRoof::power(double ai) const {
  const double r = ridge();
  if (!(ai > 0) || !(r > 0)) return constant_watts + memory_watts;
  return constant_watts + compute_watts * std::min(1.0, ai / r) + memory_watts * std::min(1.0, r / ai);
}

double PowerRoof::energy_per_op(double ai) const {
  const double perf = performance(ai);
  return perf > 0 ? power(ai) / perf : 0;
}

double PowerRoof::efficiency(double ai) const {
  const double p = power(ai);
  return p > 0 ? performance(ai) / p : 0;
}

PowerRoof power_roof(const PowerModel& model, const ComputePower& compute, const MemoryPower& memory) {
  return {compute.peak, memory.bandwidth, model.constant_watts, compute.watts, memory.watts};
}

void to_json(json& j, const CeilingPower& p) {
  j = {{"watts", p.watts}, {"window_seconds", p.window_seconds}, {"joules_per_unit", p.joules_per_unit},
       {"units_per_joule", p.units_per_joule}};
}
void from_json(const json& j, CeilingPower& p) {
  j.at("watts").get_to(p.watts);
  get_opt(j, "window_seconds", p.window_seconds);
  get_opt(j, "joules_per_unit", p.joules_per_unit);
  get_opt(j, "units_per_joule", p.units_per_joule);
}

void to_json(json& j, const PowerModel& m) {
  json compute = json::array(), memory = json::array();
  for (const ComputePower& c : m.compute)
    compute.push_back({{"op", c.op}, {"type", c.type}, {"peak", c.peak}, {"watts", c.watts}});
  for (const MemoryPower& b : m.memory)
    memory.push_back({{"level", b.level.name}, {"bandwidth", b.bandwidth}, {"watts", b.watts}, {"r2", b.r2},
                      {"points", b.points}});
  j = {{"constant_watts", m.constant_watts}, {"compute", compute}, {"memory", memory}};
}
void from_json(const json& j, PowerModel& m) {
  j.at("constant_watts").get_to(m.constant_watts);
  m.compute.clear();
  m.memory.clear();
  if (j.contains("compute"))
    for (const json& c : j.at("compute"))
      m.compute.push_back({c.at("op").get<Op>(), c.at("type").get<DataType>(), c.at("peak").get<double>(),
                           c.at("watts").get<double>()});
  if (j.contains("memory"))
    for (const json& b : j.at("memory")) {
      MemoryPower p;
      p.level = MemoryLevel::from_name(b.at("level").get<std::string>());
      b.at("bandwidth").get_to(p.bandwidth);
      b.at("watts").get_to(p.watts);
      get_opt(b, "r2", p.r2);
      get_opt(b, "points", p.points);
      m.memory.push_back(p);
    }
}

void to_json(json& j, const ValidationPoint& v) {
  j = {{"name", v.name}, {"level", v.level.name}, {"type", v.type}, {"ai", v.ai}, {"performance", v.performance},
       {"measured_watts", v.measured_watts}, {"predicted_watts", v.predicted_watts},
       {"measured_efficiency", v.measured_efficiency}, {"predicted_efficiency", v.predicted_efficiency},
       {"predicted_watts_at_measured", v.predicted_watts_at_measured}, {"in_fit", v.in_fit}};
}
void from_json(const json& j, ValidationPoint& v) {
  get_opt(j, "name", v.name);
  std::string level;
  get_opt(j, "level", level);
  v.level = MemoryLevel::from_name(level);
  get_opt(j, "type", v.type);
  j.at("ai").get_to(v.ai);
  j.at("performance").get_to(v.performance);
  j.at("measured_watts").get_to(v.measured_watts);
  get_opt(j, "predicted_watts", v.predicted_watts);
  get_opt(j, "measured_efficiency", v.measured_efficiency);
  get_opt(j, "predicted_efficiency", v.predicted_efficiency);
  get_opt(j, "predicted_watts_at_measured", v.predicted_watts_at_measured);
  get_opt(j, "in_fit", v.in_fit);
}

void to_json(json& j, const EnergySection& e) {
  j = {{"backend", e.backend}, {"domains", e.domains}, {"idle_watts", opt(e.idle_watts)}, {"model", opt(e.model)},
       {"validation", e.validation}, {"notes", e.notes}};
}
void from_json(const json& j, EnergySection& e) {
  j.at("backend").get_to(e.backend);
  get_opt(j, "domains", e.domains);
  get_opt(j, "idle_watts", e.idle_watts);
  get_opt(j, "model", e.model);
  get_opt(j, "validation", e.validation);
  get_opt(j, "notes", e.notes);
}

}  // namespace roofline
