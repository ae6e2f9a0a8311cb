// benchmark/math_benchmark: the built-in math functions' throughput (seed
// 000, section 2.1, Table 1) from kernels/math.cl: calls per second of one
// function, form and type, one call being one lane's evaluation. Every chain
// count and launch shape of the plan is tried and the fastest kept; the
// kernel's outputs are checked on the host (benchmark/math_reference) before
// any figure is taken.
#pragma once
#include <optional>

#include "benchmark/session.hpp"
#include "model/suite.hpp"

namespace roofline {

// Throws KernelBuildError when the device cannot build the kernel and
// WrongResult when a result is outside the function's error bound or the
// chains did not end where the host's run of them does. None, with a note in
// the session's notes, when the kernel takes smaller work-groups than every
// launch of the plan (the device ran nothing wrong; the plan cannot launch
// it). The roof has no per_clock_per_cu yet (the pipeline fills it once the
// clock is known).
std::optional<MathRoof> measure_math(Session& session, const MathCall& call);

// The programs the plan's math calls build, in the order they are measured.
ProgramList math_programs(const Plan& plan);

}  // namespace roofline
