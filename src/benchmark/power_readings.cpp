#include "benchmark/power_readings.hpp"

#include "benchmark/mixed_benchmark.hpp"
#include "measurement/interrupt.hpp"
#include "model/units.hpp"

namespace roofline {

CeilingPower measure_ceiling_power(PowerMeter& meter, const Ceiling& c, const ReplayAt& replay) {
  const Replay r = replay(c.launch);
  const PowerReading p = meter.measure(r.launch, r.work);
  CeilingPower cp;
  cp.watts = p.watts;
  cp.window_seconds = p.window_s;
  cp.joules_per_unit = p.joules_per_unit.median;
  cp.units_per_joule = p.joules_per_unit.median > 0 ? 1 / p.joules_per_unit.median : 0;
  return cp;
}

void measure_sweep_power(Session& s, PowerMeter& meter, Ceiling& c, const ReplayAt& replay, int windows) {
  for (SweepPoint& pt : c.sweep_wg_count) {
    s.progress.detail("power: " + c.label() + ", " + std::to_string(pt.launch.work_groups()) + " work-groups");
    const Replay r = replay(pt.launch);
    pt.watts = meter.measure(r.launch, r.work, windows).watts;
  }
}

void measure_mixed_power(Session& s, PowerMeter& meter, const MixedLevel& level, std::vector<MixedKernelPower>& out,
                         std::vector<std::string>& notes) {
  MixedBenchmark bench(s, level.level, level.working_set_bytes);
  for (double ai : mixed_kernel_ais()) {
    s.progress.detail("mixed kernel, " + level.level.name + ", AI " + format_ai(ai) + ": power");
    const MixedPoint point = bench.measure(ai);
    MixedKernelPower m{level.level, ai, point.flops.median, point.bytes_per_s, point.variant, 0,
                       mixed_kernel_in_fit(ai)};
    try {
      m.watts = meter.measure(point.replay.launch, point.replay.work).watts.median;
    } catch (const Interrupted&) {
      throw;
    } catch (const std::runtime_error& err) {
      notes.push_back("mixed kernel " + level.level.name + " AI " + format_ai(ai) + " skipped: " + err.what());
      continue;
    }
    out.push_back(std::move(m));
  }
}

}  // namespace roofline
