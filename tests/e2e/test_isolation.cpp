// End-to-end: a user's kernel that faults, never ends or is interrupted
// costs its worker process, not the tool: count and place end with one line
// naming the kernel and what happened, and the documented exit status; input
// files are read up to a cap on their size, a FIFO is refused rather than
// waited on, and buffers the device cannot hold are refused before any is made.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "run_binary.hpp"

extern char** environ;

namespace fs = std::filesystem;

namespace {

std::string test_kernel(const std::string& name) {
  return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/" + name + "'";
}

std::size_t lines(const std::string& text) { return std::size_t(std::count(text.begin(), text.end(), '\n')); }

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// A roofline process started in the background, its stderr to a file.
struct Background {
  pid_t pid = -1;
  fs::path err;
};

Background start_roofline(const std::vector<std::string>& args, const fs::path& dir) {
  Background b;
  b.err = dir / "stderr.txt";
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, b.err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> words{ROOFLINE_BINARY};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  REQUIRE(posix_spawn(&b.pid, ROOFLINE_BINARY, &actions, nullptr, argv.data(), environ) == 0);
  posix_spawn_file_actions_destroy(&actions);
  return b;
}

// The wait status of `pid`, which is killed (and the test fails) if it has not ended within `limit_s`.
int wait_at_most(pid_t pid, double limit_s) {
  const auto start = std::chrono::steady_clock::now();
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (seconds_since(start) > limit_s) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      FAIL("still running after " << limit_s << " s");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return status;
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
  CHECK(r.err.rfind("roofline: counting kernel 'spin' of ", 0) == 0);
  CHECK(r.err.find("spin.cl: no result within --timeout 2 s; the worker process was killed") != std::string::npos);
  CHECK(lines(r.err) == 1);
  // The worker's start, the device and the build take a second or two on PoCL.
  CHECK(seconds_since(start) < 20);

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
  const Background b = start_roofline({"count", std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/spin.cl", "-o", out.string()}, dir);
  std::this_thread::sleep_for(std::chrono::seconds(3));  // the kernel is spinning by then
  const auto sent = std::chrono::steady_clock::now();
  REQUIRE(kill(b.pid, SIGINT) == 0);
  const int status = wait_at_most(b.pid, 20);
  INFO("stderr: " << slurp(b.err));
  CHECK(seconds_since(sent) < 10);
  REQUIRE(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 130);
  CHECK(slurp(b.err) == "roofline: interrupted\n");
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
  r = run_roofline("build --device cpu --quick --levels " + f + " -o '" + (dir / "r.json").string() + "' --plot '" +
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
  const Background b = start_roofline({"build", "--device", "cpu", "--quick", "--levels", terminal, "-o", (dir / "r.json").string(),
                                       "--plot", (dir / "r.svg").string()},
                                      dir);
  // Once it holds the terminal open, it is reading it.
  const auto holds_terminal = [&] {
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/proc/" + std::to_string(b.pid) + "/fd", ec))
      if (fs::read_symlink(e.path(), ec) == terminal) return true;
    return false;
  };
  int status = 0;
  while (!holds_terminal() && waitpid(b.pid, &status, WNOHANG) == 0) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(kill(b.pid, SIGINT) == 0);
  status = wait_at_most(b.pid, 60);
  INFO("stderr: " << slurp(b.err));
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
