// model/memory_model: what the memory-hierarchy benchmarks produce besides
// ceilings: bandwidth and latency curves over the working set, the cache
// levels detected on them, and the host-device transfer model.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/stats.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

// One point of a curve over the working set: `bytes` of data, a rate in B/s
// (bandwidth curves) or a time in ns per load (latency curves).
struct CurvePoint {
  double bytes = 0;
  Stats stats;
};

// A level of the memory hierarchy found on the curves: a plateau between two
// cliffs. Its capacity is where its plateau ends (the largest working set that
// still runs at its speed); the last level (DRAM) has none.
struct DetectedLevel {
  MemoryLevel level;                      // a cache level (L1, L2, L3, "L2 far"...) or DRAM
  std::optional<double> capacity_bytes;   // none for DRAM
  double bandwidth = 0;                   // median of the plateau's points, B/s
  std::optional<double> latency_ns;       // median latency on the plateau, when measured
  double first_bytes = 0, last_bytes = 0; // the plateau's extent on the curve
  // The size the OS, driver or architecture gives for this level (a CPU's:
  // one instance's size times the instances the device's cores use), when
  // one is known; and how the capacity relates to it.
  std::optional<double> reported_bytes;
  LevelEvidence evidence = LevelEvidence::curve;
};

struct MemoryCurves {
  std::string kernel;                 // what the bandwidth curve measured (pattern, mix, launch)
  std::vector<CurvePoint> bandwidth;  // B/s by working set
  std::vector<CurvePoint> latency;    // ns per load by working set (single work-item pointer chase)
  std::vector<CurvePoint> chase_bandwidth;  // B/s of many work-items chasing at once (4-byte loads)
  std::vector<DetectedLevel> levels;
  std::string detection;              // "change-point" or "override file <path>"
  // The median over the bandwidth curve's points of each point's spread
  // between its samples (standard deviation over mean); nullopt in files
  // written before it was kept (run_spread computes it from the points).
  std::optional<double> point_spread;
  std::vector<CurvePoint> local_stride;  // local-memory B/s by access stride (in `bytes`: the stride in 16-byte words)
};

// time = latency + bytes / bandwidth, fitted by least squares per direction.
struct TransferFit {
  TransferDirection direction = TransferDirection::write;
  double latency_s = 0;
  double bandwidth = 0;   // B/s
  double r2 = 0;
  std::vector<CurvePoint> points;  // bytes -> seconds
};

// Kernel launch overhead: an empty kernel's time over work-item counts.
struct LaunchOverhead {
  std::vector<CurvePoint> device_seconds;  // by work-items (in `bytes`): event START..END
  std::vector<CurvePoint> host_seconds;    // by work-items: enqueue to completion on the host clock
};

void to_json(nlohmann::json& j, const CurvePoint& p);
void from_json(const nlohmann::json& j, CurvePoint& p);
void to_json(nlohmann::json& j, const DetectedLevel& l);
void from_json(const nlohmann::json& j, DetectedLevel& l);
void to_json(nlohmann::json& j, const MemoryCurves& m);
void from_json(const nlohmann::json& j, MemoryCurves& m);
void to_json(nlohmann::json& j, const TransferFit& t);
void from_json(const nlohmann::json& j, TransferFit& t);
void to_json(nlohmann::json& j, const LaunchOverhead& l);
void from_json(const nlohmann::json& j, LaunchOverhead& l);

// Curves are noisy when the median point of the bandwidth curve varies by
// more than this between its samples: on the 2-core Zen 4 VM, 1.2% in its
// quiet run (roofs/pthread-skylake-avx512-amd-epyc-suite.json) and 7.6% in the
// run that found an "L3 far" (roofs/pthread-skylake-avx512-amd-epyc.json);
// 0.1% on an H200 (roofs/README.md, "Levels held against sysfs, and noisy runs").
inline constexpr double kNoisySpread = 0.04;

// The median over `curve`'s points of stddev / mean; 0 for an empty curve.
double median_point_spread(const std::vector<CurvePoint>& curve);

// The curves' point_spread, or, for files without it, computed from the bandwidth curve.
double run_spread(const MemoryCurves& curves);

// Whether run_spread is above kNoisySpread.
bool noisy_curves(const MemoryCurves& curves);

}  // namespace roofline
