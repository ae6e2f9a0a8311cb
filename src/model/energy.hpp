// model/energy: the energy side of the roofs document and the power, energy
// and energy-efficiency CARM arithmetic (the Carvalho thesis, sections 2.4 and
// 4.4, after A. Ilic, F. Pratas, L. Sousa, "Beyond the Roofline: Cache-aware
// Power and Energy-Efficiency Modeling for Multi-cores", IEEE Trans.
// Computers 66(1), 2017).
//
// Power of a kernel bounded by compute roof F (ops/s) and memory level y of
// bandwidth B (B/s), at arithmetic intensity I, with ridge I_r = F / B:
//   P(I) = P_c + P_phi * min(1, I / I_r) + P_beta,y * min(1, I_r / I)
// P_c: constant power with the device busy; P_phi: extra power of the compute
// units at F; P_beta,y: extra power of moving data from level y at B.
// Energy per op e(I) = P(I) / attainable(I); efficiency = attainable(I) / P(I).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/stats.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

// Power measured while one ceiling's kernel ran (median of several windows).
struct CeilingPower {
  Stats watts;                // over the measured windows
  double window_seconds = 0;  // length of one window
  double joules_per_unit = 0; // J per op (compute) or per byte (memory): watts / value
  double units_per_joule = 0; // ops or bytes per J: value / watts
};

// The fitted power of one compute roof: P_phi at the roof's peak.
struct ComputePower {
  Op op = Op::mad;
  DataType type = DataType::float32;
  double peak = 0;       // ops/s: the ceiling's value
  double watts = 0;      // P_phi
};

// The fitted power of one memory level: P_beta at the level's bandwidth.
struct MemoryPower {
  MemoryLevel level;
  double bandwidth = 0;  // B/s: the level's roof
  double watts = 0;      // P_beta
  double r2 = 0;         // coefficient of determination of the fit on this level's points
  int points = 0;        // measurements the fit used for this level
};

struct PowerModel {
  double constant_watts = 0;  // P_c
  std::vector<ComputePower> compute;
  std::vector<MemoryPower> memory;
  const ComputePower* find_compute(Op op, DataType type) const;
  const MemoryPower* find_memory(const MemoryLevel& level) const;
};

// One roof of the power model: a compute roof with one memory level.
struct PowerRoof {
  double peak = 0, bandwidth = 0;                            // ops/s, B/s
  double constant_watts = 0, compute_watts = 0, memory_watts = 0;  // P_c, P_phi, P_beta
  double ridge() const;                   // ops/byte
  double performance(double ai) const;    // ops/s, min(B * I, F)
  double power(double ai) const;          // W
  double energy_per_op(double ai) const;  // J/op
  double efficiency(double ai) const;     // ops/J
};
PowerRoof power_roof(const PowerModel& model, const ComputePower& compute, const MemoryPower& memory);

// A mixed-intensity kernel measured to validate the model.
struct ValidationPoint {
  std::string name;           // e.g. "DRAM, 16 FMA per load"
  MemoryLevel level;          // the memory level it streams from
  DataType type = DataType::float32;  // the compute type it runs
  double ai = 0;              // ops/byte
  double performance = 0;     // ops/s measured
  double measured_watts = 0;  // median over windows
  double predicted_watts = 0; // the model at (ai, level)
  double measured_efficiency = 0, predicted_efficiency = 0;  // ops/J
  // The model's equation at the kernel's own measured utilisations
  // (P_c + P_phi F/F_peak + P_beta B/B_level) rather than at the roofs'.
  double predicted_watts_at_measured = 0;
  bool in_fit = false;        // whether the fit used this point (held-out points test the model)
};

struct EnergySection {
  std::string backend;               // the counter read, as its source names itself: "nvml", "perf"...
  std::vector<std::string> domains;  // what the readings cover: "board", "package-0", "dram"...
  std::optional<Stats> idle_watts;   // before the runs, nothing executing
  std::optional<PowerModel> model;   // fitted P_c, P_phi, P_beta
  std::vector<ValidationPoint> validation;
  std::vector<std::string> notes;
};

void to_json(nlohmann::json& j, const CeilingPower& p);
void from_json(const nlohmann::json& j, CeilingPower& p);
void to_json(nlohmann::json& j, const PowerModel& m);
void from_json(const nlohmann::json& j, PowerModel& m);
void to_json(nlohmann::json& j, const ValidationPoint& v);
void from_json(const nlohmann::json& j, ValidationPoint& v);
void to_json(nlohmann::json& j, const EnergySection& e);
void from_json(const nlohmann::json& j, EnergySection& e);

}  // namespace roofline
