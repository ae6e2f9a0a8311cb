// End-to-end: `roofline build --quick` on the PoCL CPU device, as the README runs it.
#include <doctest/doctest.h>

#include <chrono>
#include <fstream>
#include <csignal>
#include <functional>
#include <regex>
#include <set>

#include <nlohmann/json.hpp>

#include "run_binary.hpp"
#include "model/roofs.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;

namespace {

// The count an interrupted build says it kept: "the N ceilings finished are kept".
long kept_count(const std::string& err) {
  std::smatch m;
  if (!std::regex_search(err, m, std::regex(R"(the (\d+) ceilings? finished (are|is) kept in )"))) return -1;
  return std::stol(m[1]);
}

// The partial file as it is now; null while there is none.
nlohmann::json read_partial(const fs::path& p) {
  if (!fs::exists(p)) return nullptr;
  return nlohmann::json::parse(slurp(p), nullptr, /*allow_exceptions=*/false);
}

// What `build --device cpu --quick -o DIR/r.json` did when sent SIGINT as
// soon as `ready` held for its partial file (the file's JSON; null while
// there is none), however long that took: whether it held, whether the
// build ended by itself first, its wait status and what it said.
struct InterruptedBuild {
  bool ready = false, ended_alone = false;
  int status = 0;
  std::string err;
};

InterruptedBuild interrupt_build_when(const fs::path& dir, const std::function<bool(const nlohmann::json&)>& ready) {
  const fs::path partial = dir / "r.json.partial", err = dir / "err.txt";
  const pid_t pid = start_roofline_in_background(
      {"build", "--device", "cpu", "--quick", "-o", (dir / "r.json").string(), "--svg", (dir / "r.svg").string()}, err);
  REQUIRE(pid > 0);
  InterruptedBuild b;
  std::optional<int> ended;
  b.ready = wait_until(pid, [&] { return ready(read_partial(partial)); }, ended);
  if (!ended) ::kill(pid, SIGINT);
  b.ended_alone = ended.has_value();
  b.status = wait_for_exit(pid, ended);
  b.err = slurp(err);
  return b;
}

bool is_cache_roof(const nlohmann::json& c) {
  const std::string level = c.value("level", "");
  return c["kind"] == "memory" && level != "DRAM" && level != "local" && level != "constant";
}

}  // namespace

TEST_CASE("a build whose compute kernels all fail their host check stops early, status 10, its notes kept") {
  const auto dir = scratch_dir("build-all-wrong");
  // The project's kernels, but a compute kernel that stores twice its chains' sum, plus one: the
  // loop's work is still used (a kernel that dropped it would run in no time, and calibration would
  // ask for the most iterations, whose host reference takes minutes).
  fs::copy(ROOFLINE_KERNELS, dir / "kernels", fs::copy_options::recursive);
  std::string compute = slurp(dir / "kernels" / "compute.cl");
  const std::string store = "out[gid] = HSUM(sum);";
  REQUIRE(compute.find(store) != std::string::npos);
  compute.replace(compute.find(store), store.size(), "out[gid] = HSUM(sum) * (ST)(2) + (ST)(1);");
  std::ofstream(dir / "kernels" / "compute.cl") << compute;
  const fs::path roofs = dir / "r.json";
  const RunResult r = run_roofline("build --device cpu --quick --steps compute,dram --kernels '" + (dir / "kernels").string() +
                                   "' -o '" + roofs.string() + "' --svg '" + (dir / "r.svg").string() + "'");
  INFO(r.err);
  CHECK(r.exit_code == 11);
  std::smatch m;
  REQUIRE(std::regex_search(r.err, m, std::regex(R"(\nroofline: stopped early: every compute kernel \((\d+) of (\d+)\) failed its host check)")));
  CHECK(m[1] == m[2]);
  CHECK(r.err.find("kept in " + roofs.string() + ".partial") != std::string::npos);
  CHECK_FALSE(fs::exists(roofs));
  // The partial file keeps why each kernel was left out; the DRAM step never ran.
  const nlohmann::json partial = read_partial(roofs.string() + ".partial");
  REQUIRE(partial.is_object());
  CHECK(partial["ceilings"].empty());
  int omitted = 0;
  for (const auto& n : partial["notes"]) omitted += n.get<std::string>().rfind("omitted: wrong result from the ", 0) == 0;
  CHECK(omitted == std::stoi(m[1]));
  for (const auto& step : partial["steps"]) CHECK(step["name"] != "DRAM bandwidth");
}

TEST_CASE("build --quick on PoCL writes a roofs file, a chart that renders, and the same document with --json") {
  // Run as the README does, in a folder without roofs/ and plots/: the defaults are made.
  const auto dir = scratch_dir("build");
  auto r = run_roofline("build --device cpu --quick --energy auto --json", "cd '" + dir.string() + "' &&");
  INFO("stderr: " << r.err);
  REQUIRE(r.exit_code == 0);
  fs::path roofs, svg;
  for (const auto& e : fs::directory_iterator(dir / "roofs")) roofs = e.path();
  REQUIRE(roofs.extension() == ".json");
  svg = dir / "plots" / roofs.filename().replace_extension(".svg");
  REQUIRE(fs::exists(svg));
  CHECK(r.err.find('\r') == std::string::npos);  // no progress display when stderr is not a terminal

  const auto j = nlohmann::json::parse(slurp(roofs));
  CHECK(nlohmann::json::parse(r.out) == j);
  CHECK(schema_problem_of(roofs, roofline::DocumentKind::roofs) == "");
  CHECK(j["schema_version"] == roofline::kSchemaVersion);
  CHECK(j["complete"] == true);
  CHECK(j["quick"] == true);
  // Every step of the build with its wall time, in the order they ran.
  std::vector<std::string> steps;
  double step_seconds = 0;
  for (const auto& step : j["steps"]) steps.push_back(step["name"]), step_seconds += step["seconds"].get<double>();
  CHECK(steps == std::vector<std::string>{"compute ceilings", "math functions", "DRAM bandwidth", "memory hierarchy",
                                          "global-memory stride", "branch divergence", "scalability", "atomics",
                                          "atomic contention", "power model", "host transfers and launch overhead"});
  CHECK(step_seconds > 0);
  CHECK(j["tool"]["version"].get<std::string>().size() > 0);
  CHECK(j["device"]["type"] == "cpu");
  CHECK(j["device"]["compute_units"].get<int>() >= 1);
  CHECK(j["command_line"].get<std::string>().find("--quick") != std::string::npos);
  CHECK(!fs::exists(roofs.string() + ".partial"));

  int compute = 0, memory = 0;
  bool float_mad = false, int_add = false, dram_read = false, dram_store = false, dram_copy = false;
  for (const auto& c : j["ceilings"]) {
    CAPTURE(c.dump());
    CHECK(c["value"].get<double>() > 0);
    CHECK(c["stats"]["samples"].get<int>() >= 3);
    CHECK(c["stats"]["min"].get<double>() <= c["stats"]["median"].get<double>());
    CHECK(c["stats"]["median"].get<double>() <= c["stats"]["max"].get<double>());
    CHECK(c["launch"]["global"].get<long>() > 0);
    CHECK(c["launch"]["local"].get<long>() > 0);
    CHECK(!c["variant"].get<std::string>().empty());
    if (c["kind"] == "compute") {
      ++compute;
      CHECK(c["unit"] == (c["type"] == "int" ? "INTOP/s" : "FLOP/s"));
      CHECK(c["sweeps"]["work_group_size"].size() >= 1);
      CHECK(c["sweeps"]["work_group_count"].size() >= 2);
      if (!c["theory"].is_null())
        CHECK(c["efficiency"].get<double>() == doctest::Approx(c["value"].get<double>() / c["theory"].get<double>()));
      float_mad |= c["op"] == "mad" && c["type"] == "float";
      int_add |= c["op"] == "add" && c["type"] == "int";
    } else {
      ++memory;
      CHECK(c["unit"] == "B/s");
      CHECK(!c["level"].get<std::string>().empty());
      dram_read |= c["level"] == "DRAM" && c["op"] == "read";
      dram_store |= c["level"] == "DRAM" && c["op"] == "store";
      dram_copy |= c["level"] == "DRAM" && c["op"] == "copy";
      // A flag names a farther level; a flagged roof has its note.
      if (!c["below_farther_level"].is_null()) {
        bool noted = false;
        for (const auto& n : j["notes"]) noted |= n.get<std::string>().rfind(c["level"].get<std::string>() + " " + c["op"].get<std::string>(), 0) == 0;
        CHECK(noted);
      }
      // CPU roofs are the best of rounds, and say so.
      const bool rounds = c["variant"].get<std::string>().find("best of 15 rounds") != std::string::npos;
      if (c["level"] != "local" && c["level"] != "constant") CHECK(rounds);
    }
  }
  CHECK(compute >= 20);  // add and mad x int, float (double) x 5 widths
  CHECK(memory >= 5);    // DRAM read and copy, a cache level's roofs, local, constant
  CHECK(float_mad);
  CHECK(int_add);
  CHECK(dram_read);
  CHECK(dram_store);
  CHECK(dram_copy);

  // --quick's math roofs: sin, exp, log, sqrt, rsqrt and div on float, precise and native_,
  // checked within their bounds, calls per clock per compute unit at the held clock.
  std::set<std::string> math_float;
  for (const auto& m : j["math"]) {
    CAPTURE(m.dump());
    CHECK(m["calls_per_s"]["median"].get<double>() > 0);
    CHECK(m["max_ulp_error"].get<double>() <= std::max(0.5, m["ulp_bound"].get<double>()));
    CHECK(m["chains"].get<int>() >= 1);
    if (!j["clock"].is_null()) CHECK(m["per_clock_per_cu"].get<double>() > 0);
    if (m["call"]["type"] == "float") math_float.insert(m["call"]["name"].get<std::string>());
  }
  CHECK(math_float == std::set<std::string>{"sin", "native_sin", "exp", "native_exp", "log", "native_log", "sqrt",
                                            "native_sqrt", "rsqrt", "native_rsqrt", "div", "native_divide"});

  // The memory hierarchy: a sweep over a range of working sets, levels found on it, a latency
  // curve, local and constant memory roofs, transfers and launch overhead.
  const auto& mem = j["memory"];
  REQUIRE(mem.is_object());
  CHECK(mem["bandwidth"].size() >= 10);
  CHECK(mem["latency"].size() >= 5);
  CHECK(mem["chase_bandwidth"].size() == mem["latency"].size());
  CHECK(mem["detection"] == "change-point");
  const auto& levels = mem["levels"];
  REQUIRE(levels.size() >= 2);
  CHECK(levels.back()["name"] == "DRAM");
  for (std::size_t i = 0; i + 1 < levels.size(); ++i) {
    CHECK(levels[i]["capacity_bytes"].get<double>() > 0);
    if (i > 0) CHECK(levels[i]["capacity_bytes"].get<double>() > levels[i - 1]["capacity_bytes"].get<double>());
  }
  bool local = false, constant = false, cache_read = false;
  for (const auto& c : j["ceilings"]) {
    local |= c["level"] == "local";
    constant |= c["level"] == "constant";
    if (c["kind"] == "memory" && c["level"] == levels[0]["name"] && c["op"] == "read") {
      cache_read = true;
      CHECK(c["capacity_bytes"].get<double>() == levels[0]["capacity_bytes"].get<double>());
    }
  }
  CHECK(local);
  CHECK(constant);
  CHECK(cache_read);
  REQUIRE(j["transfers"].size() == 3);
  for (const auto& t : j["transfers"]) CHECK(t["points"].size() >= 3);
  CHECK(j["launch_overhead"]["device_seconds"].size() >= 2);

  // Seed 000's suite: four coalescing curves (float and float4, read and
  // write; --quick's strides 1, 2, 4, 8, 16 and stride 0 apart), divergence
  // to 64 paths, scalability from 1 work-item, the four atomic rates, and
  // atomic contention.
  REQUIRE(j["global_stride"].size() == 4);
  for (const auto& c : j["global_stride"]) {
    CHECK(c["points"].size() == 5);
    CHECK(c["points"][0]["stride"] == 1);
    CHECK(c["same_address"]["stride"] == 0);
    CHECK(c["points"][0]["bytes_per_s"]["median"].get<double>() > 0);
  }
  REQUIRE(j["divergence"].is_object());
  REQUIRE(j["divergence"]["points"].size() == 7);
  CHECK(j["divergence"]["points"][0]["ratio"].get<double>() == doctest::Approx(1));
  CHECK(j["divergence"]["points"][6]["paths"] == 64);
  REQUIRE(j["scalability"].is_object());
  CHECK(j["scalability"]["points"][0]["work_items"] == 1);
  CHECK(j["scalability"]["points"].back()["work_items"] == 65536);
  CHECK(j["scalability"]["saturation_items"].get<std::uint64_t>() >= 1);
  REQUIRE(j["atomics"].size() == 4);
  for (const auto& a : j["atomics"]) CHECK(a["ops_per_s"]["median"].get<double>() > 0);
  // Atomic contention: 1, 2, 4 ... work-items per address, up to the work-group
  // (the CPU's 16) in local memory and beyond it, to the NDRange's largest power
  // of two, in global memory.
  REQUIRE(j["atomic_contention"].size() == 2);
  for (const auto& c : j["atomic_contention"]) {
    const bool global = c["space"] == "global";
    CHECK(c["launch"]["local"] == 16);
    const std::uint64_t most = global ? c["launch"]["global"].get<std::uint64_t>() : 16;
    std::uint64_t share = 1;
    for (const auto& p : c["points"]) {
      CHECK(p["items_per_address"] == share);
      CHECK(p["ops_per_s"]["median"].get<double>() > 0);
      share *= 2;
    }
    // The last point: the largest power of two dividing `most`, beyond the work-group in global memory.
    const std::uint64_t last = share / 2;
    CHECK(most % last == 0);
    CHECK((most % (2 * last) != 0 || 2 * last > most));
    CHECK(last > (global ? 16 : 8));
  }

  // The dependent add and MAD of each floating-point type: one chain's latency,
  // and chains side by side no faster than the type's roof of that operation
  // (a MAD link one instruction, two FLOPs of the MAD roof).
  std::set<std::string> latencies;
  for (const auto& l : j["compute_latency"]) {
    CAPTURE(l.dump());
    latencies.insert(l["op"].get<std::string>() + " " + l["type"].get<std::string>());
    CHECK(l["seconds"]["median"].get<double>() > 0);
    REQUIRE(l["chain_rate"].is_object());
    CHECK(l["chain_rate"]["local"] == 64);
    const double links = l["chain_rate"]["links_per_second"]["median"];
    CHECK(links > 0);
    double roof = 0;
    for (const auto& c : j["ceilings"])
      if (c["kind"] == "compute" && c["op"] == l["op"] && c["type"] == l["type"]) roof = std::max(roof, c["value"].get<double>());
    CHECK(links <= roof / (l["op"] == "mad" ? 2 : 1));
  }
  CHECK(latencies.count("add float"));
  CHECK(latencies.count("mad float"));
#ifdef ROOFLINE_HAVE_CLANG
  // The chain term on these roofs: oscillators' 256 work-items, each a path of
  // 2,001 dependent operations (two MADs a step: v's waits on x, x's on v),
  // bound by the chains side by side, and never slower than timed.
  const auto osc = dir / "oscillators.json";
  const RunResult placed = run_roofline("place '" + std::string(ROOFLINE_SOURCE_DIR) +
                                        "/validation/oscillators.cl' -D ITEMS=256 -D STEPS=1000 --device cpu --runs 5 --warmup 0 "
                                        "--energy none -q --roofs '" + roofs.string() + "' -o '" + osc.string() + "'");
  INFO("place: " << placed.err);
  REQUIRE(placed.exit_code == 0);
  const auto o = nlohmann::json::parse(slurp(osc));
  CHECK(o["chain_links"] == 512256);
  CHECK(o["prediction"]["limit"]["kind"] == "latency");
  CHECK(o["prediction"]["limit"]["roof"].get<std::string>().rfind("dependent float chains: 510000 links over 256 work-items", 0) == 0);
  CHECK(o["time"]["max"].get<double>() >= o["prediction"]["seconds"].get<double>());
#endif

  // --energy auto (the default of a full build): a machine without readable counters (a VM)
  // is told why once and the build completes; one with counters gets the section.
  if (j["energy"].is_null()) {
    const auto first = r.err.find("no energy readings: ");
    CHECK(first != std::string::npos);
    CHECK(r.err.find("no energy readings: ", first + 1) == std::string::npos);
    bool noted = false;
    for (const auto& n : j["notes"]) noted |= n.get<std::string>().rfind("no energy readings: ", 0) == 0;
    CHECK(noted);
  } else {
    CHECK(!j["energy"]["backend"].get<std::string>().empty());
    CHECK(j["energy"]["idle_watts"]["median"].get<double>() > 0);
  }

  // The chart is a valid SVG that a real renderer draws.
  const std::string text = slurp(svg);
  CHECK(text.find("<svg") != std::string::npos);
  // The DRAM roof drawn is the fastest of read, copy and store (chart: one roof a level), which
  // swap places from run to run on a loaded machine.
  CHECK((text.find("DRAM read") != std::string::npos || text.find("DRAM copy") != std::string::npos ||
         text.find("DRAM store") != std::string::npos));
  const auto png = dir / "chart.png";
  const std::string render = "rsvg-convert -o '" + png.string() + "' '" + svg.string() + "'";
  CHECK(std::system(render.c_str()) == 0);
  CHECK(fs::file_size(png) > 10000);
  for (const char* kind : {"-bandwidth", "-latency", "-wg-count", "-wg-size"}) {
    const auto sweep = svg.parent_path() / (svg.stem().string() + kind + ".svg");
    REQUIRE(fs::exists(sweep));
    const std::string cmd = "rsvg-convert -o '" + png.string() + "' '" + sweep.string() + "'";
    CHECK(std::system(cmd.c_str()) == 0);
  }

  // The charts and the report redrawn from the file just written.
  auto all = run_roofline("plot '" + roofs.string() + "' --chart all -o '" + (dir / "again").string() + "'");
  CHECK(all.exit_code == 0);
  CHECK(fs::exists(dir / "again" / roofs.filename().replace_extension(".svg")));
  CHECK(fs::exists(dir / "again" / (roofs.stem().string() + "-wg-count.svg")));
  auto two = run_roofline("plot '" + roofs.string() + "' '" + roofs.string() + "' --compute float:mad,int -o '" +
                          (dir / "two.svg").string() + "'");
  CHECK(two.exit_code == 0);
  CHECK(slurp(dir / "two.svg").find(j["device"]["name"].get<std::string>() + " vs ") != std::string::npos);
  auto report = run_roofline("report '" + roofs.string() + "' -o '" + (dir / "report.html").string() + "'");
  CHECK(report.exit_code == 0);
  CHECK(slurp(dir / "report.html").find("Best ceiling of each roof") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("an interrupted build keeps what it finished in a .partial file and no final file") {
  const auto dir = scratch_dir("interrupt");
  const auto roofs = dir / "r.json";
  // SIGINT once the partial file holds a ceiling, however long that takes:
  // some ceilings are done by then, not all.
  const InterruptedBuild b = interrupt_build_when(dir, [](const nlohmann::json& j) {
    return j.is_object() && j["ceilings"].is_array() && !j["ceilings"].empty();
  });
  INFO("stderr: " << b.err);
  REQUIRE(b.ready);
  REQUIRE(!b.ended_alone);
  CHECK(WIFEXITED(b.status));
  CHECK(WEXITSTATUS(b.status) == 130);
  CHECK(b.err.find("interrupted") != std::string::npos);
  CHECK(!fs::exists(roofs));
  REQUIRE(fs::exists(roofs.string() + ".partial"));
  const auto j = nlohmann::json::parse(slurp(roofs.string() + ".partial"));
  CHECK(schema_problem_of(roofs.string() + ".partial", roofline::DocumentKind::roofs) == "");
  CHECK(j["complete"] == false);
  CHECK(j["ceilings"].size() >= 1);
  // The message says what the file holds.
  CHECK(kept_count(b.err) == long(j["ceilings"].size()));
  // --quick without --energy reads no energy, and says so.
  bool noted = false;
  for (const auto& n : j["notes"]) noted |= n.get<std::string>().rfind("energy not read: --quick", 0) == 0;
  CHECK(noted);
  fs::remove_all(dir);
}

TEST_CASE("the memory stage is saved part by part, and an interruption there says what the file holds") {
  const auto dir = scratch_dir("interrupt-memory");
  // Watch the partial file, however long the build takes: the curves and
  // levels come before the levels' roofs, and the levels' roofs before the
  // last of the stage (constant memory). SIGINT then.
  bool curves_alone = false;
  const InterruptedBuild b = interrupt_build_when(dir, [&](const nlohmann::json& j) {
    if (!j.is_object()) return false;
    const auto& c = j["ceilings"];
    const bool curves = j.contains("memory") && j["memory"].is_object();
    const long cache = std::count_if(c.begin(), c.end(), is_cache_roof);
    const bool constant = std::any_of(c.begin(), c.end(), [](const nlohmann::json& x) { return x.value("level", "") == "constant"; });
    curves_alone |= curves && cache == 0;
    return cache > 0 && !constant;
  });
  INFO("stderr: " << b.err);
  CHECK(curves_alone);
  REQUIRE(b.ready);
  REQUIRE(!b.ended_alone);
  CHECK(WIFEXITED(b.status));
  CHECK(WEXITSTATUS(b.status) == 130);
  CHECK(!fs::exists(dir / "r.json"));
  const nlohmann::json j = read_partial(dir / "r.json.partial");
  REQUIRE(j.is_object());
  CHECK(j["complete"] == false);
  CHECK(kept_count(b.err) == long(j["ceilings"].size()));
  CHECK(std::count_if(j["ceilings"].begin(), j["ceilings"].end(), is_cache_roof) >= 1);
  fs::remove_all(dir);
}
