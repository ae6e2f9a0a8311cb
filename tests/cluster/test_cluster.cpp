// Clusters with the real engines, on this machine: the sbatch health check of
// examples/slurm/ run as an array on the single-node SLURM the fixture starts
// (slurm_up.sh), its files gathered by `roofline fleet`; and an MPI + OpenCL
// application (mpi_app.c, two ranks under Open MPI) traced rank by rank with
// exact counts, merged with `trace --merge`, and traced whole through mpirun.
// Every wait is for an event: sbatch --wait returns when the array is done,
// mpirun when its ranks are.
#include <doctest/doctest.h>

#include <algorithm>
#include <regex>
#include <vector>

#include <nlohmann/json.hpp>

#include "../scaled_roofs.hpp"
#include "../e2e/run_binary.hpp"
#include "../e2e/schema_check.hpp"
#include "../unit/xml_check.hpp"

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const std::string kSource = ROOFLINE_SOURCE_DIR;
// The array's tasks, at once on the node's 2 CPUs: each a quick build.
constexpr int kTasks = 2;
// Open MPI as CI runs it: as root, on a 2-core machine.
const std::string kMpirunArgs = "--allow-run-as-root --oversubscribe -n 2";
// Per rank r: axpy over (r + 1) * kElements items, kLaunches times.
constexpr std::uint64_t kElements = 65536, kLaunches = 3;
const std::string kAppArgs = " --elements " + std::to_string(kElements) + " --launches " + std::to_string(kLaunches);

// The client environment of the fixture's SLURM (SLURM_CONF=...).
std::string slurm_env() {
  std::string env = slurp(fs::path(SLURM_TEST_DIR) / "env");
  env.erase(std::remove(env.begin(), env.end(), '\n'), env.end());
  return env;
}

json read_json(const fs::path& p) { return json::parse(slurp(p)); }

const json* kernel(const json& trace, const std::string& name) {
  for (const json& k : trace["kernels"])
    if (k["kernel"] == name) return &k;
  return nullptr;
}

// A roofs file with each key ceiling scaled: a degraded node.
void write_degraded(const fs::path& from, const fs::path& to, double scale) {
  json j = read_json(from);
  scale_ceilings(j, scale);
  std::ofstream(to) << j.dump(1);
}

}  // namespace

TEST_CASE("an sbatch array builds on each task's device, and roofline fleet gathers and gates the files") {
  const fs::path dir = scratch_dir("slurm");
  const fs::path fleet = dir / "fleet";
  // Each task: a quick build on the PoCL CPU device into fleet/{host}-{device}-{job}_{array}.json.
  const std::string array = "--array=0-" + std::to_string(kTasks - 1);
  const std::string settings = slurm_env() + " ROOFLINE='" + ROOFLINE_BINARY + "' ROOFLINE_DEVICE=cpu FLEET_DIR='" + fleet.string() + "'";
  const RunResult job = run_program(
      "sbatch", "--wait --parsable " + array + " --chdir='" + dir.string() + "' '" + kSource + "/examples/slurm/health_check.sbatch'",
      settings);
  INFO("sbatch: " << job.out << job.err);
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().extension() == ".out") INFO(e.path().filename().string() << ":\n" << slurp(e.path()));
  REQUIRE(job.exit_code == 0);
  const std::string job_id = job.out.substr(0, job.out.find_first_of(";\n"));
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fleet))
    if (e.path().extension() == ".json") files.push_back(e.path());
  std::sort(files.begin(), files.end());
  REQUIRE(files.size() == kTasks);
  for (std::size_t task = 0; task < kTasks; ++task) {
    // host-device-job_task.json, from the template.
    const std::string name = files[task].filename().string();
    const std::regex templated("[A-Za-z0-9.-]+-pthread-[a-z0-9-]+-" + job_id + "_" + std::to_string(task) + "\\.json");
    CHECK(std::regex_match(name, templated));
    CHECK(schema_problem_of(files[task], roofline::DocumentKind::roofs) == "");
    CHECK(read_json(files[task])["quick"] == true);
    CHECK(fs::exists(fleet / "plots" / (files[task].stem().string() + ".svg")));
  }

  // No SUBCASE here: doctest would run the array again for each.
  {  // the fleet report of the tasks: one group, a ratio per key ceiling, JSON, CSV and chart
    const RunResult r = run_roofline("fleet '" + fleet.string() + "' -o '" + (dir / "fleet.json").string() + "' --csv '" +
                                     (dir / "fleet.csv").string() + "' --svg '" + (dir / "fleet.svg").string() + "'");
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("fleet: " + std::to_string(kTasks) + (kTasks == 1 ? " device" : " devices") + " in 1 group") !=
          std::string::npos);
    CHECK(schema_problem_of(dir / "fleet.json", roofline::DocumentKind::fleet) == "");
    const json report = read_json(dir / "fleet.json");
    REQUIRE(report["groups"].size() == 1);
    CHECK(report["groups"][0]["devices"].size() == kTasks);
    CHECK(report["devices"][0]["ceilings"][0]["ratio"].is_number());  // float MAD: every PoCL build measures it
    const std::string csv = slurp(dir / "fleet.csv");
    CHECK(std::count(csv.begin(), csv.end(), '\n') == 1 + kTasks * 6);
    CHECK(xml_problem(slurp(dir / "fleet.svg")) == "");
  }
  {  // a degraded node fails the gate, and is named
    // One task's file, a twin of it and a copy at half its ceilings: the
    // median is the file's own, so the ratios are exact whatever the load
    // on this machine made of the builds.
    const fs::path gate = dir / "gate";
    fs::create_directories(gate);
    fs::copy_file(files[0], gate / "node-a.json");
    write_degraded(files[0], gate / "node-b.json", 1.0);
    write_degraded(files[0], gate / "degraded.json", 0.5);
    const RunResult r =
        run_roofline("fleet '" + gate.string() + "' --fail-below 0.9 -o '" + (dir / "gate.json").string() + "'");
    INFO(r.out << r.err);
    CHECK(r.exit_code == 10);
    CHECK(r.out.find("below: degraded float MAD at 0.500 of the group's median") != std::string::npos);
    const json report = read_json(dir / "gate.json");
    CHECK(report["below"] == true);
    for (const json& d : report["devices"]) CHECK(d["below"] == (d["label"] == "degraded"));
  }
}

TEST_CASE("mpirun -n 2 roofline trace: each rank traces its own process with exact counts, and --merge combines them") {
  const fs::path dir = scratch_dir("mpi-ranks");
  const std::string output = (dir / "app.{rank}.trace.json").string();
  const RunResult run =
      run_program(MPIRUN, kMpirunArgs + " '" + ROOFLINE_BINARY + "' trace -o '" + output + "' -- '" + MPI_APP + "'" + kAppArgs);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  // The application's own output.
  CHECK(run.out.find("rank 1: " + std::to_string(2 * kElements) + " elements") != std::string::npos);
  std::vector<double> seconds;
  for (int rank = 0; rank < 2; ++rank) {
    CAPTURE(rank);
    const fs::path file = dir / ("app." + std::to_string(rank) + ".trace.json");
    REQUIRE(fs::exists(file));
    CHECK(schema_problem_of(file, roofline::DocumentKind::trace) == "");
    const json t = read_json(file);
    CHECK(t["process"]["rank"] == rank);
    CHECK(t["process"]["size"] == 2);
    const json* axpy = kernel(t, "axpy");
    REQUIRE(axpy);
    // y[i] = a * x[i] + y[i] over (rank + 1) * E items: 2 FLOPs, 8 bytes loaded, 4 stored per item.
    const std::uint64_t n = (rank + 1) * kElements;
    CHECK((*axpy)["launches"] == kLaunches);
    REQUIRE((*axpy)["signatures"].size() == 1);
    const json& c = (*axpy)["signatures"][0]["counts"]["counters"];
    CHECK(c["flop_float"] == 2 * n);
    CHECK(c["global_load"] == 8 * n);
    CHECK(c["global_store"] == 4 * n);
    seconds.push_back((*axpy)["seconds"].get<double>());
  }

  const std::string roofs = kSource + "/roofs/pthread-haswell-amd-epyc.json";
  const RunResult merge = run_roofline("trace --merge '" + (dir / "app.0.trace.json").string() + "' '" +
                                       (dir / "app.1.trace.json").string() + "' --roofs '" + roofs + "' -o '" +
                                       (dir / "merged.trace.json").string() + "' --svg '" + (dir / "merged.svg").string() + "'");
  INFO(merge.out << merge.err);
  REQUIRE(merge.exit_code == 0);
  CHECK(merge.out.find("2 ranks merged") != std::string::npos);
  CHECK(schema_problem_of(dir / "merged.trace.json", roofline::DocumentKind::trace) == "");
  const json m = read_json(dir / "merged.trace.json");
  REQUIRE(m["ranks"].size() == 2);
  const json* axpy = kernel(m, "axpy");
  REQUIRE(axpy);
  CHECK((*axpy)["launches"] == 2 * kLaunches);
  CHECK((*axpy)["signatures"].size() == 2);
  // The mean launch: E and 2E items, 3 launches each: 1.5 E items.
  CHECK((*axpy)["placement"]["flops"].get<double>() == doctest::Approx(2 * 1.5 * kElements));
  CHECK((*axpy)["placement"]["bytes"].get<double>() == doctest::Approx(12 * 1.5 * kElements));
  // Each rank's time and share as the ranks' files say, and the imbalance: the largest over the mean.
  const json& ranks = (*axpy)["ranks"];
  REQUIRE(ranks.size() == 2);
  const double total = seconds[0] + seconds[1];
  for (int r = 0; r < 2; ++r) {
    CHECK(ranks[r]["seconds"].get<double>() == doctest::Approx(seconds[r]));
    CHECK(ranks[r]["share"].get<double>() == doctest::Approx(seconds[r] / total));
  }
  CHECK((*axpy)["imbalance"].get<double>() == doctest::Approx(std::max(seconds[0], seconds[1]) / (total / 2)));
  CHECK(merge.out.find("imbalance") != std::string::npos);
  const std::string svg = slurp(dir / "merged.svg");
  CHECK(xml_problem(svg) == "");
  CHECK(svg.find("axpy · imbalance") != std::string::npos);  // the dot's label says it
}

TEST_CASE("roofline trace -- mpirun -n 2: the capture reaches every rank through the environment") {
  const fs::path dir = scratch_dir("mpi-whole");
  const RunResult run =
      run_roofline("trace -o '" + (dir / "app.trace.json").string() + "' -- " + MPIRUN + " " + kMpirunArgs + " '" + MPI_APP + "'" + kAppArgs);
  INFO(run.out << run.err);
  REQUIRE(run.exit_code == 0);
  const json t = read_json(dir / "app.trace.json");
  CHECK(schema_problem_of(dir / "app.trace.json", roofline::DocumentKind::trace) == "");
  const json* axpy = kernel(t, "axpy");
  REQUIRE(axpy);
  CHECK((*axpy)["launches"] == 2 * kLaunches);
  // One signature per rank (their sizes differ), each counted exactly.
  REQUIRE((*axpy)["signatures"].size() == 2);
  std::vector<std::uint64_t> flops;
  for (const json& s : (*axpy)["signatures"]) flops.push_back(s["counts"]["counters"]["flop_float"].get<std::uint64_t>());
  std::sort(flops.begin(), flops.end());
  CHECK(flops == std::vector<std::uint64_t>{2 * kElements, 4 * kElements});
  // Each rank's capture says its rank (OMPI_COMM_WORLD_RANK): each one's time and the imbalance, in one run.
  REQUIRE(t["ranks"].size() == 2);
  const json& ranks = (*axpy)["ranks"];
  REQUIRE(ranks.size() == 2);
  const double r0 = ranks[0]["seconds"].get<double>(), r1 = ranks[1]["seconds"].get<double>();
  CHECK(ranks[0]["launches"] == kLaunches);
  CHECK(r0 + r1 == doctest::Approx((*axpy)["seconds"].get<double>()));
  CHECK((*axpy)["imbalance"].get<double>() == doctest::Approx(std::max(r0, r1) / ((r0 + r1) / 2)));
  CHECK(run.out.find("2 ranks merged") == std::string::npos);  // not a merge: the ranks of one run
  CHECK(run.out.find("imbalance") != std::string::npos);
}
