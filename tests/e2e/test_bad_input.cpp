// End-to-end: bad input gets one clear line and a non-zero exit, never a crash.
#include <doctest/doctest.h>

#include <algorithm>
#include <fstream>

#include <nlohmann/json.hpp>

#include "../unit/synthetic_suite.hpp"
#include "model/roofs.hpp"
#include "run_binary.hpp"

namespace fs = std::filesystem;

TEST_CASE("devices lists the PoCL device") {
  auto r = run_roofline("devices");
  CHECK(r.exit_code == 0);
  CHECK(r.out.find("type cpu") != std::string::npos);
  CHECK(r.out.find("0:0") != std::string::npos);
  auto j = run_roofline("devices --json");
  CHECK(j.exit_code == 0);
  const auto listed = nlohmann::json::parse(j.out);
  CHECK(listed.at("devices").at(0).at("selector") == "0:0");
  CHECK(listed.at("platforms").size() >= 1);
}

TEST_CASE("--help works on every command") {
  for (const char* cmd : {"--help", "devices --help", "build --help", "plot --help", "report --help"}) {
    CAPTURE(cmd);
    auto r = run_roofline(cmd);
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("Usage") != std::string::npos);
  }
  CHECK(run_roofline("").exit_code == 2);
  CHECK(run_roofline("frobnicate").exit_code == 2);
  CHECK(run_roofline("build --no-such-flag").exit_code == 2);
}

TEST_CASE("an unknown device prints the device list and exits 3") {
  auto r = run_roofline("build --device no-such-device-anywhere");
  CHECK(r.exit_code == 3);
  CHECK(r.err.find("roofline: no device matches name 'no-such-device-anywhere'") == 0);
  CHECK(r.err.find("0:0") != std::string::npos);  // the list follows
  CHECK(run_roofline("build --device 7:7").exit_code == 3);
}

TEST_CASE("a malformed device index is a usage error") {
  auto r = run_roofline("build --device 1:");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("malformed device index '1:'") != std::string::npos);
}

TEST_CASE("an output's missing folders are made; one that cannot be made is refused before measuring") {
  const fs::path dir = scratch_dir("output-folders");
  std::ofstream(dir / "a-file") << "not a folder";
  const std::string blocked = (dir / "a-file" / "sub" / "r.json").string();
  auto r = run_roofline("build --quick -o '" + blocked + "'");
  CHECK(r.exit_code == 5);
  CHECK(r.err == "roofline: cannot write " + blocked + ": cannot make its folder " + (dir / "a-file" / "sub").string() +
                     ": Not a directory\n");
  const fs::path made = dir / "new" / "deeper" / "c.csv";
  auto ok = run_roofline("export '" + std::string(ROOFLINE_SOURCE_DIR) + "/roofs/nvidia-h200.json' --csv '" + made.string() + "'");
  CHECK(ok.exit_code == 0);
  CHECK(fs::is_regular_file(made));
}

TEST_CASE("an energy backend that cannot work here is an error with its reason, before measuring") {
  auto bad = run_roofline("build --quick --energy rapl");
  CHECK(bad.exit_code == 2);
  CHECK(bad.err.find("--energy") != std::string::npos);
  // PAPI reads RAPL through the kernel's perf power PMU: without it (a VM) it cannot work.
  if (fs::exists("/sys/bus/event_source/devices/power")) {
    MESSAGE("this machine has a perf power PMU: the PAPI error path is not exercised");
    return;
  }
  const auto dir = scratch_dir("energy-papi");
  auto r = run_roofline("build --device cpu --quick --energy papi -o '" + (dir / "r.json").string() + "' --svg '" +
                        (dir / "r.svg").string() + "'");
  CHECK(r.exit_code == 1);
  CHECK(r.err.rfind("roofline: --energy papi: ", 0) == 0);
  CHECK(r.err.find("PAPI") != std::string::npos);
  CHECK(!fs::exists(dir / "r.json"));
  CHECK(!fs::exists(dir / "r.json.partial"));
  fs::remove_all(dir);
}

TEST_CASE("roofline energy reads a powercap tree, and says why when it cannot") {
  const auto dir = scratch_dir("energy-powercap");
  fs::create_directories(dir / "intel-rapl:0");
  std::ofstream(dir / "intel-rapl:0" / "name") << "package-0\n";
  std::ofstream(dir / "intel-rapl:0" / "max_energy_range_uj") << "262143328850\n";
  std::ofstream(dir / "intel-rapl:0" / "energy_uj") << "1000\n";
  // A counter nobody advances: the meter refuses a window it did not move in.
  auto r = run_roofline("energy --device cpu --energy powercap --seconds 0.5", "ROOFLINE_POWERCAP_ROOT='" + dir.string() + "'");
  CHECK(r.exit_code == 1);
  CHECK(r.err.find("the powercap energy counter did not move") != std::string::npos);
  auto missing = run_roofline("energy --device cpu --energy powercap", "ROOFLINE_POWERCAP_ROOT='" + (dir / "none").string() + "'");
  CHECK(missing.exit_code == 1);
  CHECK(missing.err.find("none does not exist (no RAPL driver") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a kernel that fails to build prints its build log and exits 4") {
  const auto dir = scratch_dir("broken-kernels");
  for (const auto& f : fs::directory_iterator(ROOFLINE_KERNELS)) fs::copy_file(f.path(), dir / f.path().filename());
  std::ofstream(dir / "compute.cl", std::ios::app) << "\nthis is not OpenCL C;\n";
  auto r = run_roofline("build --quick --kernels '" + dir.string() + "' -o '" + (dir / "r.json").string() + "' --svg '" +
                        (dir / "r.svg").string() + "'");
  CHECK(r.exit_code == 4);
  CHECK(r.err.find("compute.cl failed to build") != std::string::npos);
  CHECK(r.err.find("build log:") != std::string::npos);
  CHECK(r.err.find("error") != std::string::npos);  // the compiler's own message
  CHECK(!fs::exists(dir / "r.json"));
  fs::remove_all(dir);
}

TEST_CASE("a kernel folder without the kernels is named") {
  const auto dir = scratch_dir("no-kernels");
  auto r = run_roofline("build --quick --kernels /tmp/definitely-not-here -o '" + (dir / "r.json").string() + "' --svg '" +
                        (dir / "r.svg").string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/tmp/definitely-not-here holds no compute.cl") != std::string::npos);
}

TEST_CASE("a level override file that does not exist is named") {
  auto r = run_roofline("build --quick --levels /tmp/no-such-levels.json");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/tmp/no-such-levels.json") != std::string::npos);
}

TEST_CASE("plot and report name what is wrong with their input") {
  const auto dir = scratch_dir("plot-input");
  const std::string roofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/nvidia-h200.json";
  const std::string out = (dir / "c.svg").string();
  auto missing = run_roofline("plot /no/such/roofs.json -o '" + out + "'");
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("/no/such/roofs.json") != std::string::npos);
  auto pick = run_roofline("plot '" + roofs + "' --compute float:fma -o '" + out + "'");
  CHECK(pick.exit_code == 2);
  CHECK(pick.err.find("float:fma") != std::string::npos);
  auto kind = run_roofline("plot '" + roofs + "' --chart pie -o '" + out + "'");
  CHECK(kind.exit_code == 2);
  auto metric = run_roofline("plot '" + roofs + "' --chart carm --metric power -o '" + out + "'");
  CHECK(metric.exit_code == 2);
  CHECK(metric.err.find("--metric") != std::string::npos);
  std::ofstream(dir / "bad.json") << "{\"kernel\": 1";
  auto dots = run_roofline("plot '" + roofs + "' --dots '" + (dir / "bad.json").string() + "' -o '" + out + "'");
  CHECK(dots.exit_code == 2);
  CHECK(dots.err.find("bad.json") != std::string::npos);
  auto unwritable = run_roofline("report '" + roofs + "' -o /proc/no/report.html");
  CHECK(unwritable.exit_code == 5);
  std::ofstream(dir / "empty.json") << "{}";
  auto not_roofs = run_roofline("plot '" + (dir / "empty.json").string() + "' -o '" + out + "'");
  CHECK(not_roofs.exit_code == 2);
  CHECK(not_roofs.err.find("empty.json: not a roofs file (no schema_version)") != std::string::npos);
  CHECK(not_roofs.err.find("json.exception") == std::string::npos);
  CHECK(!fs::exists(out));
  fs::remove_all(dir);
}

TEST_CASE("plot and report refuse what they would silently leave out") {
  const auto dir = scratch_dir("plot-refusals");
  const std::string h200 = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/nvidia-h200.json";
  const std::string cpu = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json";
  const std::string dot = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/place/nvidia-h200/triad.json";
  const std::string out = (dir / "c.svg").string();
  const auto refused = [&](const std::string& args, const std::string& says) {
    CAPTURE(args);
    auto r = run_roofline(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(says) != std::string::npos);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') <= 2);
    CHECK(!fs::exists(out));
  };
  refused("plot '" + h200 + "' '" + cpu + "' --chart wg-count -o '" + out + "'", "draws one roofs file, got 2");
  refused("plot '" + h200 + "' '" + cpu + "' --chart wg-size -o '" + out + "'", "draws one roofs file, got 2");
  refused("plot '" + h200 + "' --dots '" + dot + "' --chart latency -o '" + out + "'", "--dots");
  refused("plot '" + h200 + "' --dots '" + dot + "' --label no_such_kernel -o '" + out + "'", "--label no_such_kernel: no placed kernel");
  // The CPU's file was measured without energy.
  refused("plot '" + cpu + "' --chart power -o '" + out + "'", "no power model");
  refused("plot '" + cpu + "' --chart wg-count --metric efficiency -o '" + out + "'", "no power readings");
  // Nor the micro-benchmark suite's sections.
  refused("plot '" + cpu + "' --chart math -o '" + out + "'", "no math roofs in this roofs file");
  refused("plot '" + cpu + "' --chart stride -o '" + out + "'", "no global-memory stride sweep");
  refused("plot '" + h200 + "' --chart divergence -o '" + out + "'", "no divergence test");
  refused("plot '" + h200 + "' --chart scalability -o '" + out + "'", "no scalability sweep");
  refused("plot '" + h200 + "' --chart all -o '" + out + "'", "-o names that folder");
  refused("report '" + h200 + "' --chart carm -o '" + out + "'", "--chart: the report draws every chart");
  // What compares several files does: the report tells its runs apart.
  auto runs = run_roofline("report '" + h200 + "' '" + cpu + "' -o '" + out + "'");
  CHECK(runs.exit_code == 0);
  CHECK(slurp(out).find("run 2 (") != std::string::npos);
  fs::remove(out);
  auto latency = run_roofline("plot '" + h200 + "' '" + cpu + "' --chart latency -o '" + out + "'");
  CHECK(latency.exit_code == 0);
  CHECK(fs::exists(out));
  fs::remove_all(dir);
}

TEST_CASE("plot and report draw the suite's sections of a roofs file that has them") {
  const auto dir = scratch_dir("suite-charts");
  roofline::RoofsDocument doc = roofline::load_roofs(std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json");
  const roofline::RoofsDocument suite = roofline::testing::suite_document();
  doc.math = suite.math, doc.suite = suite.suite;
  const std::string roofs = (dir / "suite.json").string();
  std::ofstream(roofs) << nlohmann::json(doc).dump(1);
  auto r = run_roofline("plot '" + roofs + "' --chart math -o '" + (dir / "math.svg").string() + "'");
  CHECK(r.exit_code == 0);
  CHECK(fs::exists(dir / "math.svg"));
  r = run_roofline("plot '" + roofs + "' --chart all -o '" + (dir / "all").string() + "'");
  CHECK(r.exit_code == 0);
  for (const char* suffix : {"-math", "-stride", "-divergence", "-scalability", "-atomic-contention"})
    CHECK(fs::exists(dir / "all" / (std::string("suite") + suffix + ".svg")));
  r = run_roofline("report '" + roofs + "' -o '" + (dir / "r.html").string() + "'");
  CHECK(r.exit_code == 0);
  std::ifstream in(dir / "r.html");
  const std::string html((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (const char* heading : {"Math functions", "Global-memory stride", "Branch divergence", "Scalability", "Atomics",
                              "Atomic contention"})
    CHECK(html.find(heading) != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("a level override file that is not one fails before measuring, with exit 2") {
  const auto dir = scratch_dir("bad-levels");
  const auto build = [&](const std::string& levels) {
    return run_roofline("build --device cpu --quick --levels '" + levels + "' -o '" + (dir / "r.json").string() +
                        "' --svg '" + (dir / "r.svg").string() + "'");
  };
  std::ofstream(dir / "garbage.bin", std::ios::binary) << std::string("\x7f" "ELF\x02\x01\x01\0\0", 9);
  auto r = build((dir / "garbage.bin").string());
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: " + (dir / "garbage.bin").string() + ": not JSON (syntax error at line 1, column 1)\n");
  // Refused before the first ceiling: nothing measured, nothing saved.
  CHECK(!fs::exists(dir / "r.json.partial"));
  std::ofstream(dir / "levels.json") << R"({"levels": [{"name": "L1", "capacity_bytes": -32768}, {"name": "DRAM"}]})";
  r = build((dir / "levels.json").string());
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: " + (dir / "levels.json").string() + ": /levels/0/capacity_bytes: must be greater than 0, got -32768\n");
  CHECK(!fs::exists(dir / "r.json.partial"));
  // A level no device holds, and one larger than this device's memory (known once it is chosen).
  std::ofstream(dir / "huge.json") << R"({"levels": [{"name": "L1", "capacity_bytes": 32768}, {"name": "L2", "capacity_bytes": 1e300}, {"name": "DRAM"}]})";
  r = build((dir / "huge.json").string());
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: " + (dir / "huge.json").string() + ": /levels/1/capacity_bytes: 1e+300 bytes of L2 is more than any device "
                 "holds (a 64-bit address reaches 2^64 bytes, 16 EiB)\n");
  std::ofstream(dir / "big.json") << R"({"levels": [{"name": "L1", "capacity_bytes": 32768}, {"name": "L2", "capacity_bytes": 1e19}, {"name": "DRAM"}]})";
  r = build((dir / "big.json").string());
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("roofline: " + (dir / "big.json").string() + ": /levels/1/capacity_bytes: 1e+19 bytes of L2 is "
                    "more than the device's global memory (", 0) == 0);
  CHECK(!fs::exists(dir / "r.json.partial"));
  fs::remove_all(dir);
}

TEST_CASE("roofs, placement and counts files that break their schema, or are impossible, are refused, naming the field") {
  const auto dir = scratch_dir("bad-files");
  const std::string source = ROOFLINE_SOURCE_DIR;
  const std::string out = (dir / "c.svg").string();
  const auto refused = [&](const std::string& args, const std::string& says) {
    CAPTURE(args);
    auto r = run_roofline(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err == "roofline: " + says + "\n");
    CHECK(!fs::exists(out));
  };
  auto roofs = nlohmann::json::parse(slurp(source + "/roofs/pthread-haswell-amd-epyc.json"));
  const auto write = [&](const std::string& name, const nlohmann::json& j) {
    std::ofstream(dir / name) << j.dump(1);
    return (dir / name).string();
  };
  auto bad = roofs;
  bad["ceilings"][2]["value"] = -1.5e11;
  refused("plot '" + write("neg.json", bad) + "' -o '" + out + "'", (dir / "neg.json").string() + ": /ceilings/2/value: must be greater than 0, got -150000000000.0");
  bad = roofs;
  bad["ceilings"][0]["kind"] = "bogus";
  refused("report '" + write("kind.json", bad) + "' -o '" + out + "'",
          (dir / "kind.json").string() + ": /ceilings/0/kind: must be one of \"compute\" or \"memory\", got \"bogus\"");
  bad = roofs;
  bad["schema_version"] = 7;
  refused("plot '" + write("v.json", bad) + "' -o '" + out + "'",
          (dir / "v.json").string() + ": /schema_version: written by a newer roofline (schema version 7; this one reads up to 2)");
  // The suite's sections: a math roof of no calls per second (else read as no
  // roof, its calls untimed), a call OpenCL C does not define, a stride beyond 32 bits.
  bad = roofs;
  bad["math"] = nlohmann::json::array({{{"call", {{"function", "rsqrt"}, {"form", "precise"}, {"type", "float"}}},
                                        {"calls_per_s", {{"median", 0}}}}});
  refused("plot '" + write("rate.json", bad) + "' --chart math -o '" + out + "'",
          (dir / "rate.json").string() + ": /math/0/calls_per_s/median: must be greater than 0, got 0");
  bad["math"][0]["calls_per_s"]["median"] = 1e9;
  bad["math"][0]["call"]["function"] = "fmax", bad["math"][0]["call"]["form"] = "native";
  refused("plot '" + write("fmax.json", bad) + "' --chart math -o '" + out + "'", (dir / "fmax.json").string() + ": fmax has no native_ form");
  bad = roofs;
  bad["global_stride"] = nlohmann::json::array({{{"op", "read"}, {"type", "float"}, {"width", 1},
                                                 {"points", {{{"stride", 5000000000}, {"bytes_per_s", {{"median", 1e9}}}}}}}});
  refused("plot '" + write("stride.json", bad) + "' --chart stride -o '" + out + "'",
          (dir / "stride.json").string() + ": /global_stride/0/points/0/stride: must be at most 4294967295, got 5000000000");
  auto dot = nlohmann::json::parse(slurp(source + "/roofs/place/pthread-haswell-amd-epyc/triad.json"));
  dot["time"]["samples"] = -1;
  refused("plot '" + source + "/roofs/pthread-haswell-amd-epyc.json' --dots '" + write("dot.json", dot) + "' -o '" + out + "'",
          (dir / "dot.json").string() + ": /time/samples: must be at least 0, got -1");
  // Valid against the schema but impossible (issue 27).
  bad = roofs;
  std::swap(bad["memory"]["levels"][0]["name"], bad["memory"]["levels"][1]["name"]);
  refused("plot '" + write("swapped.json", bad) + "' -o '" + out + "'",
          (dir / "swapped.json").string() + ": /memory/levels/1/name: L1 comes after L2: levels are listed nearest first");
  bad = roofs;
  bad["ceilings"].push_back(bad["ceilings"][0]);
  refused("report '" + write("twice.json", bad) + "' -o '" + out + "'",
          (dir / "twice.json").string() + ": /ceilings/" + std::to_string(bad["ceilings"].size() - 1) +
              ": a second int ADD ceiling (the first is /ceilings/0): which one was measured cannot be told");
  bad = roofs;
  bad["ceilings"][0]["stats"]["min"] = 2e12, bad["ceilings"][0]["stats"]["max"] = 1e12;
  refused("plot '" + write("minmax.json", bad) + "' -o '" + out + "'",
          (dir / "minmax.json").string() + ": /ceilings/0/stats/min: min 2e+12 is above max 1e+12");
  std::ofstream(dir / "key.json") << "{\"quick\":true," << roofs.dump().substr(1);
  refused("plot '" + (dir / "key.json").string() + "' -o '" + out + "'",
          (dir / "key.json").string() + ": /quick: given twice in one object (which of the two values is meant cannot be told)");
  dot = nlohmann::json::parse(slurp(source + "/roofs/place/pthread-haswell-amd-epyc/triad.json"));
  dot["ai"] = dot["ai"].get<double>() * 10;
  auto r = run_roofline("plot '" + source + "/roofs/pthread-haswell-amd-epyc.json' --dots '" + write("ai.json", dot) + "' -o '" + out + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err.rfind("roofline: " + (dir / "ai.json").string() + ": /ai: the ai ", 0) == 0);
#ifdef ROOFLINE_HAVE_CLANG
  // A counts file for the very launch, its counters damaged: refused before timing.
  const std::string counts = (dir / "t.counts.json").string();
  r = run_roofline("count '" + source + "/examples/triad.cl' -D ELEMS=4096 -q -o '" + counts + "'");
  REQUIRE(r.exit_code == 0);
  std::string text = slurp(counts);
  const std::string key = "\"flop_float\": 8192";
  REQUIRE(text.find(key) != std::string::npos);
  for (const char* value : {"-1", "18446744073709551621"}) {
    std::string damaged = text;
    std::ofstream(dir / "damaged.json") << damaged.replace(damaged.find(key), key.size(), "\"flop_float\": " + std::string(value));
    auto place = run_roofline("place '" + source + "/examples/triad.cl' -D ELEMS=4096 --counts '" + (dir / "damaged.json").string() +
                              "' --runs 1 --warmup 0 --energy none");
    CAPTURE(value);
    CHECK(place.exit_code == 2);
    CHECK(place.err.rfind("roofline: " + (dir / "damaged.json").string() + ": /counters/flop_float: must be ", 0) == 0);
    CHECK(place.out.empty());
  }
#endif
  fs::remove_all(dir);
}

TEST_CASE("--compute naming a roof the file does not have is refused") {
  const auto dir = scratch_dir("compute-pick");
  const std::string cpu = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json";  // no half roofs
  const std::string out = (dir / "c.svg").string();
  for (const std::string command : {"plot", "report"}) {
    CAPTURE(command);
    auto r = run_roofline(command + " '" + cpu + "' --compute float:mad,half:mad -o '" + out + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "roofline: --compute half:mad: " + cpu + " has no such compute roof\n");
    CHECK(!fs::exists(out));
  }
  CHECK(run_roofline("plot '" + cpu + "' --compute float:mad,double -o '" + out + "'").exit_code == 0);
  fs::remove_all(dir);
}

TEST_CASE("NaN and infinity do not pass the range checks of --warmup and --seconds") {
  const std::string triad = "'" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/triad.cl' -D ELEMS=64";
  for (const char* value : {"nan", "NaN", "inf"}) {
    CAPTURE(value);
    auto place = run_roofline("place " + triad + " --warmup " + value);
    CHECK(place.exit_code == 2);
    CHECK(place.err.find("--warmup") != std::string::npos);
    auto energy = run_roofline(std::string("energy --device cpu --seconds ") + value);
    CHECK(energy.exit_code == 2);
    CHECK(energy.err.find("--seconds") != std::string::npos);
  }
}

#ifdef ROOFLINE_HAVE_CLANG  // without it, place says first that it needs the instrumenter (test_count.cpp)
TEST_CASE("an argument given twice, and -D without a name, are usage errors") {
  const std::string triad = "place '" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/triad.cl' --energy none ";
  auto twice = run_roofline(triad + "-D ELEMS=64 --arg b=float[64]:ones --arg b=float[64]:zeros");
  CHECK(twice.exit_code == 2);
  CHECK(twice.err.find("--arg b is given twice (float[64]:ones and float[64]:zeros)") != std::string::npos);
  auto empty = run_roofline(triad + "-D ELEMS=64 -D ''");
  CHECK(empty.exit_code == 2);
  CHECK(empty.err.find("-D '': expected NAME or NAME=VALUE") != std::string::npos);
  CHECK(empty.err.find("build log") == std::string::npos);
}
#endif

TEST_CASE("a dot too small to draw is refused alike by plot and report, naming the file and the field") {
  const auto dir = scratch_dir("undrawable-dot");
  const std::string roofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json";
  nlohmann::json doc = nlohmann::json::parse(slurp(std::string(ROOFLINE_SOURCE_DIR) + "/tests/fuzz/seeds/fuzz_placements/wrapped.json"));
  // The smallest denormal: positive, so a dot, but a quarter of it (the chart's margin) is zero.
  nlohmann::json& p = doc["placements"][0];
  p["ai"] = 4.9406564584124654e-324;
  p["flops"] = p["ai"].get<double>() * p["bytes"].get<double>();
  const fs::path dots = dir / "tiny.json";
  std::ofstream(dots) << doc.dump();
  // Refused where it is read, as a number too small to be exact (files/json_input), before any chart is drawn.
  const std::string says = "roofline: " + dots.string() + ": /placements/0/ai: 5e-324 is too small to be exact";
  for (const std::string command : {"plot", "report"}) {
    CAPTURE(command);
    const RunResult r = run_roofline(command + " '" + roofs + "' --dots '" + dots.string() + "' -o '" + (dir / "out").string() + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err.rfind(says, 0) == 0);
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    CHECK(!fs::exists(dir / "out"));
  }
  fs::remove_all(dir);
}

TEST_CASE("another roofline file given as --dots is named for what it is") {
  const auto dir = scratch_dir("dots-kind");
  const std::string roofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json";
  std::ofstream(dir / "a.json") << R"({"schema": "roofline-analysis", "schema_version": 1})";
  std::ofstream(dir / "c.json") << R"({"schema": "roofline-counts", "schema_version": 1})";
  const std::pair<std::string, std::string> cases[] = {{(dir / "a.json").string(), "an analysis file (roofline analyze)"},
                                                       {(dir / "c.json").string(), "a counts file (roofline count)"},
                                                       {roofs, "a roofs file (roofline build)"}};
  for (const auto& [file, kind] : cases) {
    CAPTURE(file);
    const RunResult r = run_roofline("plot '" + roofs + "' --dots '" + file + "' -o '" + (dir / "c.svg").string() + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "roofline: " + file + " is " + kind + ", not a placement or trace file (roofline place -o, roofline trace -o)\n");
  }
  // A "schema" that is no string is no roofline file: the schema check names it, no JSON library error.
  std::ofstream(dir / "n.json") << R"({"schema": 5})";
  const RunResult n = run_roofline("plot '" + roofs + "' --dots '" + (dir / "n.json").string() + "' -o '" + (dir / "c.svg").string() + "'");
  CHECK(n.exit_code == 2);
  CHECK(n.err.find("n.json") != std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("an empty --device, a count beyond 64 bits and --labels with --label are refused") {
  const auto dir = scratch_dir("small-refusals");
  const std::string roofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-haswell-amd-epyc.json";
  const std::string kernel = std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/spin.cl";
  const std::string out = (dir / "c.svg").string();
  // An empty selector is no selector: not the default device.
  for (const std::string& args : std::vector<std::string>{"build --quick --device ''", "energy --device ''",
                                                          "count '" + kernel + "' --device ''", "trace --device '' -- true"}) {
    CAPTURE(args);
    const RunResult r = run_roofline(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--device: an empty value names nothing") != std::string::npos);
  }
  // A whole number beyond 64 bits is not the largest one.
  for (const std::string& args : {"analyze '" + kernel + "' --roofs '" + roofs + "' --sample-groups 99999999999999999999",
                                 "place '" + kernel + "' --roofs '" + roofs + "' --analyze --sample-groups 99999999999999999999",
                                 "plot '" + roofs + "' -o '" + out + "' --labels 99999999999999999999"}) {
    CAPTURE(args);
    const RunResult r = run_roofline(args);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("99999999999999999999 is not in [") != std::string::npos);
  }
  // The usage lists --labels N and --label NAME as alternatives.
  const RunResult both = run_roofline("plot '" + roofs + "' -o '" + out + "' --labels 3 --label nbody");
  CHECK(both.exit_code == 2);
  CHECK(both.err.find("excludes") != std::string::npos);
  CHECK(!fs::exists(out));
  fs::remove_all(dir);
}

TEST_CASE("with no OpenCL platform, devices says so on stderr, as every failure, with exit 3") {
  const auto dir = scratch_dir("no-platform");
  const RunResult r = run_roofline("devices", "OCL_ICD_VENDORS='" + dir.string() + "'");
  CHECK(r.exit_code == 3);
  CHECK(r.out.empty());
  CHECK(r.err.rfind("roofline: no OpenCL device found", 0) == 0);
  const RunResult json = run_roofline("devices --json", "OCL_ICD_VENDORS='" + dir.string() + "'");
  CHECK(json.exit_code == 3);
  CHECK(json.out.empty());
  fs::remove_all(dir);
}
