#include "model/suite.hpp"

#include "model/json_fields.hpp"
#include "model/roofs.hpp"

namespace roofline {
using nlohmann::json;
using json_fields::get_opt;
using json_fields::opt;

const MathRoof* find_math_roof(const std::vector<MathRoof>& roofs, const MathCall& call) {
  for (const MathRoof& r : roofs)
    if (r.call == call) return &r;
  return nullptr;
}

void to_json(json& j, const MathCall& c) {
  j = {{"function", c.function}, {"form", c.form}, {"type", c.type}, {"name", math_name(c.function, c.form)}};
}
void from_json(const json& j, MathCall& c) {
  j.at("function").get_to(c.function);
  j.at("form").get_to(c.form);
  j.at("type").get_to(c.type);
  if (const std::string why = undefined_call(c); !why.empty()) throw std::runtime_error(why);
}

void to_json(json& j, const MathRoof& r) {
  j = {{"call", r.call},       {"calls_per_s", r.calls_per_s}, {"launch", r.launch},
       {"chains", r.chains},   {"argument", r.argument},       {"ulp_bound", r.ulp_bound},
       {"max_ulp_error", r.max_ulp_error}, {"per_clock_per_cu", opt(r.per_clock_per_cu)}};
}
void from_json(const json& j, MathRoof& r) {
  j.at("call").get_to(r.call);
  j.at("calls_per_s").get_to(r.calls_per_s);
  get_opt(j, "launch", r.launch);
  get_opt(j, "chains", r.chains);
  get_opt(j, "argument", r.argument);
  get_opt(j, "ulp_bound", r.ulp_bound);
  get_opt(j, "max_ulp_error", r.max_ulp_error);
  get_opt(j, "per_clock_per_cu", r.per_clock_per_cu);
}

}  // namespace roofline
