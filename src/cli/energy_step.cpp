#include "cli/energy_step.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "benchmark/mixed_benchmark.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/interrupt.hpp"
#include "model/energy_fit.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

std::string group_of(const Ceiling& c) { return c.kind + "/" + c.op + "/" + c.type + "/" + c.level; }

// The thesis's power sweeps (figures 4.23-4.26): the MAD and load/store kernels.
bool sweep_gets_watts(const Ceiling& c) {
  return (c.kind == "compute" && c.op == "mad" && c.type == "float") || (c.level == "DRAM" && c.op == "copy");
}

const Ceiling* best_of(const RoofsDocument& doc, const std::string& kind, const std::string& op,
                       const std::string& type, const std::string& level) {
  const Ceiling* best = nullptr;
  for (const Ceiling& c : doc.ceilings)
    if (c.kind == kind && c.op == op && (type.empty() || c.type == type) && c.level == level &&
        (!best || c.value > best->value))
      best = &c;
  return best;
}

}  // namespace

EnergyStep::EnergyStep(const std::string& backend, const DeviceEntry& device, bool quick) : quick_(quick) {
  auto source = open_energy_source(backend, device, EnergyRoots::from_environment(), why_none_);
  if (source) {
    const PowerPolicy policy = power_policy(*source, quick);
    meter_ = std::make_unique<PowerMeter>(std::move(source), policy);
  }
  // With `auto` and nothing readable, start() puts the reason in the notes,
  // which the build prints once at the end.
}

void EnergyStep::start(Session& s, RoofsDocument& doc) {
  if (!active()) {
    if (!why_none_.empty()) doc.notes.push_back("no energy readings: " + why_none_);
    return;
  }
  EnergySection e;
  e.backend = meter_->source().backend();
  e.domains = meter_->source().domains();
  s.progress.detail("idle power (" + e.backend + ")");
  s.queue.finish();
  e.idle_watts = meter_->idle();
  char buf[160];
  std::snprintf(buf, sizeof buf, "power windows of %.2f s, median of %d; idle %.1f W", meter_->policy().window_s,
                meter_->policy().windows, e.idle_watts->median);
  e.notes.push_back(buf);
  doc.energy = e;
}

void EnergyStep::offer(const RoofsDocument& doc, std::size_t index, ReplayAt replay) {
  if (!active() || !replay) return;
  const Ceiling& c = doc.ceilings.at(index);
  auto it = kept_.find(group_of(c));
  if (it == kept_.end()) kept_.emplace(group_of(c), Kept{index, std::move(replay)});
  else if (c.value > doc.ceilings.at(it->second.index).value) it->second = Kept{index, std::move(replay)};
}

void EnergyStep::offer_last(const RoofsDocument& doc, std::vector<ReplayAt>& replays) {
  const std::size_t first = doc.ceilings.size() - replays.size();
  for (std::size_t i = 0; i < replays.size(); ++i) offer(doc, first + i, std::move(replays[i]));
  replays.clear();
}

void EnergyStep::measure_offered(Session& s, RoofsDocument& doc) {
  if (!active()) return;
  for (auto& [group, kept] : kept_) {
    Ceiling& c = doc.ceilings.at(kept.index);
    try {
      s.progress.detail("power: " + c.label());
      const Replay r = kept.replay(c.launch);
      const PowerReading p = meter_->measure(r.launch, r.work);
      CeilingPower cp;
      cp.watts = p.watts;
      cp.window_seconds = p.window_s;
      cp.joules_per_unit = p.joules_per_unit.median;
      cp.units_per_joule = p.joules_per_unit.median > 0 ? 1 / p.joules_per_unit.median : 0;
      c.power = cp;
      if (sweep_gets_watts(c))
        for (SweepPoint& pt : c.sweep_wg_count) {
          s.progress.detail("power: " + c.label() + ", " + std::to_string(pt.launch.work_groups()) + " work-groups");
          const Replay rp = kept.replay(pt.launch);
          pt.watts = meter_->measure(rp.launch, rp.work, quick_ ? 1 : 2).watts;
        }
    } catch (const Interrupted&) {
      throw;
    } catch (const std::exception& e) {  // the counter stopped, an OpenCL error: this ceiling goes without power
      doc.energy->notes.push_back("no power for " + c.label() + ": " + e.what());
    }
  }
  kept_.clear();
}

bool EnergyStep::finish(Session& s, RoofsDocument& doc) {
  if (!active() || !doc.energy) return true;
  bool checks_passed = true;
  EnergySection& e = *doc.energy;
  const Ceiling* mad = best_of(doc, "compute", "mad", "float", "");
  if (!mad || !mad->power) {
    e.notes.push_back("no power model: the float MAD ceiling or its power is missing");
    return true;
  }
  // DRAM and one cache level: the GPU's L2 (the second level found), or a
  // CPU's second level, else the first.
  std::vector<std::pair<std::string, double>> levels;  // name, working set
  // DRAM: the DRAM roofs' buffer size (far past the last cache; drivers may
  // under-report the cache, the H200's OpenCL says 4 MiB for a 50 MB L2).
  levels.push_back({"DRAM", double(s.plan.bandwidth_bytes)});
  if (doc.memory) {
    std::vector<const DetectedLevel*> caches;
    for (const auto& l : doc.memory->levels)
      if (l.name != "DRAM" && l.capacity_bytes) caches.push_back(&l);
    if (!caches.empty()) {
      const DetectedLevel* l = caches.size() >= 2 ? caches[1] : caches[0];
      levels.push_back({l->name, *l->capacity_bytes / 2});
    }
  }

  struct Measured {
    MixedPoint point;
    PowerReading power;
    bool in_fit;
  };
  std::vector<Measured> mixed;
  std::vector<PowerObservation> obs;
  obs.push_back({"", 1, 0, mad->power->watts.median});
  for (const auto& [level, bytes] : levels) {
    const Ceiling* roof = best_of(doc, "memory", "read", "", level);
    if (!roof) {
      e.notes.push_back("no mixed kernels for " + level + ": no read roof was measured there");
      continue;
    }
    if (roof->power) obs.push_back({level, 0, 1, roof->power->watts.median});
    // A failure here (a wrong result, a buffer the device cannot hold) costs
    // this level's points, not the ceilings already measured.
    try {
      MixedBenchmark bench(s, level, std::uint64_t(bytes));
      // AI 1/16 .. 256 FLOP/B in powers of 2: even powers fit, odd ones test.
      for (int k = -4; k <= 8; ++k) {
        const double ai = std::ldexp(1.0, k);
        s.progress.detail("mixed kernel, " + level + ", AI " + format_ai(ai) + ": power");
        Measured m{bench.measure(ai), {}, k % 2 == 0};
        try {
          m.power = meter_->measure(m.point.replay.launch, m.point.replay.work);
        } catch (const Interrupted&) {
          throw;
        } catch (const std::runtime_error& err) {
          e.notes.push_back("mixed kernel " + level + " AI " + format_ai(ai) + " skipped: " + err.what());
          continue;
        }
        if (m.in_fit)
          obs.push_back({level, m.point.flops.median / mad->value, m.point.bytes_per_s / roof->value,
                         m.power.watts.median});
        m.point.replay = {};  // the kernel is not needed any more
        mixed.push_back(std::move(m));
      }
    } catch (const Interrupted&) {
      throw;
    } catch (const cl::Error& err) {
      e.notes.push_back("mixed kernels for " + level + " stopped: OpenCL error " + std::to_string(err.err()) + " in " +
                        err.what());
    } catch (const WrongResult& err) {
      std::fprintf(stderr, "roofline: %s\n", err.what());
      e.notes.push_back(std::string("omitted: ") + err.what());
      checks_passed = false;
    } catch (const KernelBuildError&) {
      throw;  // a broken kernels/mixed.cl is the build's error, with its log
    } catch (const std::exception& err) {
      e.notes.push_back("mixed kernels for " + level + " stopped: " + err.what());
    }
  }

  PowerFit fit;
  try {
    fit = fit_power(obs);
  } catch (const std::invalid_argument& err) {
    e.notes.push_back(std::string("no power model: ") + err.what());
    return checks_passed;
  }
  PowerModel model;
  model.constant_watts = fit.constant_watts;
  // Compute roofs: the fitted P_phi for float MAD; for the others, their
  // measured power less P_c (one point each: nothing to fit).
  for (const Ceiling& c : doc.ceilings) {
    if (c.kind != "compute" || !c.power || best_of(doc, "compute", c.op, c.type, "") != &c) continue;
    const bool fitted = &c == mad;
    model.compute.push_back({c.op, c.type, c.value, fitted ? fit.compute_watts : c.power->watts.median - fit.constant_watts});
  }
  for (const auto& [level, watts] : fit.memory_watts) {
    MemoryPower m;
    m.level = level;
    m.bandwidth = best_of(doc, "memory", "read", "", level)->value;
    m.watts = watts;
    m.r2 = fit.r2.at(level);
    m.points = fit.points.at(level);
    model.memory.push_back(m);
  }
  // Levels without mixed kernels: their read roof's power less P_c (one point).
  for (const Ceiling& c : doc.ceilings) {
    if (c.kind != "memory" || c.op != "read" || !c.power || model.find_memory(c.level) ||
        best_of(doc, "memory", "read", "", c.level) != &c)
      continue;
    model.memory.push_back({c.level, c.value, c.power->watts.median - fit.constant_watts, 0, 1});
  }
  const ComputePower* phi = model.find_compute("mad", "float");
  std::map<std::string, std::vector<double>> held_out_error, held_out_error_at_measured;
  for (const Measured& m : mixed) {
    const MemoryPower* beta = model.find_memory(m.point.level);
    if (!beta) continue;
    const PowerRoof roof = power_roof(model, *phi, *beta);
    ValidationPoint v;
    v.name = m.point.level + ", AI " + format_ai(m.point.ai) + " (" + m.point.variant + ")";
    v.level = m.point.level;
    v.type = "float";
    v.ai = m.point.ai;
    v.performance = m.point.flops.median;
    v.measured_watts = m.power.watts.median;
    v.predicted_watts = roof.power(v.ai);
    v.measured_efficiency = v.performance / v.measured_watts;
    v.predicted_efficiency = roof.efficiency(v.ai);
    v.predicted_watts_at_measured = fit.predict({v.level, v.performance / mad->value,
                                                 m.point.bytes_per_s / best_of(doc, "memory", "read", "", v.level)->value,
                                                 0});
    v.in_fit = m.in_fit;
    if (!v.in_fit) {
      held_out_error[v.level].push_back(std::fabs(v.predicted_watts - v.measured_watts) / v.measured_watts);
      held_out_error_at_measured[v.level].push_back(std::fabs(v.predicted_watts_at_measured - v.measured_watts) /
                                                    v.measured_watts);
    }
    e.validation.push_back(v);
  }
  for (auto& [level, errors] : held_out_error) {
    char buf[300];
    std::snprintf(buf, sizeof buf,
                  "%s: median |predicted - measured| power on %zu held-out mixed kernels: %.1f%% from the roofs, "
                  "%.1f%% at their measured utilisations (fit R^2 %.3f)",
                  level.c_str(), errors.size(), 100 * summarize(errors).median,
                  100 * summarize(held_out_error_at_measured[level]).median, fit.r2.at(level));
    e.notes.push_back(buf);
  }
  char buf[200];
  std::snprintf(buf, sizeof buf, "power model: P_c %.1f W, P_phi (float MAD at %s) %.1f W", model.constant_watts,
                format_si(phi->peak, "FLOP/s").c_str(), phi->watts);
  std::string summary = buf;
  for (const MemoryPower& m : model.memory) {
    std::snprintf(buf, sizeof buf, "; P_beta %s (%s) %.1f W, R^2 %.3f over %d points", m.level.c_str(),
                  format_si(m.bandwidth, "B/s").c_str(), m.watts, m.r2, m.points);
    summary += buf;
  }
  e.notes.push_back(summary);
  const Ceiling* hottest = nullptr;
  for (const Ceiling& c : doc.ceilings)
    if (c.power && (!hottest || c.power->watts.median > hottest->power->watts.median)) hottest = &c;
  if (hottest) {
    std::snprintf(buf, sizeof buf, "highest ceiling power: %.1f W (%s); idle %.1f W", hottest->power->watts.median,
                  hottest->label().c_str(), e.idle_watts ? e.idle_watts->median : 0.0);
    e.notes.push_back(buf);
  }
  e.model = model;
  return checks_passed;
}

}  // namespace roofline
