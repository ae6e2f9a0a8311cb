// analysis/power_model: a roofs document's power model, assembled from what the
// build measured: the float MAD ceiling's power (compute at its peak), each
// memory level's read-roof power (data movement at its bandwidth), and the
// mixed-intensity kernels in between (the Carvalho thesis, section 4.4). The
// kernels at even powers of two of AI are fitted (analysis/energy_fit); those
// at odd powers are held out and validate the model.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "model/roofs.hpp"

namespace roofline {

// A memory level the mixed kernels stream from, and the working set that
// puts them there.
struct MixedLevel {
  MemoryLevel level;
  std::uint64_t working_set_bytes = 0;
  std::string skipped;  // why no mixed kernels run here (no read roof); empty: they do
};

// What the mixed kernels need before they run: the float MAD ceiling with its
// power, and the levels to stream from: DRAM over `dram_bytes` (the DRAM
// roofs' buffer, far past the last cache, since drivers may under-report the
// cache), and the second cache level found, or the first, over half its
// capacity. A level without a read roof is skipped, saying so.
struct MixedPlan {
  const Ceiling* float_mad = nullptr;  // null: no model, for the reason in no_model
  std::string no_model;
  std::vector<MixedLevel> levels;
};
MixedPlan plan_mixed_kernels(const RoofsDocument& doc, std::uint64_t dram_bytes);

// One mixed-intensity kernel as measured, with its power.
struct MixedKernelPower {
  MemoryLevel level;
  double ai = 0;           // FLOP/byte
  double flops = 0;        // FLOP/s, median
  double bytes_per_s = 0;  // flops / ai
  std::string variant;
  double watts = 0;        // median of the power windows
  bool in_fit = false;     // fitted (even power of two of AI) or held out
};

// The AIs the mixed kernels run at: 1/16 to 256 FLOP/byte in powers of two;
// even powers are fitted, odd ones held out.
std::vector<double> mixed_kernel_ais();
bool mixed_kernel_in_fit(double ai);

// Fits the model to the document's ceilings and the mixed kernels of
// `levels` (as plan_mixed_kernels chose them) and writes it into doc.energy:
// the model, its validation points, and notes (the fit's summary, each
// level's held-out error, the hottest ceiling). Without the float MAD power
// no model is written (plan_mixed_kernels said why); observations that cannot
// determine the fit give a note saying so. Needs doc.energy.
void assemble_power_model(RoofsDocument& doc, const std::vector<MixedLevel>& levels,
                          const std::vector<MixedKernelPower>& mixed);

}  // namespace roofline
