// app/child_process: a program run with its standard streams on pipes, for a
// helper of roofline's own (app/instrumenter runs roofline-instrument): its
// input written, its output and errors read back, a deadline, and the
// signal that ended it told in words.
#pragma once
#include <cstddef>
#include <functional>
#include <string>

namespace roofline {

struct ProgramRun {
  enum class Ending { ended, timed_out, output_capped, stopped };
  Ending ending = Ending::ended;  // ended: by itself (its status says how); else killed, and why
  std::string output;            // its standard output, up to the cap
  std::string errors;            // its standard error, the first 64 KiB
  int status = 0;                // as waitpid reports it
};

// Runs the executable `program` (no arguments) with `input` on its standard
// input, reads its standard output and error until both end and reaps it.
// The child dies with the calling thread (PR_SET_PDEATHSIG: a worker process
// killed outright takes it along), starts with no signal blocked and every
// signal at its default, and is killed (SIGKILL) past `timeout_s` seconds,
// when its output exceeds `output_cap` bytes, or when `stop` says so (asked
// every 50 ms: Ctrl-C). SIGPIPE from a child that stops reading is kept from
// this process. An exec that fails is exit status 127 with the reason on
// `errors`. Throws std::system_error when no child can be started (no pipes,
// no fork).
ProgramRun run_program(const std::string& program, const std::string& input, double timeout_s, std::size_t output_cap,
                       const std::function<bool()>& stop);

// "signal 11 (SIGSEGV: Segmentation fault)"
std::string signal_text(int sig);

}  // namespace roofline
