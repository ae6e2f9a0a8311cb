// The power meter's windows on a simulated counter that moves in steps like
// NVML's (every `period` seconds, by the energy of that period): the readings
// must come out at the counter's true power, and a counter that never moves
// must be refused. The meter and the counter share a simulated clock that
// moves only when the simulated work runs (a launch of 2 ms) or the meter
// naps, so every figure is the same however busy the machine is.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>

#include "measurement/power_meter.hpp"

using namespace roofline;

namespace {

// Time in whole microseconds, moved by the test's work and the meter's naps.
class SimulatedClock final : public MeterClock {
 public:
  double seconds() override { return double(microseconds) * 1e-6; }
  void nap(double s) override { advance(s); }
  void advance(double s) { microseconds += std::llround(s * 1e6); }
  long long microseconds = 0;
};

class SteppedCounter final : public EnergySource {
 public:
  SteppedCounter(double watts, double period, std::shared_ptr<SimulatedClock> clock)
      : watts_(watts), period_us_(std::llround(period * 1e6)), clock_(std::move(clock)) {}
  std::string backend() const override { return "simulated"; }
  std::vector<std::string> domains() const override { return {"test"}; }
  double joules() override { return watts_ * double(period_us_) * 1e-6 * double(clock_->microseconds / period_us_); }
  double update_period_s() const override { return double(period_us_) * 1e-6; }

 private:
  double watts_;
  long long period_us_;
  std::shared_ptr<SimulatedClock> clock_;
};

class StuckCounter final : public EnergySource {
 public:
  std::string backend() const override { return "stuck"; }
  std::vector<std::string> domains() const override { return {"test"}; }
  double joules() override { return 42; }
  double update_period_s() const override { return 0.001; }
};

}  // namespace

TEST_CASE("power policy: windows of 10-20 counter periods, with a floor") {
  const auto clock = std::make_shared<SimulatedClock>();
  SteppedCounter nvml_like(100, 0.1, clock), rapl_like(100, 0.001, clock);
  CHECK(power_policy(nvml_like, true).window_s == doctest::Approx(1.0));
  CHECK(power_policy(nvml_like, false).window_s == doctest::Approx(2.0));
  CHECK(power_policy(rapl_like, true).window_s == doctest::Approx(0.25));
  CHECK(power_policy(nvml_like, false).windows == 3);
  CHECK(power_policy(nvml_like, false).first_warmup_s == doctest::Approx(2.0));
}

TEST_CASE("power meter: idle and busy power from a stepped counter, edge-aligned windows") {
  // A 20 ms counter and 0.2 s windows: without aligning on the counter's
  // updates each window could be off by up to 2 x 10%; aligned, by at most
  // a launch (2 ms) at each end, 2%.
  const auto clock = std::make_shared<SimulatedClock>();
  clock->advance(0.0123);  // not on a counter edge
  PowerMeter meter(std::make_unique<SteppedCounter>(250, 0.02, clock), PowerPolicy{0.2, 3, 0.02, 3}, clock);
  const Stats idle = meter.idle();
  CHECK(idle.samples == 3);
  CHECK(idle.median == doctest::Approx(250).epsilon(0.02));
  const double launch_s = 0.002;
  auto launch = [&] {
    clock->advance(launch_s);
    return launch_s;
  };
  const PowerReading r = meter.measure(launch, 1000.0);
  CHECK(r.watts.samples == 3);
  CHECK(r.watts.median == doctest::Approx(250).epsilon(0.02));
  // A window ends at the first counter edge (20 ms apart) after its 0.2 s,
  // at most a launch later: a window that counted its lead-in or ran twice
  // lands outside.
  CHECK(r.window_s >= 0.2);
  CHECK(r.window_s <= 0.2 + 0.02 + launch_s);
  // Energy per unit of work: 250 W x 2 ms per 1000 units (work counted per
  // launch, not per window).
  CHECK(r.joules_per_unit.median == doctest::Approx(250 * launch_s / 1000).epsilon(0.02));
  CHECK(meter.measure(launch, 1000.0, 1).watts.samples == 1);
}

TEST_CASE("power meter: a counter that does not move is an error") {
  PowerMeter meter(std::make_unique<StuckCounter>(), PowerPolicy{0.05, 2, 0.01, 2}, std::make_shared<SimulatedClock>());
  CHECK_THROWS_WITH_AS(meter.idle(), doctest::Contains("did not move"), std::runtime_error);
}
