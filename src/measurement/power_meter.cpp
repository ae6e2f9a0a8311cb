#include "measurement/power_meter.hpp"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "measurement/interrupt.hpp"

namespace roofline {
namespace {

class SteadyMeterClock final : public MeterClock {
 public:
  double seconds() override {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
  }
  void nap(double seconds) override { std::this_thread::sleep_for(std::chrono::duration<double>(seconds)); }
};

}  // namespace

std::shared_ptr<MeterClock> steady_meter_clock() { return std::make_shared<SteadyMeterClock>(); }

PowerPolicy power_policy(const EnergySource& source, bool quick) {
  PowerPolicy p;
  // Each end of a window is uncertain by about one update period before the
  // edge alignment, a launch after it: 10-20 periods keep that to a few percent.
  // RAPL's 1 ms counters get a floor instead (their noise is in the power itself).
  p.window_s = std::max(quick ? 0.25 : 0.5, (quick ? 10 : 20) * source.update_period_s());
  p.windows = 3;
  p.warmup_s = quick ? 0.3 : 0.5;
  p.first_warmup_s = source.update_period_s() >= 0.05 ? 2.0 : 1.0;
  p.idle_windows = 3;
  return p;
}

PowerMeter::PowerMeter(std::unique_ptr<EnergySource> source, PowerPolicy policy, std::shared_ptr<MeterClock> clock)
    : source_(std::move(source)), policy_(policy), clock_(std::move(clock)) {}

PowerMeter::Window PowerMeter::window(const std::function<void()>& step, double seconds, double work_per_step) {
  // Waits, running `step`, until the counter moves (at most 3 update periods:
  // a counter that updates continuously moves at once).
  const double patience = 3 * source_->update_period_s() + 0.05;
  auto edge = [&](double& work) {
    const double before = source_->joules();
    const double t0 = clock_->seconds();
    double now = before;
    do {
      throw_if_interrupted();
      step();
      work += work_per_step;
      now = source_->joules();
    } while (now == before && since(t0) < patience);
    return now;
  };
  double ignored = 0;
  const double e0 = edge(ignored);
  const double t0 = clock_->seconds();
  Window w;
  while (since(t0) < seconds) {
    throw_if_interrupted();
    step();
    w.work += work_per_step;
  }
  const double e1 = edge(w.work);
  w.seconds = since(t0);
  w.joules = e1 - e0;
  if (!(w.joules > 0))
    throw std::runtime_error("the " + source_->backend() + " energy counter did not move over a window of " +
                             std::to_string(w.seconds) + " s");
  return w;
}

Stats PowerMeter::idle() {
  std::vector<double> watts;
  auto nap = [this] { clock_->nap(0.001); };
  for (int i = 0; i < policy_.idle_windows; ++i) {
    const Window w = window(nap, policy_.window_s, 0);
    watts.push_back(w.joules / w.seconds);
  }
  return summarize(watts);
}

PowerReading PowerMeter::measure(const std::function<double()>& launch, double work, int windows) {
  // The first reading after idle waits longer: a GPU's clocks, temperature
  // and power take 1-2 s to settle from idle (Yang et al., arXiv:2312.02741,
  // give a rise time near 0.9 s for the H100's averaged power).
  const double warmup = first_ ? std::max(policy_.warmup_s, policy_.first_warmup_s) : policy_.warmup_s;
  first_ = false;
  const double t0 = clock_->seconds();
  while (since(t0) < warmup) {
    throw_if_interrupted();
    launch();
  }
  std::vector<double> watts, jpu;
  double seconds = 0;
  const int n = windows > 0 ? windows : policy_.windows;
  for (int i = 0; i < n; ++i) {
    const Window w = window([&] { launch(); }, policy_.window_s, work);
    watts.push_back(w.joules / w.seconds);
    jpu.push_back(w.joules / w.work);
    seconds += w.seconds;
  }
  PowerReading r;
  r.watts = summarize(watts);
  r.joules_per_unit = summarize(jpu);
  r.window_s = seconds / n;
  return r;
}

}  // namespace roofline
