// model/roofs: the roofs document, what `roofline build` measures and every
// later stage (charts, placement, reports) reads. Plain data plus its JSON
// form; the schema is documented in docs/formats.md ("The roofs file").
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/stats.hpp"
#include "model/vocabulary.hpp"
#include "model/device_identity.hpp"
#include "model/launch_shape.hpp"
#include "model/energy.hpp"
#include "model/memory_model.hpp"
#include "model/suite.hpp"

namespace roofline {

// 2: the micro-benchmark suite's sections (model/suite) added; version 1
// files read as documents without them.
inline constexpr int kSchemaVersion = 2;

// One point of a work-group sweep (the thesis's figures 4.1 and 4.2).
struct SweepPoint {
  LaunchShape launch;
  Stats stats;  // in the ceiling's unit
  std::optional<Stats> watts;  // power while it ran, where an energy source was read
};

struct Ceiling {
  CeilingKind kind = CeilingKind::compute;
  Op op = Op::add;                 // compute: add, mad; memory: read, store, copy, image
  DataType type = DataType::float32;
  int width = 1;                   // vector width of the kernel's data type
  std::optional<MemoryLevel> level;      // memory roofs: the level; none for compute
  std::optional<double> capacity_bytes;  // memory roofs of a cache level: its detected capacity
  double value = 0;   // median rate in unit()
  Stats stats;        // same unit as value
  LaunchShape launch;       // the launch shape of the best point
  std::string variant;      // kernel variant that won, e.g. "square, 8 chains"
  std::optional<double> theory;      // theoretical peak, same unit
  std::optional<double> efficiency;  // value / theory
  bool above_theory = false;         // flagged: measured above theoretical peak
  // Flagged (model/level_consistency): a farther level whose roof of the same
  // op is more than 5% higher; empty when the roof is consistent.
  std::string below_farther_level;
  std::optional<CeilingPower> power; // power while the best point ran, where an energy source was read
  std::vector<SweepPoint> sweep_wg_size;   // fixed global size, varying local size
  std::vector<SweepPoint> sweep_wg_count;  // fixed local size, varying work-group count

  RateUnit unit() const { return rate_unit(kind, type); }
  bool is_compute() const { return kind == CeilingKind::compute; }
  bool is_memory() const { return kind == CeilingKind::memory; }
  // A memory roof at a level of this kind.
  bool at(LevelKind k) const { return level && level->kind == k; }
  // A memory roof at the level named `name`.
  bool at(const std::string& name) const { return level && level->name == name; }
  const std::string& level_name() const;   // empty for compute
  std::string label() const;               // e.g. "float4 MAD", "DRAM read"
};


// The clock the device held while the compute kernels ran, when it can be read.
struct HeldClock {
  double mhz = 0;
  std::string source;  // "nvml", "cpu-chain", "reported-max"
  Stats samples_mhz;
};

// How long one step of the build took (wall time), to see what a build spends.
struct StepTime {
  std::string name;  // the build's step: "compute ceilings", "math functions"...
  double seconds = 0;
};

// Dependent chains side by side: `work_items` of `local` a group, each one
// chain of the latency's operation; links (dependent operations) the device
// completed per second.
struct ChainRate {
  std::uint64_t work_items = 0, local = 0;
  Stats links_per_second;
};

// The time of one dependent operation of `type`: a single chain of `op`
// (add: x = x + b; mad: x = a*x + b) in one work-item, each step waiting for
// the one before. What a kernel's dependent chain costs when too few
// work-items hide it.
struct OperationLatency {
  Op op = Op::mad;
  DataType type = DataType::float32;
  Stats seconds;  // per operation
  std::optional<ChainRate> chain_rate;  // none in files written before it was measured
};

struct RoofsDocument {
  int schema_version = kSchemaVersion;
  std::string tool_version, git_revision, date, command_line;
  bool complete = true;  // false for the partial file of an interrupted run
  bool quick = false;
  // How many other devices the same command measured at the same time
  // (build --concurrent); 0: measured alone.
  int concurrent_with = 0;
  // The share of the host's CPU time that other processes (and, in a virtual
  // machine, other guests) took while the build measured; nullopt where it
  // was not read (older files, partial files, hosts without /proc).
  std::optional<double> others_cpu_share;
  DeviceIdentity device;
  std::optional<HeldClock> clock;
  std::vector<Ceiling> ceilings;
  std::optional<MemoryCurves> memory;     // working-set sweeps and detected levels
  std::vector<TransferFit> transfers;     // host-device transfer model
  std::optional<LaunchOverhead> launch_overhead;
  std::optional<EnergySection> energy;    // power and energy readings and the fitted power model
  // Seed 000's micro-benchmark suite (model/suite): the math roofs, and each
  // suite benchmark's series (model/suite_table), a benchmark that measured
  // none absent.
  std::vector<MathRoof> math;  // built-in function throughput
  std::vector<OperationLatency> latencies;  // "compute_latency": dependent operations
  // The latency of a dependent `op` of `type`, when measured.
  std::optional<double> latency_of(Op op, DataType type) const;
  // The links per second of chains of `op` and `type` side by side, when measured.
  std::optional<double> chain_rate_of(Op op, DataType type) const;
  // The measurement of a dependent `op` of `type`; null when none.
  const OperationLatency* latency_entry(Op op, DataType type) const;
  std::map<SuiteBenchmark, std::vector<MeasuredSeries>> suite;
  std::vector<StepTime> steps;     // in the order they ran; empty in files of older versions
  std::vector<std::string> notes;  // what was skipped and why, warnings

  // The series a suite benchmark measured (none: empty).
  const std::vector<MeasuredSeries>& series(SuiteBenchmark benchmark) const;
};

// A run is noisy when its curves are (noisy_curves) or when other processes
// took more than this share of the host's CPU time while it measured: a
// steady neighbour slows every point alike, which the spread cannot see (on
// the 2-core Zen 3 VM a full build beside the test suite and stress-ng spread
// 1.96%, a quiet one 1.93%; roofs/README.md, "Levels held against sysfs, and
// noisy runs").
inline constexpr double kNoisyOthersShare = 0.25;

bool noisy_run(const RoofsDocument& doc);

// "noisy run: ..." for the roofs file's notes and place's warnings: what
// made it noisy, by how much, and what it means for the levels and roofs.
std::string noisy_run_note(const RoofsDocument& doc);

void to_json(nlohmann::json& j, const Stats& s);
void from_json(const nlohmann::json& j, Stats& s);
void to_json(nlohmann::json& j, const SweepPoint& s);
void from_json(const nlohmann::json& j, SweepPoint& s);
void to_json(nlohmann::json& j, const Ceiling& c);
void from_json(const nlohmann::json& j, Ceiling& c);
void to_json(nlohmann::json& j, const DeviceIdentity& d);
void from_json(const nlohmann::json& j, DeviceIdentity& d);
void to_json(nlohmann::json& j, const StepTime& s);
void from_json(const nlohmann::json& j, StepTime& s);
void to_json(nlohmann::json& j, const OperationLatency& l);
void from_json(const nlohmann::json& j, OperationLatency& l);
void to_json(nlohmann::json& j, const HeldClock& c);
void from_json(const nlohmann::json& j, HeldClock& c);
void to_json(nlohmann::json& j, const RoofsDocument& d);
void from_json(const nlohmann::json& j, RoofsDocument& d);

// Flags the memory roofs below a farther level's (model/level_consistency)
// and adds a note for each, once.
void flag_levels(RoofsDocument& doc);

// Reads a roofs document from its text, checked against
// schemas/roofs.schema.json, its level flags set (files written before the
// flags existed get them too); `file` names it in messages. Throws
// InputFileError "FILE: /pointer: what is wrong" (files/json_input).
RoofsDocument parse_roofs(const std::string& text, const std::string& file = "roofs file");

// parse_roofs of a file's text; a file that cannot be read is an InputFileError too.
RoofsDocument load_roofs(const std::string& path);

// The roofs a chart or a summary shows: the best ceiling of each (op, type) for
// compute, and the best of each memory level (whichever load/store mix reached
// the most), constant memory left out.
std::vector<const Ceiling*> best_ceilings(const RoofsDocument& doc);

}  // namespace roofline
