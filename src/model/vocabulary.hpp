// model/vocabulary: the words of the domain as types. Inside the tool a
// ceiling's kind, operation, data type and memory level are enums; their
// names exist only where text comes in or goes out (the JSON files, the
// command line, labels on charts and tables), through one table per enum.
#pragma once
#include <array>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>

namespace roofline {

enum class CeilingKind { compute, memory };

// What a ceiling's kernel does: compute ops (add, mad) or a memory access mix
// (read, store, copy = loads and stores 1:1, image = reads through a sampler).
enum class Op { add, mad, read, store, copy, image };

// Element types of the compute and memory kernels ("int" is 32-bit).
enum class DataType { int32, float32, float64, float16 };

// What a memory level is: a cache found on the working-set sweep (named L1,
// L2, "L2 far"... by detection), DRAM, local memory, constant memory.
enum class LevelKind { cache, dram, local, constant };

// The unit a rate is counted in: FLOP/s, INTOP/s or B/s.
enum class RateUnit { flop, intop, byte };

// What stands behind a detected level's capacity (analysis/levels):
//  - curve: a cliff of the measured curves, with no known size to hold it against;
//  - confirmed: a cliff of the curves near the size the OS, driver or
//    architecture gives for that level;
//  - reported: the curves show no cliff near the given size, so the level's
//    capacity is the given one and only its speed comes from the curves;
//  - disagrees: a cliff of the curves that lies more than 2x from the
//    architecture's known size (flagged: the sweep or the table is wrong).
enum class LevelEvidence { curve, confirmed, reported, disagrees };

// Host-device transfers: write (host to device), read (device to host), map.
enum class TransferDirection { write, read, map };

// Energy counters; `automatic` picks the one that fits the device, `none` reads nothing.
enum class EnergyBackend { automatic, none, papi, perf, powercap, nvml };

// What a device is, as OpenCL says (CL_DEVICE_TYPE): a CPU, a discrete GPU,
// a GPU sharing the host's memory (CL_DEVICE_HOST_UNIFIED_MEMORY), an
// accelerator, or another kind (custom devices).
enum class DeviceType { cpu, gpu, igpu, accelerator, other };

// Address spaces of OpenCL C, as a kernel's counted bytes are split.
enum class AddressSpace { global, constant, local, private_ };

// The terms of a kernel's a-priori time (analysis/prediction): its operations at
// the compute roof, its global bytes at the nearest cache, its local bytes at
// the local-memory roof, its footprint at the level that holds it; or, with
// the access analysis (analysis/access_analysis), the bytes each level serves.
enum class PredictionTermKind { compute, global, local, footprint, level, math, occupancy, latency, atomic, launch };

// What a finding of the analysis is about (model/placement.hpp, Finding), for
// tools that act on findings; README, "Findings", lists each with its rule.
// latency_bound, atomic_contention's time and launch_overhead are the
// prediction's terms of those names where it has them.
enum class FindingCode {
  memory_bound,         // the prediction's limit is a memory level
  compute_bound,        // ... the compute roof
  math_bound,           // ... the math calls' roofs
  latency_bound,        // ... a dependent chain's latency at the launch's parallelism
  launch_overhead,      // ... the launch's own overhead
  uncoalesced_access,   // a site's request lines (sectors) carry few of the bytes asked for
  bank_conflicts,       // a local site's steps take several passes through the banks
  dependent_chain,      // an access whose address is what the one before loaded
  atomic_contention,    // items of a step on one atomic address
  branch_divergence,    // a branch's sub-groups take both ways
  low_parallelism,      // the launch fills little of the device
  records_truncated,    // items made more records than were kept
  sampled_metrics,      // footprint and entropy from a sample of the groups: lower bounds
  branches_sampled,     // items reached the branch outcomes the recording keeps: branch shares of their first ones
  model_may_overcharge, // the cache model may charge more than the hardware moves
  unclassified          // read from a file written before findings had codes
};

// One enum value and its name at the edges.
template <typename Enum>
struct Named {
  Enum value;
  std::string_view name;
};

// The table of names of each enum, and what it is called in messages (a
// specialisation per enum below; the empty primary marks a type as none).
template <typename Enum>
struct Vocabulary {};

template <>
struct Vocabulary<CeilingKind> {
  static constexpr std::string_view what = "ceiling kind";
  static constexpr std::array<Named<CeilingKind>, 2> names{{{CeilingKind::compute, "compute"}, {CeilingKind::memory, "memory"}}};
};
template <>
struct Vocabulary<Op> {
  static constexpr std::string_view what = "op";
  static constexpr std::array<Named<Op>, 6> names{{{Op::add, "add"},
                                                   {Op::mad, "mad"},
                                                   {Op::read, "read"},
                                                   {Op::store, "store"},
                                                   {Op::copy, "copy"},
                                                   {Op::image, "image"}}};
};
template <>
struct Vocabulary<DataType> {
  static constexpr std::string_view what = "data type";
  static constexpr std::array<Named<DataType>, 4> names{{{DataType::int32, "int"},
                                                         {DataType::float32, "float"},
                                                         {DataType::float64, "double"},
                                                         {DataType::float16, "half"}}};
};
template <>
struct Vocabulary<LevelKind> {
  static constexpr std::string_view what = "level kind";
  static constexpr std::array<Named<LevelKind>, 4> names{{{LevelKind::cache, "cache"},
                                                          {LevelKind::dram, "DRAM"},
                                                          {LevelKind::local, "local"},
                                                          {LevelKind::constant, "constant"}}};
};
template <>
struct Vocabulary<RateUnit> {
  static constexpr std::string_view what = "unit";
  static constexpr std::array<Named<RateUnit>, 3> names{
      {{RateUnit::flop, "FLOP/s"}, {RateUnit::intop, "INTOP/s"}, {RateUnit::byte, "B/s"}}};
};
template <>
struct Vocabulary<LevelEvidence> {
  static constexpr std::string_view what = "level evidence";
  static constexpr std::array<Named<LevelEvidence>, 4> names{{{LevelEvidence::curve, "curve"},
                                                              {LevelEvidence::confirmed, "confirmed"},
                                                              {LevelEvidence::reported, "reported"},
                                                              {LevelEvidence::disagrees, "disagrees"}}};
};
template <>
struct Vocabulary<TransferDirection> {
  static constexpr std::string_view what = "transfer direction";
  static constexpr std::array<Named<TransferDirection>, 3> names{
      {{TransferDirection::write, "write"}, {TransferDirection::read, "read"}, {TransferDirection::map, "map"}}};
};
template <>
struct Vocabulary<EnergyBackend> {
  static constexpr std::string_view what = "energy backend";
  static constexpr std::array<Named<EnergyBackend>, 6> names{{{EnergyBackend::automatic, "auto"},
                                                              {EnergyBackend::papi, "papi"},
                                                              {EnergyBackend::perf, "perf"},
                                                              {EnergyBackend::powercap, "powercap"},
                                                              {EnergyBackend::nvml, "nvml"},
                                                              {EnergyBackend::none, "none"}}};
};
template <>
struct Vocabulary<DeviceType> {
  static constexpr std::string_view what = "device type";
  static constexpr std::array<Named<DeviceType>, 5> names{{{DeviceType::cpu, "cpu"},
                                                           {DeviceType::gpu, "gpu"},
                                                           {DeviceType::igpu, "igpu"},
                                                           {DeviceType::accelerator, "accelerator"},
                                                           {DeviceType::other, "other"}}};
};
template <>
struct Vocabulary<AddressSpace> {
  static constexpr std::string_view what = "address space";
  static constexpr std::array<Named<AddressSpace>, 4> names{{{AddressSpace::global, "global"},
                                                             {AddressSpace::constant, "constant"},
                                                             {AddressSpace::local, "local"},
                                                             {AddressSpace::private_, "private"}}};
};

template <>
struct Vocabulary<PredictionTermKind> {
  static constexpr std::string_view what = "prediction term";
  static constexpr std::array<Named<PredictionTermKind>, 10> names{{{PredictionTermKind::compute, "compute"},
                                                                   {PredictionTermKind::global, "global"},
                                                                   {PredictionTermKind::local, "local"},
                                                                   {PredictionTermKind::footprint, "footprint"},
                                                                   {PredictionTermKind::level, "level"},
                                                                   {PredictionTermKind::math, "math"},
                                                                   {PredictionTermKind::occupancy, "occupancy"},
                                                                   {PredictionTermKind::latency, "latency"},
                                                                   {PredictionTermKind::atomic, "atomic"},
                                                                   {PredictionTermKind::launch, "launch"}}};
};

template <>
struct Vocabulary<FindingCode> {
  static constexpr std::string_view what = "finding code";
  static constexpr std::array<Named<FindingCode>, 16> names{{{FindingCode::memory_bound, "memory_bound"},
                                                             {FindingCode::compute_bound, "compute_bound"},
                                                             {FindingCode::math_bound, "math_bound"},
                                                             {FindingCode::latency_bound, "latency_bound"},
                                                             {FindingCode::launch_overhead, "launch_overhead"},
                                                             {FindingCode::uncoalesced_access, "uncoalesced_access"},
                                                             {FindingCode::bank_conflicts, "bank_conflicts"},
                                                             {FindingCode::dependent_chain, "dependent_chain"},
                                                             {FindingCode::atomic_contention, "atomic_contention"},
                                                             {FindingCode::branch_divergence, "branch_divergence"},
                                                             {FindingCode::low_parallelism, "low_parallelism"},
                                                             {FindingCode::records_truncated, "records_truncated"},
                                                             {FindingCode::sampled_metrics, "sampled_metrics"},
                                                             {FindingCode::branches_sampled, "branches_sampled"},
                                                             {FindingCode::model_may_overcharge, "model_may_overcharge"},
                                                             {FindingCode::unclassified, "unclassified"}}};
};

// The name of a value, as the files and the command line write it.
template <typename Enum>
constexpr std::string_view name_of(Enum value) {
  for (const auto& n : Vocabulary<Enum>::names)
    if (n.value == value) return n.name;
  return "?";
}

template <typename Enum>
std::string str(Enum value) {
  return std::string(name_of(value));
}

// The value a name stands for; nullopt for a name not in the table.
template <typename Enum>
constexpr std::optional<Enum> lookup(std::string_view name) {
  for (const auto& n : Vocabulary<Enum>::names)
    if (n.name == name) return n.value;
  return std::nullopt;
}

// "add, mad, read, store, copy or image": the names, for messages.
template <typename Enum>
std::string names_of() {
  std::string out;
  const auto& names = Vocabulary<Enum>::names;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + std::string(names[i].name);
  return out;
}

// Values print as their names (test failures, diagnostics).
template <typename Enum, typename = decltype(Vocabulary<Enum>::names)>
std::ostream& operator<<(std::ostream& out, Enum value) {
  return out << name_of(value);
}

// A name read from a file or the command line that the table does not know.
struct UnknownName : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

// The value a name stands for; throws UnknownName ("unknown op 'x' (add, mad, ...)").
template <typename Enum>
Enum parse_name(std::string_view name) {
  if (const auto value = lookup<Enum>(name)) return *value;
  throw UnknownName("unknown " + std::string(Vocabulary<Enum>::what) + " '" + std::string(name) + "' (" +
                    names_of<Enum>() + ")");
}

// Whether an op is a compute op (add, mad) rather than a memory access mix.
constexpr bool is_compute(Op op) { return op == Op::add || op == Op::mad; }

// The unit of a ceiling's rate: bytes for memory, integer or floating-point ops for compute.
constexpr RateUnit rate_unit(CeilingKind kind, DataType type) {
  if (kind == CeilingKind::memory) return RateUnit::byte;
  return type == DataType::int32 ? RateUnit::intop : RateUnit::flop;
}

// Bytes of one scalar of the type.
constexpr std::size_t scalar_bytes(DataType type) {
  switch (type) {
    case DataType::float16: return 2;
    case DataType::float64: return 8;
    default: return 4;
  }
}

// "ADD", "MAD": compute ops as roofs are labelled; other ops by their names.
std::string op_label(Op op);
// A compute roof's label: "float MAD", "int4 ADD" (the width when above 1).
std::string compute_label(DataType type, Op op, int width = 1);

// A level of the memory hierarchy: its kind, and its name ("L1", "L2 far",
// "DRAM", "local", "constant"). Cache levels take the name detection gave them;
// the others are named after their kind.
struct MemoryLevel {
  LevelKind kind = LevelKind::cache;
  std::string name;

  static MemoryLevel cache(std::string name) { return {LevelKind::cache, std::move(name)}; }
  static MemoryLevel of_kind(LevelKind kind) { return {kind, std::string(name_of(kind))}; }
  // The level a name in a file stands for: DRAM, local and constant by their
  // names, any other name a cache level.
  static MemoryLevel from_name(const std::string& name) {
    const auto kind = lookup<LevelKind>(name);
    return kind && *kind != LevelKind::cache ? of_kind(*kind) : cache(name);
  }
  bool is(LevelKind k) const { return kind == k; }
  // The number k of a cache level named "L<k>" or "L<k> far..." ("L2 far" is
  // 2); nullopt for other names and kinds.
  std::optional<long> cache_number() const;
  bool operator==(const MemoryLevel& o) const { return kind == o.kind && name == o.name; }
  bool operator!=(const MemoryLevel& o) const { return !(*this == o); }
  // By name first (the order levels were keyed in before they had kinds), then kind.
  bool operator<(const MemoryLevel& o) const { return name != o.name ? name < o.name : kind < o.kind; }
};

inline std::ostream& operator<<(std::ostream& out, const MemoryLevel& level) {
  return out << level.name << " (" << name_of(level.kind) << ")";
}

}  // namespace roofline
