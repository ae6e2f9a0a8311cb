#include "model/memory_model.hpp"

#include <algorithm>
#include <cmath>

#include "model/json_fields.hpp"
#include "model/units.hpp"
#include "model/roofs.hpp"  // Stats JSON

namespace roofline {
using nlohmann::json;

using json_fields::get_opt;
using json_fields::opt;

void to_json(json& j, const CurvePoint& p) { j = {{"bytes", p.bytes}, {"stats", p.stats}}; }
void from_json(const json& j, CurvePoint& p) {
  j.at("bytes").get_to(p.bytes);
  j.at("stats").get_to(p.stats);
}

void to_json(json& j, const DetectedLevel& l) {
  j = {{"name", l.level.name}, {"capacity_bytes", opt(l.capacity_bytes)}, {"bandwidth", l.bandwidth},
       {"latency_ns", opt(l.latency_ns)}, {"first_bytes", l.first_bytes}, {"last_bytes", l.last_bytes},
       {"evidence", l.evidence}};
  if (l.reported_bytes) j["reported_bytes"] = *l.reported_bytes;
}
void from_json(const json& j, DetectedLevel& l) {
  l.level = MemoryLevel::from_name(j.at("name").get<std::string>());
  get_opt(j, "capacity_bytes", l.capacity_bytes);
  get_opt(j, "bandwidth", l.bandwidth);
  get_opt(j, "latency_ns", l.latency_ns);
  get_opt(j, "first_bytes", l.first_bytes);
  get_opt(j, "last_bytes", l.last_bytes);
  get_opt(j, "reported_bytes", l.reported_bytes);
  get_opt(j, "evidence", l.evidence);
}

void to_json(json& j, const MemoryCurves& m) {
  j = {{"kernel", m.kernel}, {"bandwidth", m.bandwidth}, {"latency", m.latency},
       {"chase_bandwidth", m.chase_bandwidth}, {"levels", m.levels},
       {"detection", m.detection}, {"local_stride", m.local_stride}};
  if (m.point_spread) j["point_spread"] = *m.point_spread;
}
void from_json(const json& j, MemoryCurves& m) {
  get_opt(j, "kernel", m.kernel);
  get_opt(j, "bandwidth", m.bandwidth);
  get_opt(j, "latency", m.latency);
  get_opt(j, "chase_bandwidth", m.chase_bandwidth);
  get_opt(j, "levels", m.levels);
  get_opt(j, "detection", m.detection);
  get_opt(j, "local_stride", m.local_stride);
  get_opt(j, "point_spread", m.point_spread);
}

double median_point_spread(const std::vector<CurvePoint>& curve) {
  std::vector<double> spread;
  for (const CurvePoint& p : curve)
    if (p.stats.mean > 0) spread.push_back(relative_spread(p.stats));
  if (spread.empty()) return 0;
  const auto middle = spread.begin() + long(spread.size() / 2);
  std::nth_element(spread.begin(), middle, spread.end());
  if (spread.size() % 2) return *middle;
  return 0.5 * (*middle + *std::max_element(spread.begin(), middle));
}

double run_spread(const MemoryCurves& curves) { return curves.point_spread.value_or(median_point_spread(curves.bandwidth)); }

bool noisy_curves(const MemoryCurves& curves) { return run_spread(curves) > kNoisySpread; }

void to_json(json& j, const TransferFit& t) {
  j = {{"direction", t.direction}, {"latency_s", t.latency_s}, {"bandwidth", t.bandwidth}, {"r2", t.r2},
       {"points", t.points}};
}
void from_json(const json& j, TransferFit& t) {
  j.at("direction").get_to(t.direction);
  get_opt(j, "latency_s", t.latency_s);
  get_opt(j, "bandwidth", t.bandwidth);
  get_opt(j, "r2", t.r2);
  get_opt(j, "points", t.points);
}

void to_json(json& j, const LaunchOverhead& l) {
  j = {{"device_seconds", l.device_seconds}, {"host_seconds", l.host_seconds}};
}
void from_json(const json& j, LaunchOverhead& l) {
  get_opt(j, "device_seconds", l.device_seconds);
  get_opt(j, "host_seconds", l.host_seconds);
}

}  // namespace roofline
