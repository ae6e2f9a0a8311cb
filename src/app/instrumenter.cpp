#include "app/instrumenter.hpp"

#include <cstdlib>
#include <filesystem>

#include <sys/wait.h>
#include <unistd.h>

#include "app/child_process.hpp"
#include "app/errors.hpp"
#include "files/schema.hpp"
#include "measurement/interrupt.hpp"

namespace roofline {
namespace fs = std::filesystem;

namespace {

constexpr const char* kProgram = "roofline-instrument";
constexpr const char* kEnvironment = "ROOFLINE_INSTRUMENT";
// A reply is the instrumented source (the kernel file, 16 MiB at most, with
// its counter updates) and its sites: far less than this.
constexpr std::size_t kReplyCap = std::size_t(1) << 30;

bool executable(const fs::path& p) {
  std::error_code ec;
  return fs::is_regular_file(p, ec) && ::access(p.c_str(), X_OK) == 0;
}

// Beside this binary, then the installed place relative to it.
std::vector<fs::path> places() {
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  const fs::path dir = exe.parent_path();
  return {dir / kProgram, dir.parent_path() / ROOFLINE_INSTALL_LIBEXECDIR / "roofline" / kProgram};
}

// The first line of what a program said on its standard error.
std::string first_line(const std::string& text) {
  const std::string line = text.substr(0, text.find('\n'));
  return line.empty() ? "" : ": " + line;
}

// Why the program gave no reply, when it ended on its own.
CommandError ended_without_reply(const std::string& doing, const std::string& program, const ProgramRun& run) {
  const std::string who = doing + ": the instrumenter " + program;
  if (WIFSIGNALED(run.status))
    return CommandError(Failure::kernel_crash, who + " was killed by " + signal_text(WTERMSIG(run.status)) +
                                                   " (a defect of roofline-instrument or Clang; please report it with the kernel)",
                        run.errors);
  return CommandError(Failure::runtime, who + " exited with status " + std::to_string(WEXITSTATUS(run.status)) +
                                            " without a reply" + first_line(run.errors),
                      run.errors);
}

// The run's reply, checked; throws when there is none.
InstrumenterReply reply_of_run(const std::string& doing, const std::string& program, const ProgramRun& run) {
  using Ending = ProgramRun::Ending;
  if (run.ending == Ending::stopped) throw Interrupted();
  if (run.ending == Ending::timed_out)
    throw CommandError(Failure::timeout, doing + ": the instrumenter " + program + " had no answer within " +
                                             std::to_string(int(kInstrumenterTimeout)) + " s and was killed");
  if (run.ending == Ending::output_capped)
    throw CommandError(Failure::runtime, doing + ": the instrumenter " + program + " wrote more than " +
                                             std::to_string(kReplyCap >> 20) + " MiB and was killed");
  const nlohmann::json reply = nlohmann::json::parse(run.output, nullptr, false);
  if (reply.is_discarded()) throw ended_without_reply(doing, program, run);
  if (const auto problem = schema_problem(reply, DocumentKind::instrument_reply))
    throw CommandError(Failure::runtime, doing + ": the instrumenter " + program + " wrote no valid reply (" + problem->text() +
                                             "); is it of another roofline version?");
  return reply_of(reply);
}

// Runs the instrumenter on one request; the reply's error becomes the
// exception it stands for.
InstrumenterReply ask(const InstrumentRequest& request, InstrumentTask task, const std::string& doing) {
  const std::string program = require_instrumenter();
  ProgramRun run;
  try {
    run = run_program(program, protocol_text(request_json(request, task)), kInstrumenterTimeout, kReplyCap, interrupted);
  } catch (const std::system_error& e) {
    throw CommandError(Failure::runtime, doing + ": " + e.what());
  }
  InstrumenterReply reply = reply_of_run(doing, program, run);
  if (reply.error && reply.error->kind == ReplyErrorKind::instrument) throw InstrumentError(reply.error->message);
  if (reply.error) throw CommandError(Failure::runtime, doing + ": the instrumenter " + program + " failed: " + reply.error->message);
  return reply;
}

}  // namespace

std::optional<std::string> find_instrumenter(std::string& looked) {
  if (const char* env = std::getenv(kEnvironment); env && *env) {
    if (executable(env)) return std::string(env);
    looked = std::string("$") + kEnvironment + " names " + env + ", which is not an executable file";
    return std::nullopt;
  }
  const std::vector<fs::path> tried = places();
  for (const fs::path& p : tried)
    if (executable(p)) return p.string();
  looked = std::string("$") + kEnvironment + " is unset, and it is not in ";
  for (std::size_t i = 0; i < tried.size(); ++i) looked += (i == 0 ? "" : " or ") + tried[i].string();
  return std::nullopt;
}

std::string require_instrumenter() {
  std::string looked;
  if (auto path = find_instrumenter(looked)) return *path;
  throw CommandError(Failure::runtime, std::string("counting needs ") + kProgram + ", the Clang kernel instrumenter: " + looked +
                                           "; build roofline where libclang-cpp15-dev is installed (it is built beside roofline "
                                           "and installed in libexec/roofline/), or set " + kEnvironment + " to one");
}

InstrumentResult instrument_kernel(const InstrumentRequest& request, const std::string& doing) {
  const InstrumentTask task = request.record_addresses ? InstrumentTask::record : InstrumentTask::count;
  InstrumenterReply reply = ask(request, task, doing);
  if (!reply.instrumented) throw CommandError(Failure::runtime, doing + ": the instrumenter's reply holds no instrumented copy");
  return std::move(*reply.instrumented);
}

TypedefNames resolve_typedefs(const InstrumentRequest& request, const std::string& doing) {
  InstrumenterReply reply = ask(request, InstrumentTask::typedefs, doing);
  if (!reply.typedefs) throw CommandError(Failure::runtime, doing + ": the instrumenter's reply holds no typedefs");
  return std::move(*reply.typedefs);
}

}  // namespace roofline
