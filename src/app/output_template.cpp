#include "app/output_template.hpp"

#include <cstdlib>
#include <initializer_list>

#include <unistd.h>

#include "app/device_choice.hpp"
#include "app/errors.hpp"
#include "device/device.hpp"
#include "model/capture_format.hpp"
#include "model/device_identity.hpp"

namespace roofline {
namespace {

// The first of these variables that is set and not empty.
std::optional<std::string> first_set(const EnvironmentLookup& env, std::initializer_list<const char*> names) {
  for (const char* name : names)
    if (const char* v = env(name); v && *v) return std::string(v);
  return std::nullopt;
}

// A value as a file name may hold it: letters, digits, '.', '_' and '-'.
std::string file_safe(const std::string& value) {
  std::string s;
  for (char c : value) {
    const bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' || c == '-';
    s += plain ? c : '-';
  }
  return s;
}

std::string short_host_name() {
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) != 0 || !*name) return "localhost";
  std::string host = name;
  return host.substr(0, host.find('.'));
}

// Why a known placeholder has no value: the device's fields where no device
// is known (`no_device`), else what the process or device lacks.
std::string why_no_value(const std::string& name, const OutputNameFields& fields, const std::string& no_device) {
  const bool device_field = name == "device" || name == "uuid" || name == "pci";
  if (device_field && !fields.device) return no_device.empty() ? "no device is known here" : no_device;
  if (name == "uuid") return "the device reports no UUID (cl_khr_device_uuid); {pci} or {device} may do";
  if (name == "pci") return "the device reports no PCI address; {uuid} or {device} may do";
  if (name == "job") return "no SLURM_JOB_ID: not inside a SLURM job";
  if (name == "array") return "no SLURM_ARRAY_TASK_ID: not a task of a SLURM job array";
  return "unknown in this process";
}

std::string known_placeholders() {
  std::string s;
  for (const OutputPlaceholder& p : kOutputPlaceholders) s += (s.empty() ? "{" : ", {") + std::string(p.name) + "}";
  return s;
}

}  // namespace

const std::optional<std::string>* OutputNameFields::find(std::string_view name) const {
  const std::pair<std::string_view, const std::optional<std::string>*> fields[] = {
      {"host", &host}, {"device", &device}, {"uuid", &uuid}, {"pci", &pci},     {"rank", &rank},
      {"localid", &localid}, {"size", &size}, {"job", &job},   {"array", &array}, {"pid", &pid}};
  for (const auto& [n, field] : fields)
    if (n == name) return field;
  return nullptr;
}

OutputNameFields process_name_fields(const EnvironmentLookup& lookup) {
  const EnvironmentLookup env = lookup ? lookup : EnvironmentLookup([](const char* n) { return std::getenv(n); });
  OutputNameFields f;
  f.host = short_host_name();
  for (const char* name : kRankVariables)
    if (!f.rank) f.rank = first_set(env, {name});
  f.rank_from_environment = f.rank.has_value();
  if (!f.rank) f.rank = "0";
  f.localid = first_set(env, {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "MV2_COMM_WORLD_LOCAL_RANK", "SLURM_LOCALID"})
                  .value_or("0");
  f.size = first_set(env, {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "MV2_COMM_WORLD_SIZE", "SLURM_NTASKS"}).value_or("1");
  f.job = first_set(env, {"SLURM_ARRAY_JOB_ID", "SLURM_JOB_ID"});
  f.array = first_set(env, {"SLURM_ARRAY_TASK_ID"});
  f.pid = std::to_string(getpid());
  return f;
}

void add_device_fields(OutputNameFields& fields, const DeviceIdentity& device) {
  fields.device = device_slug(device.name);
  if (!device.uuid.empty()) fields.uuid = device.uuid;
  if (!device.pci_address.empty()) fields.pci = device.pci_address;
}

bool is_output_template(const std::string& pattern) {
  return pattern.find('{') != std::string::npos || pattern.find('}') != std::string::npos;
}

std::string expand_output_name(const std::string& pattern, const OutputNameFields& fields, const std::string& option,
                               const std::string& no_device) {
  const auto refuse = [&](const std::string& what) {
    throw CommandError(Failure::usage, option + " '" + pattern + "': " + what);
  };
  std::string out;
  for (std::size_t i = 0; i < pattern.size(); ++i) {
    const char c = pattern[i];
    if ((c == '{' || c == '}') && i + 1 < pattern.size() && pattern[i + 1] == c) {  // "{{", "}}"
      out += c;
      ++i;
      continue;
    }
    if (c == '}') refuse("a '}' without its '{' (write '}}' for a brace)");
    if (c != '{') {
      out += c;
      continue;
    }
    const std::size_t close = pattern.find('}', i);
    if (close == std::string::npos) refuse("a '{' without its '}' (write '{{' for a brace)");
    const std::string name = pattern.substr(i + 1, close - i - 1);
    const std::optional<std::string>* field = fields.find(name);
    if (!field) refuse("unknown placeholder {" + name + "} (known: " + known_placeholders() + ")");
    if (!*field) refuse("{" + name + "} has no value here: " + why_no_value(name, fields, no_device));
    out += file_safe(**field);
    i = close;
  }
  return out;
}

std::string expand_device_output(const std::string& pattern, const std::string& selector, const std::string& option) {
  if (!is_output_template(pattern)) return pattern;
  OutputNameFields fields = process_name_fields();
  add_device_fields(fields, choose_device(selector)->identity);
  return expand_output_name(pattern, fields, option);
}

}  // namespace roofline
