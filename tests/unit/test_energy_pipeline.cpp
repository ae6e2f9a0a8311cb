// The mixed-intensity kernels and the build's energy step on the PoCL CPU
// device, with a simulated counter (this machine has none): the kernel
// shapes give the intended intensities, the kernels pass the host's checks,
// and the step fills the roofs document's energy section, per-ceiling power
// and sweep watts.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>

#include "app/build_power.hpp"
#include "benchmark/bandwidth_benchmark.hpp"
#include "benchmark/compute_benchmark.hpp"
#include "benchmark/mixed_benchmark.hpp"
#include "device/device.hpp"
#include "analysis/power_model.hpp"
#include "cpu_device.hpp"

using namespace roofline;

namespace {

// A simulated time line in milliseconds that moves by one each time the
// meter looks at it (the meter looks once per launch) and as the meter naps:
// the kernels run for real, but the windows and the counter do not depend on
// how fast they run or how busy the machine is.
class TickingClock final : public MeterClock {
 public:
  double seconds() override { return double(milliseconds++) * 1e-3; }
  void nap(double s) override { milliseconds += std::llround(s * 1e3); }
  long long milliseconds = 0;
};

// Energy growing at a constant rate on the simulated time line, updated every millisecond.
class SteadyCounter final : public EnergySource {
 public:
  SteadyCounter(double watts, std::shared_ptr<TickingClock> clock) : watts_(watts), clock_(std::move(clock)) {}
  std::string backend() const override { return "simulated"; }
  std::vector<std::string> domains() const override { return {"test"}; }
  double joules() override { return watts_ * 1e-3 * double(clock_->milliseconds); }
  double update_period_s() const override { return 1e-3; }

 private:
  double watts_;
  std::shared_ptr<TickingClock> clock_;
};

}  // namespace

TEST_CASE("mixed kernel shapes: AI = 2 * width * chains * steps / (16 * loads)") {
  for (int width : {1, 4, 8, 16})
    for (int k = -4; k <= 8; ++k) {
      const double ai = std::ldexp(1.0, k);
      if (width == 1 && k < -5) continue;
      const auto sh = MixedBenchmark::shape_for(ai, width, 8);
      INFO("width " << width << ", AI " << ai);
      CHECK(sh.chains <= 8);
      CHECK(2.0 * width * sh.chains * sh.steps / (16.0 * sh.loads) == doctest::Approx(ai));
    }
  // Scalar chains and 8 loads per iteration cannot go below 1/64 FLOP/B.
  CHECK_THROWS_AS(MixedBenchmark::shape_for(1.0 / 128, 1, 4), std::invalid_argument);
  CHECK_THROWS_AS(MixedBenchmark::shape_for(3, 1, 4), std::invalid_argument);
}

TEST_CASE("mixed kernels and the energy step on the CPU device, with a simulated counter") {
  std::vector<DeviceEntry> devices = enumerate_devices();
  const DeviceEntry* dev = cpu_device(devices);
  if (!dev) return;
  const Plan plan = make_plan(*dev, /*quick=*/true);
  Progress progress(1, false);
  Session session(*dev, plan, find_kernel_dir(""), progress);

  SUBCASE("the kernels' rates follow their intensity") {
    MixedBenchmark bench(session, MemoryLevel::cache("test"), 1 << 20);
    CHECK(bench.working_set_bytes() == 1 << 20);
    const MixedPoint low = bench.measure(1.0 / 16), high = bench.measure(256);
    CHECK(low.ai == 1.0 / 16);
    CHECK(low.bytes_per_s == doctest::Approx(low.flops.median * 16));
    // Far below the ridge, far above it: the memory-bound kernel moves many
    // more bytes per second, the compute-bound one does many more FLOPs.
    CHECK(low.bytes_per_s > 10 * high.bytes_per_s);
    CHECK(high.flops.median > 10 * low.flops.median);
    CHECK(low.replay.work > 0);
    CHECK(low.replay.launch() > 0);
  }

  SUBCASE("the energy step fills the energy section") {
    const auto clock = std::make_shared<TickingClock>();
    BuildPower energy(std::make_unique<PowerMeter>(std::make_unique<SteadyCounter>(80, clock), PowerPolicy{0.04, 2, 0.01, 2}, clock),
                      true);
    RoofsDocument doc;
    doc.device = dev->identity;
    energy.start(session, doc);
    REQUIRE(doc.energy);
    CHECK(doc.energy->backend == "simulated");
    CHECK(doc.energy->idle_watts->median == doctest::Approx(80).epsilon(0.05));

    MeasuredCeiling mad = measure_compute(session, Op::mad, DataType::float32, 4, /*with_replay=*/true);
    REQUIRE(mad.replay);
    const double work_per_launch = mad.replay(mad.ceiling.launch).work;
    doc.ceilings.push_back(mad.ceiling);
    energy.consider(doc, 0, std::move(mad.replay));
    energy.read_kept(session, doc);
    REQUIRE(doc.ceilings[0].power);
    CHECK(doc.ceilings[0].power->watts.median == doctest::Approx(80).epsilon(0.05));
    // J per FLOP is a window's energy over the FLOPs of its launches: on the
    // simulated time line a launch lasts 1 ms, 80 mJ for one launch's work
    // (the window's edges add a launch or two to the 40).
    CHECK(doc.ceilings[0].power->joules_per_unit == doctest::Approx(80e-3 / work_per_launch).epsilon(0.06));
    CHECK(doc.ceilings[0].power->units_per_joule == doctest::Approx(1 / doc.ceilings[0].power->joules_per_unit));
    for (const SweepPoint& p : doc.ceilings[0].sweep_wg_count) CHECK(p.watts);

    std::vector<MeasuredCeiling> dram = measure_dram(session, /*with_replays=*/true);
    REQUIRE(dram.size() == 3);  // read, store, copy
    for (const MeasuredCeiling& m : dram) REQUIRE(m.replay);
    for (std::size_t i = 0; i < 3; ++i) {
      doc.ceilings.push_back(dram[i].ceiling);
      energy.consider(doc, 1 + i, std::move(dram[i].replay));
    }
    energy.read_kept(session, doc);
    for (std::size_t i = 1; i <= 3; ++i) CHECK(doc.ceilings[i].power);

    // DRAM only: the document has no cache levels.
    const MixedPlan mixed_plan = plan_mixed_kernels(doc, plan.bandwidth_bytes);
    INFO(nlohmann::json(*doc.energy).dump(1));
    REQUIRE(mixed_plan.float_mad);
    REQUIRE(mixed_plan.levels.size() == 1);
    CHECK(mixed_plan.levels[0].skipped.empty());
    std::vector<MixedKernelPower> mixed;
    for (const MixedLevel& level : mixed_plan.levels) energy.read_mixed(session, doc, level, mixed);
    assemble_power_model(doc, mixed_plan.levels, mixed);
    REQUIRE(doc.energy->model);
    CHECK(doc.energy->model->constant_watts == doctest::Approx(80).epsilon(0.1));
    const MemoryLevel dram_level = MemoryLevel::of_kind(LevelKind::dram);
    REQUIRE(doc.energy->model->find_memory(dram_level));
    CHECK(doc.energy->model->find_memory(dram_level)->points == 8);  // the read roof and 7 mixed kernels
    REQUIRE(doc.energy->validation.size() == 13);
    int held_out = 0;
    for (const ValidationPoint& v : doc.energy->validation) {
      held_out += !v.in_fit;
      CHECK(v.measured_watts == doctest::Approx(80).epsilon(0.05));
      CHECK(v.predicted_watts == doctest::Approx(80).epsilon(0.1));
      CHECK(v.predicted_watts_at_measured == doctest::Approx(80).epsilon(0.1));
      CHECK(v.measured_efficiency == doctest::Approx(v.performance / v.measured_watts));
    }
    CHECK(held_out == 6);
    bool summary = false;
    for (const auto& n : doc.energy->notes) summary |= n.rfind("DRAM: median |predicted - measured| power on 6 held-out", 0) == 0;
    CHECK(summary);
  }
}
