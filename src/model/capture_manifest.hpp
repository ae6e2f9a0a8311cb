// model/capture_manifest: the manifest.json of a capture's process folder
// (docs/formats.md, "The capture manifest") as types, with one to_json/from_json pair per
// type: the interception layer (src/intercept/) writes the manifest through
// these, and the tool reads it back through them (model/capture.hpp, which
// first checks it against schemas/capture.schema.json, then for what a schema
// cannot say). Header only, no OpenCL: the layer includes it in the
// application's process without linking anything of the tool.
#pragma once
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/capture_format.hpp"
#include "model/json_fields.hpp"

namespace roofline {

// Durations of the commands of one signature or transfer record, in
// nanoseconds of the device's clock. The median is exact up to 2048 commands,
// then taken over a uniform sample of them (median_exact false).
struct CapturedTimes {
  std::uint64_t samples = 0, total_ns = 0, median_ns = 0, min_ns = 0, max_ns = 0;
  bool median_exact = true;
};

struct CapturedDevice {
  std::string name, vendor, version, driver, platform;
  DeviceType type = DeviceType::other;
};

struct CapturedQueue {
  std::size_t device = 0;
  bool out_of_order = false, profiling_asked = false;
};

struct CapturedBuild {
  BuildStep step = BuildStep::build;
  std::string options;
  int status = 0;  // what the call returned (0: CL_SUCCESS)
  std::uint64_t count = 0;
};

// A header a compile named: its include name and the program that gave it.
struct CapturedHeader {
  std::string name;
  std::optional<std::size_t> program;  // none: a program the layer never saw created
};

// One distinct program: by its source text (or binary, IL, kernel names).
struct CapturedProgram {
  ProgramOrigin origin = ProgramOrigin::source;
  std::optional<std::string> source_file;  // relative to the process folder; source programs only
  std::optional<std::string> hash;         // FNV-1a 64 of the content (model/source_hash.hpp)
  std::vector<CapturedHeader> headers;
  std::vector<std::optional<std::size_t>> inputs;  // linked programs: what was linked
  std::vector<CapturedBuild> builds;
  std::uint64_t handles = 0;  // program objects created with this content
};

// One kernel of one program built with one set of options.
struct CapturedKernel {
  std::optional<std::size_t> program;  // none: a program the layer never saw created
  std::string name, options;
  std::uint64_t created = 0, created_in_program = 0, cloned = 0;
};

struct CapturedNDRange {
  unsigned dims = 0;
  std::vector<std::uint64_t> offset, global;
  std::optional<std::vector<std::uint64_t>> local;  // none: the driver chose
};

struct CapturedArg {
  unsigned index = 0;
  ArgKind kind = ArgKind::unset;
  std::uint64_t size = 0;           // scalar bytes, __local bytes, or the memory object's size
  std::vector<std::uint8_t> bytes;  // scalars: the value
  std::uint64_t flags = 0;          // memory objects: cl_mem_flags
  struct SubBuffer {
    std::uint64_t origin = 0, parent_size = 0;
  };
  std::optional<SubBuffer> sub_buffer;
  // Whether the manifest gives its flags (and sub-buffer): buffers, images and pipes.
  bool memory_object() const { return kind == ArgKind::buffer || kind == ArgKind::image || kind == ArgKind::pipe; }
};

// A buffer argument's bytes just before a launch, in a file of the folder.
struct CapturedCopyFile {
  unsigned arg = 0;
  std::string file;  // relative to the process folder; arguments passing one buffer share it
  std::uint64_t bytes = 0;
};

struct CapturedCopy {
  std::uint64_t launch = 0;  // which launch of the signature (1: the first)
  CopyStatus status = CopyStatus::pending;
  std::string problem;
  std::vector<CapturedCopyFile> args;
};

// A distinct launch: kernel, device, NDRange, scalar values and buffer sizes.
struct CapturedSignature {
  std::size_t kernel = 0, device = 0;
  bool folded = false;  // launches beyond the kernel's signature limit, together (no args)
  CapturedNDRange ndrange;
  std::vector<CapturedArg> args;
  std::vector<NotCounted> not_counted;  // empty: countable
  std::uint64_t launches = 0, enqueue_failures = 0, command_failures = 0, untimed = 0;
  CapturedTimes time;
  std::vector<CapturedCopy> copies;
  bool countable() const { return not_counted.empty(); }
};

struct CapturedTransfer {
  TransferKind kind = TransferKind::read;
  TransferPath path = TransferPath::none;
  std::size_t device = 0;
  std::optional<std::uint64_t> bytes;  // each; none for a folded record of many sizes
  bool folded = false;
  std::uint64_t count = 0, bytes_total = 0, enqueue_failures = 0, command_failures = 0, untimed = 0;
  CapturedTimes time;
};

// When a device was busy, on its own clock: the span from the first command's
// start to the last one's end, of which busy_ns had a command running.
struct CapturedActivity {
  std::size_t device = 0;
  std::uint64_t commands = 0, first_start_ns = 0, last_end_ns = 0, busy_ns = 0, gaps = 0, longest_gap_ns = 0;
  std::uint64_t span_ns() const { return last_end_ns > first_start_ns ? last_end_ns - first_start_ns : 0; }
  std::uint64_t idle_ns() const { return span_ns() > busy_ns ? span_ns() - busy_ns : 0; }
};

struct CaptureManifest {
  int schema_version = kCaptureSchemaVersion;
  CaptureState state = CaptureState::running;
  CapturePath path = CapturePath::layer;
  long pid = 0;
  std::optional<long> rank;  // its rank in a parallel job (kRankVariables), where its environment said
  std::vector<std::string> command_line;
  std::uint64_t host_start_unix_ns = 0, host_written_unix_ns = 0;
  CountMode count = CountMode::first;
  std::optional<std::string> launch_log;  // file name in the folder, when per-launch lines were asked for
  std::uint64_t copy_limit_bytes = 0;
  unsigned signatures_per_kernel = 0;
  std::vector<CapturedDevice> devices;
  std::vector<CapturedQueue> queues;
  std::vector<CapturedProgram> programs;
  std::vector<CapturedKernel> kernels;
  std::vector<CapturedSignature> signatures;
  std::vector<CapturedTransfer> transfers;
  std::vector<CapturedActivity> activity;
  std::vector<std::string> warnings;
  std::filesystem::path folder;  // the process folder it was read from (not in the JSON)

  // A file the manifest names, relative to its folder.
  std::filesystem::path file(const std::string& relative) const { return folder / relative; }
};

// Scalar bytes in the manifest: two lower-case hex digits a byte.
inline std::string hex_of(const std::vector<std::uint8_t>& bytes) {
  static const char digits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (std::uint8_t c : bytes) {
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out;
}

// The bytes of hex digits (either case); throws std::invalid_argument on anything else.
inline std::vector<std::uint8_t> bytes_of_hex(const std::string& text) {
  const auto digit = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw std::invalid_argument("'" + text + "' is not hexadecimal bytes");
  };
  if (text.size() % 2) throw std::invalid_argument("'" + text + "' is not hexadecimal bytes");
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < text.size(); i += 2) out.push_back(std::uint8_t(digit(text[i]) * 16 + digit(text[i + 1])));
  return out;
}

// ---- JSON: one pair per type. Optional values are null when absent. ----

inline void to_json(nlohmann::json& j, const CapturedTimes& t) {
  j = {{"samples", t.samples}, {"total", t.total_ns}, {"median", t.median_ns},
       {"min", t.min_ns},      {"max", t.max_ns},     {"median_exact", t.median_exact}};
}
inline void from_json(const nlohmann::json& j, CapturedTimes& t) {
  j.at("samples").get_to(t.samples);
  j.at("total").get_to(t.total_ns);
  j.at("median").get_to(t.median_ns);
  j.at("min").get_to(t.min_ns);
  j.at("max").get_to(t.max_ns);
  j.at("median_exact").get_to(t.median_exact);
}

inline void to_json(nlohmann::json& j, const CapturedDevice& d) {
  j = {{"name", d.name}, {"vendor", d.vendor}, {"version", d.version}, {"driver", d.driver}, {"platform", d.platform}, {"type", d.type}};
}
inline void from_json(const nlohmann::json& j, CapturedDevice& d) {
  j.at("name").get_to(d.name);
  j.at("vendor").get_to(d.vendor);
  j.at("version").get_to(d.version);
  j.at("driver").get_to(d.driver);
  j.at("platform").get_to(d.platform);
  // "custom": how manifests before DeviceType named a custom device (now other).
  const std::string type = j.at("type").get<std::string>();
  d.type = type == "custom" ? DeviceType::other : parse_name<DeviceType>(type);
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(CapturedQueue, device, out_of_order, profiling_asked)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(CapturedBuild, step, options, status, count)

inline void to_json(nlohmann::json& j, const CapturedHeader& h) { j = {{"name", h.name}, {"program", json_fields::opt(h.program)}}; }
inline void from_json(const nlohmann::json& j, CapturedHeader& h) {
  j.at("name").get_to(h.name);
  json_fields::get_opt(j, "program", h.program);
}

inline void to_json(nlohmann::json& j, const CapturedProgram& p) {
  nlohmann::json inputs = nlohmann::json::array();
  for (const auto& in : p.inputs) inputs.push_back(json_fields::opt(in));
  j = {{"origin", p.origin},   {"source_file", json_fields::opt(p.source_file)},
       {"hash", json_fields::opt(p.hash)}, {"headers", p.headers},
       {"inputs", inputs},     {"builds", p.builds},
       {"handles", p.handles}};
}
inline void from_json(const nlohmann::json& j, CapturedProgram& p) {
  j.at("origin").get_to(p.origin);
  json_fields::get_opt(j, "source_file", p.source_file);
  json_fields::get_opt(j, "hash", p.hash);
  j.at("headers").get_to(p.headers);
  p.inputs.clear();
  for (const nlohmann::json& in : j.at("inputs"))
    p.inputs.push_back(in.is_null() ? std::nullopt : std::optional<std::size_t>(in.get<std::size_t>()));
  j.at("builds").get_to(p.builds);
  j.at("handles").get_to(p.handles);
}

inline void to_json(nlohmann::json& j, const CapturedKernel& k) {
  j = {{"program", json_fields::opt(k.program)},
       {"name", k.name},
       {"options", k.options},
       {"created", {{"create", k.created}, {"create_in_program", k.created_in_program}, {"clone", k.cloned}}}};
}
inline void from_json(const nlohmann::json& j, CapturedKernel& k) {
  json_fields::get_opt(j, "program", k.program);
  j.at("name").get_to(k.name);
  j.at("options").get_to(k.options);
  const nlohmann::json& c = j.at("created");
  c.at("create").get_to(k.created);
  c.at("create_in_program").get_to(k.created_in_program);
  c.at("clone").get_to(k.cloned);
}

inline void to_json(nlohmann::json& j, const CapturedNDRange& nd) {
  j = {{"dims", nd.dims}, {"offset", nd.offset}, {"global", nd.global}, {"local", json_fields::opt(nd.local)}};
}
inline void from_json(const nlohmann::json& j, CapturedNDRange& nd) {
  j.at("dims").get_to(nd.dims);
  j.at("offset").get_to(nd.offset);
  j.at("global").get_to(nd.global);
  json_fields::get_opt(j, "local", nd.local);
}

// A scalar's bytes, a memory object's flags and sub-buffer appear only where they apply.
inline void to_json(nlohmann::json& j, const CapturedArg& a) {
  j = {{"index", a.index}, {"kind", a.kind}, {"size", a.size}};
  if (a.kind == ArgKind::scalar) j["bytes"] = hex_of(a.bytes);
  if (!a.memory_object()) return;
  j["flags"] = a.flags;
  if (a.sub_buffer) j["sub_buffer"] = {{"origin", a.sub_buffer->origin}, {"parent_size", a.sub_buffer->parent_size}};
}
inline void from_json(const nlohmann::json& j, CapturedArg& a) {
  j.at("index").get_to(a.index);
  j.at("kind").get_to(a.kind);
  j.at("size").get_to(a.size);
  if (a.kind == ArgKind::scalar) a.bytes = bytes_of_hex(j.at("bytes").get<std::string>());
  json_fields::get_opt(j, "flags", a.flags);
  if (j.contains("sub_buffer"))
    a.sub_buffer = CapturedArg::SubBuffer{j.at("sub_buffer").at("origin").get<std::uint64_t>(),
                                          j.at("sub_buffer").at("parent_size").get<std::uint64_t>()};
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(CapturedCopyFile, arg, file, bytes)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(CapturedCopy, launch, status, problem, args)

// What signatures and transfers keep of their commands: the failures, the
// commands without a time, and the times.
template <typename Record>
void commands_to_json(nlohmann::json& j, const Record& r) {
  j["enqueue_failures"] = r.enqueue_failures;
  j["command_failures"] = r.command_failures;
  j["untimed"] = r.untimed;
  j["time_ns"] = r.time;
}
template <typename Record>
void commands_from_json(const nlohmann::json& j, Record& r) {
  j.at("enqueue_failures").get_to(r.enqueue_failures);
  j.at("command_failures").get_to(r.command_failures);
  j.at("untimed").get_to(r.untimed);
  j.at("time_ns").get_to(r.time);
}

// A folded signature's args are null: its launches had many.
inline void to_json(nlohmann::json& j, const CapturedSignature& s) {
  j = {{"kernel", s.kernel},
       {"device", s.device},
       {"folded", s.folded},
       {"ndrange", s.ndrange},
       {"args", s.folded ? nlohmann::json(nullptr) : nlohmann::json(s.args)},
       {"not_counted", s.not_counted},
       {"launches", s.launches},
       {"copies", s.copies}};
  commands_to_json(j, s);
}
inline void from_json(const nlohmann::json& j, CapturedSignature& s) {
  j.at("kernel").get_to(s.kernel);
  j.at("device").get_to(s.device);
  j.at("folded").get_to(s.folded);
  j.at("ndrange").get_to(s.ndrange);
  json_fields::get_opt(j, "args", s.args);
  j.at("not_counted").get_to(s.not_counted);
  j.at("launches").get_to(s.launches);
  j.at("copies").get_to(s.copies);
  commands_from_json(j, s);
}

inline void to_json(nlohmann::json& j, const CapturedTransfer& t) {
  j = {{"kind", t.kind},
       {"path", t.path},
       {"device", t.device},
       {"bytes", json_fields::opt(t.bytes)},
       {"folded", t.folded},
       {"count", t.count},
       {"bytes_total", t.bytes_total}};
  commands_to_json(j, t);
}
inline void from_json(const nlohmann::json& j, CapturedTransfer& t) {
  j.at("kind").get_to(t.kind);
  j.at("path").get_to(t.path);
  j.at("device").get_to(t.device);
  json_fields::get_opt(j, "bytes", t.bytes);
  j.at("folded").get_to(t.folded);
  j.at("count").get_to(t.count);
  j.at("bytes_total").get_to(t.bytes_total);
  commands_from_json(j, t);
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(CapturedActivity, device, commands, first_start_ns, last_end_ns, busy_ns, gaps, longest_gap_ns)

inline void to_json(nlohmann::json& j, const CaptureManifest& m) {
  j = {{"schema", kCaptureSchema},
       {"schema_version", m.schema_version},
       {"state", m.state},
       {"path", m.path},
       {"process",
        {{"pid", m.pid}, {"command_line", m.command_line}, {"host_start_unix_ns", m.host_start_unix_ns},
         {"host_written_unix_ns", m.host_written_unix_ns}}},
       {"settings",
        {{"count", m.count}, {"launch_log", json_fields::opt(m.launch_log)}, {"copy_limit_bytes", m.copy_limit_bytes},
         {"signatures_per_kernel", m.signatures_per_kernel}}},
       {"devices", m.devices},
       {"queues", m.queues},
       {"programs", m.programs},
       {"kernels", m.kernels},
       {"signatures", m.signatures},
       {"transfers", m.transfers},
       {"activity", m.activity},
       {"warnings", m.warnings}};
  if (m.rank) j["process"]["rank"] = *m.rank;  // absent outside a parallel job
}
inline void from_json(const nlohmann::json& j, CaptureManifest& m) {
  j.at("schema_version").get_to(m.schema_version);
  j.at("state").get_to(m.state);
  j.at("path").get_to(m.path);
  const nlohmann::json& p = j.at("process");
  p.at("pid").get_to(m.pid);
  json_fields::get_opt(p, "rank", m.rank);
  p.at("command_line").get_to(m.command_line);
  p.at("host_start_unix_ns").get_to(m.host_start_unix_ns);
  p.at("host_written_unix_ns").get_to(m.host_written_unix_ns);
  const nlohmann::json& s = j.at("settings");
  s.at("count").get_to(m.count);
  json_fields::get_opt(s, "launch_log", m.launch_log);
  s.at("copy_limit_bytes").get_to(m.copy_limit_bytes);
  s.at("signatures_per_kernel").get_to(m.signatures_per_kernel);
  j.at("devices").get_to(m.devices);
  j.at("queues").get_to(m.queues);
  j.at("programs").get_to(m.programs);
  j.at("kernels").get_to(m.kernels);
  j.at("signatures").get_to(m.signatures);
  j.at("transfers").get_to(m.transfers);
  j.at("activity").get_to(m.activity);
  j.at("warnings").get_to(m.warnings);
}

}  // namespace roofline
