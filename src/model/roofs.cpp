#include "model/roofs.hpp"

#include "model/units.hpp"

#include "files/file_errors.hpp"
#include "files/input_file.hpp"
#include "model/document_rules.hpp"
#include "model/json_fields.hpp"
#include "files/json_input.hpp"
#include "model/level_consistency.hpp"

#include <algorithm>
#include <map>
#include <sstream>
#include <tuple>
#include <stdexcept>

namespace roofline {
using nlohmann::json;

using json_fields::get_opt;
using json_fields::opt;

const std::string& Ceiling::level_name() const {
  static const std::string none;
  return level ? level->name : none;
}

std::string Ceiling::label() const {
  if (is_memory()) return level_name() + " " + str(op);
  return compute_label(type, op, width);
}

void to_json(json& j, const Stats& s) {
  j = {{"median", s.median}, {"min", s.min}, {"max", s.max}, {"mean", s.mean},
       {"stddev", s.stddev}, {"rse", s.rse}, {"samples", s.samples}};
}
void from_json(const json& j, Stats& s) {
  j.at("median").get_to(s.median);
  get_opt(j, "min", s.min);
  get_opt(j, "max", s.max);
  get_opt(j, "mean", s.mean);
  get_opt(j, "stddev", s.stddev);
  get_opt(j, "rse", s.rse);
  get_opt(j, "samples", s.samples);
}

void to_json(json& j, const LaunchShape& s) {
  j = {{"global", s.global}, {"local", s.local}, {"work_groups", s.work_groups()}};
}
void from_json(const json& j, LaunchShape& s) {
  j.at("global").get_to(s.global);
  j.at("local").get_to(s.local);
}

void to_json(json& j, const SweepPoint& p) {
  j = {{"launch", p.launch}, {"stats", p.stats}};
  if (p.watts) j["watts"] = *p.watts;
}
void from_json(const json& j, SweepPoint& p) {
  j.at("launch").get_to(p.launch);
  j.at("stats").get_to(p.stats);
  get_opt(j, "watts", p.watts);
}

void to_json(json& j, const Ceiling& c) {
  j = {{"kind", c.kind}, {"op", c.op}, {"type", c.type}, {"width", c.width}, {"value", c.value}, {"unit", c.unit()},
       {"stats", c.stats}, {"launch", c.launch}, {"variant", c.variant}};
  if (c.level) j["level"] = c.level->name;
  if (c.capacity_bytes) j["capacity_bytes"] = *c.capacity_bytes;
  j["theory"] = opt(c.theory);
  j["efficiency"] = opt(c.efficiency);
  j["above_theory"] = c.above_theory;
  j["below_farther_level"] = c.below_farther_level.empty() ? json(nullptr) : json(c.below_farther_level);
  if (c.power) j["power"] = *c.power;
  j["sweeps"] = {{"work_group_size", c.sweep_wg_size}, {"work_group_count", c.sweep_wg_count}};
}
void from_json(const json& j, Ceiling& c) {
  j.at("kind").get_to(c.kind);
  j.at("op").get_to(c.op);
  j.at("type").get_to(c.type);
  j.at("width").get_to(c.width);
  j.at("value").get_to(c.value);
  // The unit follows from kind and type; one that disagrees is a damaged file.
  if (const RateUnit unit = j.at("unit").get<RateUnit>(); unit != c.unit())
    throw std::runtime_error("a " + str(c.kind) + " " + str(c.type) + " ceiling in " + str(unit) + " (its unit is " +
                             str(c.unit()) + ")");
  std::string level;
  get_opt(j, "level", level);
  if (c.is_memory() && level.empty()) throw std::runtime_error("a memory ceiling (" + str(c.op) + ") without a level");
  if (c.is_memory()) c.level = MemoryLevel::from_name(level);
  get_opt(j, "capacity_bytes", c.capacity_bytes);
  get_opt(j, "stats", c.stats);
  get_opt(j, "launch", c.launch);
  get_opt(j, "variant", c.variant);
  get_opt(j, "theory", c.theory);
  get_opt(j, "efficiency", c.efficiency);
  get_opt(j, "above_theory", c.above_theory);
  get_opt(j, "below_farther_level", c.below_farther_level);
  get_opt(j, "power", c.power);
  if (j.contains("sweeps")) {
    get_opt(j["sweeps"], "work_group_size", c.sweep_wg_size);
    get_opt(j["sweeps"], "work_group_count", c.sweep_wg_count);
  }
}

void to_json(json& j, const DeviceIdentity& d) {
  j = {{"platform", d.platform}, {"platform_version", d.platform_version}, {"vendor", d.vendor}, {"name", d.name},
       {"driver", d.driver}, {"device_version", d.device_version}, {"opencl_c_version", d.opencl_c_version},
       {"type", d.type}, {"host_unified_memory", d.host_unified_memory}, {"compute_units", d.compute_units},
       {"max_clock_mhz", d.max_clock_mhz}, {"global_mem_bytes", d.global_mem_bytes},
       {"local_mem_bytes", d.local_mem_bytes}, {"constant_mem_bytes", d.constant_mem_bytes},
       {"global_cache_bytes", d.global_cache_bytes}, {"cache_line_bytes", d.cache_line_bytes},
       {"max_alloc_bytes", d.max_alloc_bytes}, {"uuid", d.uuid}, {"pci_address", d.pci_address},
       {"architecture", d.architecture}, {"physical_cores", d.physical_cores},
       {"memory_clock_mhz", d.memory_clock_mhz}, {"memory_bus_width_bits", d.memory_bus_width_bits}};
  if (!d.host_cache_bytes.empty()) j["host_cache_bytes"] = d.host_cache_bytes;
  if (!d.host_cache_instances.empty()) j["host_cache_instances"] = d.host_cache_instances;
}
void from_json(const json& j, DeviceIdentity& d) {
  j.at("name").get_to(d.name);
  get_opt(j, "platform", d.platform);
  get_opt(j, "platform_version", d.platform_version);
  get_opt(j, "vendor", d.vendor);
  get_opt(j, "driver", d.driver);
  get_opt(j, "device_version", d.device_version);
  get_opt(j, "opencl_c_version", d.opencl_c_version);
  get_opt(j, "type", d.type);
  get_opt(j, "host_unified_memory", d.host_unified_memory);
  get_opt(j, "compute_units", d.compute_units);
  get_opt(j, "max_clock_mhz", d.max_clock_mhz);
  get_opt(j, "global_mem_bytes", d.global_mem_bytes);
  get_opt(j, "local_mem_bytes", d.local_mem_bytes);
  get_opt(j, "constant_mem_bytes", d.constant_mem_bytes);
  get_opt(j, "global_cache_bytes", d.global_cache_bytes);
  get_opt(j, "cache_line_bytes", d.cache_line_bytes);
  get_opt(j, "max_alloc_bytes", d.max_alloc_bytes);
  get_opt(j, "uuid", d.uuid);
  get_opt(j, "pci_address", d.pci_address);
  get_opt(j, "architecture", d.architecture);
  get_opt(j, "physical_cores", d.physical_cores);
  get_opt(j, "memory_clock_mhz", d.memory_clock_mhz);
  get_opt(j, "memory_bus_width_bits", d.memory_bus_width_bits);
  get_opt(j, "host_cache_bytes", d.host_cache_bytes);
  get_opt(j, "host_cache_instances", d.host_cache_instances);
}

void to_json(json& j, const StepTime& s) { j = {{"name", s.name}, {"seconds", s.seconds}}; }
void from_json(const json& j, StepTime& s) {
  j.at("name").get_to(s.name);
  j.at("seconds").get_to(s.seconds);
}

void to_json(json& j, const HeldClock& c) { j = {{"mhz", c.mhz}, {"source", c.source}, {"samples_mhz", c.samples_mhz}}; }
void from_json(const json& j, HeldClock& c) {
  j.at("mhz").get_to(c.mhz);
  get_opt(j, "source", c.source);
  get_opt(j, "samples_mhz", c.samples_mhz);
}

void to_json(json& j, const ChainRate& r) {
  j = {{"work_items", r.work_items}, {"local", r.local}, {"links_per_second", r.links_per_second}};
}
void from_json(const json& j, ChainRate& r) {
  j.at("work_items").get_to(r.work_items);
  j.at("local").get_to(r.local);
  j.at("links_per_second").get_to(r.links_per_second);
}

void to_json(json& j, const OperationLatency& l) {
  j = {{"op", l.op}, {"type", l.type}, {"seconds", l.seconds}};
  if (l.chain_rate) j["chain_rate"] = *l.chain_rate;
}
void from_json(const json& j, OperationLatency& l) {
  j.at("op").get_to(l.op);
  j.at("type").get_to(l.type);
  j.at("seconds").get_to(l.seconds);
  get_opt(j, "chain_rate", l.chain_rate);
}

const OperationLatency* RoofsDocument::latency_entry(Op op, DataType type) const {
  for (const OperationLatency& l : latencies)
    if (l.op == op && l.type == type) return &l;
  return nullptr;
}

std::optional<double> RoofsDocument::latency_of(Op op, DataType type) const {
  const OperationLatency* l = latency_entry(op, type);
  if (!l || !(l->seconds.median > 0)) return std::nullopt;
  return l->seconds.median;
}

std::optional<double> RoofsDocument::chain_rate_of(Op op, DataType type) const {
  const OperationLatency* l = latency_entry(op, type);
  if (!l || !l->chain_rate || !(l->chain_rate->links_per_second.median > 0)) return std::nullopt;
  return l->chain_rate->links_per_second.median;
}

void to_json(json& j, const RoofsDocument& d) {
  j = {{"schema_version", d.schema_version}, {"tool", {{"name", "roofline"}, {"version", d.tool_version}, {"git_revision", d.git_revision}}},
       {"date", d.date}, {"command_line", d.command_line}, {"complete", d.complete}, {"quick", d.quick},
       {"device", d.device}, {"clock", opt(d.clock)}, {"ceilings", d.ceilings},
       {"memory", opt(d.memory)}, {"transfers", d.transfers},
       {"launch_overhead", opt(d.launch_overhead)}, {"energy", opt(d.energy)}, {"math", d.math},
       {"steps", d.steps}, {"notes", d.notes}};
  if (!d.latencies.empty()) j["compute_latency"] = d.latencies;
  if (d.concurrent_with > 0) j["concurrent_with"] = d.concurrent_with;
  if (d.others_cpu_share) j["others_cpu_share"] = *d.others_cpu_share;
  for (const SuiteRow& row : suite_rows()) j[std::string(row.section)] = section_to_json(row, d.series(row.id));
}
void from_json(const json& j, RoofsDocument& d) {
  j.at("schema_version").get_to(d.schema_version);
  if (d.schema_version > kSchemaVersion)
    throw std::runtime_error("schema version " + std::to_string(d.schema_version) + " is newer than this tool reads (" +
                             std::to_string(kSchemaVersion) + ")");
  if (j.contains("tool")) {
    get_opt(j["tool"], "version", d.tool_version);
    get_opt(j["tool"], "git_revision", d.git_revision);
  }
  get_opt(j, "date", d.date);
  get_opt(j, "command_line", d.command_line);
  get_opt(j, "complete", d.complete);
  get_opt(j, "quick", d.quick);
  get_opt(j, "concurrent_with", d.concurrent_with);
  get_opt(j, "others_cpu_share", d.others_cpu_share);
  j.at("device").get_to(d.device);
  get_opt(j, "clock", d.clock);
  j.at("ceilings").get_to(d.ceilings);
  get_opt(j, "memory", d.memory);
  get_opt(j, "transfers", d.transfers);
  get_opt(j, "launch_overhead", d.launch_overhead);
  get_opt(j, "energy", d.energy);
  get_opt(j, "math", d.math);
  get_opt(j, "compute_latency", d.latencies);
  for (const SuiteRow& row : suite_rows())
    if (const std::string section(row.section); j.contains(section))
      if (std::vector<MeasuredSeries> series = section_from_json(row, j.at(section)); !series.empty())
        d.suite[row.id] = std::move(series);
  get_opt(j, "steps", d.steps);
  get_opt(j, "notes", d.notes);
}

const std::vector<MeasuredSeries>& RoofsDocument::series(SuiteBenchmark benchmark) const {
  static const std::vector<MeasuredSeries> none;
  const auto it = suite.find(benchmark);
  return it == suite.end() ? none : it->second;
}

void flag_levels(RoofsDocument& doc) {
  for (const std::string& note : flag_inconsistent_levels(doc))
    if (std::find(doc.notes.begin(), doc.notes.end(), note) == doc.notes.end()) doc.notes.push_back(note);
}

RoofsDocument parse_roofs(const std::string& text, const std::string& file) {
  const json j = parse_json_input(text, file);
  if (!j.is_object() || !j.contains("schema_version")) throw InputFileError(file + ": not a roofs file (no schema_version)");
  require_valid(j, DocumentKind::roofs, file);
  if (const auto p = stats_problem(j)) throw field_error(file, p->pointer, p->what);
  RoofsDocument doc = converted(file, "roofs file", [&] { return j.get<RoofsDocument>(); });
  if (const auto p = roofs_problem(doc)) throw field_error(file, p->pointer, p->what);
  flag_levels(doc);
  return doc;
}

RoofsDocument load_roofs(const std::string& path) {
  return parse_roofs(read_input_file(path, "roofs file", kJsonFileCap), path);
}

std::vector<const Ceiling*> best_ceilings(const RoofsDocument& doc) {
  // One roof per memory level (any op), one per compute (op, type).
  using Key = std::tuple<CeilingKind, std::string, Op, DataType>;
  const auto key_of = [](const Ceiling& c) {
    return c.is_memory() ? Key{c.kind, c.level_name(), Op::read, DataType::float32} : Key{c.kind, "", c.op, c.type};
  };
  std::map<Key, const Ceiling*> best;
  std::vector<Key> order;
  for (const auto& c : doc.ceilings) {
    if (!(c.value > 0)) continue;
    // Constant memory is a broadcast path, not a level data streams through.
    if (c.at(LevelKind::constant)) continue;
    const Key key = key_of(c);
    auto it = best.find(key);
    if (it == best.end()) {
      best[key] = &c;
      order.push_back(key);
    } else if (c.value > it->second->value) {
      it->second = &c;
    }
  }
  std::vector<const Ceiling*> out;
  for (const auto& k : order) out.push_back(best[k]);
  return out;
}

bool noisy_run(const RoofsDocument& doc) {
  return (doc.memory && noisy_curves(*doc.memory)) || doc.others_cpu_share.value_or(0) > kNoisyOthersShare;
}

std::string noisy_run_note(const RoofsDocument& doc) {
  std::string why;
  if (doc.memory && noisy_curves(*doc.memory))
    why = "the bandwidth curve's points vary by a median " + format_text("%.1f", 100 * run_spread(*doc.memory)) +
          "% between their samples (quiet: about 1%; noisy above " + format_text("%.0f", 100 * kNoisySpread) + "%)";
  if (doc.others_cpu_share.value_or(0) > kNoisyOthersShare)
    why += (why.empty() ? "" : " and ") + std::string("other processes took ") +
           format_text("%.0f", 100 * *doc.others_cpu_share) + "% of the host's CPU time while it measured (noisy above " +
           format_text("%.0f", 100 * kNoisyOthersShare) + "%)";
  return "noisy run: " + why + ": its levels and roofs may read low; build again on a quiet machine";
}

}  // namespace roofline
