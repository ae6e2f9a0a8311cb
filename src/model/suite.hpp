// model/suite: the rest of seed 000's micro-benchmark suite in the roofs
// document: built-in math-function throughput (the math roofs), the
// global-memory stride sweep (the device's coalescing curve), branch
// divergence, scalability over the work-item count, and atomics. Plain
// data and its JSON form (schemas/roofs.schema.json); the benchmarks
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

// Global-memory bandwidth against the distance between neighbouring
// work-items' addresses (seed 000, Formula 1): bytes the work-items asked
// for per second.
struct StridePoint {
  std::uint32_t stride = 1;  // in elements
  Stats bytes_per_s;
};
struct StrideCurve {
  Op op = Op::read;  // read or store
  DataType type = DataType::float32;
  int width = 1;     // float or float4
  LaunchShape launch;
  std::uint64_t buffer_bytes = 0;
  std::vector<StridePoint> points;         // strides 1 to 16 and 32
  std::optional<StridePoint> same_address; // stride 0: every work-item on one address
};

// Thread-dependent branches (seed 000, section 2.4): `paths` paths chosen
// by the local id (paths 1 is the kernel without a branch).
struct DivergencePoint {
  int paths = 1;
  Stats seconds;
  double ratio = 1;  // median time / the branch-free kernel's
};
struct DivergenceTest {
  LaunchShape launch;
  std::vector<DivergencePoint> points;
  std::optional<int> implied_width;         // the path count beyond which the time stops growing
  std::optional<std::uint64_t> reported_width;  // the kernel's preferred work-group size multiple
};

// A vector add of fixed size over a growing number of work-items (seed 000, section 2.5).
struct ScalabilityPoint {
  std::uint64_t work_items = 0, local = 0;
  Stats seconds;
  Stats bytes_per_s;  // a, b read and c written
};
struct ScalabilitySweep {
  std::uint64_t bytes = 0;  // of a, b and c together
  std::vector<ScalabilityPoint> points;
  std::optional<std::uint64_t> saturation_items;  // the fewest work-items within 10% of the best bandwidth
};

// atomic_add throughput: global or local memory, every work-item on one
// address (of its NDRange or work-group) or each on its own.
enum class AtomicSpace { global, local };
enum class AtomicTarget { one_address, distinct_addresses };
struct AtomicRate {
  AtomicSpace space = AtomicSpace::global;
  AtomicTarget target = AtomicTarget::one_address;
  LaunchShape launch;
  Stats ops_per_s;
};

template <>
struct Vocabulary<AtomicSpace> {
  static constexpr std::string_view what = "atomic space";
  static constexpr std::array<Named<AtomicSpace>, 2> names{{{AtomicSpace::global, "global"}, {AtomicSpace::local, "local"}}};
};
template <>
struct Vocabulary<AtomicTarget> {
  static constexpr std::string_view what = "atomic target";
  static constexpr std::array<Named<AtomicTarget>, 2> names{
      {{AtomicTarget::one_address, "one address"}, {AtomicTarget::distinct_addresses, "distinct addresses"}}};
};

// The math roof of a call, if measured.
const MathRoof* find_math_roof(const std::vector<MathRoof>& roofs, const MathCall& call);

// The path count where the divergence ratio stops doubling: the largest P
// with ratio(P) >= max(0.6 P, 1.5), measured at 2P too, and every larger
// path count's ratio within 1.3x of ratio(P) either way (flat beyond the
// width; none when the ratio keeps growing to the last point, never grows,
// or jumps about beyond P).
std::optional<int> implied_subgroup_width(const std::vector<DivergencePoint>& points);

// The fewest work-items whose bandwidth is within 10% of the sweep's best.
std::optional<std::uint64_t> saturation_point(const std::vector<ScalabilityPoint>& points);

void to_json(nlohmann::json& j, const MathCall& c);
void from_json(const nlohmann::json& j, MathCall& c);
void to_json(nlohmann::json& j, const MathRoof& r);
void from_json(const nlohmann::json& j, MathRoof& r);
void to_json(nlohmann::json& j, const StridePoint& p);
void from_json(const nlohmann::json& j, StridePoint& p);
void to_json(nlohmann::json& j, const StrideCurve& c);
void from_json(const nlohmann::json& j, StrideCurve& c);
void to_json(nlohmann::json& j, const DivergencePoint& p);
void from_json(const nlohmann::json& j, DivergencePoint& p);
void to_json(nlohmann::json& j, const DivergenceTest& d);
void from_json(const nlohmann::json& j, DivergenceTest& d);
void to_json(nlohmann::json& j, const ScalabilityPoint& p);
void from_json(const nlohmann::json& j, ScalabilityPoint& p);
void to_json(nlohmann::json& j, const ScalabilitySweep& s);
void from_json(const nlohmann::json& j, ScalabilitySweep& s);
void to_json(nlohmann::json& j, const AtomicRate& a);
void from_json(const nlohmann::json& j, AtomicRate& a);

}  // namespace roofline
