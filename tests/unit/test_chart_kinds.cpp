// Tests of the chart room's newer parts: compute-roof picks, point labels,
// the chart kinds and default set, placement files, the launch-sweep and
// energy charts, and inlining SVGs into the report.
#include <doctest/doctest.h>

#include <cstdio>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "chart/chart_kinds.hpp"
#include "chart/point_labels.hpp"
#include "chart/report.hpp"
#include "chart/roof_picks.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"
#include "xml_check.hpp"

using namespace roofline;

namespace {

Ceiling compute(Op op, DataType type, double value) {
  Ceiling c;
  c.kind = CeilingKind::compute;
  c.op = op;
  c.type = type;
  c.value = value;
  return c;
}

Ceiling memory(const MemoryLevel& level, double value) {
  Ceiling c;
  c.kind = CeilingKind::memory;
  c.op = Op::read;
  c.type = DataType::int32;
  c.level = level;
  c.value = value;
  return c;
}

RoofsDocument eight_roofs() {
  RoofsDocument d;
  d.device.name = "Test GPU";
  for (DataType t : {DataType::float16, DataType::float32, DataType::float64, DataType::int32})
    for (Op op : {Op::add, Op::mad}) d.ceilings.push_back(compute(op, t, 1e12 * (1 + d.ceilings.size())));
  d.ceilings.push_back(memory(MemoryLevel::of_kind(LevelKind::dram), 1e12));
  return d;
}

}  // namespace

TEST_CASE("compute roof picks") {
  const RoofsDocument d = eight_roofs();
  SUBCASE("default: float MAD, float ADD, double MAD and the best int") {
    const auto picked = chart::pick_compute_roofs(d, {});
    REQUIRE(picked.size() == 4);
    CHECK(picked[0]->label() == "float MAD");
    CHECK(picked[1]->label() == "float ADD");
    CHECK(picked[2]->label() == "double MAD");
    CHECK(picked[3]->label() == "int MAD");  // 8 TINTOP/s beats int ADD's 7
  }
  SUBCASE("explicit picks keep their order; a type alone is its best op; all is all") {
    const auto picked = chart::pick_compute_roofs(d, {"half", "double:add"});
    REQUIRE(picked.size() == 2);
    CHECK(picked[0]->label() == "half MAD");
    CHECK(picked[1]->label() == "double ADD");
    CHECK(chart::pick_compute_roofs(d, {"all"}).size() == 8);
  }
  SUBCASE("a document without the default roofs shows what it has") {
    RoofsDocument only_half;
    only_half.ceilings = {compute(Op::mad, DataType::float16, 1e12)};
    CHECK(chart::pick_compute_roofs(only_half, {}).size() == 1);
  }
  SUBCASE("malformed picks are refused with the pick named") {
    CHECK_THROWS_WITH_AS(chart::check_roof_picks({"float:fma"}), doctest::Contains("float:fma"), std::invalid_argument);
    CHECK_THROWS_WITH_AS(chart::check_roof_picks({"quad"}), doctest::Contains("quad"), std::invalid_argument);
    CHECK_NOTHROW(chart::check_roof_picks({"all", "int", "double:mad"}));
  }
}

TEST_CASE("point labels keep clear of each other, the markers and the plot's edges") {
  const chart::Rect plot{80, 60, 900, 580};
  chart::Obstacles drawn;
  drawn.segments.push_back({{80, 300}, {900, 300}});  // a roof across the middle
  std::vector<chart::PointToLabel> points;
  // A tight cluster of six and four spread out, one at the right edge.
  for (int i = 0; i < 6; ++i) points.push_back({{400.0 + 6 * i, 320.0 + 4 * i}, 5, "kernel_" + std::to_string(i)});
  for (int i = 0; i < 3; ++i) points.push_back({{150.0 + 200 * i, 500}, 5, "spread_" + std::to_string(i)});
  points.push_back({{895, 100}, 5, "at_the_edge"});
  const auto placed = chart::place_point_labels(points, 11.5, plot, drawn);
  REQUIRE(placed.size() == points.size());
  std::vector<chart::PlacedLabel> labels;
  for (const auto& l : placed) {
    REQUIRE(l);
    labels.push_back(*l);
  }
  for (std::size_t i = 0; i < labels.size(); ++i) {
    CAPTURE(points[i].text);
    CHECK(labels[i].collisions == 0);
    CHECK(labels[i].box.x0 >= plot.x0);
    CHECK(labels[i].box.x1 <= plot.x1);
    CHECK_FALSE(chart::segment_hits(drawn.segments[0], labels[i].box));
    for (std::size_t j = 0; j < labels.size(); ++j)
      if (i != j) CHECK_FALSE(labels[i].box.overlaps(labels[j].box));
    for (const auto& p : points) CHECK_FALSE(labels[i].box.contains(p.at));
  }
  CHECK(labels[9].box.x1 < 895);  // the one at the edge went left
}

TEST_CASE("chart kinds") {
  RoofsDocument d = eight_roofs();
  CHECK(chart_kind_names().size() == 14);
  SUBCASE("the default set follows what was measured") {
    std::vector<std::string> kinds;
    for (const auto& c : default_charts(d)) kinds.push_back(c.name() + c.suffix());
    CHECK(kinds == std::vector<std::string>{"carm"});
    d.ceilings[1].sweep_wg_count = {{{1024, 256}, Stats{1e12}, std::nullopt}, {{2048, 256}, Stats{2e12}, Stats{100}}};
    d.energy = EnergySection{};
    d.energy->model = PowerModel{};
    kinds.clear();
    for (const auto& c : default_charts(d)) kinds.push_back(c.suffix());
    CHECK(kinds == std::vector<std::string>{"", "-wg-count", "-wg-size", "-power", "-energy", "-efficiency",
                                            "-wg-count-power", "-wg-count-efficiency"});
  }
  SUBCASE("unknown kinds and misplaced metrics are refused") {
    CHECK_FALSE(parse_chart("pie"));
    CHECK_THROWS_AS(render_chart({ChartKind::carm, SweepMetric::power}, {&d}), std::invalid_argument);
    CHECK(parse_chart("wg-count")->kind == ChartKind::wg_count);
    CHECK_FALSE(parse_sweep_metric("joy"));
    CHECK_THROWS_AS(render_chart({ChartKind::carm}, {}), std::invalid_argument);
  }
  SUBCASE("charts without their data say so and stay valid") {
    const std::string power = render_chart({ChartKind::power}, {&d});
    CHECK(xml_problem(power) == "");
    CHECK(power.find("no power model in this roofs file") != std::string::npos);
    const std::string sweep = render_chart({ChartKind::wg_size}, {&d});
    CHECK(xml_problem(sweep) == "");
    CHECK(sweep.find("no launch sweeps in this roofs file") != std::string::npos);
  }
}

TEST_CASE("a work-group count sweep at several work-group sizes draws a line per size") {
  RoofsDocument d = eight_roofs();
  Ceiling& c = d.ceilings.back();  // DRAM read, best at 1024 work-groups of 256
  c.launch = {1024 * 256, 256};
  for (std::uint64_t groups : {256, 512, 1024})
    for (std::uint64_t local : {256, 1024})
      c.sweep_wg_count.push_back({{groups * local, local}, Stats{1e12 * (local == 256 ? 1.0 : 0.9)}, std::nullopt});
  const std::string svg = render_chart({ChartKind::wg_count}, {&d});
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "class=\"sweep\"") == 2);
  CHECK(count(svg, "stroke-dasharray=\"5 3\"") >= 2);  // the other size's line, and its legend entry
  CHECK(svg.find("dashed: the other sizes swept") != std::string::npos);
  // No line goes back along x (one that joined both sizes at each count would).
  static const std::regex line(R"re(<polyline points="([^"]*)" class="sweep")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), line), stop; it != stop; ++it) {
    std::istringstream pts((*it)[1].str());
    double last = -1, x, y;
    char comma;
    while (pts >> x >> comma >> y) {
      CHECK(x > last);
      last = x;
    }
  }
}

TEST_CASE("the power CARM follows the model") {
  RoofsDocument d = eight_roofs();
  EnergySection e;
  e.backend = "nvml";
  PowerModel m;
  m.constant_watts = 100;
  m.compute = {{Op::mad, DataType::float32, 4e12, 200}};
  m.memory = {{MemoryLevel::of_kind(LevelKind::dram), 1e12, 50, 0.99, 6}};
  e.model = m;
  d.energy = e;
  const PowerRoof r = power_roof(m, m.compute[0], m.memory[0]);
  CHECK(r.ridge() == doctest::Approx(4));
  CHECK(r.power(4) == doctest::Approx(350));       // the peak: P_c + P_phi + P_beta
  CHECK(r.power(1) == doctest::Approx(200));       // 100 + 50 + 200 / 4
  CHECK(r.power(16) == doctest::Approx(312.5));    // 100 + 200 + 50 / 4
  CHECK(r.efficiency(16) == doctest::Approx(4e12 / 312.5));
  CHECK(r.energy_per_op(1) == doctest::Approx(200 / 1e12));
  const std::string svg = render_chart({ChartKind::power}, {&d});
  CHECK(xml_problem(svg) == "");
  CHECK(count(svg, "class=\"energy-roof\"") == 1);
  CHECK(svg.find("ridge of DRAM: 4 op/byte") != std::string::npos);
  CHECK(svg.find("P_β 50 W, R² 0.990") != std::string::npos);
}

TEST_CASE("placement files: one object, an array, or {placements: [...]}") {
  Placement p;
  p.kernel = "triad";
  p.flops = 2e6;
  p.bytes = 24e6;
  p.ai = p.flops / p.bytes;
  p.seconds = 1e-3;
  p.performance = 2e9;
  p.attained = {MemoryLevel::of_kind(LevelKind::dram), "DRAM read", 2.5e9, 0.8};
  p.flops_by_type = {{DataType::float32, 2e6}};
  p.bytes_by_space = {{AddressSpace::global, {16e6, 8e6}}};
  const std::string path = "test_placements.json";
  const auto write = [&](const nlohmann::json& j) { std::ofstream(path) << j.dump(); };
  write(nlohmann::json(p));
  auto loaded = load_placements(path);
  REQUIRE(loaded.size() == 1);
  CHECK(loaded[0].kernel == "triad");
  CHECK(loaded[0].attained.roof == "DRAM read");
  CHECK(loaded[0].bytes_by_space[AddressSpace::global].store == 8e6);
  write(nlohmann::json::array({p, p}));
  CHECK(load_placements(path).size() == 2);
  write({{"placements", {p, p, p}}});
  CHECK(load_placements(path).size() == 3);
  p.performance = 0;
  write(nlohmann::json(p));
  CHECK_THROWS_WITH_AS(load_placements(path), doctest::Contains("triad"), std::runtime_error);
  write(nlohmann::json(42));
  CHECK_THROWS_AS(load_placements(path), std::runtime_error);
  std::remove(path.c_str());
  CHECK_THROWS_WITH_AS(load_placements(path), doctest::Contains("cannot read"), std::runtime_error);
}

TEST_CASE("inline_svg keeps the ids of several charts apart") {
  const std::string svg = "<?xml version=\"1.0\"?>\n<svg><defs><clipPath id=\"plot-area\"/></defs>"
                          "<g id=\"roofs\" clip-path=\"url(#plot-area)\"/></svg>\n";
  const std::string out = inline_svg(svg, "c1-");
  CHECK(out.find("<?xml") == std::string::npos);
  CHECK(out.find("id=\"c1-plot-area\"") != std::string::npos);
  CHECK(out.find("id=\"c1-roofs\"") != std::string::npos);
  CHECK(out.find("url(#c1-plot-area)") != std::string::npos);
  CHECK(out.find("\"plot-area\"") == std::string::npos);
}

TEST_CASE("the report: charts first under a table of contents, each kernel's file, one notation, runs told apart") {
  const std::string source = ROOFLINE_SOURCE_DIR;
  const RoofsDocument h200 = load_roofs(source + "/roofs/nvidia-h200.json");
  const RoofsDocument cpu = load_roofs(source + "/roofs/pthread-haswell-amd-epyc.json");
  ReportInputs in;
  in.docs = {&h200};
  in.doc_files = {"roofs/nvidia-h200.json"};
  for (const char* k : {"triad", "nbody"}) {
    for (Placement& p : load_placements(source + "/roofs/place/nvidia-h200/" + k + ".json")) in.dots.push_back(std::move(p));
    in.dot_files.push_back(std::string("place/") + k + ".json");
  }
  const std::string html = render_report_html(in);
  CHECK(xml_problem(html.substr(html.find("<svg "), html.find("</svg>") + 6 - html.find("<svg "))).empty());
  // The contents list every section, and the charts come before any table.
  CHECK(html.find("<nav id=\"toc\">") != std::string::npos);
  CHECK(html.find("<li><a href=\"#s1\">Charts</a></li>") != std::string::npos);
  CHECK(html.find("<h2 id=\"s1\">Charts</h2>") < html.find("<table"));
  CHECK(html.find("<figure class=\"chart\">") < html.find("<table"));
  // A row per kernel, named as its dots are, with its file; counts with prefixes, no exponents.
  CHECK(html.find("<tr data-dot=\"0\"><td>triad</td><td>place/triad.json</td>") != std::string::npos);
  CHECK(html.find("<tr data-dot=\"1\"><td>nbody</td><td>place/nbody.json</td>") != std::string::npos);
  CHECK(html.find("<g class=\"kernel\" data-dot=\"1\">") != std::string::npos);
  const std::size_t table = html.find("Kernels on the CARM");
  CHECK(html.find("e+", table) > html.find("</table>", table));
  CHECK(html.find("\"label\":\"triad\"") != std::string::npos);
  CHECK(html.find("<script>") != std::string::npos);
  SUBCASE("two runs: their CARM together, then each run's charts and tables, by name") {
    in.docs.push_back(&cpu);
    in.doc_files.push_back("roofs/pthread-haswell-amd-epyc.json");
    const std::string two = render_report_html(in);
    CHECK(two.find("Cache-aware roofline of the 2 runs together") != std::string::npos);
    CHECK(two.find("<h3>run 2 (") != std::string::npos);
    CHECK(two.find("run 1 (NVIDIA H200") != std::string::npos);
    CHECK(two.find("roofs/pthread-haswell-amd-epyc.json: measured") != std::string::npos);
    static const std::regex id(R"re( id="([^"]+)")re");
    std::set<std::string> ids;
    for (std::sregex_iterator it(two.begin(), two.end(), id), stop; it != stop; ++it) CHECK(ids.insert((*it)[1]).second);
  }
}

TEST_CASE("dot weights make each dot's area in proportion to its weight") {
  Placement heavy, light;
  heavy.kernel = "heavy";
  light.kernel = "light";
  for (Placement* p : {&heavy, &light}) {
    p->flops = 1e9;
    p->bytes = 1e9;
    p->ai = 1;
    p->seconds = 1e-3;
    p->performance = 1e12;
    p->flops_by_type = {{DataType::float32, 1e9}};
  }
  light.ai = 4;  // apart from the heavy dot
  const RoofsDocument doc = eight_roofs();
  ChartOptions opt;
  const std::string same = render_chart(ChartSpec{ChartKind::carm}, {&doc}, opt, {heavy, light});
  CHECK(count(same, "r=\"5.00\" class=\"dot\"") == 2);
  opt.dot_weights = {0.8, 0.2};  // a quarter of the area: half the radius
  const std::string weighted = render_chart(ChartSpec{ChartKind::carm}, {&doc}, opt, {heavy, light});
  CHECK(count(weighted, "r=\"10.00\" class=\"dot\"") == 1);
  CHECK(count(weighted, "r=\"5.00\" class=\"dot\"") == 1);
  opt.dot_weights = {1.0, 1e-6};  // too small to see: kept at 2.5 pixels
  CHECK(count(render_chart(ChartSpec{ChartKind::carm}, {&doc}, opt, {heavy, light}), "r=\"2.50\" class=\"dot\"") == 1);
}
