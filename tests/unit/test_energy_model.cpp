// The power, energy and energy-efficiency CARM arithmetic (model/energy), the
// least-squares fit of its parameters (analysis/energy_fit) on synthetic data
// with known parameters, and the energy section's JSON form.
#include <doctest/doctest.h>

#include <cmath>
#include <random>

#include "model/energy.hpp"
#include "analysis/energy_fit.hpp"
#include "model/roofs.hpp"

using namespace roofline;

TEST_CASE("power roof: the two branches, the peak at the ridge, the limits, energy and efficiency") {
  // F = 60 TFLOP/s, B = 4 TB/s: ridge at 15 FLOP/B.
  const PowerRoof r{60e12, 4e12, 100, 300, 200};
  CHECK(r.ridge() == doctest::Approx(15));
  CHECK(r.power(15) == doctest::Approx(600));  // P_c + P_phi + P_beta
  // Memory-bound: P_c + P_beta + P_phi * I / I_r.
  CHECK(r.power(1.5) == doctest::Approx(100 + 200 + 300 * 0.1));
  // Compute-bound: P_c + P_phi + P_beta * I_r / I.
  CHECK(r.power(150) == doctest::Approx(100 + 300 + 200 * 0.1));
  CHECK(r.power(1e-9) == doctest::Approx(300).epsilon(1e-6));  // -> P_c + P_beta
  CHECK(r.power(1e12) == doctest::Approx(400).epsilon(1e-6));  // -> P_c + P_phi
  for (double ai : {0.0625, 1.0, 15.0, 256.0}) {
    INFO(ai);
    CHECK(r.performance(ai) == doctest::Approx(std::min(4e12 * ai, 60e12)));
    CHECK(r.energy_per_op(ai) == doctest::Approx(r.power(ai) / r.performance(ai)));
    CHECK(r.efficiency(ai) == doctest::Approx(r.performance(ai) / r.power(ai)));
    CHECK(r.energy_per_op(ai) * r.efficiency(ai) == doctest::Approx(1));
  }
  // The energy per op as the constant-energy model writes it (Choi et al.):
  // below the ridge (P_c + P_beta) / (B I) + P_phi / F.
  CHECK(r.energy_per_op(1) == doctest::Approx(300 / 4e12 + 300 / 60e12));
  // Efficiency rises with AI and tends to F / (P_c + P_phi).
  double last = 0;
  for (double ai = 1.0 / 64; ai <= 4096; ai *= 2) {
    CHECK(r.efficiency(ai) > last);
    last = r.efficiency(ai);
  }
  CHECK(r.efficiency(1e9) == doctest::Approx(60e12 / 400).epsilon(1e-6));

  PowerModel m;
  m.constant_watts = 100;
  const MemoryLevel dram = MemoryLevel::of_kind(LevelKind::dram);
  m.compute.push_back({Op::mad, DataType::float32, 60e12, 300});
  m.memory.push_back({dram, 4e12, 200, 0.99, 8});
  REQUIRE(m.find_compute(Op::mad, DataType::float32));
  CHECK_FALSE(m.find_compute(Op::add, DataType::float32));
  REQUIRE(m.find_memory(dram));
  CHECK_FALSE(m.find_memory(MemoryLevel::cache("L2")));
  const PowerRoof from_model = power_roof(m, *m.find_compute(Op::mad, DataType::float32), *m.find_memory(dram));
  CHECK(from_model.power(15) == doctest::Approx(600));
}

namespace {

// Observations of a device with known parameters: the compute roof, each
// level's roof and mixed kernels along each level's roofline.
std::vector<PowerObservation> synthetic(double pc, double phi, const std::map<std::string, double>& beta,
                                        double noise_w, unsigned seed) {
  std::mt19937 rng(seed);
  std::normal_distribution<double> noise(0, noise_w);
  std::vector<PowerObservation> obs;
  obs.push_back({std::nullopt, 1, 0, pc + phi + noise(rng)});
  for (const auto& [name, b] : beta) {
    const MemoryLevel level = MemoryLevel::from_name(name);
    obs.push_back({level, 0, 1, pc + b + noise(rng)});
    const double ridge = level.is(LevelKind::dram) ? 15 : 4;
    for (double ai = 1.0 / 16; ai <= 256; ai *= 4) {
      const double u_phi = std::min(1.0, ai / ridge), u_beta = std::min(1.0, ridge / ai);
      obs.push_back({level, u_phi, u_beta, pc + phi * u_phi + b * u_beta + noise(rng)});
    }
  }
  return obs;
}

}  // namespace

TEST_CASE("power fit: recovers known parameters exactly from noise-free data") {
  const auto obs = synthetic(120, 350, {{"DRAM", 180}, {"L2", 90}}, 0, 1);
  const PowerFit f = fit_power(obs);
  CHECK(f.constant_watts == doctest::Approx(120));
  CHECK(f.compute_watts == doctest::Approx(350));
  CHECK(f.memory_watts.at(MemoryLevel::from_name("DRAM")) == doctest::Approx(180));
  CHECK(f.memory_watts.at(MemoryLevel::from_name("L2")) == doctest::Approx(90));
  CHECK(f.r2.at(MemoryLevel::from_name("DRAM")) == doctest::Approx(1));
  CHECK(f.points.at(MemoryLevel::from_name("DRAM")) == 8);  // the roof and 7 mixed kernels
  for (const auto& o : obs) CHECK(f.predict(o) == doctest::Approx(o.watts));
}

TEST_CASE("power fit: with noise the parameters stay close and R^2 drops below 1") {
  const PowerFit f = fit_power(synthetic(120, 350, {{"DRAM", 180}, {"L2", 90}}, 5, 7));
  CHECK(f.constant_watts == doctest::Approx(120).epsilon(0.1));
  CHECK(f.compute_watts == doctest::Approx(350).epsilon(0.05));
  CHECK(f.memory_watts.at(MemoryLevel::from_name("DRAM")) == doctest::Approx(180).epsilon(0.1));
  CHECK(f.memory_watts.at(MemoryLevel::from_name("L2")) == doctest::Approx(90).epsilon(0.2));
  CHECK(f.r2.at(MemoryLevel::from_name("DRAM")) < 1);
  CHECK(f.r2.at(MemoryLevel::from_name("DRAM")) > 0.9);
}

TEST_CASE("power fit: data that cannot separate the parameters, and bad values, are refused") {
  // Roofs only: P_c + P_phi and P_c + P_beta, but not P_c itself.
  const MemoryLevel dram = MemoryLevel::of_kind(LevelKind::dram);
  CHECK_THROWS_WITH_AS(fit_power({{std::nullopt, 1, 0, 500}, {dram, 0, 1, 300}, {dram, 0, 1, 301}}),
                       doctest::Contains("cannot separate"), std::invalid_argument);
  CHECK_THROWS_WITH_AS(fit_power({{std::nullopt, 1, 0, 500}}), doctest::Contains("1 observations for 2 parameters"),
                       std::invalid_argument);
  CHECK_THROWS_AS(fit_power({{std::nullopt, 1, 0, NAN}, {std::nullopt, 0.5, 0, 300}}), std::invalid_argument);
  CHECK_THROWS_AS(fit_power({{std::nullopt, 1, 0, -1}, {std::nullopt, 0.5, 0, 300}}), std::invalid_argument);
}

TEST_CASE("energy section: JSON round trip, with the per-ceiling and per-sweep-point power") {
  RoofsDocument d;
  d.device.name = "x";
  EnergySection e;
  e.backend = "nvml";
  e.domains = {"board"};
  e.idle_watts = Stats{75, 74, 76, 75, 0.5, 0.004, 3};
  PowerModel m;
  m.constant_watts = 110;
  m.compute.push_back({Op::mad, DataType::float32, 6.6e13, 380});
  m.memory.push_back({MemoryLevel::of_kind(LevelKind::dram), 4.5e12, 210, 0.97, 8});
  e.model = m;
  ValidationPoint v;
  v.name = "DRAM, AI 2";
  v.level = MemoryLevel::of_kind(LevelKind::dram);
  v.type = DataType::float32;
  v.ai = 2;
  v.performance = 9e12;
  v.measured_watts = 400;
  v.predicted_watts = 390;
  v.measured_efficiency = 2.25e10;
  v.predicted_efficiency = 2.3e10;
  v.predicted_watts_at_measured = 395;
  v.in_fit = false;
  e.validation.push_back(v);
  e.notes.push_back("n");
  d.energy = e;
  Ceiling c;
  c.kind = CeilingKind::compute;
  c.op = Op::mad;
  c.type = DataType::float32;
  c.value = 6.6e13;
  c.power = CeilingPower{Stats{500, 490, 510, 500, 5, 0.005, 5}, 2.0, 500 / 6.6e13, 6.6e13 / 500};
  c.sweep_wg_count.push_back(SweepPoint{LaunchShape{1024, 256}, Stats{1e12}, Stats{300}});
  d.ceilings.push_back(c);

  const RoofsDocument back = nlohmann::json(d).get<RoofsDocument>();
  REQUIRE(back.energy);
  CHECK(back.energy->backend == "nvml");
  CHECK(back.energy->idle_watts->median == 75);
  REQUIRE(back.energy->model);
  CHECK(back.energy->model->memory.at(0).r2 == doctest::Approx(0.97));
  CHECK(back.energy->model->memory.at(0).points == 8);
  REQUIRE(back.energy->validation.size() == 1);
  CHECK_FALSE(back.energy->validation[0].in_fit);
  CHECK(back.energy->validation[0].predicted_watts == 390);
  CHECK(back.energy->validation[0].predicted_watts_at_measured == 395);
  REQUIRE(back.ceilings.at(0).power);
  CHECK(back.ceilings[0].power->watts.median == 500);
  REQUIRE(back.ceilings[0].sweep_wg_count.at(0).watts);
  CHECK(back.ceilings[0].sweep_wg_count[0].watts->median == 300);
}
