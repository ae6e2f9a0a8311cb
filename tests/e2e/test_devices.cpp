// End-to-end: `build --device all` on the machine's two devices, PoCL and
// Rusticl's llvmpipe (ctest gives RUSTICL_ENABLE=llvmpipe; without it the
// tests say they are skipped). One after another, then --concurrent against
// those builds alone (--alone); the output template's refusals before any
// work; the default device named among several. Each build runs the
// transfers step only (--quick --steps transfers, seconds on either device;
// llvmpipe's DRAM step alone took over 8 minutes on the 2-core machine), so
// the comparison with the builds alone has no key ceiling to compare and
// must say so.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "../unit/icd_env.hpp"
#include "run_binary.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// The devices `roofline devices` lists with Rusticl's llvmpipe registered; 0 where the run has none.
std::size_t device_count() {
  if (rusticl_prefix().empty()) return 0;
  const RunResult r = run_roofline("devices --json", rusticl_prefix());
  REQUIRE(r.exit_code == 0);
  return json::parse(r.out).at("devices").size();
}

std::vector<fs::path> json_files(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".json") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

std::string notes_of(const json& doc) {
  std::string notes;
  for (const json& n : doc.at("notes")) notes += n.get<std::string>() + "\n";
  return notes;
}

}  // namespace

TEST_CASE("build --device all: a roofs file per device, one after another, then at once against the builds alone") {
  const std::size_t devices = device_count();
  if (devices < 2) {
    MESSAGE("fewer than two devices (RUSTICL_ENABLE=llvmpipe not given, or Rusticl not installed): skipped");
    return;
  }
  const fs::path dir = scratch_dir("devices-all");
  fs::create_directories(dir / "alone");
  fs::create_directories(dir / "together");
  const std::string steps = " --quick --steps transfers --energy none";
  const RunResult alone = run_roofline("build --device all" + steps + " -o '" + (dir / "alone/{device}.json").string() +
                                           "' --svg '" + (dir / "alone/{device}.svg").string() + "'",
                                       rusticl_prefix());
  INFO(alone.err);
  REQUIRE(alone.exit_code == 0);
  CHECK(alone.out.find(std::to_string(devices) + " devices built one after another") != std::string::npos);
  const std::vector<fs::path> alone_files = json_files(dir / "alone");
  REQUIRE(alone_files.size() == devices);
  for (const fs::path& f : alone_files) {
    CHECK(schema_problem_of(f, roofline::DocumentKind::roofs) == "");
    CHECK_FALSE(json::parse(slurp(f)).contains("concurrent_with"));
  }

  const RunResult together = run_roofline("build --device all --concurrent --alone '" + (dir / "alone").string() + "'" + steps +
                                              " -o '" + (dir / "together/{device}.json").string() + "' --svg '" +
                                              (dir / "together/{device}.svg").string() + "'",
                                          rusticl_prefix());
  INFO(together.err);
  INFO(together.out);
  REQUIRE(together.exit_code == 0);
  CHECK(together.out.find(std::to_string(devices) + " devices built at once (--concurrent)") != std::string::npos);
  // Each child's table comes back prefixed with its device.
  CHECK(together.out.find("[0:0] ") != std::string::npos);
  // Whether running at once lowered the ceilings: not known without a key ceiling in common.
  CHECK(together.out.find("against its build alone (" + (dir / "alone").string()) != std::string::npos);
  CHECK(together.out.find("whether the concurrent builds lowered each other's ceilings is not known") != std::string::npos);
  const std::vector<fs::path> together_files = json_files(dir / "together");
  REQUIRE(together_files.size() == devices);
  for (const fs::path& f : together_files) {
    CAPTURE(f);
    CHECK(schema_problem_of(f, roofline::DocumentKind::roofs) == "");
    const json doc = json::parse(slurp(f));
    CHECK(doc.at("concurrent_with") == int(devices) - 1);
    const std::string notes = notes_of(doc);
    CHECK(notes.find("measured while the same command measured") != std::string::npos);
    CHECK(notes.find("key ceilings against this device's build alone (" + (dir / "alone").string()) != std::string::npos);
    CHECK(notes.find("none in common, so whether they were lowered is not known") != std::string::npos);
  }
}

TEST_CASE("build --device all refuses, before any work, outputs that do not tell the devices apart") {
  const std::size_t devices = device_count();
  if (devices < 2) {
    MESSAGE("fewer than two devices: skipped");
    return;
  }
  const fs::path dir = scratch_dir("devices-clash");
  const RunResult r = run_roofline("build --device all --quick -o '" + (dir / "one.json").string() + "' --svg '" +
                                       (dir / "{device}.svg").string() + "'",
                                   rusticl_prefix());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("names one file, " + (dir / "one.json").string()) != std::string::npos);
  CHECK(r.err.find("give a template that tells the devices apart") != std::string::npos);
  CHECK(fs::is_empty(dir));
  // A list that names one device twice, and --concurrent for one device.
  const RunResult twice = run_roofline("build --device 0:0,0:0 --quick", rusticl_prefix());
  CHECK(twice.exit_code == 2);
  CHECK(twice.err.find("twice") != std::string::npos);
  const RunResult one = run_roofline("build --device 0:0 --concurrent --quick");
  CHECK(one.exit_code == 2);
  CHECK(one.err.find("--concurrent builds several devices at once") != std::string::npos);
}

TEST_CASE("a build without --device on a machine with several devices says which it took, and --device all") {
  const std::size_t devices = device_count();
  if (devices < 2) {
    MESSAGE("fewer than two devices: skipped");
    return;
  }
  const fs::path dir = scratch_dir("devices-default");
  const RunResult r = run_roofline("build --quick --steps transfers --energy none -o '" + (dir / "default.json").string() +
                                       "' --svg '" + (dir / "default.svg").string() + "'",
                                   rusticl_prefix());
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string said = std::to_string(devices) + " devices found; measured ";
  CHECK(r.err.find("warning: " + said) != std::string::npos);
  CHECK(r.err.find("--device all measures every one") != std::string::npos);
  const std::string notes = notes_of(json::parse(slurp(dir / "default.json")));
  CHECK(notes.find(said) != std::string::npos);
  // One device alone says nothing of the others.
  const RunResult single = run_roofline("build --quick --steps transfers --energy none -o '" + (dir / "single.json").string() +
                                            "' --svg '" + (dir / "single.svg").string() + "'");
  REQUIRE(single.exit_code == 0);
  CHECK(notes_of(json::parse(slurp(dir / "single.json"))).find("devices found") == std::string::npos);
}
