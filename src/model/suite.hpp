// model/suite: the rest of seed 000's micro-benchmark suite in the roofs
// document: built-in math-function throughput (the math roofs, which
// placements are timed against), and the suite's benchmarks of measured
// series (model/suite_table: the global-memory stride sweep, branch
// divergence, scalability over the work-item count, atomics). Plain data and
// its JSON form (schemas/roofs.schema.json); the benchmarks
// (benchmark/math_benchmark, benchmark/suite_benchmark) fill it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/launch_shape.hpp"
#include "model/math_functions.hpp"
#include "model/stats.hpp"
#include "model/suite_table.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

// The throughput of one function in one form on one type: calls (one call
// = one lane's evaluation) per second, each call's result checked on the
// host within the function's error bound.
struct MathRoof {
  MathCall call;
  Stats calls_per_s;
  LaunchShape launch;                   // of the best point
  int chains = 1;                       // independent call chains per work-item
  double argument = 0;                  // where the chain's calls evaluate (about)
  double ulp_bound = 0;                 // the bound the host check applied (OpenCL C's, or roofline's for native_)
  double max_ulp_error = 0;             // the largest error the check saw, in ULPs of the type
  std::optional<double> per_clock_per_cu;  // calls / (held clock x compute units), where the clock is known
  double value() const { return calls_per_s.median; }
};

// The math roof of a call, if measured.
const MathRoof* find_math_roof(const std::vector<MathRoof>& roofs, const MathCall& call);

void to_json(nlohmann::json& j, const MathCall& c);
void from_json(const nlohmann::json& j, MathCall& c);
void to_json(nlohmann::json& j, const MathRoof& r);
void from_json(const nlohmann::json& j, MathRoof& r);

}  // namespace roofline
