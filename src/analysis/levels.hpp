// analysis/levels: the levels of the memory hierarchy (L1, L2, L3, DRAM) found on
// measured curves by change-point detection. No cache size is assumed: levels
// are the plateaus of the bandwidth curve (and of the latency curve when one
// was measured); what the device reports is used only to name them.
#pragma once
#include <string>
#include <vector>

#include "model/memory_model.hpp"

namespace roofline {

// What the device reports about its caches. Used only to NAME levels and to
// decide whether the sweep reached DRAM, never to place a boundary.
struct LevelHints {
  std::vector<double> cache_bytes;  // reported sizes, smallest first (sorted anyway); may be empty, partial or wrong
  // How many cache levels the architecture has, 0 when unknown. NVIDIA GPUs
  // have 2 (L1, L2), yet a Hopper's L2 is two partitions and a sweep can show
  // the far one as a step of its own: levels numbered past this count are
  // named after the last one, "L2 far" (then "L2 far 2"...), not "L3".
  std::size_t cache_levels = 0;
  // cache_levels is every cache there is (a CPU's, from sysfs): a plateau
  // beyond that count is noise (another program's burst on a shared
  // machine), merged into its nearest neighbour in bandwidth.
  bool exact_count = false;
  // The sizes the OS or the architecture gives for the caches, nearest first,
  // each as the sweep sees it (a CPU's: one instance's size times the
  // instances its cores use), and what gives them ("sysfs", "NVIDIA CC 9.0").
  // With exact_count these ARE the levels: the curves confirm each (a cliff
  // between a quarter of its size and 1.5x it) and time it, a cliff near no
  // size is no level, and a size with no cliff keeps its given capacity.
  // Without (a GPU's architecture table), a cache level Lk whose capacity is
  // more than 2x from the k-th size is flagged (evidence "disagrees").
  std::vector<double> known_bytes;
  std::string known_source;
};

// The levels and what the detection has to say about them: cliffs that match
// no known cache, known caches the curves do not show, levels flagged against
// the architecture's sizes. One line each, for the roofs file's notes.
struct LevelDetection {
  std::vector<DetectedLevel> levels;
  std::vector<std::string> notes;
};

// Finds the plateaus and cliffs of a bandwidth curve (B/s by working-set bytes,
// several points per doubling) and, when not empty, of a latency curve (ns per
// load by bytes). Input may be unsorted (it is sorted by bytes); points with a
// non-positive or non-finite bytes or median are ignored.
//
// Method, on z = log(bandwidth) and z = -log(latency), each curve alone:
//  1. noise sigma of z from the median absolute difference of neighbouring
//     points (floor 1%); single points lower than both neighbours by > 4 sigma
//     (interference only slows a run down) take their lower neighbour's value;
//  2. optimal partitioning into constant segments (exact dynamic programming,
//     PELT pruning), minimising squared error + 2 sigma^2 ln(n) per change point;
//  3. segments become plateaus, repeating until nothing changes: neighbours
//     within 15% merge (closest pair first); a segment narrower than one
//     doubling of working set (or of one point) is a transition and is dropped,
//     unless it ends the sweep on either side continuing the trend by > 25%
//     (a level seen in part); of two neighbours where the later is higher
//     (bandwidth rising with the working set), the narrower is an artefact;
//     a segment narrower than 3 doublings between a higher and a lower one
//     whose end shows no kink (hinge fit over its last two doublings and the
//     doubling after: the fall must steepen by > 2 standard errors) is the
//     slowly flattening tail of a gradual cliff (a cache's share of the loads
//     falling as capacity / working set), not a level;
//  4. each plateau's end moves to the best hinge of a "flat, then falling"
//     fit (the onset of its cliff); each start past the previous cliff's tail
//     (mirror fit, then points dropped while the rest still falls
//     significantly, keeping one doubling).
// With a latency curve, a bandwidth and a latency cliff within a factor of 2
// of each other (allowing for the spacing of both curves' points) are one
// boundary, at the geometric mean of both; a cliff seen in one curve only is
// kept if its step there exceeds 25% (a latency-only cliff then splits the
// bandwidth plateau it falls in), or if the other curve does not extend past
// it on both sides.
//
// With hints.exact_count, levels past the known cache count are merged into
// their neighbours, the most alike in bandwidth first.
//
// Returns the levels smallest first: bandwidth = median of the bandwidth points
// on the plateau [first_bytes, last_bytes], latency_ns = median of the latency
// points there, capacity = geometric midpoint between the plateau's last point
// and the next point of the bandwidth curve. The last level has no capacity.
// Naming: L1, L2, ... in order, unless every detected capacity lies within a
// factor of 2 of a distinct reported size, in the same order: then the level
// matched to the k-th smallest reported size is Lk (2 cliffs at 32 KiB and
// 32 MiB with reported 32 KiB, 1 MiB, 32 MiB: L1 and L3). The last level is
// "DRAM" when the sweep goes past 2x the previous capacity (past 2x its first
// point when there is only one level) and no reported cache is at least as
// large as the largest working set; otherwise it is the next cache level, with
// capacity unknown. Past hints.cache_levels, cache levels are named after the
// last real one ("L2 far"). Fewer than 4 usable points give one level; no usable
// bandwidth point gives none. Deterministic; no size is assumed anywhere.
std::vector<DetectedLevel> detect_levels(const std::vector<CurvePoint>& bandwidth,
                                         const std::vector<CurvePoint>& latency, const LevelHints& hints = {});

// detect_levels, then, with hints.known_bytes, the levels held against the
// known sizes (see LevelHints): with exact_count the levels are the known
// caches, confirmed and timed by the curves (their bandwidth and latency the
// medians of the curves' plateaus inside each level's span, or of its points
// past one doubling beyond the level before), and DRAM past them when the
// sweep goes beyond 2x the last one; otherwise the detected levels, each
// cache level Lk marked confirmed or disagrees against the k-th size.
LevelDetection detect_hierarchy(const std::vector<CurvePoint>& bandwidth, const std::vector<CurvePoint>& latency,
                                const LevelHints& hints);

// A level as an override file gives it, for devices where detection goes
// wrong: {"levels": [{"name": "L1", "capacity_bytes": 32768}, ..., {"name": "DRAM"}]}.
struct LevelOverride {
  MemoryLevel level;
  std::optional<double> capacity_bytes;  // every level's but the last's
};

// Reads an override file's text, checked against schemas/levels.schema.json
// (a non-empty "levels" array of named levels, capacities positive numbers,
// no other fields) and for what the schema cannot say: every level but the
// last has a capacity, capacities strictly increase, and none is beyond
// kAddressableBytes. `file` names it in
// messages. Throws InputFileError "FILE: /levels/1/capacity_bytes: ...".
std::vector<LevelOverride> parse_level_override(const std::string& text, const std::string& file = "level override file");

// parse_level_override of a file's text; a file that cannot be read is an InputFileError too.
std::vector<LevelOverride> load_level_override(const std::string& path);

// No capacity beyond this: a 64-bit address reaches 2^64 bytes.
inline constexpr double kAddressableBytes = 18446744073709551616.0;

// Throws InputFileError "FILE: /levels/k/capacity_bytes: ..." for a level
// larger than the device's global memory (`memory_bytes`; 0: not known),
// which no level of its hierarchy can be. `build --levels` checks it once the
// device is chosen, before measuring.
void require_levels_fit(const std::vector<LevelOverride>& levels, double memory_bytes, const std::string& file);

// The levels an override gives, on the curves. Level k covers the working
// sets in (capacity[k-1], capacity[k]]: its bandwidth and latency are the
// medians of the curves' points there (0 / none when the curve has no point
// there), its extent the first and last bandwidth points there; the last
// level's capacity is kept as given (none, or where the sweep ended inside it).
std::vector<DetectedLevel> levels_from_override(const std::vector<LevelOverride>& levels,
                                                const std::vector<CurvePoint>& bandwidth,
                                                const std::vector<CurvePoint>& latency);

// The same from an override file (load_level_override).
std::vector<DetectedLevel> levels_from_override(const std::string& path, const std::vector<CurvePoint>& bandwidth,
                                                const std::vector<CurvePoint>& latency);

}  // namespace roofline
