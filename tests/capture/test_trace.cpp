// `roofline trace` end to end on PoCL: the project's capture_app (and a
// pyopencl script) traced by the real binary; the application's output and
// exit status stay its own, every kernel is listed with counts derived by
// hand from capture_app's source, the trace file is valid against its schema
// and the chart renders; bad inputs get their one-line message and status.
#include <doctest/doctest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "../e2e/run_binary.hpp"
#include "../unit/icd_env.hpp"
#include "capture_tests.hpp"
#include "../e2e/schema_check.hpp"

namespace fs = std::filesystem;
using namespace capture_tests;
using nlohmann::json;

namespace {

// Any roofs file will do for the bound (another device's roofs only add a note).
const std::string kRoofs = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/pthread-skylake-avx512-amd-epyc.json";

const json* kernel(const json& trace, const std::string& name, bool from_source = true) {
  for (const json& k : trace["kernels"])
    if (k["kernel"] == name && (k["program"].get<std::string>().rfind("binary", 0) == 0) != from_source) return &k;
  return nullptr;
}

// A trace file, checked against its schema.
json trace_file(const fs::path& file) {
  CHECK(schema_problem_of(file, roofline::DocumentKind::trace) == "");
  return json::parse(slurp(file));
}

// The counts of one launch of the kernel's signature `i`.
json counters(const json& k, std::size_t i = 0) { return k["signatures"][i]["counts"]["counters"]; }

}  // namespace

TEST_CASE("trace lists capture_app's kernels with exact counts, its output and status untouched") {
  const fs::path dir = scratch_dir("trace-app");
  const RunResult plain = run_program(kApp, "--repeat 7");
  REQUIRE(plain.exit_code == 0);
  const RunResult r = run_roofline("trace --roofs '" + kRoofs + "' -o '" + (dir / "app.trace.json").string() + "' --svg '" +
                                   (dir / "app.svg").string() + "' -- '" + kApp + "' --repeat 7");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.rfind(plain.out, 0) == 0);  // the application's own output first, unchanged
  CHECK(r.out.find("exited with status 0") != std::string::npos);
  CHECK(r.out.find("not countable: binary_program") != std::string::npos);

  const fs::path file = dir / "app.trace.json";
  const json t = trace_file(file);
  CHECK(t["application"]["exit_status"] == 0);
  CHECK(t["used_opencl"] == true);
  // touch: x[i] += 1.0f over 4096 items, launched 7 times plus a last one: one
  // FLOP, a 4-byte load and a 4-byte store per item.
  const json* touch = kernel(t, "touch");
  REQUIRE(touch);
  CHECK((*touch)["launches"] == 8);
  CHECK(counters(*touch)["flop_float"] == 4096);
  CHECK(counters(*touch)["global_load"] == 4096 * 4);
  CHECK(counters(*touch)["global_store"] == 4096 * 4);
  CHECK((*touch)["placement"]["flops"] == 4096);
  CHECK((*touch)["placement"]["bytes"] == 8 * 4096);
  CHECK((*touch)["headroom_seconds"].get<double>() >= 0);
  CHECK_FALSE((*touch)["signatures"][0].contains("not_counted"));  // counted: only the binary's say why not
  // scale: in[i] * factor * SCALE, two signatures (factor 2 and 4, a clone): two FLOPs per item.
  const json* scale = kernel(t, "scale");
  REQUIRE(scale);
  CHECK((*scale)["build_options"] == "-DSCALE=3");
  REQUIRE((*scale)["signatures"].size() == 2);
  CHECK(counters(*scale, 0)["flop_float"] == 2 * 4096);
  CHECK(counters(*scale, 1)["flop_float"] == 2 * 4096);
  // add: c = a + b, one FLOP, two loads and a store per item.
  const json* add = kernel(t, "add");
  REQUIRE(add);
  CHECK((*add)["placement"]["bytes"] == 12 * 4096);
  // The same scale from the program's binary: timed, listed, not counted.
  const json* binary = kernel(t, "scale", false);
  REQUIRE(binary);
  CHECK((*binary)["launches"] == 1);
  CHECK(!binary->contains("placement"));
  CHECK((*binary)["not_counted"].get<std::string>().find("binary_program") != std::string::npos);
  for (const char* k : {"reduce_local", "offset_fill"}) CHECK(kernel(t, k));
  // Sorted by device time, shares summing to one.
  double share = 0, last = 1e30;
  for (const json& k : t["kernels"]) {
    share += k["time_share"].get<double>();
    CHECK(k["seconds"].get<double>() <= last);
    last = k["seconds"].get<double>();
  }
  CHECK(share == doctest::Approx(1.0));
  CHECK(!t["transfers"].empty());
  CHECK(t["summary"]["kernel_seconds"].get<double>() > 0);

  const std::string svg = slurp(dir / "app.svg");
  CHECK(svg.find("<svg") != std::string::npos);
  CHECK(svg.find("touch") != std::string::npos);
  CHECK(svg.find("r=\"10.00\" class=\"dot\"") != std::string::npos);  // the largest share's dot, 20 pixels across

  // report and plot take the trace file as --dots: its placed kernels, sized by their share.
  const RunResult report = run_roofline("report '" + kRoofs + "' --dots '" + file.string() + "' -o '" +
                                        (dir / "app.html").string() + "'");
  INFO(report.err);
  REQUIRE(report.exit_code == 0);
  const std::string html = slurp(dir / "app.html");
  CHECK(html.find("touch") != std::string::npos);
  CHECK(html.find("r=\"10.00\" class=\"dot\"") != std::string::npos);
  const RunResult plot = run_roofline("plot '" + kRoofs + "' --dots '" + file.string() + "' -o '" +
                                      (dir / "again.svg").string() + "'");
  CHECK(plot.exit_code == 0);
  CHECK(slurp(dir / "again.svg").find("r=\"10.00\" class=\"dot\"") != std::string::npos);
  // A trace file with a broken placement is refused like any input: file, field, what.
  json broken = t;
  for (json& k : broken["kernels"])
    if (k.contains("placement")) k["placement"]["seconds"] = 0;
  std::ofstream(dir / "broken.json") << broken.dump();
  const RunResult refused = run_roofline("plot '" + kRoofs + "' --dots '" + (dir / "broken.json").string() + "' -o '" +
                                         (dir / "x.svg").string() + "'");
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("/placement/seconds: must be greater than 0") != std::string::npos);
}

TEST_CASE("a kernel counted without operations is listed with its bytes and rate, not placed") {
  const fs::path dir = scratch_dir("trace-copy");
  const RunResult r = run_roofline("trace --roofs '" + kRoofs + "' -o '" + (dir / "t.json").string() + "' -- '" + kApp +
                                   "' --repeat 2 --copy");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const json t = trace_file(dir / "t.json");
  const json* copy = kernel(t, "copy_only");
  REQUIRE(copy);
  // out[i] = in[i] over 4096 floats: no operation, a 4-byte load and a 4-byte store per item.
  CHECK(counters(*copy)["global_load"] == 4096 * 4);
  CHECK(counters(*copy)["global_store"] == 4096 * 4);
  CHECK_FALSE(copy->contains("placement"));
  CHECK((*copy)["bytes"] == 8 * 4096);
  CHECK((*copy)["bytes_per_second"].get<double>() > 0);
  CHECK((*copy)["not_placed"].get<std::string>().find("no operations") == 0);
  CHECK(!copy->contains("not_counted"));
  const std::size_t row = r.out.find("\ncopy_only ");
  REQUIRE(row != std::string::npos);
  const std::string line = r.out.substr(row + 1, r.out.find('\n', row + 1) - row - 1);
  CHECK(line.find("0 FLOP") != std::string::npos);
  CHECK(line.find("32 KiB") != std::string::npos);
  CHECK(line.find("B/s") != std::string::npos);
  CHECK(line.find("not counted:") == std::string::npos);
}

TEST_CASE("trace --analyze places each kernel with its hierarchical prediction, level dots and findings") {
  const fs::path dir = scratch_dir("trace-analyze");
  const std::string h200 = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/nvidia-h200.json";
  const RunResult r = run_roofline("trace --analyze --roofs '" + h200 + "' -o '" + (dir / "t.json").string() + "' --svg '" +
                                   (dir / "t.svg").string() + "' -- '" + kApp + "' --repeat 2");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const json t = trace_file(dir / "t.json");
  const json* reduce = kernel(t, "reduce_local");
  REQUIRE(reduce);
  const json& analysis = (*reduce)["placement"]["analysis"];
  REQUIRE(analysis.is_object());
  CHECK(analysis["levels"].front()["level"] == "L1");
  CHECK(analysis["levels"].back()["level"] == "DRAM");
  // DRAM serves the 4096 floats read and the 64 partial sums written: the footprint, once.
  CHECK(analysis["levels"].back()["bytes"].get<double>() == doctest::Approx(4096 * 4 + 64 * 4));
  CHECK(analysis["core_prediction"].is_object());
  // 64-item groups in 32-item steps: `l < s` splits a step for s = 16, 8, 4, 2, 1 (5 of its 12 steps).
  bool divergence = false;
  for (const json& f : analysis["findings"])
    divergence |= f["text"].get<std::string>().find("l < s: 42% of the 32-item steps diverge") == 0;
  CHECK(divergence);
  CHECK(r.out.find("why reduce_local:") != std::string::npos);
  CHECK(slurp(dir / "t.svg").find("class=\"level-dot\"") != std::string::npos);
  // Without the roofs of a target there is nothing to analyse for: refused before the application runs.
  const RunResult refused = run_roofline("trace --analyze -- '" + kApp + "' --repeat 2");
  CHECK(refused.exit_code == 2);
  CHECK(refused.err.find("--analyze needs the roofs") != std::string::npos);
  CHECK(refused.out.empty());
}

TEST_CASE("trace on Rusticl counts as on PoCL and places nothing its driver's stamps cannot time") {
  if (rusticl_prefix().empty()) {
    MESSAGE("RUSTICL_ENABLE was not given to this run (ctest gives llvmpipe): skipped");
    return;
  }
  const fs::path dir = scratch_dir("trace-rusticl");
  const RunResult r = run_roofline("trace --roofs '" + kRoofs + "' -o '" + (dir / "t.json").string() + "' -- '" + kApp +
                                       "' --repeat 2 --platform rusticl",
                                   rusticl_prefix());
  INFO(r.out << r.err);
  if (r.out.find("finding a CPU device") != std::string::npos || r.err.find("finding a CPU device") != std::string::npos) {
    MESSAGE("Rusticl's llvmpipe is not registered (mesa-opencl-icd): skipped");
    return;
  }
  REQUIRE(r.exit_code == 0);
  const json t = trace_file(dir / "t.json");
  CHECK(t["device"].get<std::string>().rfind("llvmpipe", 0) == 0);
  // The counts of the PoCL test above: touch, one FLOP, a 4-byte load and store per item; scale, two FLOPs.
  const json* touch = kernel(t, "touch");
  REQUIRE(touch);
  CHECK((*touch)["launches"] == 3);
  CHECK(counters(*touch)["flop_float"] == 4096);
  CHECK(counters(*touch)["global_load"] == 4096 * 4);
  CHECK(counters(*touch)["global_store"] == 4096 * 4);
  const json* scale = kernel(t, "scale");
  REQUIRE(scale);
  CHECK(counters(*scale, 0)["flop_float"] == 2 * 4096);
  // Mesa 22.3's stamps are no clock: no time, no dot, and a note that says why.
  std::string notes;
  for (const json& n : t["notes"]) notes += n.get<std::string>();
  CHECK(notes.find("its profiling stamps are no clock") != std::string::npos);
  for (const json& k : t["kernels"]) {
    CHECK(!k.contains("placement"));
    CHECK(k["seconds"] == 0);
  }
}

TEST_CASE("trace --count none times every kernel and counts none") {
  const fs::path dir = scratch_dir("trace-none");
  const RunResult r =
      run_roofline("trace --count none -o '" + (dir / "t.json").string() + "' -- '" + kApp + "' --repeat 2");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const json t = trace_file(dir / "t.json");
  REQUIRE(kernel(t, "touch"));
  CHECK((*kernel(t, "touch"))["launches"] == 3);
  for (const json& k : t["kernels"]) CHECK(!k.contains("placement"));
}

TEST_CASE("trace reports an application's failure with status 9 and keeps what it captured") {
  const fs::path dir = scratch_dir("trace-fail");
  // The application, run by a shell that then exits 5: its kernels are kept.
  const RunResult failed = run_roofline("trace --count none -o '" + (dir / "t.json").string() + "' -- sh -c \"'" + kApp +
                                        "' --repeat 1; exit 5\"");
  INFO(failed.out << failed.err);
  CHECK(failed.exit_code == 9);
  CHECK(failed.out.find("exited with status 5") != std::string::npos);
  const json t = trace_file(dir / "t.json");
  CHECK(t["application"]["exit_status"] == 5);
  CHECK(kernel(t, "touch"));

  const RunResult killed = run_roofline("trace -- sh -c 'kill -TERM $$'");
  CHECK(killed.exit_code == 9);
  CHECK(killed.out.find("killed by signal 15") != std::string::npos);

  const RunResult no_opencl = run_roofline("trace -o '" + (dir / "none.json").string() + "' -- true");
  CHECK(no_opencl.exit_code == 0);
  CHECK(no_opencl.out.find("it used no OpenCL") != std::string::npos);
  CHECK(trace_file(dir / "none.json")["used_opencl"] == false);
}

TEST_CASE("an application killed before its last capture: trace keeps what was written and says what is missing") {
  const fs::path dir = scratch_dir("trace-killed");
  // The shell starts capture_app, waits for a periodic write naming its
  // touch kernel (an event, however long it takes), then kills it outright:
  // its last manifest is never written.
  const fs::path script = dir / "kill_after_write.sh";
  std::ofstream(script) << "export ROOFLINE_CAPTURE_FLUSH_MS=100\n"
                        << "'" << kApp << "' --repeat 20 --hang > '" << (dir / "app.out").string() << "' &\n"
                        << "app=$!\n"
                        << "tail -F --pid=$app \"$ROOFLINE_CAPTURE_DIR/pid-$app/manifest.json\" 2>/dev/null | grep -q -m1 '\"touch\"'\n"
                        << "kill -KILL $app\nwait $app\nexit 0\n";
  const RunResult r = run_roofline("trace --count none -o '" + (dir / "t.json").string() + "' -- sh '" + script.string() + "'");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  const json t = trace_file(dir / "t.json");
  CHECK(kernel(t, "touch"));
  bool said = false;
  for (const json& n : t["notes"])
    said = said || n.get<std::string>().find("ended without writing its last capture (it was killed, crashed or ended with _exit)") !=
                       std::string::npos;
  CHECK(said);
  // Nothing ran: no device to compare the roofs with, and no note that says "ran on ''".
  const RunResult none = run_roofline("trace --roofs '" + kRoofs + "' -o '" + (dir / "none.json").string() + "' -- true");
  CHECK(none.exit_code == 0);
  CHECK(none.out.find("ran on ''") == std::string::npos);
  CHECK(slurp(dir / "none.json").find("ran on ''") == std::string::npos);
}

TEST_CASE("trace refuses an application it cannot run, in one line, with status 2") {
  const RunResult missing = run_roofline("trace -- ./no-such-application-here");
  CHECK(missing.exit_code == 2);
  CHECK(missing.err == "roofline: cannot trace './no-such-application-here': no such file\n");
  const RunResult not_on_path = run_roofline("trace -- no-such-application-here");
  CHECK(not_on_path.exit_code == 2);
  CHECK(not_on_path.err == "roofline: cannot trace 'no-such-application-here': not found on PATH\n");
  const std::string text = std::string(ROOFLINE_SOURCE_DIR) + "/README.md";
  const RunResult not_executable = run_roofline("trace -- '" + text + "'");
  CHECK(not_executable.exit_code == 2);
  CHECK(not_executable.err == "roofline: cannot trace '" + text + "': not an executable file\n");
  const RunResult svg_without_roofs = run_roofline("trace --svg /tmp/x.svg -- true");
  CHECK(svg_without_roofs.exit_code == 2);
  CHECK(svg_without_roofs.err.find("--svg: no roofs file") != std::string::npos);
}

TEST_CASE("trace --svg without --roofs draws on roofs/<device>.json, as place does, and names the file it lacks") {
  const fs::path dir = scratch_dir("trace-svg-default");
  const std::string in_dir = "cd '" + dir.string() + "' && ";
  const RunResult lacking = run_roofline("trace -o first.json --svg first.svg -- '" + kApp + "'", in_dir);
  INFO(lacking.out << lacking.err);
  REQUIRE(lacking.exit_code == 2);
  CHECK(fs::exists(dir / "first.json"));  // the trace is kept; only the chart could not be drawn
  CHECK_FALSE(fs::exists(dir / "first.svg"));
  const std::size_t at = lacking.err.find("(roofs/");
  REQUIRE(at != std::string::npos);
  const std::string wanted = lacking.err.substr(at + 1, lacking.err.find(".json)", at) + 5 - (at + 1));
  json roofs = json::parse(slurp(kRoofs));
  roofs["device"]["name"] = trace_file(dir / "first.json")["device"];
  fs::create_directories(dir / "roofs");
  std::ofstream(dir / wanted) << roofs.dump();
  const RunResult drawn = run_roofline("trace -o second.json --svg second.svg -- '" + kApp + "'", in_dir);
  INFO(drawn.out << drawn.err);
  CHECK(drawn.exit_code == 0);
  CHECK(slurp(dir / "second.svg").find("class=\"dot\"") != std::string::npos);
}

TEST_CASE("trace counts a pyopencl script's kernels through the interpreter") {
  if (!have_pyopencl()) return;
  const fs::path dir = scratch_dir("trace-pyopencl");
  const std::string script = std::string(ROOFLINE_SOURCE_DIR) + "/tests/capture/pyopencl_app.py";
  const RunResult r = run_roofline("trace -o '" + (dir / "py.json").string() + "' -- '" + CAPTURE_PYTHON + "' '" + script + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const json t = trace_file(dir / "py.json");
  // saxpy: y = a * x + y over 2^14 items, 5 launches: two FLOPs, two loads and a store per item.
  const json* saxpy = kernel(t, "saxpy");
  REQUIRE(saxpy);
  CHECK((*saxpy)["launches"] == 5);
  CHECK(counters(*saxpy)["flop_float"] == 2 * 16384);
  CHECK((*saxpy)["placement"]["bytes"] == 12 * 16384);
  CHECK(kernel(t, "block_sum"));
}

TEST_CASE("trace --bundle keeps each counted launch, which count and place run again standalone") {
  const fs::path dir = scratch_dir("trace-bundle");
  const fs::path bundles = dir / "bundles";
  const RunResult r = run_roofline("trace -q --bundle '" + bundles.string() + "' -o '" + (dir / "t.json").string() +
                                   "' -- '" + kApp + "' --repeat 2");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  const json t = trace_file(dir / "t.json");
  const json* add = kernel(t, "add");
  REQUIRE(add);
  const json& sig = (*add)["signatures"][0];
  REQUIRE(sig.contains("bundle"));
  // The bundle's launch, counted again outside the application: the same counts.
  const RunResult again = run_roofline("count '" + sig["bundle"].get<std::string>() + "' -o '" + (dir / "add.json").string() + "'");
  INFO(again.out << again.err);
  REQUIRE(again.exit_code == 0);
  CHECK(json::parse(slurp(dir / "add.json"))["counters"] == sig["counts"]["counters"]);
  // The binary program's scale has no bundle: it was not counted.
  for (const json& s : (*kernel(t, "scale", false))["signatures"]) CHECK(!s.contains("bundle"));
  // A folder holding something already is refused before the application runs.
  const RunResult full = run_roofline("trace --bundle '" + bundles.string() + "' -- '" + kApp + "'");
  CHECK(full.exit_code == 5);
  CHECK(full.out.empty());
  CHECK(full.err.find("not an empty folder") != std::string::npos);
}

TEST_CASE("a program that fails to build inside a traced application fails the same as without trace") {
  const RunResult plain = run_program(kApp, "--repeat 1 --fail-build");
  REQUIRE(plain.exit_code == 0);
  CHECK(plain.out.find("failing build: -11") != std::string::npos);  // CL_BUILD_PROGRAM_FAILURE
  const RunResult traced = run_roofline("trace --count none -- '" + kApp + "' --repeat 1 --fail-build");
  INFO(traced.out << traced.err);
  CHECK(traced.exit_code == 0);
  CHECK(traced.out.rfind(plain.out, 0) == 0);
}

TEST_CASE("trace finds --device before the application runs: no such device is exit 3, the application not started") {
  const fs::path dir = scratch_dir("trace-device");
  const fs::path ran = dir / "ran";
  const RunResult r = run_roofline("trace --device no-such-device-anywhere -- sh -c \"touch '" + ran.string() + "'\"");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 3);
  CHECK(r.err.rfind("roofline: no device matches name 'no-such-device-anywhere'", 0) == 0);
  CHECK(!fs::exists(ran));
}

TEST_CASE("a script without #! cannot be started: status 2, not the application's failure") {
  const fs::path dir = scratch_dir("trace-no-shebang");
  const fs::path script = dir / "script";
  std::ofstream(script) << "echo started\n";
  fs::permissions(script, fs::perms::owner_all);
  const RunResult r = run_roofline("trace -- '" + script.string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: cannot trace '" + script.string() + "': not a program this system can run (a script needs a #! line)\n");
  CHECK(r.out.find("started") == std::string::npos);  // no shell ran it instead
}

TEST_CASE("SIGTERM or SIGHUP to trace stops the application, writes what it captured, cleans up and exits 130") {
  for (const std::string sig : {"TERM", "HUP"}) {
    CAPTURE(sig);
    const fs::path dir = scratch_dir("trace-stopped-" + sig);
    const fs::path tmp = dir / "tmp", out = dir / "out", trace = dir / "t.json", app_pid = dir / "app.pid";
    fs::create_directories(tmp);
    // The application prints its results, then waits to be killed (--hang); its
    // pid is the shell's, which execs it. Trace is sent the signal once the
    // application has printed, then the script reports whether the application is gone.
    const fs::path script = dir / "stop.sh";
    std::ofstream(script) << "TMPDIR='" << tmp.string() << "' '" << ROOFLINE_BINARY << "' trace --count none -o '" << trace.string()
                          << "' -- sh -c 'echo $$ >\"" << app_pid.string() << "\"; exec \"" << kApp << "\" --repeat 2 --hang' >'"
                          << out.string() << "' 2>&1 &\n"
                          << "t=$!\n"
                          << "tail -F --pid=$t '" << out.string() << "' 2>/dev/null | grep -q -m1 '^T '\n"
                          << "kill -" << sig << " $t\nwait $t\necho \"status $?\"\n"
                          << "if kill -0 $(cat '" << app_pid.string() << "') 2>/dev/null; then echo 'application running'; "
                          << "kill -9 $(cat '" << app_pid.string() << "'); fi\n";
    const RunResult r = run_program("sh", "'" + script.string() + "'");
    INFO(r.out << r.err << slurp(out));
    CHECK(r.out.find("status 130") != std::string::npos);
    CHECK(r.out.find("application running") == std::string::npos);
    CHECK(slurp(out).find("roofline: trace was stopped by SIG" + sig + " while the application ran") != std::string::npos);
    REQUIRE(fs::exists(trace));
    const json t = trace_file(trace);
    CHECK(t["application"]["signal"] == (sig == "TERM" ? 15 : 1));
    CHECK(fs::is_empty(tmp));  // the capture folder, buffer copies included, is gone
  }
}

TEST_CASE("compare of two traces of capture_app at two sizes, and its gate failing on a deliberately slowed kernel") {
  const fs::path dir = scratch_dir("trace-compare");
  auto traced = [&](const std::string& name, const std::string& args) {
    const fs::path file = dir / (name + ".trace.json");
    const RunResult r = run_roofline("trace --roofs '" + kRoofs + "' -o '" + file.string() + "' --quiet -- '" + kApp + "' --repeat 3 " + args);
    INFO(r.out << r.err);
    REQUIRE(r.exit_code == 0);
    return file;
  };
  const fs::path small = traced("small", "--size 4096"), large = traced("large", "--size 65536");
  const fs::path slowed = traced("slowed", "--size 4096 --slow");

  // Two sizes: each kernel's work differs, so it is compared by its rate; no gate, status 0.
  const RunResult sizes = run_roofline("compare '" + small.string() + "' '" + large.string() + "' -o '" + (dir / "sizes.json").string() +
                                       "' --csv '" + (dir / "sizes.csv").string() + "' --svg '" + (dir / "sizes.svg").string() + "'");
  INFO(sizes.out << sizes.err);
  REQUIRE(sizes.exit_code == 0);
  CHECK(schema_problem_of(dir / "sizes.json", roofline::DocumentKind::comparison) == "");
  const json s = json::parse(slurp(dir / "sizes.json"));
  CHECK(s["kind"] == "trace");
  CHECK(s["a"]["git_revision"].get<std::string>().size() > 0);  // the chart tells the runs apart by date and revision
  bool add_by_rate = false;
  for (const json& row : s["rows"])
    if (row["name"] == "add") add_by_rate = row["basis"] == "rate" && row["ai_a"] == row["ai_b"];
  CHECK(add_by_rate);
  CHECK(sizes.out.find("its work differs: compared by rate") != std::string::npos);
  CHECK(slurp(dir / "sizes.svg").find("vs  B: ") != std::string::npos);

  // The slowed add: the same counts, 4000 integer steps per item more: compared by time, slower than 5%: status 12.
  const RunResult gate = run_roofline("compare '" + small.string() + "' '" + slowed.string() + "' --fail-if-slower 5% -o '" +
                                      (dir / "gate.json").string() + "'");
  INFO(gate.out << gate.err);
  CHECK(gate.exit_code == 12);
  const json g = json::parse(slurp(dir / "gate.json"));
  bool add_slower = false;
  for (const json& row : g["rows"])
    if (row["name"] == "add") add_slower = row["basis"] == "time" && row["slower"] == true && row["speed"].get<double>() < 0.5;
  CHECK(add_slower);
  CHECK(gate.out.find("slower than 0.95 of A's (--fail-if-slower 5%)") != std::string::npos);
}
