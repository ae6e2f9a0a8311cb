// model/placement: a user kernel placed on the CARM, as `roofline place`
// writes it and the charts and reports read it. Plain data plus its JSON form
// (documented in docs/formats.md, "Placement and counts files").
//
// A placement file holds one placement object (what `place -o` writes), an
// array of them, or {"placements": [...]}; load_placements takes all three.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/math_functions.hpp"
#include "model/stats.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

// 2: the post-hoc roof is "attained_roof" (1 called it "bound"), and the time
// is predicted a priori ("prediction"); files of version 1 are read too.
inline constexpr int kPlacementSchemaVersion = 2;

// Bytes moved in one address space, as the kernel's loads and stores count them.
struct SpaceBytes {
  double load = 0, store = 0;
  double total() const { return load + store; }
};

// The roof that bounds a kernel at its arithmetic intensity.
struct PlacementBound {
  std::optional<MemoryLevel> level;  // memory level whose slope bounds it; none when compute-bound
  std::string roof;      // the bounding roof's label: "DRAM read", "float MAD"
  double attainable = 0; // ops/s the roofs allow at the kernel's AI for that level
  double fraction = 0;   // performance / attainable
};

// One term of the a-priori time (analysis/prediction.hpp states the rule).
struct PredictionTerm {
  PredictionTermKind kind = PredictionTermKind::compute;
  std::string roof;                  // "double MAD", "L1 copy", "DRAM read/copy"
  std::optional<MemoryLevel> level;  // memory terms
  double amount = 0;                 // ops (compute) or bytes
  double rate = 0;                   // ops/s or bytes/s
  double seconds = 0;                // amount / rate
};

// A term's amount and rate in its own unit: operations at a compute roof
// ("5.10 Gop", "66.5 Top/s"), calls at a math roof, bytes at a memory roof.
std::string format_term_amount(const PredictionTerm& t);
std::string format_term_rate(const PredictionTerm& t);

// The time the roofs predict from the counts and the footprint alone: the
// largest of its terms.
struct Prediction {
  double seconds = 0;
  PredictionTerm limit;               // the term that sets `seconds`
  std::vector<PredictionTerm> terms;  // every term, in the rule's order
};

// One counted kind of math call at its roof (analysis/math_time.hpp).
struct MathTerm {
  MathCall call;
  double calls = 0;                  // lanes evaluated
  std::optional<double> calls_per_s; // its roof; none: no roof measured for it (not timed)
  double seconds = 0;                // calls / calls_per_s; 0 when unmeasured
};

// The kernel's math calls against its FLOP and memory times (the math-bound
// rule, analysis/placement_bound.hpp).
struct MathPlacement {
  std::vector<MathTerm> calls;  // by MathCall
  double seconds = 0;           // the measured calls' seconds, summed
  double flop_seconds = 0;      // the kernel's ops at its compute roof (0: no compute roof)
  double memory_seconds = 0;    // its CARM bytes at the memory roof it is placed against (0: none)
  std::string roof;             // "rsqrt roof": the call with the largest share of `seconds`; empty when none is measured
  double roof_performance = 0;  // ops / seconds: the math roof in the CARM's unit (0 when none is measured)
  bool bound = false;           // seconds > flop_seconds and > memory_seconds
  // A measured roof, one the CARM can draw.
  bool has_roof() const { return !roof.empty() && roof_performance > 0; }
};

// What the analysis says in words (analysis/access_analysis, diagnose), with
// the source line it concerns, its category for tools, and what to change
// with the effect expected ("transpose through a local tile; expected L1/L2
// traffic x0.25"; empty where the analysis knows no change).
struct Finding {
  std::string where;  // "kernel.cl:14", or empty for the whole kernel
  FindingCode code = FindingCode::memory_bound;
  std::string text;
  std::string suggestion;
};

// The kernel's arithmetic intensity at one level of the hierarchy: its ops
// over the bytes that level serves (a hierarchical dot, at the kernel's
// measured performance).
struct LevelDot {
  std::string level;  // the roofs' level name, "local" or "DRAM"
  double bytes = 0;
  double ai = 0;
};

// What `place --analyze` and `trace --analyze` add (app/analyze): the level
// dots, nearest first; the core view's prediction where the hierarchical one
// replaced it as `prediction`; the diagnosis.
struct PlacementAnalysis {
  std::vector<LevelDot> levels;
  std::optional<Prediction> core_prediction;
  std::vector<Finding> findings;
};

struct Placement {
  std::string kernel;   // kernel function name
  std::string label;    // what the chart writes next to the dot; empty: the kernel name
  std::string source;   // the .cl file
  std::string device;   // device name it ran on
  double flops = 0;     // floating-point operations (all precisions, vector lanes counted)
  double intops = 0;    // integer operations
  double bytes = 0;     // CARM traffic: global + constant + local loads and stores
  double ai = 0;        // ops / bytes, ops = flops, or intops for a kernel without floating point
  RateUnit unit = RateUnit::flop;  // of performance: FLOP/s or INTOP/s
  double seconds = 0;           // median kernel time
  Stats time;                   // seconds, over the timed runs
  double performance = 0;       // ops / seconds
  PlacementBound attained;  // post-hoc: the roof the measured dot presses against (placement_bound.hpp)
  std::optional<double> footprint_bytes;    // bytes of the kernel's buffers (global and constant)
  std::optional<double> work_items;         // of the launch (the occupancy and launch terms); none in older files
  double longest_chain = 0;                 // the counts' longest dependent chain (the chain term); 0 in older files
  double chain_links = 0;                   // each work-item's longest chain, summed (the chain term); 0 in older files
  std::optional<Prediction> prediction;     // a priori: never from `seconds` (analysis/prediction.hpp); hierarchical with `analysis`
  std::optional<PlacementAnalysis> analysis;  // place --analyze
  std::map<DataType, double> flops_by_type;
  std::map<AddressSpace, SpaceBytes> bytes_by_space;
  std::map<MathCall, double> math_calls;  // the counts' math category
  std::optional<MathPlacement> math;      // when it makes math calls and the roofs were applied
  std::optional<double> watts;       // average power while it ran
  std::optional<double> joules;      // energy of one run
  std::optional<double> efficiency;  // ops per joule
  std::string note;                  // what to keep in mind: another device's roofs, why no power reading
  std::string display_label() const { return label.empty() ? kernel : label; }
  double ops() const { return flops > 0 ? flops : intops; }
  std::optional<double> predicted_seconds() const {
    return prediction ? std::optional<double>(prediction->seconds) : std::nullopt;
  }
};

void to_json(nlohmann::json& j, const SpaceBytes& b);
void from_json(const nlohmann::json& j, SpaceBytes& b);
void to_json(nlohmann::json& j, const PredictionTerm& t);
void from_json(const nlohmann::json& j, PredictionTerm& t);
void to_json(nlohmann::json& j, const Prediction& p);
void from_json(const nlohmann::json& j, Prediction& p);
void to_json(nlohmann::json& j, const MathTerm& t);
void from_json(const nlohmann::json& j, MathTerm& t);
void to_json(nlohmann::json& j, const MathPlacement& m);
void from_json(const nlohmann::json& j, MathPlacement& m);
void to_json(nlohmann::json& j, const Finding& f);
void from_json(const nlohmann::json& j, Finding& f);
void to_json(nlohmann::json& j, const PlacementAnalysis& a);
void from_json(const nlohmann::json& j, PlacementAnalysis& a);
void to_json(nlohmann::json& j, const Placement& p);
void from_json(const nlohmann::json& j, Placement& p);

// Reads the placements of a placement file's text, checked against
// schemas/placement.schema.json; each must have a dot (positive ai and
// performance). `file` names it in messages. Throws InputFileError "FILE:
// /pointer: what is wrong" (files/json_input).
std::vector<Placement> parse_placements(const std::string& text, const std::string& file = "placement file");

// parse_placements of a file's text; a file that cannot be read is an InputFileError too.
std::vector<Placement> load_placements(const std::string& path);

// The dots of a file given to --dots: a placement file's placements, or a
// trace file's placed kernels (schemas/trace.schema.json), each with its
// share of the application's kernel time (from_trace). Throws like load_placements.
struct PlacedDots {
  std::vector<Placement> dots;
  std::vector<double> time_shares;  // a trace file's: one per dot
  bool from_trace = false;
};
PlacedDots load_dots(const std::string& path);

}  // namespace roofline
