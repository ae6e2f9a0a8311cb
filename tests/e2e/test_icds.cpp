// End-to-end: every ICD registered on the machine side by side, the real
// binary on each. CI registers PoCL, Mesa's Rusticl and Clover
// (mesa-opencl-icd) and Intel's runtime (intel-opencl-icd, no platform
// without its hardware): `devices` lists every platform and device, and
// `build`, `count` and `place` run on Rusticl's llvmpipe as on PoCL, with
// the same counts. Rusticl offers llvmpipe only with RUSTICL_ENABLE=llvmpipe,
// which ctest gives the run (tests/CMakeLists.txt) and these tests pass on to
// the commands that need it (unit/icd_env.hpp; every other test runs without). `trace` on Rusticl is in capture/test_trace.cpp.
// docs/drivers.md says what Rusticl gets wrong and what roofline does about it.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "../unit/icd_env.hpp"
#include "run_binary.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// llvmpipe's list index, or -1 (said in the test's output) where the run was
// not given RUSTICL_ENABLE or Rusticl is not installed (mesa-opencl-icd,
// third_party/packages.txt).
int llvmpipe_index() {
  if (rusticl_prefix().empty()) {
    MESSAGE("RUSTICL_ENABLE was not given to this run (ctest gives llvmpipe): skipped");
    return -1;
  }
  const RunResult r = run_roofline("devices --json", rusticl_prefix());
  REQUIRE(r.exit_code == 0);
  const json listed = json::parse(r.out);
  for (const json& d : listed.at("devices"))
    if (d.at("name").get<std::string>().rfind("llvmpipe", 0) == 0) return d.at("index").get<int>();
  MESSAGE("Rusticl's llvmpipe is not registered (mesa-opencl-icd): skipped");
  return -1;
}

std::string kernel_file(const std::string& path) { return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/" + path + "'"; }

// `count FILE ARGS` on a device, its counts file's document.
json counts_on(const std::string& device, const std::string& args, RunResult& r) {
  const fs::path out = scratch_dir("icds-count-" + device) / "counts.json";
  r = run_roofline("count " + args + " --device " + device + " -q -o '" + out.string() + "'", rusticl_prefix());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(schema_problem_of(out, roofline::DocumentKind::counts) == "");
  return json::parse(slurp(out));
}

}  // namespace

TEST_CASE("devices lists every platform, those without devices said so, and every device") {
  for (const std::string& env : {std::string(), rusticl_prefix()}) {
    CAPTURE(env);
    const RunResult listed = run_roofline("devices --json", env);
    REQUIRE(listed.exit_code == 0);
    const json j = json::parse(listed.out);
    const RunResult table = run_roofline("devices", env);
    REQUIRE(table.exit_code == 0);
    // The platforms' device counts add up to the devices listed, and the
    // table names every platform and every device.
    int devices = 0;
    for (const json& p : j.at("platforms")) {
      devices += p.at("devices").get<int>();
      CHECK(table.out.find("platform " + std::to_string(p.at("index").get<int>()) + ": " + p.at("name").get<std::string>()) !=
            std::string::npos);
      if (p.at("devices") == 0) {
        CHECK(p.at("why_none").get<std::string>().find("no devices") == 0);
        CHECK(table.out.find(p.at("why_none").get<std::string>()) != std::string::npos);
      }
    }
    CHECK(devices == int(j.at("devices").size()));
    for (const json& d : j.at("devices")) {
      CHECK(table.out.find(d.at("name").get<std::string>()) != std::string::npos);
      // llvmpipe's gaps named in both: no fp64, and its loop limit.
      if (d.at("name").get<std::string>().rfind("llvmpipe", 0) != 0) continue;
      const std::string gaps = d.at("gaps").dump();
      CHECK(gaps.find("no cl_khr_fp64 (no double roofs)") != std::string::npos);
      CHECK(gaps.find("its loops stop after 65535 iterations") != std::string::npos);
      CHECK(table.out.find("gaps: no cl_khr_fp64 (no double roofs)") != std::string::npos);
    }
  }
  // Without RUSTICL_ENABLE the rusticl platform has no device, and says how to get one.
  const json plain = json::parse(run_roofline("devices --json").out);
  for (const json& p : plain.at("platforms"))
    if (p.at("name") == "rusticl") CHECK(p.at("why_none").get<std::string>().find("RUSTICL_ENABLE=llvmpipe") != std::string::npos);
}

TEST_CASE("build --quick --steps compute on Rusticl checks every kernel and names what the driver lacks") {
  const int index = llvmpipe_index();
  if (index < 0) return;
  const fs::path dir = scratch_dir("icds-build");
  const fs::path roofs = dir / "llvmpipe.json";
  const RunResult r = run_roofline("build --quick --steps compute --device " + std::to_string(index) + " -o '" + roofs.string() +
                                       "' --svg '" + (dir / "llvmpipe.svg").string() + "'",
                                   rusticl_prefix());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);  // no kernel failed its host check: the loops are kept within the driver's budget
  CHECK(schema_problem_of(roofs, roofline::DocumentKind::roofs) == "");
  const json doc = json::parse(slurp(roofs));
  // Every compute ceiling of int and float, ADD and MAD, each width.
  int compute = 0;
  for (const json& c : doc.at("ceilings")) compute += c.at("kind") == "compute";
  CHECK(compute == 2 * 2 * 5);
  // The gaps, on stderr as warnings and in the roofs file's notes.
  std::string notes;
  for (const json& n : doc.at("notes")) notes += n.get<std::string>() + "\n";
  for (const char* gap : {"no double roofs: the device does not offer cl_khr_fp64", "profiling stamps are not a clock",
                          "stops a work-item's loops after 65535 iterations", "only the steps compute were run"}) {
    CAPTURE(gap);
    CHECK(notes.find(gap) != std::string::npos);
  }
  CHECK(r.err.find("warning: the driver stops a work-item's loops after 65535 iterations") != std::string::npos);
}

TEST_CASE("count and place give the same counts on Rusticl as on PoCL") {
  const int index = llvmpipe_index();
  if (index < 0) return;
  // A tiled matrix multiply: loops, local memory and barriers.
  const std::string args = kernel_file("examples/matmul_coalescedA.cl") + " -D DIM=64";
  RunResult pocl_run, rusticl_run;
  const json pocl = counts_on("0:0", args, pocl_run);
  const json rusticl = counts_on(std::to_string(index), args, rusticl_run);
  CHECK(rusticl.at("counters") == pocl.at("counters"));
  CHECK(rusticl.at("work_items") == pocl.at("work_items"));
  CHECK(rusticl_run.err.find("llvmpipe stops a work-item's loops after 65535 iterations") != std::string::npos);

  const fs::path placed = scratch_dir("icds-place") / "place.json";
  const RunResult place = run_roofline("place " + args + " --device " + std::to_string(index) + " --runs 5 --warmup 0 -o '" +
                                           placed.string() + "'",
                                       rusticl_prefix());
  INFO(place.err);
  REQUIRE(place.exit_code == 0);
  const json p = json::parse(slurp(placed));
  CHECK(p.at("flops") == pocl.at("flops"));
  CHECK(p.at("seconds").get<double>() > 1e-6);  // timed on the host, not by the driver's 1 ns stamps
  CHECK(p.at("note").get<std::string>().find("profiling stamps are not a clock") != std::string::npos);
}
