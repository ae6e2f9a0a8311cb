// The power meter's windows on a simulated counter that moves in steps like
// NVML's (every `period` seconds, by the energy of that period): the readings
// must come out at the counter's true power, and a counter that never moves
// must be refused.
#include <doctest/doctest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "measurement/power_meter.hpp"

using namespace roofline;

namespace {

class SteppedCounter final : public EnergySource {
 public:
  SteppedCounter(double watts, double period) : watts_(watts), period_(period), t0_(std::chrono::steady_clock::now()) {}
  std::string backend() const override { return "simulated"; }
  std::vector<std::string> domains() const override { return {"test"}; }
  double joules() override {
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0_).count();
    return watts_ * period_ * std::floor(t / period_);
  }
  double update_period_s() const override { return period_; }

 private:
  double watts_, period_;
  std::chrono::steady_clock::time_point t0_;
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
  SteppedCounter nvml_like(100, 0.1), rapl_like(100, 0.001);
  CHECK(power_policy(nvml_like, true).window_s == doctest::Approx(1.0));
  CHECK(power_policy(nvml_like, false).window_s == doctest::Approx(2.0));
  CHECK(power_policy(rapl_like, true).window_s == doctest::Approx(0.25));
  CHECK(power_policy(nvml_like, false).windows == 3);
  CHECK(power_policy(nvml_like, false).first_warmup_s == doctest::Approx(2.0));
}

TEST_CASE("power meter: idle and busy power from a stepped counter, edge-aligned windows") {
  // A 20 ms counter and 0.2 s windows: without aligning on the counter's
  // updates each window could be off by up to 2 x 10%.
  PowerMeter meter(std::make_unique<SteppedCounter>(250, 0.02), PowerPolicy{0.2, 3, 0.02, 3});
  const Stats idle = meter.idle();
  CHECK(idle.samples == 3);
  CHECK(idle.median == doctest::Approx(250).epsilon(0.03));
  const double launch_s = 0.002;
  auto launch = [&] {
    std::this_thread::sleep_for(std::chrono::duration<double>(launch_s));
    return launch_s;
  };
  const PowerReading r = meter.measure(launch, 1000.0);
  CHECK(r.watts.samples == 3);
  CHECK(r.watts.median == doctest::Approx(250).epsilon(0.03));
  // A window ends at the first counter edge (20 ms apart) after its 0.2 s,
  // one launch later. The upper bounds leave room for a loaded machine, whose
  // scheduler stretches a 2 ms sleep; a window that counted its lead-in or
  // ran twice, or work counted per window instead of per launch (100x), still
  // lands outside them.
  CHECK(r.window_s >= 0.2);
  CHECK(r.window_s < 0.35);
  // Energy per unit of work: 250 W x (at least) 2 ms per 1000 units.
  CHECK(r.joules_per_unit.median >= 250 * launch_s / 1000 * 0.97);
  CHECK(r.joules_per_unit.median <= 250 * launch_s / 1000 * 3);
  CHECK(meter.measure(launch, 1000.0, 1).watts.samples == 1);
}

TEST_CASE("power meter: a counter that does not move is an error") {
  PowerMeter meter(std::make_unique<StuckCounter>(), PowerPolicy{0.05, 2, 0.01, 2});
  CHECK_THROWS_WITH_AS(meter.idle(), doctest::Contains("did not move"), std::runtime_error);
}
