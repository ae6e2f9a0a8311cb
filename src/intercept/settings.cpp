#include "intercept/settings.hpp"

#include <cerrno>
#include <cstdlib>

#include <sys/auxv.h>

namespace roofline::intercept {
namespace {

const char* env(const char* name) {
  const char* v = std::getenv(name);
  return v && *v ? v : nullptr;
}

// A whole positive number, or nothing.
bool read_count(const char* text, std::uint64_t& out) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || text[0] == '-') return false;
  out = v;
  return true;
}

void read_number(const char* name, std::uint64_t max, std::uint64_t& out, std::string& problems) {
  const char* text = env(name);
  if (!text) return;
  std::uint64_t v = 0;
  if (read_count(text, v) && v <= max)
    out = v;
  else
    problems += std::string(name) + "='" + text + "' is not a number up to " + std::to_string(max) + "; kept the default. ";
}

}  // namespace

bool secure_execution() { return ::getauxval(AT_SECURE) != 0; }

Settings settings_from_environment(std::string& problems) {
  Settings s;
  // A set-uid or set-gid program: the environment is the caller's, not to be
  // trusted with where the program's privileged files go. No capture.
  if (secure_execution()) return s;
  if (const char* dir = env(capture_env::dir)) s.dir = dir;
  if (const char* count = env(capture_env::count)) {
    if (const auto mode = lookup<CountMode>(count))
      s.count = *mode;
    else
      problems += std::string(capture_env::count) + "='" + count + "' is not first, all or none; copies the first launch. ";
  }
  if (const char* log = env(capture_env::launches)) s.launch_log = std::string(log) != "0";
  std::uint64_t mb = s.copy_limit_bytes >> 20, ms = s.flush_ms, sigs = s.signatures_per_kernel;
  read_number(capture_env::copy_limit, std::uint64_t(1) << 40, mb, problems);
  read_number(capture_env::flush_ms, 3600000, ms, problems);
  read_number(capture_env::signatures, 1000000, sigs, problems);
  s.copy_limit_bytes = mb << 20;
  s.flush_ms = ms > 0 ? unsigned(ms) : 1;
  s.signatures_per_kernel = sigs > 0 ? unsigned(sigs) : 1;
  return s;
}

}  // namespace roofline::intercept
