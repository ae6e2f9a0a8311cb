// chart/energy_chart: the power, energy and energy-efficiency CARMs (the
// Carvalho thesis, section 4.4; model/energy has the arithmetic) drawn from a
// roofs file's fitted power model: one curve per memory level against
// arithmetic intensity, ridge points, idle and constant power, the measured
// validation kernels and placed kernels with a power reading, as standalone
// SVG 1.1 through the shared chart modules.
#pragma once
#include <string>
#include <vector>

#include "chart/page.hpp"
#include "model/placement.hpp"

namespace roofline {

struct RoofsDocument;

enum class EnergyChart {
  power,       // W against FLOP/byte
  energy,      // pJ per operation against FLOP/byte
  efficiency,  // GFLOP/J against FLOP/byte
};

// The compute roof of each document's model is the first of opt.compute_roofs
// (default float MAD) that the model has. Documents without a power model
// give a valid chart with a note saying so.
std::string render_energy_svg(const std::vector<const RoofsDocument*>& docs, EnergyChart kind,
                              const ChartOptions& opt = {}, const std::vector<Placement>& dots = {});

}  // namespace roofline
