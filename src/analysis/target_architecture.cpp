#include "analysis/target_architecture.hpp"

#include <algorithm>

namespace roofline {
namespace {

bool contains(const std::string& text, const char* word) { return text.find(word) != std::string::npos; }

// The table of what the roofs cannot say, by device family. Sources:
// NVIDIA's CUDA C++ Programming Guide (warp 32; 32 banks of 4 bytes; 2048
// resident threads and 32 blocks per SM, 228 KB of shared memory per SM from
// compute capability 8.0; L1 sectors of 32 bytes, stores written through);
// AMD's CDNA ISA guides (wavefront 64, 32 LDS banks of 4 bytes, 64 KB of LDS
// and 2560 work-items per CU); Intel's GPU optimization guide (SIMD16 sub-groups,
// 16 SLM banks of 4 bytes). A CPU runs one group per core, its work-group
// loop vectorized over a line of 4-byte lanes (PoCL).
struct Family {
  const char* name;
  std::uint32_t sub_group, sector_bytes, banks, resident_items, max_groups;
  double local_bytes_per_cu;
  bool local_on_l1_path, lockstep, l1_write_through;
};
constexpr Family kNvidia{"NVIDIA GPU", 32, 32, 32, 2048, 32, 228.0 * 1024, true, true, true};
constexpr Family kAmd{"AMD GPU", 64, 64, 32, 2560, 40, 64.0 * 1024, false, true, false};
constexpr Family kIntel{"Intel GPU", 16, 64, 16, 448, 16, 64.0 * 1024, false, true, false};
constexpr Family kOtherGpu{"GPU", 32, 64, 32, 1024, 16, 32.0 * 1024, false, true, false};

const Family& gpu_family(const DeviceIdentity& d) {
  const std::string v = d.vendor + " " + d.platform;
  if (contains(v, "NVIDIA")) return kNvidia;
  if (contains(v, "AMD") || contains(v, "Advanced Micro")) return kAmd;
  if (contains(v, "Intel")) return kIntel;
  return kOtherGpu;
}

std::vector<TargetArchitecture::Cache> caches_of(const RoofsDocument& roofs) {
  std::vector<TargetArchitecture::Cache> caches;
  if (roofs.memory)
    for (const DetectedLevel& l : roofs.memory->levels)
      if (l.level.kind == LevelKind::cache && l.capacity_bytes && *l.capacity_bytes > 0) caches.push_back({l.level.name, *l.capacity_bytes, false});
  if (caches.empty() && roofs.device.global_cache_bytes > 0) caches.push_back({"cache", double(roofs.device.global_cache_bytes), true});
  if (!caches.empty()) caches.back().shared = true;
  return caches;
}

}  // namespace

TargetArchitecture target_architecture(const RoofsDocument& roofs, std::uint64_t group_size, std::uint64_t local_bytes) {
  const DeviceIdentity& d = roofs.device;
  TargetArchitecture t;
  t.compute_units = std::max<std::uint32_t>(1, std::uint32_t(d.compute_units));
  t.request_bytes = d.cache_line_bytes ? std::uint32_t(d.cache_line_bytes) : 64;
  t.caches = caches_of(roofs);
  group_size = std::max<std::uint64_t>(1, group_size);
  if (d.type == DeviceType::cpu) {
    t.family = "CPU";
    t.sub_group = std::max<std::uint32_t>(1, t.request_bytes / 4);
    t.sector_bytes = t.request_bytes;
    t.banks = 0;
    t.local_on_l1_path = false;
    t.groups_in_lockstep = false;
    t.l1_write_through = false;
    t.lanes_share_requests = false;
    t.resident_groups = 1;
    return t;
  }
  const Family& f = gpu_family(d);
  t.family = f.name;
  t.sub_group = f.sub_group;
  t.sector_bytes = std::min(f.sector_bytes, t.request_bytes);
  t.banks = f.banks;
  t.local_on_l1_path = f.local_on_l1_path;
  t.groups_in_lockstep = f.lockstep;
  t.l1_write_through = f.l1_write_through;
  std::uint64_t resident = std::min<std::uint64_t>(f.max_groups, std::max<std::uint64_t>(1, f.resident_items / group_size));
  if (local_bytes > 0) resident = std::min<std::uint64_t>(resident, std::max<std::uint64_t>(1, std::uint64_t(f.local_bytes_per_cu) / local_bytes));
  t.resident_groups = std::uint32_t(resident);
  return t;
}

}  // namespace roofline
