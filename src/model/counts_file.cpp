#include "model/counts_file.hpp"

#include "files/input_file.hpp"
#include "model/json_fields.hpp"
#include "files/json_input.hpp"
#include "model/suite.hpp"

namespace roofline {
using nlohmann::json;

namespace {
const char* kSlotNames[kCounterSlots] = {"flop_half",   "flop_float",   "flop_double",   "intop",
                                         "global_load", "global_store", "constant_load", "local_load",
                                         "local_store", "private_load", "private_store"};

json math_calls(const std::map<MathCall, std::uint64_t>& math) {
  json out = json::array();
  for (const auto& [call, calls] : math) {
    json c = call;
    c["calls"] = calls;
    out.push_back(c);
  }
  return out;
}

std::map<MathCall, std::uint64_t> math_calls_of(const json& j) {
  std::map<MathCall, std::uint64_t> out;
  for (const json& c : j) out[c.get<MathCall>()] += c.at("calls").get<std::uint64_t>();
  return out;
}

std::string dims(const std::vector<std::uint64_t>& d) {
  std::string s;
  for (auto x : d) s += (s.empty() ? "" : ",") + std::to_string(x);
  return s.empty() ? "(runtime's choice)" : s;
}
}  // namespace

std::string CountedLaunch::difference(const CountedLaunch& o) const {
  if (kernel != o.kernel) return "kernel " + o.kernel + " vs " + kernel;
  if (source_hash != o.source_hash) return "the source differs (hash " + o.source_hash + " vs " + source_hash + ")";
  if (build_options != o.build_options) return "build options '" + o.build_options + "' vs '" + build_options + "'";
  if (global != o.global) return "--global " + dims(o.global) + " vs " + dims(global);
  if (local != o.local) return "--local " + dims(o.local) + " vs " + dims(local);
  for (const auto& [k, v] : o.args) {
    auto it = args.find(k);
    if (it == args.end() || it->second != v) return "--arg " + k + "=" + v + " vs " + (it == args.end() ? "none" : it->second);
  }
  if (args.size() != o.args.size()) return "the argument lists differ";
  return "";
}

json counts_to_json(const CountsFile& c) {
  json slots = json::object();
  for (int i = 0; i < kCounterSlots; ++i) slots[kSlotNames[i]] = c.counts.slot[i];
  return {{"schema", "roofline-counts"},
          {"schema_version", kCountsSchemaVersion},
          {"tool", {{"version", c.tool_version}, {"git_revision", c.git_revision}}},
          {"date", c.date},
          {"source", c.source},
          {"device", c.device},
          {"launch",
           {{"kernel", c.launch.kernel},
            {"source_hash", c.launch.source_hash},
            {"build_options", c.launch.build_options},
            {"global", c.launch.global},
            {"local", c.launch.local},
            {"args", c.launch.args}}},
          {"work_items", c.work_items},
          {"buffer_bytes", json_fields::opt(c.buffer_bytes)},
          {"counters", slots},
          {"longest_chain", c.counts.longest_chain},
          {"chain_links", c.counts.chain_links},
          {"math", math_calls(c.counts.math)},
          {"flops", c.counts.flops()},
          {"intops", c.counts.intops()},
          {"bytes", c.counts.carm_bytes()},
          {"flops_by_type", json_fields::by_name(c.counts.flops_by_type())},
          {"bytes_by_space", json_fields::by_name(c.counts.bytes_by_space())},
          {"instrumented_seconds", c.instrumented_seconds},
          {"warnings", c.warnings}};
}

namespace {

CountedLaunch counted_launch_of(const json& l) {
  CountedLaunch launch;
  l.at("kernel").get_to(launch.kernel);
  l.at("source_hash").get_to(launch.source_hash);
  l.at("build_options").get_to(launch.build_options);
  l.at("global").get_to(launch.global);
  l.at("local").get_to(launch.local);
  l.at("args").get_to(launch.args);
  return launch;
}

}  // namespace

CountsFile counts_from_json(const json& j) {
  CountsFile c;
  c.launch = counted_launch_of(j.at("launch"));
  c.source = j.value("source", "");
  c.device = j.value("device", "");
  c.date = j.value("date", "");
  if (j.contains("tool")) {
    c.tool_version = j.at("tool").value("version", "");
    c.git_revision = j.at("tool").value("git_revision", "");
  }
  c.work_items = j.value("work_items", std::uint64_t(0));
  json_fields::get_opt(j, "buffer_bytes", c.buffer_bytes);
  c.instrumented_seconds = j.value("instrumented_seconds", 0.0);
  if (j.contains("warnings")) j.at("warnings").get_to(c.warnings);
  const json& s = j.at("counters");
  for (int i = 0; i < kCounterSlots; ++i) s.at(kSlotNames[i]).get_to(c.counts.slot[i]);
  if (j.contains("math")) c.counts.math = math_calls_of(j.at("math"));
  c.counts.longest_chain = j.value("longest_chain", std::uint64_t(0));
  c.counts.chain_links = j.value("chain_links", std::uint64_t(0));
  return c;
}

CountsFile parse_counts(const std::string& text, const std::string& file) {
  const json j = parse_json_input(text, file);
  if (!j.is_object() || j.value("schema", json()) != "roofline-counts")
    throw InputFileError(file + ": not a counts file (no \"schema\": \"roofline-counts\")");
  require_valid(j, DocumentKind::counts, file);
  return converted(file, "counts file", [&] { return counts_from_json(j); });
}

CountsFile load_counts(const std::string& path) {
  return parse_counts(read_input_file(path, "counts file", kJsonFileCap), path);
}

}  // namespace roofline
