// End-to-end: a user's kernel that faults, never ends or is interrupted
// costs its worker process, not the tool: count and place end with one line
// naming the kernel and what happened, and the documented exit status; input
// files are read up to a cap on their size.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <signal.h>
#include <sys/wait.h>

#include "run_binary.hpp"

namespace fs = std::filesystem;

namespace {

std::string test_kernel(const std::string& name) {
  return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/" + name + "'";
}

std::size_t lines(const std::string& text) { return std::size_t(std::count(text.begin(), text.end(), '\n')); }

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The processes whose parent is `pid` (from /proc/*/stat).
std::vector<pid_t> children_of(pid_t pid) {
  std::vector<pid_t> out;
  for (const auto& e : fs::directory_iterator("/proc")) {
    const std::string name = e.path().filename();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    const std::string stat = slurp(e.path() / "stat");
    const auto close = stat.rfind(')');  // after the command, which may hold spaces
    if (close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 1));
    std::string state;
    pid_t parent = 0;
    rest >> state >> parent;
    if (parent == pid) out.push_back(pid_t(std::stol(name)));
  }
  return out;
}

}  // namespace

#ifdef ROOFLINE_HAVE_CLANG

TEST_CASE("a kernel that faults ends count and place with one line naming it and the signal, exit 7") {
  const auto dir = scratch_dir("fault");
  const auto out = dir / "out.json";
  for (const std::string command : {"count", "place"}) {
    CAPTURE(command);
    const RunResult r = run_roofline(command + " " + test_kernel("out_of_bounds.cl") + " -o '" + out.string() + "'");
    INFO("stderr: " << r.err);
    CHECK(r.exit_code == 7);
    CHECK(r.err.rfind("roofline: counting kernel 'out_of_bounds' of ", 0) == 0);
    CHECK(r.err.find("out_of_bounds.cl: the worker process was killed by signal 11 (SIGSEGV: Segmentation fault)") !=
          std::string::npos);
    CHECK(lines(r.err) == 1);
    CHECK(!fs::exists(out));
  }
  // A private array far larger than a work-item's stack faults the same way.
  const RunResult r = run_roofline("count " + test_kernel("private_huge.cl"));
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 7);
  CHECK(r.err.find("kernel 'private_huge'") != std::string::npos);
  CHECK(r.err.find("killed by signal") != std::string::npos);
  CHECK(lines(r.err) == 1);
  fs::remove_all(dir);
}

TEST_CASE("a kernel that never ends is killed after --timeout, exit 8") {
  const auto start = std::chrono::steady_clock::now();
  const RunResult r = run_roofline("count " + test_kernel("spin.cl") + " --timeout 2");
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 8);
  // The message names what the worker was doing when its time ran out: the
  // kernel spinning, or on a busy machine still its file being prepared
  // (the worker's start, the device and the build take a second or two).
  const bool counting = r.err.rfind("roofline: counting kernel 'spin' of ", 0) == 0;
  const bool preparing = r.err.rfind("roofline: preparing kernel file ", 0) == 0;
  CHECK((counting || preparing));
  CHECK(r.err.find("spin.cl: no result within --timeout 2 s; the worker process was killed") != std::string::npos);
  CHECK(lines(r.err) == 1);
  // Not before its time, however fast the machine.
  CHECK(seconds_since(start) >= 2);

  for (const char* bad : {"-1", "nan", "inf", "soon"}) {
    CAPTURE(bad);
    const RunResult b = run_roofline("count " + test_kernel("spin.cl") + " --timeout " + bad);
    CHECK(b.exit_code == 2);
    CHECK(b.err.find("--timeout takes seconds, 0 or more") != std::string::npos);
  }
}

TEST_CASE("Ctrl-C ends count with status 130, its worker killed and nothing written") {
  const auto dir = scratch_dir("count-interrupt");
  const auto out = dir / "out" / "counts.json";
  fs::create_directories(out.parent_path());
  // No --timeout: the kernel would spin until the default's 5 minutes.
  const fs::path err = dir / "stderr.txt";
  const pid_t pid = start_roofline_in_background({"count", std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/spin.cl", "-o", out.string()}, err);
  REQUIRE(pid > 0);
  // SIGINT once the worker process runs (its parent's handler is in place by then).
  std::optional<int> ended;
  REQUIRE(wait_until(pid, [&] { return !children_of(pid).empty(); }, ended));
  REQUIRE(kill(pid, SIGINT) == 0);
  const int status = wait_for_exit(pid, ended);
  INFO("stderr: " << slurp(err));
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK(slurp(err) == "roofline: interrupted\n");
  CHECK(fs::is_empty(out.parent_path()));
  fs::remove_all(dir);
}

#endif

TEST_CASE("input files are read up to a cap on their size") {
  const auto dir = scratch_dir("input-cap");
  // /dev/zero never ends (and its size reads as 0): refused, not read until memory runs out.
  RunResult r = run_roofline("count /dev/zero", "ulimit -v 4000000; timeout -s KILL 60");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: kernel file /dev/zero holds more than 16777216 bytes, over the 16 MiB limit\n");

  // A source one byte over the cap is refused with its size.
  const auto big = dir / "big.cl";
  std::ofstream(big) << "__kernel void k(__global float* a) { a[0] = 1; }\n";
  fs::resize_file(big, (std::uintmax_t(16) << 20) + 1);
  r = run_roofline("count '" + big.string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: kernel file " + big.string() + " is 16777217 bytes, over the 16 MiB limit\n");

  // JSON inputs have theirs.
  r = run_roofline("plot /dev/zero -o '" + (dir / "c.svg").string() + "'", "ulimit -v 4000000; timeout -s KILL 60");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: roofs file /dev/zero holds more than 67108864 bytes, over the 64 MiB limit\n");
  fs::remove_all(dir);
}
