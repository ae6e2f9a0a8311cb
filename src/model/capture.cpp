#include "model/capture.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <stdexcept>

#include "files/file_errors.hpp"
#include "files/input_file.hpp"
#include "files/json_input.hpp"
#include "files/schema.hpp"

namespace roofline {
namespace {

using nlohmann::json;

// An index into a list of `size` entries, named for the message.
void check_index(std::size_t i, std::size_t size, const std::string& what, const char* list) {
  if (i >= size)
    throw std::runtime_error(what + " names " + list + " " + std::to_string(i) + ", but there are " + std::to_string(size));
}

void check_index(const std::optional<std::size_t>& i, std::size_t size, const std::string& what, const char* list) {
  if (i) check_index(*i, size, what, list);
}

// A file the manifest names: relative, inside the folder.
void check_inside(const std::string& name, const std::string& what) {
  const std::filesystem::path p(name);
  const bool escapes = std::any_of(p.begin(), p.end(), [](const std::filesystem::path& part) { return part == ".."; });
  if (name.empty() || p.is_absolute() || escapes)
    throw std::runtime_error(what + " names file '" + name + "', which is not inside the capture folder");
}

void check_program(const CapturedProgram& p, std::size_t programs, const std::string& what) {
  if (p.source_file) check_inside(*p.source_file, what);
  if (p.origin == ProgramOrigin::source && !p.source_file) throw std::runtime_error(what + " has source but no source_file");
  for (const CapturedHeader& h : p.headers) check_index(h.program, programs, what, "program");
  for (const auto& in : p.inputs) check_index(in, programs, what, "program");
}

void check_ndrange(const CapturedNDRange& nd, const std::string& what) {
  if (nd.dims > 3 || nd.offset.size() != nd.dims || nd.global.size() != nd.dims || (nd.local && nd.local->size() != nd.dims))
    throw std::runtime_error(what + ": the NDRange's sizes do not have its " + std::to_string(nd.dims) + " dimensions");
}

void check_signature(const CapturedSignature& s, const CaptureManifest& m, const std::string& what) {
  check_index(s.kernel, m.kernels.size(), what, "kernel");
  check_index(s.device, m.devices.size(), what, "device");
  check_ndrange(s.ndrange, what);
  for (const CapturedArg& a : s.args)
    if (a.kind == ArgKind::scalar && a.bytes.size() != a.size)
      throw std::runtime_error(what + " argument " + std::to_string(a.index) + ": " + std::to_string(a.bytes.size()) +
                               " bytes for a size of " + std::to_string(a.size));
  for (const CapturedCopy& c : s.copies)
    for (const CapturedCopyFile& f : c.args) {
      check_inside(f.file, what);
      if (f.arg >= s.args.size())
        throw std::runtime_error(what + " has a copy of argument " + std::to_string(f.arg) + ", but " + std::to_string(s.args.size()) +
                                 " arguments");
    }
}

// `check(entry, "what N")` for each entry of a list.
template <typename T, typename Check>
void each(const std::vector<T>& list, const char* what, Check check) {
  for (std::size_t i = 0; i < list.size(); ++i) check(list[i], std::string(what) + " " + std::to_string(i));
}

// What the schema cannot say: indices in range, files inside the folder, sizes that agree.
void check(const CaptureManifest& m) {
  if (m.launch_log) check_inside(*m.launch_log, "settings");
  const std::size_t devices = m.devices.size(), programs = m.programs.size();
  each(m.queues, "queue", [&](const CapturedQueue& q, const std::string& what) { check_index(q.device, devices, what, "device"); });
  each(m.programs, "program", [&](const CapturedProgram& p, const std::string& what) { check_program(p, programs, what); });
  each(m.kernels, "kernel", [&](const CapturedKernel& k, const std::string& what) { check_index(k.program, programs, what, "program"); });
  each(m.signatures, "signature", [&](const CapturedSignature& s, const std::string& what) { check_signature(s, m, what); });
  each(m.transfers, "transfer", [&](const CapturedTransfer& t, const std::string& what) { check_index(t.device, devices, what, "device"); });
  each(m.activity, "activity", [&](const CapturedActivity& a, const std::string& what) { check_index(a.device, devices, what, "device"); });
}

}  // namespace

CaptureManifest parse_capture(const json& j) {
  if (!j.is_object() || j.value("schema", "") != kCaptureSchema)
    throw std::runtime_error("not a capture manifest (no \"schema\": \"" + std::string(kCaptureSchema) + "\")");
  if (const auto problem = schema_problem(j, DocumentKind::capture)) throw std::runtime_error(problem->text());
  CaptureManifest m = j.get<CaptureManifest>();
  check(m);
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
