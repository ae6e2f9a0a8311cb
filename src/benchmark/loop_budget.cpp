#include "benchmark/loop_budget.hpp"

#include <algorithm>

#include "benchmark/program_cache.hpp"

namespace roofline {
namespace {

constexpr cl_uint kA = 1664525u, kC = 1013904223u;  // full period 2^32

// The iterations from 0 that give `x`, up to `limit`; empty if none does.
std::optional<std::uint32_t> iterations_to(cl_uint x, std::uint32_t limit) {
  cl_uint y = 0;
  for (std::uint32_t k = 0; k <= limit; ++k, y = kA * y + kC)
    if (y == x) return k;
  return std::nullopt;
}

}  // namespace

LoopBudget measure_loop_budget(ProgramCache& programs, const cl::Context& context, const cl::CommandQueue& queue) {
  cl::Kernel k(programs.get("loop_budget.cl", "-cl-std=CL1.2"), "loop_budget");
  cl::Buffer out(context, CL_MEM_WRITE_ONLY, sizeof(cl_uint));
  k.setArg(0, out);
  k.setArg(1, cl_uint(LoopBudget::kProbeIterations));
  k.setArg(2, kA);
  k.setArg(3, kC);
  queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(1), cl::NDRange(1));
  cl_uint x = 0;
  queue.enqueueReadBuffer(out, CL_TRUE, 0, sizeof x, &x);
  LoopBudget b;
  const std::optional<std::uint32_t> ran = iterations_to(x, LoopBudget::kProbeIterations);
  const std::string asked = std::to_string(LoopBudget::kProbeIterations);
  if (!ran) {
    b.note = "the loop-budget probe's result is no count of iterations (a loop of " + asked +
             " generator steps): the device computes it wrongly";
  } else if (*ran < LoopBudget::kProbeIterations) {
    b.iterations = *ran;
    b.note = "the driver stops a work-item's loops after " + std::to_string(*ran) + " iterations (a loop of " + asked +
             " ran " + std::to_string(*ran) + "; docs/drivers.md): each kernel's loops are kept within it, " +
             "with more work-items instead of longer loops";
  }
  return b;
}

std::uint32_t within_loop_budget(const LoopBudget& budget, std::uint32_t wanted, std::uint32_t per_iteration,
                                 std::uint32_t reserve) {
  if (!budget.iterations) return wanted;
  const std::uint32_t room = *budget.iterations > reserve ? *budget.iterations - reserve : 0;
  return std::max<std::uint32_t>(1, std::min(wanted, room / std::max<std::uint32_t>(1, per_iteration)));
}

}  // namespace roofline
