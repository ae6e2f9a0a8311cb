// Runs the real roofline binary as a user would and captures what it says.
#pragma once
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

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
