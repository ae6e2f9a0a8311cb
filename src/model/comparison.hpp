// model/comparison: two runs side by side (`roofline compare A B`,
// schemas/comparison.schema.json). Either two roofs files (each ceiling,
// level by level) or two sets of kernels (placement files, trace files:
// each kernel's time, arithmetic intensity and bound).
//
// - Every row has a speed: B's over A's, so that below 1 is slower in every
//   row. A ceiling's speed is its rate's ratio, B / A. A kernel that does the
//   same work in both runs (equal counted ops and bytes, 0.1% apart) is
//   compared by its time per launch, A / B; one whose work differs (another
//   problem size) by its rate, B / A in ops/s, which a size changes less; an
//   uncounted kernel by its time per launch, said so in its note.
// - fail_if_slower (a fraction, 0.05 for "5%"): a row whose speed is below
//   1 - fail_if_slower is slower; `roofline compare --fail-if-slower` exits
//   with its own status when any is.
// - A kernel's bound is one answer: the predicted limit (the a-priori time's
//   largest term); the roof its measured dot presses against is named as the
//   attained roof beside it.
// These are the arithmetic that defines the comparison, as fleet.hpp's are
// the fleet report's: the chart layer draws it from the rows alone.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/placement.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

struct RoofsDocument;

inline constexpr int kComparisonSchemaVersion = 1;

enum class ComparedKind { roofs, placements, trace };

// What a row's speed is judged on: a rate (higher is faster) or a time per
// launch (lower is faster).
enum class CompareBasis { rate, time };

template <>
struct Vocabulary<ComparedKind> {
  static constexpr std::string_view what = "compared kind";
  static constexpr std::array<Named<ComparedKind>, 3> names{
      {{ComparedKind::roofs, "roofs"}, {ComparedKind::placements, "placements"}, {ComparedKind::trace, "trace"}}};
};
template <>
struct Vocabulary<CompareBasis> {
  static constexpr std::string_view what = "basis";
  static constexpr std::array<Named<CompareBasis>, 2> names{{{CompareBasis::rate, "rate"}, {CompareBasis::time, "time"}}};
};

// A run as the comparison names it: its file, and the date and revision of
// the roofline that wrote it, where the file says them.
struct RunStamp {
  std::string file, date, revision, tool_version, device;
  // "2026-11-22 08:30 UTC, rev 81aedda" ("revision unknown" where the file has none).
  std::string text() const;
};

struct ComparedRow {
  std::string name;   // "float4 MAD", "L2 read", a kernel's label
  std::string group;  // ceilings: "compute" or the level's name; kernels: empty
  CompareBasis basis = CompareBasis::rate;
  std::optional<RateUnit> unit;  // of a and b for a rate; none: seconds
  std::optional<double> a, b;    // none: not in that run
  std::optional<double> speed;   // B's over A's, below 1 slower
  bool slower = false;           // speed < 1 - fail_if_slower
  // Kernels: time per launch, arithmetic intensity, the predicted limit and
  // the attained roof in each run (empty where unknown).
  std::optional<double> seconds_a, seconds_b, ai_a, ai_b;
  std::string limit_a, limit_b, attained_a, attained_b;
  std::string note;  // "only in A", "its work differs: compared by rate", "not counted: compared by time"
};

struct Comparison {
  ComparedKind kind = ComparedKind::roofs;
  RunStamp a, b;
  std::optional<double> fail_if_slower;
  std::vector<ComparedRow> rows;
  std::vector<std::string> notes;  // devices that differ, quick and full builds mixed...
  std::size_t slower_count() const;
};

// One kernel of a run: its name (a trace's repeated names with their program,
// then build options; what is still repeated numbered "#2"), its
// launches, its device time over them, its time per launch and its placement
// where it was counted.
struct RunKernel {
  std::string name;
  std::uint64_t launches = 1;
  double total_s = 0, seconds = 0;
  std::optional<Placement> placement;
};

Comparison compare_roofs(const RoofsDocument& a, const RoofsDocument& b, RunStamp stamp_a, RunStamp stamp_b,
                         std::optional<double> fail_if_slower);

Comparison compare_kernels(ComparedKind kind, const std::vector<RunKernel>& a, const std::vector<RunKernel>& b,
                           RunStamp stamp_a, RunStamp stamp_b, std::optional<double> fail_if_slower);

// The kernels of placements (each one launch) and of a trace document that
// passed its schema (schemas/trace.schema.json).
std::vector<RunKernel> kernels_of_placements(const std::vector<Placement>& placements);
std::vector<RunKernel> kernels_of_trace(const nlohmann::json& trace);

// The document (schemas/comparison.schema.json) and the table as CSV: one
// row per compared ceiling or kernel.
nlohmann::json comparison_to_json(const Comparison& c, const std::string& tool_version, const std::string& date);
std::string comparison_to_csv(const Comparison& c);

// The unit of a row's a and b: "GFLOP/s"-style rate unit names, "s".
std::string unit_of(const ComparedRow& row);

}  // namespace roofline
