// The fleet report (model/fleet): devices grouped by model, each key ceiling
// over its group's median, the robust score (median absolute deviation) and
// the threshold, its JSON against schemas/fleet.schema.json and its CSV; and
// the strip chart drawn from it (chart/fleet_chart) as valid SVG whose dots,
// rings and squares match the report.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "chart/chart_kinds.hpp"
#include "chart/fleet_chart.hpp"
#include "files/schema.hpp"
#include "model/fleet.hpp"
#include "model/roofs.hpp"
#include "roof_fixtures.hpp"
#include "xml_check.hpp"

using namespace roofline;

namespace {

// A GPU with the six key ceilings scaled by `scale` (float MAD 50 TFLOP/s,
// DRAM read 3 TB/s...), a wider float MAD beside the scalar one.
RoofsDocument gpu(const std::string& name, const std::string& uuid, double scale, const std::string& driver = "570.1") {
  RoofsDocument d;
  d.device.name = name;
  d.device.vendor = "NVIDIA Corporation";
  d.device.type = DeviceType::gpu;
  d.device.compute_units = 132;
  d.device.global_mem_bytes = std::uint64_t(80) << 30;
  d.device.driver = driver;
  d.device.uuid = uuid;
  d.date = "2026-11-28T08:00:00Z";
  Ceiling f = test::compute_roof(DataType::float32, 50e12 * scale), f4 = f;
  f4.width = 4;
  f4.value = 49e12 * scale;  // the best over widths is the scalar one here
  d.ceilings = {f, f4, test::compute_roof(DataType::float64, 25e12 * scale),
                test::memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::dram), 3e12 * scale),
                test::memory_roof(Op::copy, MemoryLevel::of_kind(LevelKind::dram), 2.8e12 * scale),
                test::memory_roof(Op::read, MemoryLevel::cache("L2"), 10e12 * scale),
                test::memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::local), 30e12 * scale)};
  return d;
}

std::vector<FleetInput> inputs_of(const std::vector<RoofsDocument>& docs) {
  std::vector<FleetInput> in;
  for (std::size_t i = 0; i < docs.size(); ++i) in.push_back({"dev" + std::to_string(i), "fleet/dev" + std::to_string(i) + ".json", &docs[i]});
  return in;
}

const FleetDevice& device(const FleetReport& r, const std::string& label) {
  for (const FleetDevice& d : r.devices)
    if (d.label == label) return d;
  FAIL("no device " << label);
  throw;
}

}  // namespace

TEST_CASE("median absolute deviation and the modified z-score") {
  CHECK(median_absolute_deviation({1, 2, 3, 4, 100}) == doctest::Approx(1));  // median 3, deviations 2 1 0 1 97
  const std::vector<double> z = modified_z_scores({1, 2, 3, 4, 100});
  REQUIRE(z.size() == 5);
  CHECK(z[4] == doctest::Approx(97 / 1.4826));
  CHECK(z[2] == 0);
  // Too few for a robust score.
  CHECK(modified_z_scores({1, 2}).empty());
  // A MAD of 0 (most devices alike): the mean absolute deviation stands in.
  const std::vector<double> alike = modified_z_scores({10, 10, 10, 5});
  CHECK(alike[3] == doctest::Approx(-5 / (1.2533 * 1.25)));  // mean |x - 10| = 1.25
  CHECK(modified_z_scores({7, 7, 7}) == std::vector<double>{0, 0, 0});
}

TEST_CASE("a fleet of five H100s and two CPUs: groups, ratios, outliers and the threshold") {
  std::vector<RoofsDocument> docs = {gpu("NVIDIA H100 80GB HBM3", "aa", 1.00), gpu("NVIDIA H100 80GB HBM3", "bb", 1.02),
                                     gpu("NVIDIA H100 80GB HBM3", "cc", 0.99), gpu("NVIDIA H100 80GB HBM3", "dd", 1.01),
                                     gpu("NVIDIA H100 80GB HBM3", "ee", 1.00, "575.2")};
  docs[4].ceilings[3].value = 3e12 * 0.80;  // dev4's DRAM read: 0.8 of the others'
  RoofsDocument cpu;
  cpu.device.name = "pthread-zen3";
  cpu.device.type = DeviceType::cpu;
  cpu.device.compute_units = 2;
  cpu.ceilings = {test::compute_roof(DataType::float32, 1e11), test::memory_roof(Op::read, MemoryLevel::of_kind(LevelKind::dram), 4e10)};
  RoofsDocument cpu2 = cpu;
  cpu2.ceilings = {test::compute_roof(DataType::float32, 0.5e11)};  // its DRAM read left out
  docs.push_back(cpu);
  docs.push_back(cpu2);
  const FleetReport r = compare_fleet(inputs_of(docs), {0.9, 3.5});

  REQUIRE(r.groups.size() == 2);
  CHECK(r.groups[0].model.name == "NVIDIA H100 80GB HBM3");  // by name
  CHECK(r.groups[0].devices.size() == 5);
  CHECK(r.groups[0].drivers == std::vector<std::string>{"570.1", "575.2"});
  CHECK(r.groups[1].devices.size() == 2);
  // The median of each key ceiling; the best over widths counts.
  CHECK(*r.groups[0].ceilings[0].median == doctest::Approx(50e12));
  CHECK(*r.groups[0].ceilings[2].median == doctest::Approx(3e12));  // DRAM read: 2.4, 2.97, 3, 3.03, 3.06 -> 3
  // dev4: DRAM read at 0.8 of the median, an outlier by the score and below 0.9.
  const FleetDevice& slow = device(r, "dev4");
  CHECK(*slow.cells[2].ratio == doctest::Approx(0.8));
  CHECK(slow.cells[2].below);
  CHECK(slow.cells[2].outlier);
  CHECK(*slow.cells[2].score < -3.5);
  CHECK(slow.below());
  CHECK_FALSE(slow.cells[0].below);
  // dev1 at 1.02: neither.
  CHECK_FALSE(device(r, "dev1").outlier());
  CHECK_FALSE(device(r, "dev1").below());
  // The CPUs: two devices, no score; the one without DRAM read is missing it, and fails.
  const FleetDevice& cpu_b = device(r, "dev6");
  CHECK_FALSE(cpu_b.cells[0].score);
  CHECK(*cpu_b.cells[0].ratio == doctest::Approx(0.5 / 0.75));
  CHECK(cpu_b.cells[2].missing);
  CHECK(cpu_b.cells[2].below);
  CHECK_FALSE(device(r, "dev5").cells[1].missing);  // no CPU measured double MAD: not missing
  CHECK(r.any_below());
  // Notes: two drivers in the GPUs' group, two devices without a score.
  const auto noted = [&](const std::string& text) {
    return std::any_of(r.notes.begin(), r.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
  };
  CHECK(noted("different drivers (570.1, 575.2)"));
  CHECK(noted("2 devices, no robust score"));

  SUBCASE("without --fail-below nothing is below, outliers stay") {
    const FleetReport plain = compare_fleet(inputs_of(docs));
    CHECK_FALSE(plain.any_below());
    CHECK(device(plain, "dev4").outlier());
    CHECK_FALSE(device(plain, "dev6").cells[2].below);
    CHECK(device(plain, "dev6").cells[2].missing);
  }
  SUBCASE("its JSON is valid against the schema, and says the same") {
    const nlohmann::json j = fleet_to_json(r, "test", "2026-11-28T08:00:00Z");
    const auto problem = schema_problem(j, DocumentKind::fleet);
    CHECK_MESSAGE(!problem, (problem ? problem->text() : ""));
    CHECK(j["below"] == true);
    CHECK(j["key_ceilings"][2]["label"] == "DRAM read");
    CHECK(j["key_ceilings"][4]["label"] == "L2 read");
    CHECK(j["devices"][4]["ceilings"][2]["ratio"].get<double>() == doctest::Approx(0.8));
    CHECK(j["devices"][6]["ceilings"][2]["value"].is_null());
    CHECK(j["devices"][6]["ceilings"][2]["missing"] == true);
  }
  SUBCASE("its CSV: a header and a row per device and key ceiling") {
    const std::string csv = fleet_to_csv(r);
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 1 + 7 * 6);
    CHECK(csv.rfind("file,label,group,model,device,uuid,pci_address,driver,ceiling,unit,value,group_median,ratio,score,outlier,below\n", 0) == 0);
    CHECK(csv.find("fleet/dev4.json,dev4,0,\"NVIDIA H100 80GB HBM3 (132 compute units, 80 GiB)\",NVIDIA H100 80GB HBM3,ee,,575.2,"
                   "DRAM read,B/s,2.4e+12,3e+12,0.8,") != std::string::npos);
  }
  SUBCASE("its strip chart: a dot per device and ceiling, the outlier ringed, the failures squares") {
    const std::string svg = render_fleet_svg(r);
    CHECK(xml_problem(svg) == "");
    CHECK(count(svg, "class=\"median\"") == 1);
    CHECK(count(svg, "class=\"threshold\"") == 1);
    CHECK(count(svg, "class=\"outlier\"") == 1);
    CHECK(count(svg, "class=\"below\"") == 2);   // dev4's DRAM read, dev6's float MAD (0.67)
    CHECK(count(svg, "class=\"missing\"") == 1); // dev6's DRAM read
    // 5 GPUs x 6 ceilings + 2 CPUs x float MAD + 1 CPU DRAM read, less the squares.
    CHECK(count(svg, "class=\"device\"") == 5 * 6 + 2 + 1 - 2);
    CHECK(svg.find(">dev4<") != std::string::npos);  // the flagged devices are labelled
    CHECK(svg.find("0.800 of its group") != std::string::npos);
  }
}

TEST_CASE("the fleet chart kind draws roofs documents, one device or several") {
  const RoofsDocument a = gpu("GPU", "0123456789", 1.0), b = gpu("GPU", "abcdef0123", 0.7);
  REQUIRE(parse_chart("fleet"));
  CHECK(parse_chart("fleet")->kind == ChartKind::fleet);
  CHECK(ChartSpec{ChartKind::fleet}.compares_files());
  const std::string one = render_chart({ChartKind::fleet}, {&a});
  CHECK(xml_problem(one) == "");
  CHECK(one.find("Fleet: 1 device in 1 group") != std::string::npos);
  const std::string two = render_chart({ChartKind::fleet}, {&a, &b});
  CHECK(two.find("GPU abcdef01 — float MAD") != std::string::npos);  // named by name and UUID
  RoofsDocument empty;
  CHECK(render_chart({ChartKind::fleet}, {&empty}).find("no key ceiling measured on any device") != std::string::npos);
}

TEST_CASE("a fleet says which of its roofs come from noisy runs") {
  std::vector<RoofsDocument> docs = {gpu("NVIDIA H100 80GB HBM3", "aa", 1.00), gpu("NVIDIA H100 80GB HBM3", "bb", 0.90),
                                     gpu("NVIDIA H100 80GB HBM3", "cc", 1.00)};
  docs[1].others_cpu_share = 0.6;  // built while other programs took 60% of the host's CPUs
  const FleetReport r = compare_fleet(inputs_of(docs));
  CHECK_FALSE(device(r, "dev0").noisy);
  CHECK(device(r, "dev1").noisy);
  CHECK(std::any_of(r.notes.begin(), r.notes.end(), [](const std::string& n) {
    return n.find(": the roofs of dev1 come from noisy runs (other programs were running): a low ceiling there may be "
                  "the run's, not the device's") != std::string::npos;
  }));
  const nlohmann::json j = fleet_to_json(r, "0.1.0", "2026-12-07T00:00:00Z");
  CHECK(j["devices"][1]["noisy"] == true);
  CHECK(j["devices"][0]["noisy"] == false);
}
