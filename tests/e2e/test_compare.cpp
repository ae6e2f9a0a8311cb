// End-to-end: `roofline compare` of the committed H200 roofs files (each
// ceiling's ratio, the JSON against its schema, the CSV and the chart), the
// gate's exit status on a deliberately slowed copy, what it refuses; and
// `roofline export` of every file kind as CSV, findings with their codes.
// (Two traces of one application at two sizes: tests/capture/test_trace.cpp.)
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "../scaled_roofs.hpp"
#include "run_binary.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kRoofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/";

std::size_t lines_of(const std::string& text) { return std::size_t(std::count(text.begin(), text.end(), '\n')); }

}  // namespace

TEST_CASE("compare of two committed H200 roofs files: each ceiling's ratio, JSON, CSV and chart") {
  const fs::path dir = scratch_dir("compare-roofs");
  const std::string a = kRoofs + "nvidia-h200-20261122.json", b = kRoofs + "nvidia-h200.json";
  const RunResult r = run_roofline("compare '" + a + "' '" + b + "' -o '" + (dir / "c.json").string() + "' --csv '" +
                                   (dir / "c.csv").string() + "' --svg '" + (dir / "c.svg").string() + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("compare roofs: A " + a + " (2026-11-22 08:30 UTC") != std::string::npos);
  CHECK(schema_problem_of(dir / "c.json", roofline::DocumentKind::comparison) == "");
  const json c = json::parse(slurp(dir / "c.json"));
  const json doc_a = json::parse(slurp(a)), doc_b = json::parse(slurp(b));
  std::size_t both = 0;
  for (const json& row : c["rows"]) {
    if (row["speed"].is_null()) continue;
    ++both;
    CHECK(row["speed"].get<double>() == doctest::Approx(row["b"].get<double>() / row["a"].get<double>()));
  }
  CHECK(both >= std::min(doc_a["ceilings"].size(), doc_b["ceilings"].size()) - 2);
  CHECK(lines_of(slurp(dir / "c.csv")) == c["rows"].size() + 1);
  const std::string svg = slurp(dir / "c.svg");
  CHECK(svg.find("A: 2026-11-22 08:30 UTC") != std::string::npos);
  CHECK(svg.find("vs  B: 2026-11-24 00:17 UTC") != std::string::npos);

  SUBCASE("the gate: a copy with every ceiling at 0.9 fails --fail-if-slower 5% with status 12, passes 15%") {
    json slow = doc_b;
    scale_ceilings(slow, 0.9);
    std::ofstream(dir / "slow.json") << slow.dump();
    const RunResult gate = run_roofline("compare '" + b + "' '" + (dir / "slow.json").string() + "' --fail-if-slower 5%");
    CHECK(gate.exit_code == 12);
    CHECK(gate.out.find("DRAM read") != std::string::npos);
    CHECK(gate.out.find(" slower than 0.95 of A's (--fail-if-slower 5%)") != std::string::npos);
    CHECK(run_roofline("compare '" + b + "' '" + (dir / "slow.json").string() + "' --fail-if-slower 0.15 -q").exit_code == 0);
  }
  SUBCASE("refusals: two kinds, a bad threshold, a fleet report") {
    const std::string trace = kRoofs + "raw/trace-nvidia-h200/babelstream-count/babelstream.trace.json";
    const RunResult kinds = run_roofline("compare '" + a + "' '" + trace + "'");
    CHECK(kinds.exit_code == 2);
    CHECK(kinds.err.find("compare takes two files of one kind") != std::string::npos);
    CHECK(run_roofline("compare '" + a + "' '" + b + "' --fail-if-slower 120%").exit_code == 2);
    const RunResult fleet = run_roofline("compare '" + kRoofs + "cluster/committed/fleet.json' '" + a + "'");
    CHECK(fleet.exit_code == 2);
    CHECK(fleet.err.find("is a roofline-fleet document") != std::string::npos);
  }
}

TEST_CASE("export writes each file kind's table as CSV, findings with their codes") {
  const fs::path dir = scratch_dir("export");
  const RunResult ceilings = run_roofline("export '" + kRoofs + "nvidia-h200.json'");
  REQUIRE(ceilings.exit_code == 0);
  CHECK(ceilings.out.rfind("file,device,date,kind,op,type,width,level,label,unit,value,", 0) == 0);
  CHECK(lines_of(ceilings.out) == json::parse(slurp(kRoofs + "nvidia-h200.json"))["ceilings"].size() + 1);

  const std::string trace = kRoofs + "raw/trace-nvidia-h200/babelstream-count/babelstream.trace.json";
  const RunResult kernels = run_roofline("export '" + trace + "' --csv '" + (dir / "k.csv").string() + "'");
  REQUIRE(kernels.exit_code == 0);
  const std::string k = slurp(dir / "k.csv");
  CHECK(k.rfind("file,kernel,program,build_options,launches,seconds,median_seconds,time_share,placed,ai,performance,unit,bound,", 0) == 0);
  CHECK(lines_of(k) == json::parse(slurp(trace))["kernels"].size() + 1);

  const RunResult findings = run_roofline("export '" + kRoofs + "place/nvidia-h200-analysis/matmul_coalescedA.analysis.json'");
  REQUIRE(findings.exit_code == 0);
  CHECK(findings.out.rfind("file,kernel,code,where,text,suggestion\n", 0) == 0);

  const RunResult none = run_roofline("export '" + kRoofs + "nvidia-h200.json' --table kernels");
  CHECK(none.exit_code == 2);
  CHECK(none.err.find("holds no kernels table") != std::string::npos);
}
