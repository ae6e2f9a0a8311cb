// Runs the real roofline binary as a user would and captures what it says.
#pragma once
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char** environ;

struct RunResult {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline std::filesystem::path scratch_dir(const std::string& name) {
  // The process id keeps test runs of several checkouts on one machine apart.
  auto d = std::filesystem::temp_directory_path() / ("roofline-e2e-" + std::to_string(getpid()) + "-" + name);
  std::filesystem::remove_all(d);
  std::filesystem::create_directories(d);
  return d;
}

// Runs `program` (a path) with `args` appended as shell words, `prefix` before it (environment settings),
// its standard input read from `input` (a path).
inline RunResult run_program(const std::string& program, const std::string& args, const std::string& prefix = "",
                             const std::string& input = "/dev/null") {
  static int n = 0;
  auto dir = std::filesystem::temp_directory_path();
  const std::string id = std::to_string(getpid()) + "-" + std::to_string(++n);
  const auto out = dir / ("roofline-e2e-out-" + id), err = dir / ("roofline-e2e-err-" + id);
  const std::string cmd = prefix + " '" + program + "' " + args + " >'" + out.string() + "' 2>'" + err.string() + "' <'" + input + "'";
  const int status = std::system(cmd.c_str());
  RunResult r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

// `args` is appended to the binary's path as shell words.
inline RunResult run_roofline(const std::string& args, const std::string& prefix = "") {
  return run_program(ROOFLINE_BINARY, args, prefix);
}

// A process started in the background, without a shell: stdin and stdout
// /dev/null, stderr to `err`; its process id, or -1 when it could not start.
inline pid_t start_in_background(const std::string& program, const std::vector<std::string>& args,
                                 const std::filesystem::path& err) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  std::vector<std::string> words{program};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  if (posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ) != 0) pid = -1;
  posix_spawn_file_actions_destroy(&actions);
  return pid;
}

inline pid_t start_roofline_in_background(const std::vector<std::string>& args, const std::filesystem::path& err) {
  return start_in_background(ROOFLINE_BINARY, args, err);
}

// Waits for an event, never for a time: until `ready()` holds or the process
// `pid` ends, asking again every few milliseconds however long that takes
// (ctest's timeout ends a test that would wait in vain). Returns whether
// ready() held; a process that ended is reaped, its wait status in `ended`.
inline bool wait_until(pid_t pid, const std::function<bool()>& ready, std::optional<int>& ended) {
  for (;;) {
    if (ready()) return true;
    int status = 0;
    if (waitpid(pid, &status, WNOHANG) == pid) {
      ended = status;
      return ready();
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// The wait status of `pid`, however long it takes to end.
inline int wait_for_exit(pid_t pid, const std::optional<int>& ended = std::nullopt) {
  if (ended) return *ended;
  int status = 0;
  waitpid(pid, &status, 0);
  return status;
}
