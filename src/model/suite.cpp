#include "model/suite.hpp"

#include <algorithm>

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

std::optional<int> implied_subgroup_width(const std::vector<DivergencePoint>& points) {
  std::vector<DivergencePoint> sorted = points;
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.paths < b.paths; });
  // The largest such P: a noisy point that reads low below the real width
  // must not stand for it. At P = 2, 0.6 P would let a loaded machine's noise
  // (a third slower at random) imply a width: the ratio must reach 1.5.
  // Requiring every point beyond P to stay level keeps a plateau that noise
  // made (a CPU's 2.5, 2.6, 1.3, 2.6 beyond 4 paths) from implying one.
  const auto level_beyond = [&](std::size_t i) {
    for (std::size_t j = i + 1; j < sorted.size(); ++j)
      if (sorted[j].ratio >= 1.3 * sorted[i].ratio || sorted[j].ratio * 1.3 <= sorted[i].ratio) return false;
    return true;
  };
  std::optional<int> width;
  for (std::size_t i = 0; i + 1 < sorted.size(); ++i) {
    const DivergencePoint &p = sorted[i], &next = sorted[i + 1];
    if (p.paths < 2 || next.paths != 2 * p.paths) continue;
    if (p.ratio >= std::max(0.6 * p.paths, 1.5) && level_beyond(i)) width = p.paths;
  }
  return width;
}

std::optional<std::uint64_t> saturation_point(const std::vector<ScalabilityPoint>& points) {
  double best = 0;
  for (const auto& p : points) best = std::max(best, p.bytes_per_s.median);
  if (!(best > 0)) return std::nullopt;
  std::optional<std::uint64_t> fewest;
  for (const auto& p : points)
    if (p.bytes_per_s.median >= 0.9 * best && (!fewest || p.work_items < *fewest)) fewest = p.work_items;
  return fewest;
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

void to_json(json& j, const StridePoint& p) { j = {{"stride", p.stride}, {"bytes_per_s", p.bytes_per_s}}; }
void from_json(const json& j, StridePoint& p) {
  j.at("stride").get_to(p.stride);
  j.at("bytes_per_s").get_to(p.bytes_per_s);
}

void to_json(json& j, const StrideCurve& c) {
  j = {{"op", c.op},         {"type", c.type},     {"width", c.width},
       {"launch", c.launch},
       {"buffer_bytes", c.buffer_bytes}, {"points", c.points}, {"same_address", opt(c.same_address)}};
}
void from_json(const json& j, StrideCurve& c) {
  j.at("op").get_to(c.op);
  j.at("type").get_to(c.type);
  j.at("width").get_to(c.width);
  get_opt(j, "launch", c.launch);
  get_opt(j, "buffer_bytes", c.buffer_bytes);
  j.at("points").get_to(c.points);
  get_opt(j, "same_address", c.same_address);
}

void to_json(json& j, const DivergencePoint& p) { j = {{"paths", p.paths}, {"seconds", p.seconds}, {"ratio", p.ratio}}; }
void from_json(const json& j, DivergencePoint& p) {
  j.at("paths").get_to(p.paths);
  j.at("seconds").get_to(p.seconds);
  j.at("ratio").get_to(p.ratio);
}

void to_json(json& j, const DivergenceTest& d) {
  j = {{"launch", d.launch}, {"points", d.points},
       {"implied_width", opt(d.implied_width)}, {"reported_width", opt(d.reported_width)}};
}
void from_json(const json& j, DivergenceTest& d) {
  get_opt(j, "launch", d.launch);
  j.at("points").get_to(d.points);
  // Derived from the points by this roofline's rule, whatever the file says
  // (files keep it for readers without the rule).
  d.implied_width = implied_subgroup_width(d.points);
  get_opt(j, "reported_width", d.reported_width);
}

void to_json(json& j, const ScalabilityPoint& p) {
  j = {{"work_items", p.work_items}, {"local", p.local}, {"seconds", p.seconds}, {"bytes_per_s", p.bytes_per_s}};
}
void from_json(const json& j, ScalabilityPoint& p) {
  j.at("work_items").get_to(p.work_items);
  get_opt(j, "local", p.local);
  j.at("seconds").get_to(p.seconds);
  j.at("bytes_per_s").get_to(p.bytes_per_s);
}

void to_json(json& j, const ScalabilitySweep& s) {
  j = {{"bytes", s.bytes}, {"points", s.points}, {"saturation_items", opt(s.saturation_items)}};
}
void from_json(const json& j, ScalabilitySweep& s) {
  get_opt(j, "bytes", s.bytes);
  j.at("points").get_to(s.points);
  s.saturation_items = saturation_point(s.points);  // derived, as implied_width
}

void to_json(json& j, const AtomicRate& a) {
  j = {{"space", a.space}, {"target", a.target}, {"launch", a.launch}, {"ops_per_s", a.ops_per_s}};
}
void from_json(const json& j, AtomicRate& a) {
  j.at("space").get_to(a.space);
  j.at("target").get_to(a.target);
  get_opt(j, "launch", a.launch);
  j.at("ops_per_s").get_to(a.ops_per_s);
}

}  // namespace roofline
