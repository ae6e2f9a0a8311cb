// End-to-end: `roofline fleet` on the committed roofs files, its outputs
// against their schema, the gate's exit status, and what it refuses; output
// templates on the command line (build's -o, trace's -o) and their refusals.
#include <doctest/doctest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "../scaled_roofs.hpp"
#include "run_binary.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kRoofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/";

}  // namespace

TEST_CASE("fleet of the committed roofs files: groups, report, CSV and chart, and the gate") {
  const fs::path dir = scratch_dir("fleet");
  const fs::path in = dir / "in";
  fs::create_directories(in);
  for (const char* f : {"nvidia-h200.json", "nvidia-h200-20261122.json", "nvidia-h200-suite.json", "pthread-haswell-amd-epyc.json"})
    fs::copy_file(kRoofs + f, in / f);
  const RunResult r = run_roofline("fleet '" + in.string() + "' -o '" + (in / "report.json").string() + "' --csv '" +
                                   (dir / "report.csv").string() + "' --svg '" + (dir / "report.svg").string() + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("fleet: 4 devices in 2 groups") != std::string::npos);
  CHECK(r.out.find("group 1: NVIDIA H200 (132 compute units, 140 GiB), 3 devices, driver 580.159.04") != std::string::npos);
  CHECK(schema_problem_of(in / "report.json", roofline::DocumentKind::fleet) == "");
  CHECK(fs::exists(dir / "report.svg"));

  SUBCASE("run again over the same folder: its own report there is skipped, not read as a roofs file") {
    const RunResult again = run_roofline("fleet '" + in.string() + "'");
    CHECK(again.exit_code == 0);
    CHECK(again.out.find("report.json: skipped, another roofline document") != std::string::npos);
  }
  SUBCASE("the gate: a copy at 0.8 of an H200 fails --fail-below 0.9 with status 10, and passes 0.75") {
    json slow = json::parse(slurp(in / "nvidia-h200.json"));
    scale_ceilings(slow, 0.8);
    std::ofstream(in / "slow-h200.json") << slow.dump();
    const RunResult gate = run_roofline("fleet '" + in.string() + "' --fail-below 0.9");
    CHECK(gate.exit_code == 10);
    CHECK(gate.out.find("below: slow-h200 DRAM read at 0.") != std::string::npos);
    CHECK(run_roofline("fleet '" + in.string() + "' --fail-below 0.75 -q").exit_code == 0);
  }
}

TEST_CASE("fleet refuses what it cannot compare, with one line") {
  const fs::path dir = scratch_dir("fleet-bad");
  fs::create_directories(dir / "empty");
  const RunResult empty = run_roofline("fleet '" + (dir / "empty").string() + "'");
  CHECK(empty.exit_code == 2);
  CHECK(empty.err.find("no roofs file (*.json) in this folder") != std::string::npos);
  std::ofstream(dir / "not-roofs.json") << "{\"hello\": 1}";
  const RunResult not_roofs = run_roofline("fleet '" + (dir / "not-roofs.json").string() + "'");
  CHECK(not_roofs.exit_code == 2);
  CHECK(not_roofs.err.find("not-roofs.json") != std::string::npos);
  // An output never replaces an input.
  const fs::path copy = dir / "h200.json";
  fs::copy_file(kRoofs + "nvidia-h200.json", copy);
  const RunResult same = run_roofline("fleet '" + copy.string() + "' -o '" + copy.string() + "'");
  CHECK(same.exit_code == 5);
  CHECK(same.err.find("the fleet report (-o) is a roofs file or folder " + copy.string() + ", which this run reads") != std::string::npos);
  CHECK(json::parse(slurp(copy)).contains("ceilings"));  // untouched
  CHECK(run_roofline("fleet '" + copy.string() + "' --fail-below 1.5").exit_code == 2);
  CHECK(run_roofline("fleet '" + copy.string() + "' --fail-below nan").exit_code == 2);
}

TEST_CASE("output templates on the command line: trace's -o, and their refusals before anything runs") {
  const fs::path dir = scratch_dir("templates");
  const RunResult unknown = run_roofline("trace -o '" + (dir / "x.{node}.json").string() + "' -- /bin/true");
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("unknown placeholder {node}") != std::string::npos);
  const RunResult device = run_roofline("trace -o '" + (dir / "x.{uuid}.json").string() + "' -- /bin/true");
  CHECK(device.exit_code == 2);
  CHECK(device.err.find("trace knows no device before the application runs") != std::string::npos);
  CHECK(run_roofline("build --quick -o '" + (dir / "{job}.json").string() + "'", "env -u SLURM_JOB_ID -u SLURM_ARRAY_JOB_ID")
            .exit_code == 2);
  // A rank from the environment names the file, and the trace records it.
  const RunResult ranked =
      run_roofline("trace -o '" + (dir / "t.{rank}-of-{size}.json").string() + "' -- /bin/true", "OMPI_COMM_WORLD_RANK=3 OMPI_COMM_WORLD_SIZE=4");
  CHECK(ranked.exit_code == 0);
  REQUIRE(fs::exists(dir / "t.3-of-4.json"));
  const json t = json::parse(slurp(dir / "t.3-of-4.json"));
  CHECK(t["process"]["rank"] == 3);
  CHECK(t["process"]["size"] == 4);
  CHECK(t["used_opencl"] == false);
}
