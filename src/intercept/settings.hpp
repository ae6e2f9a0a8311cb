// intercept/settings: what the environment asks of the capture
// (model/capture_format.hpp's capture_env names the variables).
#pragma once
#include <cstdint>
#include <string>

#include "model/capture_format.hpp"

namespace roofline::intercept {

struct Settings {
  std::string dir;  // the capture folder; empty: no capture, the calls only pass through
  CountMode count = CountMode::first;
  bool launch_log = false;                          // a line per command in launches.ndjson
  std::uint64_t copy_limit_bytes = 4096ull << 20;   // buffer copies kept, in all
  unsigned flush_ms = 1000;                         // the manifest is rewritten this often while it changes
  unsigned signatures_per_kernel = 64;              // more distinct launch signatures of a kernel fold into one
};

// Reads the environment; a value it cannot read keeps the default and is
// reported through `problems` (the manifest's warnings), never to the
// application. In a set-uid or set-gid process (secure_execution) the
// environment is not read: no capture folder, no capture.
Settings settings_from_environment(std::string& problems);

// Whether the process runs with privileges its caller lacks (set-uid,
// set-gid, file capabilities: the loader's AT_SECURE).
bool secure_execution();

}  // namespace roofline::intercept
