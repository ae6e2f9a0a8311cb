// model/fleet: many devices' roofs files side by side, the fleet report
// (`roofline fleet`, schemas/fleet.schema.json). GPUs of one model differ
// (Sinha et al., arXiv 2208.11035: 8% on average within one SKU, outliers
// 1.5x slower); the report says where each device sits against its peers.
//
// - Devices are grouped by model: the identity the driver reports of the
//   hardware, vendor, name, device type, compute units and global memory
//   (FleetModelKey; a CPU's global memory is its host's RAM, a node's
//   configuration, and is left out). The driver version is no part of it:
//   devices of one model on two drivers are compared, and the group lists
//   its drivers.
// - The key ceilings (kKeyCeilings: float and double MAD, DRAM read and
//   copy, L2 read, local read; each the best over vector widths) of each
//   device are divided by their group's median: its ratio.
// - Outliers by a robust score, the modified z-score of Iglewicz and Hoaglin,
//   (value - median) / (1.4826 MAD), |score| above `mad_threshold` (3.5),
//   in groups of at least 3 devices (fewer have no score); where the MAD is
//   0, 1.2533 times the mean absolute deviation stands in for 1.4826 MAD.
// - Below: a ratio under `fail_below`, or a key ceiling the device lacks
//   while others of its group have it (a roof left out after a wrong result).
//   `roofline fleet --fail-below` exits with its own status when any is.
// These are the arithmetic that defines the report, as roofline.hpp's are
// the roofs': the chart layer draws it from roofs files alone.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/device_identity.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

struct RoofsDocument;
struct Ceiling;

inline constexpr int kFleetSchemaVersion = 1;

// A ceiling the fleet compares: a compute roof (op, type) or a memory roof
// (level, op), each the best over widths.
struct KeyCeiling {
  CeilingKind kind;
  Op op;
  DataType type;        // compute roofs: the type; memory roofs: any
  LevelKind level;      // memory roofs
  const char* level_name;  // memory roofs: "DRAM", "L2", "local"
  std::string label() const;  // "float MAD", "DRAM read", "L2 read"
  RateUnit unit() const;
  // The best value of this roof in the document; none where it was not measured.
  std::optional<double> value_in(const RoofsDocument& doc) const;
  // The ceiling that holds that value; nullptr where it was not measured.
  const Ceiling* best_in(const RoofsDocument& doc) const;
};

inline constexpr std::array<KeyCeiling, 6> kKeyCeilings{{
    {CeilingKind::compute, Op::mad, DataType::float32, LevelKind::cache, ""},
    {CeilingKind::compute, Op::mad, DataType::float64, LevelKind::cache, ""},
    {CeilingKind::memory, Op::read, DataType::int32, LevelKind::dram, "DRAM"},
    {CeilingKind::memory, Op::copy, DataType::int32, LevelKind::dram, "DRAM"},
    {CeilingKind::memory, Op::read, DataType::int32, LevelKind::cache, "L2"},
    {CeilingKind::memory, Op::read, DataType::int32, LevelKind::local, "local"},
}};

// The key ceilings against the device's own theory (Ceiling::efficiency),
// so that one device alone says how near its peaks it came: "float MAD
// 99.1%, double MAD 98.0%, DRAM read 92.0% of theory". Those not measured or
// without a theory are left out; empty when none has one.
std::string key_theory_summary(const RoofsDocument& doc);

// A key ceiling of one build beside the same device's reference build (the
// build of one device while others ran, --concurrent, beside its build alone).
struct KeyCeilingChange {
  std::string label;  // "DRAM read"
  RateUnit unit;
  double value = 0, reference = 0;
  double ratio() const { return value / reference; }
  bool lowered() const;  // ratio() under kLoweredBelow
};

// A ratio under this is a ceiling lowered: the health check's 2% tolerance.
inline constexpr double kLoweredBelow = 0.98;

// The key ceilings both documents measured, in kKeyCeilings' order.
std::vector<KeyCeilingChange> compare_key_ceilings(const RoofsDocument& doc, const RoofsDocument& reference);

// "float MAD 1.00x, DRAM read 0.97x (lowered), ..." of compare_key_ceilings.
std::string format_key_changes(const std::vector<KeyCeilingChange>& changes);

// What makes two devices the same model.
struct FleetModelKey {
  std::string vendor, name;
  DeviceType type = DeviceType::other;
  std::uint32_t compute_units = 0;
  std::uint64_t global_mem_bytes = 0;
  static FleetModelKey of(const DeviceIdentity& d);
  bool operator<(const FleetModelKey& o) const;
  bool operator==(const FleetModelKey& o) const;
  // "NVIDIA H100 80GB HBM3 (132 compute units, 79.1 GiB)".
  std::string text() const;
};

// One roofs file of the fleet: its name in the report (the file's stem) and path.
struct FleetInput {
  std::string label, file;
  const RoofsDocument* doc = nullptr;
};

struct FleetOptions {
  std::optional<double> fail_below;  // a fraction of the group's median
  double mad_threshold = 3.5;        // |modified z-score| beyond which a device is an outlier
};

// One key ceiling of one device.
struct FleetCell {
  std::optional<double> value;  // in the ceiling's unit; none where not measured
  std::optional<double> ratio;  // value / the group's median
  std::optional<double> score;  // modified z-score; none in groups under 3 devices
  bool outlier = false;         // |score| > mad_threshold
  bool below = false;           // ratio < fail_below, or missing where the group has it
  bool missing = false;         // not measured, where others of its group have it
};

struct FleetDevice {
  std::string label, file;
  std::size_t group = 0;
  DeviceIdentity identity;
  std::string date;
  bool quick = false, complete = true;
  bool noisy = false;  // its roofs come from a noisy run (model/roofs: noisy_run)
  std::vector<FleetCell> cells;  // one per kKeyCeilings entry
  bool below() const;
  bool outlier() const;
};

// A key ceiling over one group.
struct FleetGroupCeiling {
  std::size_t devices = 0;       // those that measured it
  std::optional<double> median;  // none where none did
  std::optional<double> mad;     // median absolute deviation, same unit
};

struct FleetGroup {
  FleetModelKey model;
  std::vector<std::string> drivers;  // each driver version once, in the devices' order
  std::vector<std::size_t> devices;  // indices into FleetReport::devices
  std::vector<FleetGroupCeiling> ceilings;  // one per kKeyCeilings entry
};

struct FleetReport {
  FleetOptions options;
  std::vector<FleetGroup> groups;    // by model name
  std::vector<FleetDevice> devices;  // by group, then label
  std::vector<std::string> notes;    // what a reader should know: quick and full builds mixed, drivers...
  bool any_below() const;
};

// The median absolute deviation of the values from their median (0 for none).
double median_absolute_deviation(const std::vector<double>& values);

// The modified z-scores of the values against their median: (x - median) /
// (1.4826 MAD), or (x - median) / (1.2533 mean absolute deviation) where the
// MAD is 0; all 0 where both are; empty under 3 values.
std::vector<double> modified_z_scores(const std::vector<double>& values);

// The fleet report of these files.
FleetReport compare_fleet(const std::vector<FleetInput>& inputs, const FleetOptions& options = {});

// The report's JSON (schemas/fleet.schema.json); `tool_version` and `date` as the tool writes them.
nlohmann::json fleet_to_json(const FleetReport& report, const std::string& tool_version, const std::string& date);

// One row per device and key ceiling: file, label, group, model, device,
// uuid, pci_address, driver, ceiling, unit, value, group_median, ratio,
// score, outlier, below (RFC 4180 quoting).
std::string fleet_to_csv(const FleetReport& report);

}  // namespace roofline
