// cli/energy_step: the energy side of `roofline build` (--energy): opens the
// energy source, measures idle power before the runs, the power of each
// compute and DRAM ceiling's best kernel (and of the MAD and load/store
// work-group-count sweeps), then runs the mixed-intensity kernels, fits the
// power model and validates it on held-out points. Fills doc.energy,
// Ceiling::power and SweepPoint::watts. With no source it does nothing.
#pragma once
#include <map>
#include <memory>
#include <string>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "measurement/power_meter.hpp"
#include "model/roofs.hpp"

namespace roofline {

class EnergyStep {
 public:
  // Opens `backend` (auto, papi, perf, powercap, nvml, none) for the device.
  // Throws EnergyUnavailable when a named backend cannot work, and
  // std::invalid_argument for an unknown name.
  EnergyStep(const std::string& backend, const DeviceEntry& device, bool quick);
  // A meter chosen by the caller (tests: a simulated counter, short windows).
  EnergyStep(std::unique_ptr<PowerMeter> meter, bool quick) : meter_(std::move(meter)), quick_(quick) {}
  bool active() const { return meter_ != nullptr; }

  // Before any kernel runs: idle power into a new doc.energy; with no source,
  // the reason `auto` found none goes to the notes (said once).
  void start(Session& session, RoofsDocument& doc);
  // A measured ceiling (doc.ceilings[index]) and a replay of its kernel; the
  // best of each (kind, op, type, level) is kept for measure_offered.
  void offer(const RoofsDocument& doc, std::size_t index, ReplayAt replay);
  // The last replays.size() ceilings of the document, with their replays (empty ones are skipped).
  void offer_last(const RoofsDocument& doc, std::vector<ReplayAt>& replays);
  // The power of every kept ceiling (and its sweep, for MAD float and the
  // DRAM load/store kernel); the replays are released afterwards.
  void measure_offered(Session& session, RoofsDocument& doc);
  // Mixed kernels, the fit and the validation, once every roof is known.
  // False when a mixed kernel failed the host's check (its level's points are
  // left out, with a note).
  bool finish(Session& session, RoofsDocument& doc);

 private:
  struct Kept {
    std::size_t index;
    ReplayAt replay;
  };
  std::unique_ptr<PowerMeter> meter_;
  std::string why_none_;
  bool quick_;
  std::map<std::string, Kept> kept_;
};

}  // namespace roofline
