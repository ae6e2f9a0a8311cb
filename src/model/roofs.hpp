// model/roofs: the roofs document, what `roofline build` measures and every
// later stage (charts, placement, reports) reads. Plain data plus its JSON
// form; the schema is documented in the README ("The roofs file").
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "measurement/stats.hpp"
#include "model/energy.hpp"
#include "model/memory_model.hpp"

namespace roofline {

inline constexpr int kSchemaVersion = 1;

// How a kernel was launched: a 1-D NDRange of work_groups x local work-items.
struct LaunchShape {
  std::uint64_t global = 0;
  std::uint64_t local = 0;
  std::uint64_t work_groups() const { return local ? global / local : 0; }
};

// One point of a work-group sweep (the thesis's figures 4.1 and 4.2).
struct SweepPoint {
  LaunchShape launch;
  Stats stats;  // in the ceiling's unit
  std::optional<Stats> watts;  // power while it ran, where an energy source was read
};

struct Ceiling {
  std::string kind;   // "compute" or "memory"
  std::string op;     // compute: "add", "mad"; memory: "read", "copy"
  std::string type;   // "int", "float", "double", "half"
  int width = 1;      // vector width of the kernel's data type
  std::string level;  // memory roofs: "L1", "L2", "L3", "DRAM", "local", "constant"; empty for compute
  std::optional<double> capacity_bytes;  // memory roofs of a cache level: its detected capacity
  double value = 0;   // median rate in `unit`
  std::string unit;   // "FLOP/s", "INTOP/s", "B/s"
  Stats stats;        // same unit as value
  LaunchShape launch;       // the launch shape of the best point
  std::string variant;      // kernel variant that won, e.g. "square, 8 chains"
  std::optional<double> theory;      // theoretical peak, same unit
  std::optional<double> efficiency;  // value / theory
  bool above_theory = false;         // flagged: measured above theoretical peak
  std::optional<CeilingPower> power; // power while the best point ran, where an energy source was read
  std::vector<SweepPoint> sweep_wg_size;   // fixed global size, varying local size
  std::vector<SweepPoint> sweep_wg_count;  // fixed local size, varying work-group count
  std::string label() const;               // e.g. "float MAD x4", "DRAM read"
};

struct DeviceIdentity {
  std::string platform, platform_version, vendor, name, driver, device_version, opencl_c_version;
  std::string type;  // "cpu", "gpu", "accelerator", ...
  bool host_unified_memory = false;
  std::uint32_t compute_units = 0;
  std::uint32_t max_clock_mhz = 0;
  std::uint64_t global_mem_bytes = 0, local_mem_bytes = 0, constant_mem_bytes = 0;
  std::uint64_t global_cache_bytes = 0, cache_line_bytes = 0, max_alloc_bytes = 0;
  std::string uuid;         // hex, when cl_khr_device_uuid is available
  std::string pci_address;  // "dddd:bb:dd.f", when the driver tells it
  std::string architecture; // e.g. "NVIDIA CC 9.0", "x86 Zen 3"
  int physical_cores = 0;   // CPUs only
  // CPUs only: the host's data (or unified) cache per level, L1 first, as
  // sysfs gives them (per instance: an L1 or L2 per core, the L3 shared).
  // OpenCL reports the last level only; these name the detected levels.
  std::vector<std::uint64_t> host_cache_bytes;
};

// The clock the device held while the compute kernels ran, when it can be read.
struct HeldClock {
  double mhz = 0;
  std::string source;  // "nvml", "cpu-chain", "reported-max"
  Stats samples_mhz;
};

struct RoofsDocument {
  int schema_version = kSchemaVersion;
  std::string tool_version, git_revision, date, command_line;
  bool complete = true;  // false for the partial file of an interrupted run
  bool quick = false;
  DeviceIdentity device;
  std::optional<HeldClock> clock;
  std::vector<Ceiling> ceilings;
  std::optional<MemoryCurves> memory;     // working-set sweeps and detected levels
  std::vector<TransferFit> transfers;     // host-device transfer model
  std::optional<LaunchOverhead> launch_overhead;
  std::optional<EnergySection> energy;    // power and energy readings and the fitted power model
  std::vector<std::string> notes;  // what was skipped and why, warnings
};

void to_json(nlohmann::json& j, const Stats& s);
void from_json(const nlohmann::json& j, Stats& s);
void to_json(nlohmann::json& j, const LaunchShape& s);
void from_json(const nlohmann::json& j, LaunchShape& s);
void to_json(nlohmann::json& j, const SweepPoint& s);
void from_json(const nlohmann::json& j, SweepPoint& s);
void to_json(nlohmann::json& j, const Ceiling& c);
void from_json(const nlohmann::json& j, Ceiling& c);
void to_json(nlohmann::json& j, const DeviceIdentity& d);
void from_json(const nlohmann::json& j, DeviceIdentity& d);
void to_json(nlohmann::json& j, const HeldClock& c);
void from_json(const nlohmann::json& j, HeldClock& c);
void to_json(nlohmann::json& j, const RoofsDocument& d);
void from_json(const nlohmann::json& j, RoofsDocument& d);

// Reads a roofs file; throws std::runtime_error naming the file and the problem.
RoofsDocument load_roofs(const std::string& path);

// The roofs a chart or a summary shows: the best ceiling of each (op, type) for
// compute, and the best of each memory level (whichever load/store mix reached
// the most), constant memory left out.
std::vector<const Ceiling*> best_ceilings(const RoofsDocument& doc);

}  // namespace roofline
