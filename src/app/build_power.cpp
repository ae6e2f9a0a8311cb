#include "app/build_power.hpp"

#include <cstdio>

#include "app/errors.hpp"
#include "benchmark/power_readings.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/interrupt.hpp"

namespace roofline {
namespace {

// The thesis's power sweeps (figures 4.23-4.26): the MAD and load/store kernels.
bool has_power_sweep(const Ceiling& c) {
  return (c.is_compute() && c.op == Op::mad && c.type == DataType::float32) || (c.at(LevelKind::dram) && c.op == Op::copy);
}

}  // namespace

BuildPower::BuildPower(std::optional<EnergyBackend> backend, const DeviceEntry& device, bool quick) : quick_(quick) {
  skipped_ = !backend && quick;
  const EnergyBackend chosen = backend ? *backend : quick ? EnergyBackend::none : EnergyBackend::automatic;
  auto source = open_energy_source(chosen, device, EnergyRoots::from_environment(), why_none_);
  if (source) {
    const PowerPolicy policy = power_policy(*source, quick);
    meter_ = std::make_unique<PowerMeter>(std::move(source), policy);
  }
}

void BuildPower::start(Session& s, RoofsDocument& doc) {
  if (skipped_) doc.notes.push_back("energy not read: --quick reads it only with --energy (auto, or a backend)");
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

void BuildPower::consider(const RoofsDocument& doc, std::size_t index, ReplayAt replay) {
  if (!active() || !replay) return;
  const Ceiling& c = doc.ceilings.at(index);
  const Group group = str(c.kind) + "/" + str(c.op) + "/" + str(c.type) + "/" + c.level_name();
  auto it = kept_.find(group);
  if (it == kept_.end()) kept_.emplace(group, Kept{index, std::move(replay)});
  else if (c.value > doc.ceilings.at(it->second.index).value) it->second = Kept{index, std::move(replay)};
}

void BuildPower::read_one(Session& s, Ceiling& c, const ReplayAt& replay) {
  s.progress.detail("power: " + c.label());
  c.power = measure_ceiling_power(*meter_, c, replay);
  if (has_power_sweep(c)) measure_sweep_power(s, *meter_, c, replay, quick_ ? 1 : 2);
}

void BuildPower::read_kept(Session& s, RoofsDocument& doc) {
  if (!active()) return;
  for (auto& [group, kept] : kept_) {
    Ceiling& c = doc.ceilings.at(kept.index);
    try {
      read_one(s, c, kept.replay);
    } catch (const Interrupted&) {
      throw;
    } catch (const std::exception& e) {  // the counter stopped, an OpenCL error: this ceiling goes without power
      doc.energy->notes.push_back("no power for " + c.label() + ": " + failure_of(std::current_exception()).message);
    }
  }
  kept_.clear();
}

void BuildPower::read_mixed(Session& s, RoofsDocument& doc, const MixedLevel& level, std::vector<MixedKernelPower>& out) {
  if (!active() || !doc.energy) return;
  EnergySection& e = *doc.energy;
  try {
    measure_mixed_power(s, *meter_, level, out, e.notes);
  } catch (const Interrupted&) {
    throw;
  } catch (const WrongResult&) {
    throw;
  } catch (const KernelBuildError&) {
    throw;  // a broken kernels/mixed.cl is the build's error, with its log
  } catch (const std::exception&) {  // a buffer the device cannot hold, an OpenCL error
    e.notes.push_back("mixed kernels for " + level.level.name + " stopped: " + failure_of(std::current_exception()).message);
  }
}

}  // namespace roofline
