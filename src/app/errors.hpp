// app/errors: how a command fails. The layers below throw their own errors
// (device selection, kernel builds, wrong results, bad files...); a command
// throws a CommandError where it knows better what went wrong, and lets the
// others through. failure_of says what any of them means, in one place; cli/
// prints it and turns the failure into the documented exit status.
#pragma once
#include <exception>
#include <functional>
#include <stdexcept>
#include <string>
#include <utility>

namespace roofline {

// What kind of failure ended a command; the exit status table of docs/cli.md.
enum class Failure {
  runtime,       // an OpenCL or system error during the run, an energy backend that cannot work
  usage,         // a bad command line, argument, input file or launch spec
  device,        // no such device, or an ambiguous selector
  kernel_build,  // a kernel failed to build (or to be instrumented)
  output,        // an output file cannot be written
  wrong_result,  // a kernel's output failed the host's check
  kernel_crash,  // a user's kernel (or the driver or compiler running it) killed its worker process
  timeout,       // a user's kernel had no result within --timeout; its worker was killed
  application,   // trace: the traced application exited non-zero or was killed (what it did is kept)
  fleet_below,   // fleet --fail-below: a device fell below that fraction of its group's median (the report is written)
  slower,        // compare --fail-if-slower: a ceiling or a kernel got slower than that (the comparison is written)
  stopped,       // build: stopped early (every compute kernel wrong, or the device's timer not timing); what was finished kept
  interrupted,   // Ctrl-C; finished work kept in a .partial file (the last kind)
};

struct CommandError : std::runtime_error {
  CommandError(Failure failure, const std::string& message, std::string detail = "")
      : std::runtime_error(message), failure(failure), detail(std::move(detail)) {}
  Failure failure;
  std::string detail;  // printed after the message: a build log, the device list
};

// A failure as the user reads it: the kind, the one-line message, and the
// detail to print after it (empty for none).
struct FailureReport {
  Failure failure = Failure::runtime;
  std::string message, detail;
};

// What an exception thrown by a command means.
FailureReport failure_of(const std::exception_ptr& error);

}  // namespace roofline

namespace cl {
class Error;
}  // namespace cl

namespace roofline {

// "OpenCL error -5 in clEnqueueNDRangeKernel".
std::string opencl_error_text(const cl::Error& e);

// Runs `work`; an OpenCL error becomes a runtime CommandError saying what was
// being done ("OpenCL error -5 in clEnqueueNDRangeKernel while timing k.cl").
void while_doing(const std::string& what, const std::function<void()>& work);

}  // namespace roofline
