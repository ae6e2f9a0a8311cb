// app/build_power: the energy side of `roofline build`: idle power before any
// kernel runs, then the power of each kind of ceiling's best kernel (and of
// the thesis's power sweeps: float MAD and DRAM copy by work-group count),
// then the mixed-intensity kernels the power model is fitted to. Readings are
// best effort: a counter that fails costs the reading, with a note, never the
// ceilings. Without an energy source every call does nothing.
#pragma once
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "benchmark/replay.hpp"
#include "benchmark/session.hpp"
#include "measurement/power_meter.hpp"
#include "analysis/power_model.hpp"

namespace roofline {

class BuildPower {
 public:
  // Opens the energy source: `backend` as asked, or where none was asked
  // automatic (none with `quick`, which reads energy only when asked). A
  // named backend that cannot work throws EnergyUnavailable.
  BuildPower(std::optional<EnergyBackend> backend, const DeviceEntry& device, bool quick);
  // A meter chosen by the caller (tests: a simulated counter, short windows).
  BuildPower(std::unique_ptr<PowerMeter> meter, bool quick) : meter_(std::move(meter)), quick_(quick) {}
  bool active() const { return meter_ != nullptr; }

  // Before any kernel runs: idle power into a new doc.energy; with no source,
  // the reason goes to the notes (said once).
  void start(Session& session, RoofsDocument& doc);
  // The ceiling doc.ceilings[index] and its replay: the best of each (kind,
  // op, type, level) is kept for read_kept.
  void consider(const RoofsDocument& doc, std::size_t index, ReplayAt replay);
  // The power of every ceiling kept (and of its sweep, for float MAD and DRAM
  // copy); the replays are released afterwards.
  void read_kept(Session& session, RoofsDocument& doc);
  // The mixed kernels of one level, appended to `out`. A kernel whose power
  // cannot be read is skipped with a note; an OpenCL error or a buffer the
  // device cannot hold stops this level with a note; a wrong result
  // (WrongResult), a kernel that does not build and an interruption are thrown.
  void read_mixed(Session& session, RoofsDocument& doc, const MixedLevel& level, std::vector<MixedKernelPower>& out);

 private:
  // "compute/mad/float/", "memory/read/int/DRAM": a group's readings run in
  // the order of these names, as they have since the first energy builds, so
  // that the readings of one device stay comparable from build to build (the
  // first reading carries the long warm-up from idle).
  using Group = std::string;
  struct Kept {
    std::size_t index;
    ReplayAt replay;
  };
  void read_one(Session& session, Ceiling& ceiling, const ReplayAt& replay);
  std::unique_ptr<PowerMeter> meter_;
  std::string why_none_;
  bool quick_ = false;
  bool skipped_ = false;  // --quick without --energy
  std::map<Group, Kept> kept_;
};

}  // namespace roofline
