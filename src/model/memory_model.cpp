#include "model/memory_model.hpp"

#include "model/json_fields.hpp"
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
       {"latency_ns", opt(l.latency_ns)}, {"first_bytes", l.first_bytes}, {"last_bytes", l.last_bytes}};
}
void from_json(const json& j, DetectedLevel& l) {
  l.level = MemoryLevel::from_name(j.at("name").get<std::string>());
  get_opt(j, "capacity_bytes", l.capacity_bytes);
  get_opt(j, "bandwidth", l.bandwidth);
  get_opt(j, "latency_ns", l.latency_ns);
  get_opt(j, "first_bytes", l.first_bytes);
  get_opt(j, "last_bytes", l.last_bytes);
}

void to_json(json& j, const MemoryCurves& m) {
  j = {{"kernel", m.kernel}, {"bandwidth", m.bandwidth}, {"latency", m.latency},
       {"chase_bandwidth", m.chase_bandwidth}, {"levels", m.levels},
       {"detection", m.detection}, {"local_stride", m.local_stride}};
}
void from_json(const json& j, MemoryCurves& m) {
  get_opt(j, "kernel", m.kernel);
  get_opt(j, "bandwidth", m.bandwidth);
  get_opt(j, "latency", m.latency);
  get_opt(j, "chase_bandwidth", m.chase_bandwidth);
  get_opt(j, "levels", m.levels);
  get_opt(j, "detection", m.detection);
  get_opt(j, "local_stride", m.local_stride);
}

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
