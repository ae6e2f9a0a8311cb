#include "count/instrument_protocol.hpp"

#include <array>
#include <stdexcept>

#include "model/json_fields.hpp"
#include "model/suite.hpp"  // MathCall to/from JSON

namespace roofline {
using nlohmann::json;

namespace {

constexpr const char* kRequestSchema = "roofline-instrument-request";
constexpr const char* kReplySchema = "roofline-instrument-reply";
constexpr int kProtocolVersion = 1;

constexpr std::array<std::pair<InstrumentTask, const char*>, 3> kTaskNames{
    {{InstrumentTask::count, "count"}, {InstrumentTask::record, "record"}, {InstrumentTask::typedefs, "typedefs"}}};
constexpr std::array<std::pair<ReplyErrorKind, const char*>, 3> kErrorNames{
    {{ReplyErrorKind::request, "request"}, {ReplyErrorKind::instrument, "instrument"}, {ReplyErrorKind::internal, "internal"}}};

// A name of one of the tables above, and back (the schema admits no other).
template <typename Enum, std::size_t N>
const char* name_in(const std::array<std::pair<Enum, const char*>, N>& table, Enum value) {
  for (const auto& [v, name] : table)
    if (v == value) return name;
  return "";
}
template <typename Enum, std::size_t N>
Enum value_in(const std::array<std::pair<Enum, const char*>, N>& table, const std::string& name) {
  for (const auto& [v, n] : table)
    if (name == n) return v;
  throw std::invalid_argument("unknown name '" + name + "' in the instrumenter's protocol");
}

json header(const char* schema) { return {{"schema", schema}, {"schema_version", kProtocolVersion}}; }

json site_json(const TraceSite& s) {
  return {{"id", s.id},         {"where", s.where},   {"text", s.text},      {"space", s.space},
          {"branch", s.branch}, {"atomic", s.atomic}, {"chained", s.chained}};
}

TraceSite site_of(const json& j) {
  TraceSite s;
  s.id = j.at("id").get<std::uint32_t>();
  s.where = j.at("where").get<std::string>();
  s.text = j.at("text").get<std::string>();
  s.space = j.at("space").get<AddressSpace>();
  s.branch = j.at("branch").get<bool>();
  s.atomic = j.at("atomic").get<bool>();
  s.chained = j.at("chained").get<bool>();
  return s;
}

InstrumentResult result_of(const json& j) {
  InstrumentResult r;
  r.source = j.at("source").get<std::string>();
  r.kernels = j.at("kernels").get<std::vector<std::string>>();
  r.warnings = j.at("warnings").get<std::vector<std::string>>();
  for (const json& s : j.at("sites")) r.sites.push_back(site_of(s));
  r.layout.local_regions = j.at("layout").at("local_regions").get<std::vector<std::string>>();
  r.layout.local_bytes = j.at("layout").at("local_bytes").get<std::vector<std::uint64_t>>();
  r.math_slots = j.at("math_slots").get<std::vector<MathCall>>();
  return r;
}

}  // namespace

json request_json(const InstrumentRequest& r, InstrumentTask task) {
  json j = header(kRequestSchema);
  j["task"] = name_in(kTaskNames, task);
  j["source"] = r.source;
  j["file_name"] = r.file_name;
  j["kernel"] = r.kernel;
  j["clang_args"] = r.clang_args;
  j["address_bits"] = r.address_bits_32 ? 32 : 64;
  return j;
}

InstrumentTask task_of(const json& request) { return value_in(kTaskNames, request.at("task").get<std::string>()); }

InstrumentRequest request_of(const json& j) {
  InstrumentRequest r;
  r.source = j.at("source").get<std::string>();
  r.file_name = j.at("file_name").get<std::string>();
  r.kernel = j.at("kernel").get<std::string>();
  r.clang_args = j.at("clang_args").get<std::vector<std::string>>();
  r.address_bits_32 = j.at("address_bits").get<int>() == 32;
  r.record_addresses = task_of(j) == InstrumentTask::record;
  return r;
}

json instrumented_reply(const InstrumentResult& r) {
  json sites = json::array();
  for (const TraceSite& s : r.sites) sites.push_back(site_json(s));
  json j = header(kReplySchema);
  j["instrumented"] = {{"source", r.source},
                       {"kernels", r.kernels},
                       {"warnings", r.warnings},
                       {"sites", sites},
                       {"layout", {{"local_regions", r.layout.local_regions}, {"local_bytes", r.layout.local_bytes}}},
                       {"math_slots", r.math_slots}};
  return j;
}

json typedefs_reply(const TypedefNames& typedefs) {
  json j = header(kReplySchema);
  j["typedefs"] = typedefs;
  return j;
}

json error_reply(ReplyErrorKind kind, const std::string& message) {
  json j = header(kReplySchema);
  j["error"] = {{"kind", name_in(kErrorNames, kind)}, {"message", message}};
  return j;
}

InstrumenterReply reply_of(const json& j) {
  InstrumenterReply r;
  if (j.contains("instrumented")) r.instrumented = result_of(j.at("instrumented"));
  if (j.contains("typedefs")) r.typedefs = j.at("typedefs").get<TypedefNames>();
  if (j.contains("error"))
    r.error = ReplyError{value_in(kErrorNames, j.at("error").at("kind").get<std::string>()), j.at("error").at("message").get<std::string>()};
  return r;
}

std::string protocol_text(const json& document) { return document.dump(-1, ' ', false, json::error_handler_t::replace); }

}  // namespace roofline
