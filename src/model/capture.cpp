#include "model/capture.hpp"

#include <algorithm>
#include <fstream>
#include <stdexcept>

#include "files/file_errors.hpp"
#include "files/input_file.hpp"
#include "model/json_fields.hpp"
#include "files/json_input.hpp"

namespace roofline {
namespace {

using nlohmann::json;

// An index into a list of `size` entries, named for the message.
std::size_t index_in(const json& j, std::size_t size, const std::string& what, const std::string& list) {
  const auto i = j.get<std::uint64_t>();
  if (i >= size)
    throw std::runtime_error(what + " names " + list + " " + std::to_string(i) + ", but there are " +
                             std::to_string(size));
  return std::size_t(i);
}

std::optional<std::size_t> optional_index(const json& j, std::size_t size, const std::string& what,
                                          const std::string& list) {
  if (j.is_null()) return std::nullopt;
  return index_in(j, size, what, list);
}

// A file the manifest names: relative, inside the folder.
std::string inside_name(const json& j, const std::string& what) {
  const auto name = j.get<std::string>();
  const std::filesystem::path p(name);
  const bool escapes = std::any_of(p.begin(), p.end(), [](const std::filesystem::path& part) { return part == ".."; });
  if (name.empty() || p.is_absolute() || escapes)
    throw std::runtime_error(what + " names file '" + name + "', which is not inside the capture folder");
  return name;
}

std::vector<std::uint8_t> from_hex(const std::string& text, const std::string& what) {
  auto digit = [&](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    throw std::runtime_error(what + ": '" + text + "' is not hexadecimal bytes");
  };
  if (text.size() % 2) throw std::runtime_error(what + ": '" + text + "' is not hexadecimal bytes");
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < text.size(); i += 2) out.push_back(std::uint8_t(digit(text[i]) * 16 + digit(text[i + 1])));
  return out;
}

CapturedTimes times_of(const json& j) {
  CapturedTimes t;
  j.at("samples").get_to(t.samples);
  j.at("total").get_to(t.total_ns);
  j.at("median").get_to(t.median_ns);
  j.at("min").get_to(t.min_ns);
  j.at("max").get_to(t.max_ns);
  j.at("median_exact").get_to(t.median_exact);
  return t;
}

CapturedDevice device_of(const json& j) {
  CapturedDevice d;
  j.at("name").get_to(d.name);
  j.at("vendor").get_to(d.vendor);
  j.at("version").get_to(d.version);
  j.at("driver").get_to(d.driver);
  j.at("platform").get_to(d.platform);
  j.at("type").get_to(d.type);
  return d;
}

CapturedProgram program_of(const json& j, std::size_t programs, const std::string& what) {
  CapturedProgram p;
  j.at("origin").get_to(p.origin);
  if (!j.at("source_file").is_null()) p.source_file = inside_name(j.at("source_file"), what);
  if (p.origin == ProgramOrigin::source && !p.source_file) throw std::runtime_error(what + " has source but no source_file");
  json_fields::get_opt(j, "hash", p.hash);
  for (const json& h : j.at("headers"))
    p.headers.emplace_back(h.at("name").get<std::string>(), optional_index(h.at("program"), programs, what, "program"));
  for (const json& in : j.at("inputs")) p.inputs.push_back(optional_index(in, programs, what, "program"));
  for (const json& b : j.at("builds"))
    p.builds.push_back({b.at("step").get<BuildStep>(), b.at("options").get<std::string>(), b.at("status").get<int>(),
                        b.at("count").get<std::uint64_t>()});
  j.at("handles").get_to(p.handles);
  return p;
}

CapturedKernel kernel_of(const json& j, std::size_t programs, const std::string& what) {
  CapturedKernel k;
  k.program = optional_index(j.at("program"), programs, what, "program");
  j.at("name").get_to(k.name);
  j.at("options").get_to(k.options);
  const json& c = j.at("created");
  c.at("create").get_to(k.created);
  c.at("create_in_program").get_to(k.created_in_program);
  c.at("clone").get_to(k.cloned);
  return k;
}

CapturedNDRange ndrange_of(const json& j, const std::string& what) {
  CapturedNDRange nd;
  j.at("dims").get_to(nd.dims);
  j.at("offset").get_to(nd.offset);
  j.at("global").get_to(nd.global);
  if (!j.at("local").is_null()) nd.local = j.at("local").get<std::vector<std::uint64_t>>();
  if (nd.dims > 3 || nd.offset.size() != nd.dims || nd.global.size() != nd.dims || (nd.local && nd.local->size() != nd.dims))
    throw std::runtime_error(what + ": the NDRange's sizes do not have its " + std::to_string(nd.dims) + " dimensions");
  return nd;
}

CapturedArg arg_of(const json& j, const std::string& what) {
  CapturedArg a;
  j.at("index").get_to(a.index);
  j.at("kind").get_to(a.kind);
  j.at("size").get_to(a.size);
  const std::string where = what + " argument " + std::to_string(a.index);
  if (a.kind == ArgKind::scalar) {
    a.bytes = from_hex(j.at("bytes").get<std::string>(), where);
    if (a.bytes.size() != a.size) throw std::runtime_error(where + ": " + std::to_string(a.bytes.size()) + " bytes for a size of " + std::to_string(a.size));
  }
  json_fields::get_opt(j, "flags", a.flags);
  if (j.contains("sub_buffer"))
    a.sub_buffer = CapturedArg::SubBuffer{j.at("sub_buffer").at("origin").get<std::uint64_t>(),
                                          j.at("sub_buffer").at("parent_size").get<std::uint64_t>()};
  return a;
}

CapturedCopy copy_of(const json& j, const std::string& what) {
  CapturedCopy c;
  j.at("launch").get_to(c.launch);
  j.at("status").get_to(c.status);
  j.at("problem").get_to(c.problem);
  for (const json& a : j.at("args"))
    c.args.push_back({a.at("arg").get<unsigned>(), inside_name(a.at("file"), what), a.at("bytes").get<std::uint64_t>()});
  return c;
}

CapturedSignature signature_of(const json& j, const CaptureManifest& m, const std::string& what) {
  CapturedSignature s;
  s.kernel = index_in(j.at("kernel"), m.kernels.size(), what, "kernel");
  s.device = index_in(j.at("device"), m.devices.size(), what, "device");
  j.at("folded").get_to(s.folded);
  s.ndrange = ndrange_of(j.at("ndrange"), what);
  if (!j.at("args").is_null())
    for (const json& a : j.at("args")) s.args.push_back(arg_of(a, what));
  j.at("not_counted").get_to(s.not_counted);
  j.at("launches").get_to(s.launches);
  j.at("enqueue_failures").get_to(s.enqueue_failures);
  j.at("command_failures").get_to(s.command_failures);
  j.at("untimed").get_to(s.untimed);
  s.time = times_of(j.at("time_ns"));
  for (const json& c : j.at("copies")) s.copies.push_back(copy_of(c, what));
  for (const CapturedCopy& c : s.copies)
    for (const CapturedCopyFile& f : c.args)
      if (f.arg >= s.args.size())
        throw std::runtime_error(what + " has a copy of argument " + std::to_string(f.arg) + ", but " +
                                 std::to_string(s.args.size()) + " arguments");
  return s;
}

CapturedTransfer transfer_of(const json& j, std::size_t devices, const std::string& what) {
  CapturedTransfer t;
  j.at("kind").get_to(t.kind);
  j.at("path").get_to(t.path);
  t.device = index_in(j.at("device"), devices, what, "device");
  json_fields::get_opt(j, "bytes", t.bytes);
  j.at("folded").get_to(t.folded);
  j.at("count").get_to(t.count);
  j.at("bytes_total").get_to(t.bytes_total);
  j.at("enqueue_failures").get_to(t.enqueue_failures);
  j.at("command_failures").get_to(t.command_failures);
  j.at("untimed").get_to(t.untimed);
  t.time = times_of(j.at("time_ns"));
  return t;
}

CapturedActivity activity_of(const json& j, std::size_t devices, const std::string& what) {
  CapturedActivity a;
  a.device = index_in(j.at("device"), devices, what, "device");
  j.at("commands").get_to(a.commands);
  j.at("first_start_ns").get_to(a.first_start_ns);
  j.at("last_end_ns").get_to(a.last_end_ns);
  j.at("busy_ns").get_to(a.busy_ns);
  j.at("gaps").get_to(a.gaps);
  j.at("longest_gap_ns").get_to(a.longest_gap_ns);
  return a;
}

// Each entry of list `key`, read by `read(entry, "key N")`.
template <typename T, typename Read>
std::vector<T> each(const json& j, const char* key, const char* what, Read read) {
  std::vector<T> out;
  const json& list = j.at(key);
  for (std::size_t i = 0; i < list.size(); ++i) out.push_back(read(list.at(i), std::string(what) + " " + std::to_string(i)));
  return out;
}

}  // namespace

CaptureManifest parse_capture(const json& j) {
  if (!j.is_object() || j.value("schema", "") != kCaptureSchema)
    throw std::runtime_error("not a capture manifest (no \"schema\": \"" + std::string(kCaptureSchema) + "\")");
  CaptureManifest m;
  j.at("schema_version").get_to(m.schema_version);
  if (m.schema_version > kCaptureSchemaVersion)
    throw std::runtime_error("schema_version " + std::to_string(m.schema_version) + " was written by a newer roofline (this one reads " +
                             std::to_string(kCaptureSchemaVersion) + ")");
  j.at("state").get_to(m.state);
  j.at("path").get_to(m.path);
  const json& p = j.at("process");
  p.at("pid").get_to(m.pid);
  if (p.contains("rank") && p["rank"].is_number_integer()) m.rank = p["rank"].get<long>();
  p.at("command_line").get_to(m.command_line);
  p.at("host_start_unix_ns").get_to(m.host_start_unix_ns);
  p.at("host_written_unix_ns").get_to(m.host_written_unix_ns);
  const json& s = j.at("settings");
  s.at("count").get_to(m.count);
  if (!s.at("launch_log").is_null()) m.launch_log = inside_name(s.at("launch_log"), "settings");
  s.at("copy_limit_bytes").get_to(m.copy_limit_bytes);
  s.at("signatures_per_kernel").get_to(m.signatures_per_kernel);
  m.devices = each<CapturedDevice>(j, "devices", "device", [](const json& e, const std::string&) { return device_of(e); });
  m.queues = each<CapturedQueue>(j, "queues", "queue", [&](const json& e, const std::string& what) {
    return CapturedQueue{index_in(e.at("device"), m.devices.size(), what, "device"), e.at("out_of_order").get<bool>(),
                         e.at("profiling_asked").get<bool>()};
  });
  const std::size_t programs = j.at("programs").size();
  m.programs = each<CapturedProgram>(j, "programs", "program",
                                     [&](const json& e, const std::string& what) { return program_of(e, programs, what); });
  m.kernels = each<CapturedKernel>(j, "kernels", "kernel",
                                   [&](const json& e, const std::string& what) { return kernel_of(e, programs, what); });
  m.signatures = each<CapturedSignature>(j, "signatures", "signature",
                                         [&](const json& e, const std::string& what) { return signature_of(e, m, what); });
  m.transfers = each<CapturedTransfer>(j, "transfers", "transfer", [&](const json& e, const std::string& what) {
    return transfer_of(e, m.devices.size(), what);
  });
  m.activity = each<CapturedActivity>(j, "activity", "activity", [&](const json& e, const std::string& what) {
    return activity_of(e, m.devices.size(), what);
  });
  j.at("warnings").get_to(m.warnings);
  return m;
}

CaptureManifest load_capture(const std::filesystem::path& process_folder) {
  const std::filesystem::path path = process_folder / std::string(kCaptureManifest);
  const std::string file = path.string();
  const json doc = parse_json_input(read_input_file(file, "capture manifest", kJsonFileCap), file);
  CaptureManifest m = converted(file, "capture manifest", [&] { return parse_capture(doc); });
  m.folder = process_folder;
  return m;
}

std::vector<std::filesystem::path> capture_process_folders(const std::filesystem::path& capture_dir) {
  std::vector<std::filesystem::path> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(capture_dir, ec)) {
    const std::string name = e.path().filename().string();
    if (e.is_directory() && name.rfind(kCaptureProcessPrefix, 0) == 0 &&
        std::filesystem::is_regular_file(e.path() / std::string(kCaptureManifest)))
      out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace roofline
