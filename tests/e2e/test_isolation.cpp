// End-to-end: a user's kernel that faults, never ends or is interrupted
// costs its worker process, not the tool: count and place end with one line
// naming the kernel and what happened, and the documented exit status; so
// does an instrumenter (roofline-instrument, a program of its own) that is
// missing or dies, and a worker killed outright takes its instrumenter with
// it; input files are read up to a cap on their size, a FIFO is refused rather
// than waited on, and buffers the device cannot hold are refused before any is made.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <signal.h>
#include <fcntl.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../executable_script.hpp"
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

// An instrumenter that tells its process id and its parent's (the worker)
// in `ids`, then never answers.
fs::path hanging_instrumenter(const fs::path& dir, const fs::path& ids) {
  return executable_script(dir, "hang.sh", "echo \"$$ $PPID\" > '" + ids.string() + ".tmp' && mv '" + ids.string() + ".tmp' '" + ids.string() +
                                    "'\nexec sleep 600");
}

// The two process ids the hanging instrumenter wrote, once it has: the
// worker builds the kernel first.
std::pair<pid_t, pid_t> wait_for_ids(const fs::path& ids, pid_t roofline) {
  while (!fs::exists(ids)) {
    int status = 0;
    REQUIRE(waitpid(roofline, &status, WNOHANG) == 0);  // roofline must still be waiting for it
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  std::ifstream in(ids);
  pid_t helper = -1, worker = -1;
  in >> helper >> worker;
  return {helper, worker};
}

// Whether a process is gone (or only a zombie left for init to reap).
bool gone(pid_t pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string text;
  if (!std::getline(stat, text)) return true;
  const auto close = text.rfind(')');
  return close != std::string::npos && close + 2 < text.size() && text[close + 2] == 'Z';
}

// Waits for the hanging instrumenter to be gone; fails after `limit_s`.
void check_gone(pid_t pid, double limit_s) {
  const auto start = std::chrono::steady_clock::now();
  while (!gone(pid)) {
    if (seconds_since(start) > limit_s) {
      kill(pid, SIGKILL);
      FAIL("the instrumenter " << pid << " outlived its worker by " << limit_s << " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
}

// Sets an environment variable for the processes the test starts, until the scope ends.
struct Environment {
  Environment(const char* name, const std::string& value) : name(name) { setenv(name, value.c_str(), 1); }
  ~Environment() { unsetenv(name); }
  const char* name;
};

}  // namespace

TEST_CASE("an instrumenter that is missing makes counting unavailable: one line naming where, exit 1, before any work") {
  const auto dir = scratch_dir("no-instrumenter");
  const std::string missing = (dir / "roofline-instrument").string();
  const std::string env = "ROOFLINE_INSTRUMENT='" + missing + "'";
  const std::string triad = "'" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/triad.cl' -D ELEMS=64";
  for (const std::string& command : {"count " + triad + " -o '" + (dir / "c.json").string() + "'", "place " + triad,
                                     "analyze " + triad + " --roofs '" + ROOFLINE_SOURCE_DIR + "/roofs/pthread-haswell-amd-epyc.json'"}) {
    CAPTURE(command);
    const RunResult r = run_roofline(command, env);
    CHECK(r.exit_code == 1);
    CHECK(r.err == "roofline: counting needs roofline-instrument, the Clang kernel instrumenter: $ROOFLINE_INSTRUMENT names " + missing +
                       ", which is not an executable file; build roofline where libclang-cpp15-dev is installed (it is built beside "
                       "roofline and installed in libexec/roofline/), or set ROOFLINE_INSTRUMENT to one\n");
    CHECK(r.out.empty());
  }
  CHECK(!fs::exists(dir / "c.json"));
  fs::remove_all(dir);
}

TEST_CASE("an instrumenter killed by a signal ends count with one line naming it and the signal, exit 7") {
  const auto dir = scratch_dir("instrumenter-crash");
  const fs::path crash = executable_script(dir, "crash.sh", "kill -SEGV $$");
  const auto out = dir / "c.json";
  const RunResult r = run_roofline("count '" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/triad.cl' -D ELEMS=64 -o '" + out.string() + "'",
                                   "ROOFLINE_INSTRUMENT='" + crash.string() + "'");
  CHECK(r.exit_code == 7);
  CHECK(r.err.find("examples/triad.cl: instrumenting kernel 'triad' for counting: the instrumenter " + crash.string() +
                   " was killed by signal 11 (SIGSEGV: Segmentation fault)") != std::string::npos);
  CHECK(lines(r.err) == 1);
  CHECK(!fs::exists(out));
  fs::remove_all(dir);
}

TEST_CASE("a worker killed outright takes its instrumenter with it, and so does SIGTERM to roofline") {
  for (const bool terminate_roofline : {false, true}) {
    CAPTURE(terminate_roofline);
    const auto dir = scratch_dir("instrumenter-orphan");
    const fs::path ids = dir / "ids.txt";
    const Environment env("ROOFLINE_INSTRUMENT", hanging_instrumenter(dir, ids).string());
    const fs::path err = dir / "stderr.txt";
    const pid_t pid = start_roofline_in_background({"count", std::string(ROOFLINE_SOURCE_DIR) + "/examples/triad.cl", "-D", "ELEMS=64"}, err);
    REQUIRE(pid > 0);
    const auto [helper, worker] = wait_for_ids(ids, pid);
    REQUIRE(kill(terminate_roofline ? pid : worker, terminate_roofline ? SIGTERM : SIGKILL) == 0);
    const int status = wait_for_exit(pid);
    INFO("stderr: " << slurp(err));
    REQUIRE(WIFEXITED(status));
    if (terminate_roofline) {
      CHECK(WEXITSTATUS(status) == 130);
    } else {
      CHECK(WEXITSTATUS(status) == 7);
      CHECK(slurp(err).find("counting kernel 'triad' of " + std::string(ROOFLINE_SOURCE_DIR) +
                              "/examples/triad.cl: the worker process was killed by signal 9 (SIGKILL") != std::string::npos);
    }
    check_gone(helper, 30);
    fs::remove_all(dir);
  }
}

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
  // --timeout bounds the worker's whole run: the worker's start, the device
  // and the build take under a second on PoCL when both cores are free, and
  // over 2 s when other processes keep them busy; 6 s leaves the kernel's
  // run its turn (the message then names counting, not preparing).
  const RunResult r = run_roofline("count " + test_kernel("spin.cl") + " --timeout 6");
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 8);
  // The message names what the worker was doing when its time ran out: the
  // kernel spinning, or on a busy machine still its file being prepared
  // (the worker's start, the device and the build take a second or two).
  const bool counting = r.err.rfind("roofline: counting kernel 'spin' of ", 0) == 0;
  const bool preparing = r.err.rfind("roofline: preparing kernel file ", 0) == 0;
  CHECK((counting || preparing));
  CHECK(r.err.find("spin.cl: no result within --timeout 6 s; the worker process was killed") != std::string::npos);
  CHECK(lines(r.err) == 1);
  // Not before its time, however fast the machine.
  CHECK(seconds_since(start) >= 6);

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
  RunResult r;
#ifdef ROOFLINE_HAVE_CLANG  // without it, count says first that it needs the instrumenter (test_count.cpp)
  // /dev/zero never ends (and its size reads as 0): refused, not read until memory runs out.
  r = run_roofline("count /dev/zero", "ulimit -v 4000000; timeout -s KILL 60");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: kernel file /dev/zero holds more than 16777216 bytes, over the 16 MiB limit\n");

  // A source one byte over the cap is refused with its size.
  const auto big = dir / "big.cl";
  std::ofstream(big) << "__kernel void k(__global float* a) { a[0] = 1; }\n";
  fs::resize_file(big, (std::uintmax_t(16) << 20) + 1);
  r = run_roofline("count '" + big.string() + "'");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: kernel file " + big.string() + " is 16777217 bytes, over the 16 MiB limit\n");
#endif

  // JSON inputs have theirs.
  r = run_roofline("plot /dev/zero -o '" + (dir / "c.svg").string() + "'", "ulimit -v 4000000; timeout -s KILL 60");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: roofs file /dev/zero holds more than 67108864 bytes, over the 64 MiB limit\n");
  fs::remove_all(dir);
}

TEST_CASE("a FIFO given as an input is refused, not waited on") {
  const auto dir = scratch_dir("input-fifo");
  const auto fifo = dir / "fifo";
  REQUIRE(mkfifo(fifo.c_str(), 0644) == 0);
  const std::string f = "'" + fifo.string() + "'";
  const std::string reason = ": is a FIFO or a pipe, not a regular file";
  // No writer ever opens it: a reader that waited would wait forever (the safety net kills it).
  RunResult r = run_roofline("plot " + f + " -o '" + (dir / "c.svg").string() + "'", "timeout -s KILL 60");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: cannot read roofs file " + fifo.string() + reason + "\n");
  r = run_roofline("count " + f, "timeout -s KILL 60");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: cannot read kernel file " + fifo.string() + reason + "\n");
  r = run_roofline("build --device cpu --quick --levels " + f + " -o '" + (dir / "r.json").string() + "' --svg '" +
                       (dir / "r.svg").string() + "'",
                   "timeout -s KILL 60");
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: cannot read level override file " + fifo.string() + reason + "\n");
  CHECK(!fs::exists(dir / "r.json.partial"));
  // A buffer's data: a FIFO, and a folder (whose size read as 9223372036854775807 bytes).
  const auto kernel = dir / "k.cl";
  std::ofstream(kernel) << "__kernel void twice(__global float* x) { x[get_global_id(0)] *= 2.0f; }\n";
  r = run_roofline("count '" + kernel.string() + "' --global 4 --arg x=float[4]:file=" + fifo.string(), "timeout -s KILL 60");
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--arg x=float[4]:file=" + fifo.string() + ": cannot read data file " + fifo.string() + reason) != std::string::npos);
  r = run_roofline("count '" + kernel.string() + "' --global 4 --arg x=float[4]:file=" + dir.string());
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("cannot read data file " + dir.string() + ": is a directory") != std::string::npos);
  CHECK(r.err.find("9223372036854775807") == std::string::npos);
  fs::remove_all(dir);
}

TEST_CASE("build reads --levels before it takes Ctrl-C over: a read that waits ends at the first Ctrl-C") {
  const auto dir = scratch_dir("levels-terminal");
  // A terminal that never answers: the slave side of a pseudo-terminal whose master says nothing.
  const int master = posix_openpt(O_RDWR | O_NOCTTY);
  REQUIRE(master >= 0);
  REQUIRE(grantpt(master) == 0);
  REQUIRE(unlockpt(master) == 0);
  const std::string terminal = ptsname(master);
  const fs::path err = dir / "stderr.txt";
  const pid_t pid = start_roofline_in_background({"build", "--device", "cpu", "--quick", "--levels", terminal, "-o",
                                                  (dir / "r.json").string(), "--svg", (dir / "r.svg").string()},
                                                 err);
  REQUIRE(pid > 0);
  // Once it holds the terminal open, it is reading it.
  const auto holds_terminal = [&] {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc/" + std::to_string(pid) + "/fd", ec))
      if (fs::read_symlink(e.path(), ec) == terminal) return true;
    return false;
  };
  std::optional<int> ended;
  REQUIRE(wait_until(pid, holds_terminal, ended));
  REQUIRE(kill(pid, SIGINT) == 0);
  const int status = wait_for_exit(pid, ended);
  INFO("stderr: " << slurp(err));
  CHECK(((WIFSIGNALED(status) && WTERMSIG(status) == SIGINT) || (WIFEXITED(status) && WEXITSTATUS(status) == 130)));
  CHECK(!fs::exists(dir / "r.json.partial"));
  close(master);
  fs::remove_all(dir);
}

TEST_CASE("buffers that fit one by one but not together are refused before any is made") {
  const auto dir = scratch_dir("device-memory");
  const auto kernel = dir / "five.cl";
  std::ofstream(kernel) << "__kernel void five(__global float* a, __global const float* b, __global const float* c,\n"
                           "                   __global const float* d, __global const float* e) {\n"
                           "  const size_t i = get_global_id(0);\n"
                           "  a[i] = b[i] + c[i] + d[i] + e[i];\n"
                           "}\n";
  std::string args;
  for (const char* name : {"a", "b", "c", "d", "e"}) args += std::string(" --arg ") + name + "=float[268435456]:zeros";
  // PoCL's memory limit (POCL_MEMORY_LIMIT, in GiB) makes the device report 4
  // GiB of global memory, and 1 GiB as its largest allocation: five 1 GiB
  // buffers pass one by one, not together. Their host data, 5 GiB, would not
  // fit the address space the test allows the process.
  const std::string limit = "ulimit -v 4000000; POCL_MEMORY_LIMIT=4 timeout -s KILL 120";
  const RunResult devices = run_roofline("devices", limit);
  REQUIRE(devices.out.find("global 4 GiB (max alloc 1 GiB)") != std::string::npos);
  const RunResult r = run_roofline("count '" + kernel.string() + "' --device cpu --global 1024" + args, limit);
  INFO("stderr: " << r.err);
  CHECK(r.exit_code == 2);
  CHECK(r.err == "roofline: " + kernel.string() +
                     ": the buffers need 5 GiB together, more than the device's global memory, 4 GiB\n");
  fs::remove_all(dir);
}
