// analysis/math_time: the time a kernel's math calls (the counts' math
// category) take at their math roofs (RoofsDocument::math): for each counted
// MathCall with a roof, calls / calls per second, summed over the calls. The
// functions share the special-function and ALU pipes, so the sum assumes
// they do not overlap one another (the FLOP and memory times are compared
// with it, not added to it). Calls without a roof are listed, not timed.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/math_functions.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

struct MathTime {
  std::vector<MathTerm> terms;       // one per counted call, by MathCall
  double seconds = 0;                // the timed terms' seconds, summed
  double timed_calls = 0;            // calls of the terms with a roof
  std::optional<MathCall> dominant;  // the timed call with the most seconds
};

MathTime math_time(const std::map<MathCall, double>& calls, const RoofsDocument& doc);

// "rsqrt roof", "native_sin roof": how a math roof is named as a bound and on the CARM.
std::string math_roof_label(const MathCall& call);

// The calls without a roof, for a note: "no math roof for native_sin (float), div (int)"; empty when every call has one.
std::string unmeasured_math_note(const MathTime& t);

}  // namespace roofline
