// A helper program run with pipes both ways (app/child_process), and
// roofline's side of the instrumenter (app/instrumenter): where it is looked
// for, and what a reply means.
#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "../executable_script.hpp"
#include "app/child_process.hpp"
#include "app/errors.hpp"
#include "app/instrumenter.hpp"

using namespace roofline;
namespace fs = std::filesystem;

namespace {

fs::path scratch(const std::string& name) {
  const fs::path d = fs::temp_directory_path() / ("roofline-unit-" + std::to_string(::getpid()) + "-" + name);
  fs::create_directories(d);
  return d;
}

constexpr std::size_t kCap = std::size_t(64) << 20;

}  // namespace

TEST_CASE("a program's input and output cross the pipes whole, larger than their buffers") {
  std::string input(3 << 20, 'x');
  input[123457] = 'y';
  const ProgramRun run = run_program("/bin/cat", input, 60, kCap, nullptr);
  CHECK(run.ending == ProgramRun::Ending::ended);
  CHECK(WIFEXITED(run.status));
  CHECK(WEXITSTATUS(run.status) == 0);
  CHECK(run.output == input);
}

TEST_CASE("a program that ends without reading its input, or cannot start, is told by its status") {
  const fs::path dir = scratch("child-early");
  // No SIGPIPE reaches this process: the write fails, and the child's status says the rest.
  const ProgramRun early = run_program(executable_script(dir, "early.sh", "echo said >&2\nexit 3").string(), std::string(4 << 20, 'x'), 60, kCap, nullptr);
  CHECK(early.ending == ProgramRun::Ending::ended);
  CHECK(WEXITSTATUS(early.status) == 3);
  CHECK(early.errors == "said\n");
  const ProgramRun missing = run_program((dir / "none").string(), "", 60, kCap, nullptr);
  CHECK(WIFEXITED(missing.status));
  CHECK(WEXITSTATUS(missing.status) == 127);
  CHECK(missing.errors == "cannot run the program: No such file or directory");
  const ProgramRun crash = run_program(executable_script(dir, "crash.sh", "kill -SEGV $$").string(), "", 60, kCap, nullptr);
  REQUIRE(WIFSIGNALED(crash.status));
  CHECK(signal_text(WTERMSIG(crash.status)) == "signal 11 (SIGSEGV: Segmentation fault)");
  fs::remove_all(dir);
}

TEST_CASE("a program is killed past its deadline, past its output's cap, or when asked to stop") {
  const fs::path dir = scratch("child-killed");
  const std::string hang = executable_script(dir, "hang.sh", "exec sleep 600").string();
  const ProgramRun late = run_program(hang, "", 0.2, kCap, nullptr);
  CHECK(late.ending == ProgramRun::Ending::timed_out);
  CHECK(WTERMSIG(late.status) == SIGKILL);
  const ProgramRun stopped = run_program(hang, "", 600, kCap, [] { return true; });
  CHECK(stopped.ending == ProgramRun::Ending::stopped);
  // Its output closed, it lingers: still killed at the deadline.
  const ProgramRun lingering = run_program(executable_script(dir, "linger.sh", "exec >&- 2>&-\nexec sleep 600").string(), "", 0.2, kCap, nullptr);
  CHECK(lingering.ending == ProgramRun::Ending::timed_out);
  const ProgramRun flood = run_program("/usr/bin/yes", "", 600, 1 << 20, nullptr);
  CHECK(flood.ending == ProgramRun::Ending::output_capped);
  CHECK(flood.output.size() == std::size_t(1) << 20);
  fs::remove_all(dir);
}

TEST_CASE("the instrumenter is $ROOFLINE_INSTRUMENT when set, and only there") {
  const fs::path dir = scratch("instrumenter-find");
  const std::string named = executable_script(dir, "mine.sh", "exit 0").string();
  setenv("ROOFLINE_INSTRUMENT", named.c_str(), 1);
  std::string looked;
  CHECK(find_instrumenter(looked) == named);
  setenv("ROOFLINE_INSTRUMENT", (dir / "none").c_str(), 1);
  CHECK(!find_instrumenter(looked));
  CHECK(looked == "$ROOFLINE_INSTRUMENT names " + (dir / "none").string() + ", which is not an executable file");
  CHECK_THROWS_AS(require_instrumenter(), CommandError);
  unsetenv("ROOFLINE_INSTRUMENT");
  // Unset: beside this program (tests/ holds no instrumenter), then PREFIX/libexec/roofline.
  if (!find_instrumenter(looked)) {
    CHECK(looked.find("$ROOFLINE_INSTRUMENT is unset, and it is not in ") == 0);
    CHECK(looked.find("/libexec/roofline/roofline-instrument") != std::string::npos);
  }
  fs::remove_all(dir);
}

TEST_CASE("an instrumenter's answer that is no reply, or a reply of a failure, becomes the failure it stands for") {
  const fs::path dir = scratch("instrumenter-replies");
  InstrumentRequest request;
  request.kernel = "k";
  auto failure_with = [&](const std::string& body) {
    setenv("ROOFLINE_INSTRUMENT", executable_script(dir, "fake.sh", body).c_str(), 1);
    try {
      instrument_kernel(request, "k.cl: instrumenting kernel 'k' for counting");
    } catch (const CommandError& e) {
      unsetenv("ROOFLINE_INSTRUMENT");
      return std::make_pair(e.failure, std::string(e.what()));
    } catch (const InstrumentError& e) {
      unsetenv("ROOFLINE_INSTRUMENT");
      return std::make_pair(Failure::kernel_build, std::string(e.what()));
    }
    unsetenv("ROOFLINE_INSTRUMENT");
    return std::make_pair(Failure::runtime, std::string("no failure"));
  };
  const std::string who = "k.cl: instrumenting kernel 'k' for counting: the instrumenter " + (dir / "fake.sh").string();
  CHECK(failure_with("echo 'error while loading shared libraries: libclang-cpp.so.15' >&2\nexit 127") ==
        std::make_pair(Failure::runtime, who + " exited with status 127 without a reply: error while loading shared libraries: libclang-cpp.so.15"));
  CHECK(failure_with("echo '{\"schema\": \"roofline-instrument-reply\", \"schema_version\": 1}'").first == Failure::runtime);
  CHECK(failure_with("echo '{\"schema\": \"roofline-instrument-reply\", \"schema_version\": 1, "
                     "\"error\": {\"kind\": \"instrument\", \"message\": \"k.cl:3: a call through a function pointer\"}}'\nexit 3") ==
        std::make_pair(Failure::kernel_build, std::string("k.cl:3: a call through a function pointer")));
  CHECK(failure_with("kill -ABRT $$").first == Failure::kernel_crash);
  fs::remove_all(dir);
}

#ifdef ROOFLINE_HAVE_CLANG
TEST_CASE("the built instrumenter makes the counting copy and resolves typedefs") {
  setenv("ROOFLINE_INSTRUMENT", ROOFLINE_INSTRUMENTER, 1);
  InstrumentRequest request;
  request.source = "typedef float real;\n__kernel void k(__global real* a) { a[0] = 2.0f * a[1]; }\n";
  request.kernel = "k";
  const InstrumentResult copy = instrument_kernel(request, "counting k");
  CHECK(copy.kernels == std::vector<std::string>{"k"});
  CHECK(copy.source.find("void __rl_k_k(__global real* a, __private ulong *__rl_c)") != std::string::npos);
  CHECK(resolve_typedefs(request, "typedefs of k") == TypedefNames{{"real", "float"}});
  unsetenv("ROOFLINE_INSTRUMENT");
}
#endif
