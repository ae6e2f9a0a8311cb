// benchmark/loop_budget: how many loop iterations a work-item may run on a
// device, found by running kernels/loop_budget.cl. A driver that stops loops
// early (Mesa's llvmpipe: 65535 iterations per work-item, shared by all its
// loops; docs/drivers.md) would make every long kernel compute a wrong result;
// the plan keeps each kernel's loops within the budget instead.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include <CL/opencl.hpp>

namespace roofline {

class ProgramCache;

struct LoopBudget {
  // The iterations one work-item ran of a loop asked for kProbeIterations;
  // empty when it ran them all (no budget found).
  std::optional<std::uint32_t> iterations;
  std::string note;  // what was found, for the roofs file's notes; empty when no budget
  static constexpr std::uint32_t kProbeIterations = 1u << 20;
};

// Runs the probe (one work-item, well under a millisecond of work on a CPU).
// A result that is no count of iterations (the device computes the generator
// wrongly) is said in the note, with no budget: the host checks of the
// kernels then tell what goes wrong.
LoopBudget measure_loop_budget(ProgramCache& programs, const cl::Context& context, const cl::CommandQueue& queue);

// The iterations a kernel's main loop may run when each iteration costs
// `per_iteration` loop iterations of the budget (its inner loops), leaving
// `reserve` for the kernel's other loops: `wanted` where there is no budget.
std::uint32_t within_loop_budget(const LoopBudget& budget, std::uint32_t wanted, std::uint32_t per_iteration = 1,
                                 std::uint32_t reserve = 0);

}  // namespace roofline
