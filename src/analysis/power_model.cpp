#include "analysis/power_model.hpp"

#include <cmath>
#include <cstdio>
#include <map>
#include <stdexcept>

#include "analysis/energy_fit.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

// The best ceiling of (kind, op, type) at `level` (none for compute); any type when `type` is empty.
const Ceiling* best_of(const RoofsDocument& doc, CeilingKind kind, Op op, std::optional<DataType> type,
                       const std::optional<MemoryLevel>& level) {
  const Ceiling* best = nullptr;
  for (const Ceiling& c : doc.ceilings)
    if (c.kind == kind && c.op == op && (!type || c.type == *type) && c.level == level && (!best || c.value > best->value))
      best = &c;
  return best;
}

const Ceiling* read_roof(const RoofsDocument& doc, const MemoryLevel& level) {
  return best_of(doc, CeilingKind::memory, Op::read, std::nullopt, level);
}

const Ceiling* float_mad(const RoofsDocument& doc) {
  return best_of(doc, CeilingKind::compute, Op::mad, DataType::float32, std::nullopt);
}

// The cache level the mixed kernels stream from: a GPU's L2 (the second
// level found), or a CPU's second level, else the first.
std::optional<MixedLevel> mixed_cache_level(const RoofsDocument& doc) {
  if (!doc.memory) return std::nullopt;
  std::vector<const DetectedLevel*> caches;
  for (const auto& l : doc.memory->levels)
    if (!l.level.is(LevelKind::dram) && l.capacity_bytes) caches.push_back(&l);
  if (caches.empty()) return std::nullopt;
  const DetectedLevel* l = caches.size() >= 2 ? caches[1] : caches[0];
  return MixedLevel{l->level, std::uint64_t(*l->capacity_bytes / 2), ""};
}

// P = P_c + P_phi u_phi + P_beta u_beta observations: the float MAD ceiling
// (1, 0), each level's read roof (0, 1), the fitted mixed kernels between.
std::vector<PowerObservation> observations(const RoofsDocument& doc, const Ceiling& mad,
                                           const std::vector<MixedLevel>& levels,
                                           const std::vector<MixedKernelPower>& mixed) {
  std::vector<PowerObservation> obs{{std::nullopt, 1, 0, mad.power->watts.median}};
  for (const MixedLevel& l : levels) {
    const Ceiling* roof = read_roof(doc, l.level);
    if (!roof) continue;
    if (roof->power) obs.push_back({l.level, 0, 1, roof->power->watts.median});
    for (const MixedKernelPower& m : mixed)
      if (m.level == l.level && m.in_fit) obs.push_back({m.level, m.flops / mad.value, m.bytes_per_s / roof->value, m.watts});
  }
  return obs;
}

// The model's parameters: P_c; P_phi fitted for float MAD and, for the other
// compute roofs, their measured power less P_c (one point each: nothing to
// fit); P_beta fitted per level with mixed kernels, else its read roof's power
// less P_c.
PowerModel model_of(const RoofsDocument& doc, const Ceiling& mad, const PowerFit& fit) {
  PowerModel model;
  model.constant_watts = fit.constant_watts;
  for (const Ceiling& c : doc.ceilings) {
    if (!c.is_compute() || !c.power || best_of(doc, c.kind, c.op, c.type, std::nullopt) != &c) continue;
    const double watts = &c == &mad ? fit.compute_watts : c.power->watts.median - fit.constant_watts;
    model.compute.push_back({c.op, c.type, c.value, watts});
  }
  for (const auto& [level, watts] : fit.memory_watts)
    model.memory.push_back({level, read_roof(doc, level)->value, watts, fit.r2.at(level), fit.points.at(level)});
  for (const Ceiling& c : doc.ceilings) {
    if (!c.is_memory() || c.op != Op::read || !c.power || model.find_memory(*c.level) || read_roof(doc, *c.level) != &c)
      continue;
    model.memory.push_back({*c.level, c.value, c.power->watts.median - fit.constant_watts, 0, 1});
  }
  return model;
}

ValidationPoint validation_point(const RoofsDocument& doc, const Ceiling& mad, const PowerModel& model,
                                 const PowerFit& fit, const MixedKernelPower& m, const MemoryPower& beta) {
  const PowerRoof roof = power_roof(model, *model.find_compute(Op::mad, DataType::float32), beta);
  ValidationPoint v;
  v.name = m.level.name + ", AI " + format_ai(m.ai) + " (" + m.variant + ")";
  v.level = m.level;
  v.type = DataType::float32;
  v.ai = m.ai;
  v.performance = m.flops;
  v.measured_watts = m.watts;
  v.predicted_watts = roof.power(v.ai);
  v.measured_efficiency = v.performance / v.measured_watts;
  v.predicted_efficiency = roof.efficiency(v.ai);
  v.predicted_watts_at_measured =
      fit.predict({m.level, v.performance / mad.value, m.bytes_per_s / read_roof(doc, m.level)->value, 0});
  v.in_fit = m.in_fit;
  return v;
}

std::string held_out_note(const std::string& level, const std::vector<double>& from_roofs,
                          const std::vector<double>& at_measured, double r2) {
  char buf[300];
  std::snprintf(buf, sizeof buf,
                "%s: median |predicted - measured| power on %zu held-out mixed kernels: %.1f%% from the roofs, "
                "%.1f%% at their measured utilisations (fit R^2 %.3f)",
                level.c_str(), from_roofs.size(), 100 * summarize(from_roofs).median, 100 * summarize(at_measured).median,
                r2);
  return buf;
}

// The validation points, and each level's median held-out error as a note.
void validate(RoofsDocument& doc, const Ceiling& mad, const PowerModel& model, const PowerFit& fit,
              const std::vector<MixedKernelPower>& mixed) {
  EnergySection& e = *doc.energy;
  std::map<MemoryLevel, std::vector<double>> from_roofs, at_measured;
  for (const MixedKernelPower& m : mixed) {
    const MemoryPower* beta = model.find_memory(m.level);
    if (!beta) continue;
    const ValidationPoint v = validation_point(doc, mad, model, fit, m, *beta);
    if (!v.in_fit) {
      from_roofs[v.level].push_back(std::fabs(v.predicted_watts - v.measured_watts) / v.measured_watts);
      at_measured[v.level].push_back(std::fabs(v.predicted_watts_at_measured - v.measured_watts) / v.measured_watts);
    }
    e.validation.push_back(v);
  }
  for (const auto& [level, errors] : from_roofs)
    e.notes.push_back(held_out_note(level.name, errors, at_measured[level], fit.r2.at(level)));
}

std::string summary_note(const PowerModel& model) {
  const ComputePower& phi = *model.find_compute(Op::mad, DataType::float32);
  char buf[200];
  std::snprintf(buf, sizeof buf, "power model: P_c %.1f W, P_phi (float MAD at %s) %.1f W", model.constant_watts,
                format_si(phi.peak, "FLOP/s").c_str(), phi.watts);
  std::string summary = buf;
  for (const MemoryPower& m : model.memory) {
    std::snprintf(buf, sizeof buf, "; P_beta %s (%s) %.1f W, R^2 %.3f over %d points", m.level.name.c_str(),
                  format_si(m.bandwidth, "B/s").c_str(), m.watts, m.r2, m.points);
    summary += buf;
  }
  return summary;
}

std::string hottest_note(const RoofsDocument& doc) {
  const Ceiling* hottest = nullptr;
  for (const Ceiling& c : doc.ceilings)
    if (c.power && (!hottest || c.power->watts.median > hottest->power->watts.median)) hottest = &c;
  if (!hottest) return "";
  char buf[200];
  std::snprintf(buf, sizeof buf, "highest ceiling power: %.1f W (%s); idle %.1f W", hottest->power->watts.median,
                hottest->label().c_str(), doc.energy->idle_watts ? doc.energy->idle_watts->median : 0.0);
  return buf;
}

}  // namespace

MixedPlan plan_mixed_kernels(const RoofsDocument& doc, std::uint64_t dram_bytes) {
  MixedPlan plan;
  const Ceiling* mad = float_mad(doc);
  if (!mad || !mad->power) {
    plan.no_model = "no power model: the float MAD ceiling or its power is missing";
    return plan;
  }
  plan.float_mad = mad;
  plan.levels.push_back({MemoryLevel::of_kind(LevelKind::dram), dram_bytes, ""});
  if (const auto cache = mixed_cache_level(doc)) plan.levels.push_back(*cache);
  for (MixedLevel& l : plan.levels)
    if (!read_roof(doc, l.level)) l.skipped = "no mixed kernels for " + l.level.name + ": no read roof was measured there";
  return plan;
}

std::vector<double> mixed_kernel_ais() {
  std::vector<double> ais;
  for (int k = -4; k <= 8; ++k) ais.push_back(std::ldexp(1.0, k));
  return ais;
}

bool mixed_kernel_in_fit(double ai) { return std::ilogb(ai) % 2 == 0; }

void assemble_power_model(RoofsDocument& doc, const std::vector<MixedLevel>& levels,
                          const std::vector<MixedKernelPower>& mixed) {
  EnergySection& e = *doc.energy;
  const Ceiling* mad = float_mad(doc);
  if (!mad || !mad->power) return;  // plan_mixed_kernels said why
  PowerFit fit;
  try {
    fit = fit_power(observations(doc, *mad, levels, mixed));
  } catch (const std::invalid_argument& err) {
    e.notes.push_back(std::string("no power model: ") + err.what());
    return;
  }
  const PowerModel model = model_of(doc, *mad, fit);
  validate(doc, *mad, model, fit, mixed);
  e.notes.push_back(summary_note(model));
  if (const std::string hot = hottest_note(doc); !hot.empty()) e.notes.push_back(hot);
  e.model = model;
}

}  // namespace roofline
