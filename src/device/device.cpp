#include "device/device.hpp"

#include "device/nvml.hpp"
#include "model/units.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include <CL/cl_ext.h>

namespace roofline {
namespace {

// Extension queries go through the C API: the C++ bindings have no traits for them.
template <typename T>
bool query(const cl::Device& d, cl_device_info param, T& out) {
  return clGetDeviceInfo(d(), param, sizeof(T), &out, nullptr) == CL_SUCCESS;
}

// The device types a selector names, as it writes them.
constexpr std::pair<DeviceClass, const char*> kDeviceClasses[] = {{DeviceClass::cpu, "cpu"},
                                                                   {DeviceClass::gpu, "gpu"},
                                                                   {DeviceClass::igpu, "igpu"},
                                                                   {DeviceClass::dgpu, "dgpu"},
                                                                   {DeviceClass::accelerator, "accelerator"}};

const char* class_name(DeviceClass c) {
  for (const auto& [cls, name] : kDeviceClasses)
    if (cls == c) return name;
  return "?";
}

bool is_of_class(const DeviceEntry& d, DeviceClass c) {
  switch (c) {
    case DeviceClass::cpu: return d.is_cpu();
    case DeviceClass::gpu: return d.is_gpu();
    case DeviceClass::igpu: return d.is_gpu() && d.integrated;
    case DeviceClass::dgpu: return d.is_gpu() && !d.integrated;
    case DeviceClass::accelerator: break;
  }
  return bool(d.type & CL_DEVICE_TYPE_ACCELERATOR);
}

std::string lower(std::string s) {
  for (auto& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string trim(std::string s) {
  while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '\0')) s.pop_back();
  std::size_t i = 0;
  while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  return s.substr(i);
}

DeviceType device_type(cl_device_type t, bool integrated) {
  if (t & CL_DEVICE_TYPE_GPU) return integrated ? DeviceType::igpu : DeviceType::gpu;
  if (t & CL_DEVICE_TYPE_CPU) return DeviceType::cpu;
  if (t & CL_DEVICE_TYPE_ACCELERATOR) return DeviceType::accelerator;
  return DeviceType::other;
}

std::string hex(const unsigned char* p, std::size_t n) {
  std::string s;
  char buf[3];
  for (std::size_t i = 0; i < n; ++i) {
    std::snprintf(buf, sizeof buf, "%02x", p[i]);
    s += buf;
  }
  return s;
}

// Physical cores of the host (CPU devices): PoCL counts hardware threads as
// compute units, but SMT siblings share the FMA pipes.
int host_physical_cores() {
  std::ifstream in("/proc/cpuinfo");
  std::set<std::pair<std::string, std::string>> cores;
  std::string line, phys = "0";
  while (std::getline(in, line)) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    auto key = trim(line.substr(0, colon)), val = trim(line.substr(colon + 1));
    if (key == "physical id") phys = val;
    if (key == "core id") cores.insert({phys, val});
  }
  return int(cores.size());
}

// One sysfs cache entry of a CPU: its level, type, size and the CPUs sharing it.
struct SysfsCache {
  int level = 0;
  std::string type, shared_cpus;
  std::uint64_t bytes = 0;
};

// "32K", "1024K", "32768K" or "2M" per instance; 0 when unreadable.
std::uint64_t sysfs_size(const std::string& size) {
  char* end = nullptr;
  std::uint64_t bytes = std::strtoull(size.c_str(), &end, 10);
  if (*end == 'K') bytes <<= 10;
  else if (*end == 'M') bytes <<= 20;
  else if (*end == 'G') bytes <<= 30;
  return bytes;
}

std::optional<SysfsCache> read_sysfs_cache(const std::string& dir) {
  std::ifstream level_in(dir + "/level"), type_in(dir + "/type"), size_in(dir + "/size"), shared_in(dir + "/shared_cpu_list");
  SysfsCache c;
  std::string size;
  if (!(level_in >> c.level) || !(type_in >> c.type) || !(size_in >> size)) return std::nullopt;
  std::getline(shared_in, c.shared_cpus);
  c.bytes = sysfs_size(size);
  if (c.type == "Instruction" || c.bytes == 0) return std::nullopt;
  return c;
}

// The host's data and unified caches per level, L1 first: OpenCL tells the
// last level only. Sizes per instance are cpu0's; the instances of a level
// are the distinct sets of CPUs sharing one, over every CPU sysfs lists.
void read_host_caches(DeviceIdentity& id) {
  std::map<int, std::uint64_t> bytes;
  std::map<int, std::set<std::string>> sharing;
  for (int cpu = 0; cpu < 4096; ++cpu) {
    const std::string root = "/sys/devices/system/cpu/cpu" + std::to_string(cpu) + "/cache/index";
    bool any = false;
    for (int i = 0; i < 16; ++i) {
      const auto c = read_sysfs_cache(root + std::to_string(i));
      if (!c) continue;
      any = true;
      if (cpu == 0) bytes[c->level] = c->bytes;
      sharing[c->level].insert(c->shared_cpus.empty() ? std::to_string(cpu) : c->shared_cpus);
    }
    if (!any && cpu > 0) break;
  }
  id.host_cache_bytes.clear();
  id.host_cache_instances.clear();
  for (const auto& [level, size] : bytes) {
    id.host_cache_bytes.push_back(size);
    id.host_cache_instances.push_back(std::uint32_t(std::max<std::size_t>(1, sharing[level].size())));
  }
}

// The memory clock and bus width NVML gives for the GPU at the identity's PCI
// address; left 0 where NVML cannot tell.
void read_nvml_memory(DeviceIdentity& id) {
  std::string why;
  const auto nvml = NvmlDevice::open(id.pci_address, why);
  if (!nvml) return;
  id.memory_clock_mhz = nvml->max_memory_clock_mhz().value_or(0);
  id.memory_bus_width_bits = nvml->memory_bus_width_bits().value_or(0);
}

void fill_identity(DeviceEntry& e) {
  const cl::Device& d = e.device;
  DeviceIdentity& id = e.identity;
  id.platform = trim(e.platform.getInfo<CL_PLATFORM_NAME>());
  id.platform_version = trim(e.platform.getInfo<CL_PLATFORM_VERSION>());
  id.name = trim(d.getInfo<CL_DEVICE_NAME>());
  id.vendor = trim(d.getInfo<CL_DEVICE_VENDOR>());
  id.driver = trim(d.getInfo<CL_DRIVER_VERSION>());
  id.device_version = trim(d.getInfo<CL_DEVICE_VERSION>());
  id.opencl_c_version = trim(d.getInfo<CL_DEVICE_OPENCL_C_VERSION>());
  id.compute_units = d.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  id.max_clock_mhz = d.getInfo<CL_DEVICE_MAX_CLOCK_FREQUENCY>();
  id.global_mem_bytes = d.getInfo<CL_DEVICE_GLOBAL_MEM_SIZE>();
  id.local_mem_bytes = d.getInfo<CL_DEVICE_LOCAL_MEM_SIZE>();
  id.constant_mem_bytes = d.getInfo<CL_DEVICE_MAX_CONSTANT_BUFFER_SIZE>();
  id.global_cache_bytes = d.getInfo<CL_DEVICE_GLOBAL_MEM_CACHE_SIZE>();
  id.cache_line_bytes = d.getInfo<CL_DEVICE_GLOBAL_MEM_CACHELINE_SIZE>();
  id.max_alloc_bytes = d.getInfo<CL_DEVICE_MAX_MEM_ALLOC_SIZE>();
  e.type = d.getInfo<CL_DEVICE_TYPE>();

  std::istringstream ext(d.getInfo<CL_DEVICE_EXTENSIONS>());
  for (std::string x; ext >> x;) e.extensions.push_back(x);

  cl_bool unified = CL_FALSE;
  query(d, 0x1035 /* CL_DEVICE_HOST_UNIFIED_MEMORY, deprecated in 2.0 but still answered */, unified);
  if (e.has_extension("cl_nv_device_attribute_query")) {
    cl_bool nv_integrated = CL_FALSE;
    if (query(d, 0x4006 /* CL_DEVICE_INTEGRATED_MEMORY_NV */, nv_integrated)) unified = nv_integrated;
  }
  id.host_unified_memory = unified == CL_TRUE;
  // A CPU device always shares host memory; only GPUs can be integrated or discrete.
  e.integrated = e.is_gpu() && id.host_unified_memory;
  id.type = device_type(e.type, e.integrated);

  if (e.has_extension("cl_khr_device_uuid")) {
    unsigned char uuid[16];
    if (clGetDeviceInfo(d(), 0x106A /* CL_DEVICE_UUID_KHR */, sizeof uuid, uuid, nullptr) == CL_SUCCESS)
      id.uuid = hex(uuid, sizeof uuid);
  }
  char pci[32] = {0};
  if (e.has_extension("cl_khr_pci_bus_info")) {
    struct { cl_uint domain, bus, device, function; } info{};
    if (query(d, 0x410F /* CL_DEVICE_PCI_BUS_INFO_KHR */, info))
      std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.%x", info.domain, info.bus, info.device, info.function);
  }
  if (!pci[0] && e.has_extension("cl_nv_device_attribute_query")) {
    cl_uint bus = 0, slot = 0, domain = 0;
    if (query(d, 0x4008 /* CL_DEVICE_PCI_BUS_ID_NV */, bus) && query(d, 0x4009 /* CL_DEVICE_PCI_SLOT_ID_NV */, slot)) {
      query(d, 0x400A /* CL_DEVICE_PCI_DOMAIN_ID_NV */, domain);
      // The NV slot id packs device (bits 3..7) and function (bits 0..2).
      std::snprintf(pci, sizeof pci, "%04x:%02x:%02x.%x", domain, bus, slot >> 3, slot & 7);
    }
  }
  id.pci_address = pci;
  if (e.has_extension("cl_nv_device_attribute_query")) read_nvml_memory(id);
  if (e.is_cpu()) {
    id.physical_cores = host_physical_cores();
    read_host_caches(id);
  }
}

}  // namespace

bool DeviceEntry::has_extension(const std::string& name) const {
  return std::find(extensions.begin(), extensions.end(), name) != extensions.end();
}

std::vector<DeviceEntry> enumerate_devices() {
  std::vector<cl::Platform> platforms;
  cl_uint n = 0;
  // No ICD at all answers CL_PLATFORM_NOT_FOUND_KHR; that is an empty list, not an error.
  if (clGetPlatformIDs(0, nullptr, &n) != CL_SUCCESS || n == 0) return {};
  cl::Platform::get(&platforms);
  std::vector<DeviceEntry> out;
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    std::vector<cl::Device> devs;
    try {
      platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devs);
    } catch (const cl::Error&) {
      continue;  // a platform with no usable device
    }
    for (std::size_t d = 0; d < devs.size(); ++d) {
      DeviceEntry e;
      e.index = int(out.size());
      e.platform_index = int(p);
      e.device_index = int(d);
      e.platform = platforms[p];
      e.device = devs[d];
      fill_identity(e);
      out.push_back(std::move(e));
    }
  }
  return out;
}

std::vector<PlatformEntry> enumerate_platforms() {
  cl_uint n = 0;
  if (clGetPlatformIDs(0, nullptr, &n) != CL_SUCCESS || n == 0) return {};
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  std::vector<PlatformEntry> out;
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    PlatformEntry e;
    e.index = int(p);
    e.name = trim(platforms[p].getInfo<CL_PLATFORM_NAME>());
    e.version = trim(platforms[p].getInfo<CL_PLATFORM_VERSION>());
    cl_uint count = 0;
    const cl_int err = clGetDeviceIDs(platforms[p](), CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
    e.devices = err == CL_SUCCESS ? int(count) : 0;
    if (e.devices == 0) {
      e.why_none = err == CL_DEVICE_NOT_FOUND || err == CL_SUCCESS
                       ? "no devices (it found no hardware or driver it runs on)"
                       : "its devices cannot be listed (OpenCL error " + std::to_string(err) + ")";
      if (lower(e.name) == "rusticl")
        e.why_none += "; Rusticl offers a driver's devices only when RUSTICL_ENABLE names it, e.g. "
                      "RUSTICL_ENABLE=llvmpipe for its CPU device";
    }
    out.push_back(std::move(e));
  }
  return out;
}

Selector parse_selector(const std::string& raw) {
  const std::string text = trim(raw);
  Selector s;
  if (text.empty()) throw SelectorSyntaxError("empty device selector");
  const std::string t = lower(text);
  for (const auto& [cls, name] : kDeviceClasses)
    if (t == name) {
      s.kind = Selector::Kind::Type;
      s.type = cls;
      return s;
    }
  auto all_digits = [](const std::string& x) {
    return !x.empty() && x.size() < 6 && std::all_of(x.begin(), x.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
  };
  if (all_digits(t)) {
    s.kind = Selector::Kind::Index;
    s.index = std::stoi(t);
    return s;
  }
  auto colon = t.find(':');
  if (colon != std::string::npos) {
    const std::string a = t.substr(0, colon), b = t.substr(colon + 1);
    if (all_digits(a) && all_digits(b)) {
      s.kind = Selector::Kind::PlatformDevice;
      s.platform = std::stoi(a);
      s.device = std::stoi(b);
      return s;
    }
    // "1:", ":0", "1:x": looks like a P:D index but is not one.
    if (all_digits(a) || all_digits(b) || a.empty() || b.empty())
      throw SelectorSyntaxError("malformed device index '" + text + "': expected P:D, two numbers such as 0:1");
  }
  s.kind = Selector::Kind::Name;
  s.name = t;
  return s;
}

void require_devices(const std::vector<DeviceEntry>& devices) {
  if (devices.empty())
    throw SelectionError("no OpenCL device found: is an ICD (for example pocl-opencl-icd) installed and registered in /etc/OpenCL/vendors?");
}

const DeviceEntry& select_device(const std::vector<DeviceEntry>& devices, const Selector& sel) {
  require_devices(devices);
  std::vector<const DeviceEntry*> m;
  auto pick = [&](auto pred) {
    for (const auto& d : devices)
      if (pred(d)) m.push_back(&d);
  };
  std::string what;
  switch (sel.kind) {
    case Selector::Kind::Default:
      pick([](const DeviceEntry& d) { return d.is_gpu() && !d.integrated; });
      if (m.empty()) pick([](const DeviceEntry& d) { return d.is_gpu(); });
      if (m.empty()) pick([](const DeviceEntry& d) { return d.is_cpu(); });
      if (m.empty()) m.push_back(&devices.front());
      return *m.front();  // the default never fails on ambiguity: it takes the first
    case Selector::Kind::Type:
      what = "type '" + std::string(class_name(sel.type)) + "'";
      pick([&](const DeviceEntry& d) { return is_of_class(d, sel.type); });
      break;
    case Selector::Kind::PlatformDevice:
      what = "index " + std::to_string(sel.platform) + ":" + std::to_string(sel.device);
      pick([&](const DeviceEntry& d) { return d.platform_index == sel.platform && d.device_index == sel.device; });
      break;
    case Selector::Kind::Index:
      what = "index " + std::to_string(sel.index);
      pick([&](const DeviceEntry& d) { return d.index == sel.index; });
      break;
    case Selector::Kind::Name:
      what = "name '" + sel.name + "'";
      pick([&](const DeviceEntry& d) { return lower(d.identity.name).find(sel.name) != std::string::npos; });
      break;
  }
  if (m.empty()) throw SelectionError("no device matches " + what);
  if (m.size() > 1)
    throw SelectionError(std::to_string(m.size()) + " devices match " + what + "; choose one by its P:D index");
  return *m.front();
}

std::string known_loop_limit(const DeviceIdentity& id) {
  if (lower(id.name).rfind("llvmpipe", 0) != 0) return "";
  return "Mesa's llvmpipe stops a work-item's loops after 65535 iterations in all, without an error "
         "(docs/drivers.md): a kernel whose work-items loop longer computes a wrong result and is counted as it ran";
}

std::vector<std::string> device_gaps(const DeviceEntry& d) {
  std::vector<std::string> gaps;
  if (!d.has_extension("cl_khr_fp64")) gaps.push_back("no cl_khr_fp64 (no double roofs)");
  if (!d.has_extension("cl_khr_fp16")) gaps.push_back("no cl_khr_fp16 (no half roofs)");
  if (!known_loop_limit(d.identity).empty())
    gaps.push_back("its loops stop after 65535 iterations (build keeps its kernels within them; docs/drivers.md)");
  return gaps;
}

namespace {

// One platform's heading, and its reason when it has no devices.
void platform_heading(std::ostringstream& o, int index, const std::string& name, const std::string& version,
                      const std::string& why_none) {
  o << "platform " << index << ": " << name << " (" << version << ")\n";
  if (!why_none.empty()) o << "  " << why_none << "\n";
}

}  // namespace

std::string format_device_table(const std::vector<DeviceEntry>& devices, const std::vector<PlatformEntry>& platforms) {
  std::ostringstream o;
  int last_platform = -1;
  // Platforms without devices listed before `upto` (the next device's platform).
  std::size_t next_platform = 0;
  const auto platforms_before = [&](int upto) {
    for (; next_platform < platforms.size() && platforms[next_platform].index < upto; ++next_platform) {
      const PlatformEntry& p = platforms[next_platform];
      if (p.devices == 0) platform_heading(o, p.index, p.name, p.version, p.why_none);
    }
  };
  for (const auto& e : devices) {
    const auto& id = e.identity;
    platforms_before(e.platform_index);
    if (e.platform_index != last_platform) {
      platform_heading(o, e.platform_index, id.platform, id.platform_version, "");
      last_platform = e.platform_index;
    }
    o << "  [" << e.index << "] " << e.platform_index << ":" << e.device_index << "  " << id.name << "\n";
    o << "      type " << id.type << ", vendor " << id.vendor << ", driver " << id.driver << ", " << id.opencl_c_version << "\n";
    o << "      " << id.compute_units << " compute units";
    if (id.physical_cores) o << " (" << id.physical_cores << " physical cores)";
    o << " at " << id.max_clock_mhz << " MHz\n";
    o << "      global " << format_bytes(double(id.global_mem_bytes)) << " (max alloc " << format_bytes(double(id.max_alloc_bytes)) << "), local "
      << format_bytes(double(id.local_mem_bytes)) << ", constant " << format_bytes(double(id.constant_mem_bytes)) << ", cache "
      << format_bytes(double(id.global_cache_bytes)) << " (line " << id.cache_line_bytes << " B)\n";
    if (!id.host_cache_bytes.empty()) {
      o << "      host caches";
      for (std::size_t l = 0; l < id.host_cache_bytes.size(); ++l)
        o << (l ? ", " : " ") << "L" << l + 1 << " " << format_bytes(double(id.host_cache_bytes[l]))
          << (l < id.host_cache_instances.size() && id.host_cache_instances[l] > 1 ? " x " + std::to_string(id.host_cache_instances[l]) : "");
      o << "\n";
    }
    o << "      memory shared with host: " << (id.host_unified_memory ? "yes" : "no");
    if (!id.pci_address.empty()) o << ", PCI " << id.pci_address;
    if (!id.uuid.empty()) o << ", UUID " << id.uuid;
    o << "\n";
    const std::vector<std::string> gaps = device_gaps(e);
    for (std::size_t g = 0; g < gaps.size(); ++g) o << (g ? "; " : "      gaps: ") << gaps[g];
    if (!gaps.empty()) o << "\n";
  }
  platforms_before(std::numeric_limits<int>::max());
  if (devices.empty()) o << "no OpenCL devices found\n";
  return o.str();
}

std::string device_slug(const std::string& name) {
  std::string s;
  for (char c : lower(name)) {
    if (std::isalnum(static_cast<unsigned char>(c)))
      s += c;
    else if (!s.empty() && s.back() != '-')
      s += '-';
  }
  while (!s.empty() && s.back() == '-') s.pop_back();
  return s.empty() ? "device" : s;
}

}  // namespace roofline
