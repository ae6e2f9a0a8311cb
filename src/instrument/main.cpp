// roofline-instrument: one request on the standard input, one reply on the
// standard output, the exit status of count/instrument_protocol's
// InstrumenterExit. Nothing on the standard error but a crash's own words.
//   roofline-instrument            answer the request on stdin
//   roofline-instrument --version  print the version and Clang's resource folder
#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "count/instrument_protocol.hpp"
#include "files/schema.hpp"
#include "instrument/clang_args.hpp"
#include "instrument/instrumenter.hpp"
#include "instrument/typedefs.hpp"
#include "version.hpp"

namespace {
using namespace roofline;
using nlohmann::json;

// A request is a kernel source (16 MiB at most) and a few options, escaped.
constexpr std::size_t kRequestCap = std::size_t(128) << 20;

struct Answer {
  json reply;
  InstrumenterExit exit = InstrumenterExit::done;
};

Answer refused(ReplyErrorKind kind, InstrumenterExit exit, const std::string& message) { return {error_reply(kind, message), exit}; }

Answer bad_request(const std::string& message) {
  return refused(ReplyErrorKind::request, InstrumenterExit::bad_request, "not a request roofline-instrument can read: " + message);
}

// The request's text, or why it is none.
std::optional<std::string> read_request(std::istream& in, std::string& problem) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, std::size_t(in.gcount()));
    if (text.size() > kRequestCap) {
      problem = "more than " + std::to_string(kRequestCap >> 20) + " MiB";
      return std::nullopt;
    }
  }
  return text;
}

Answer perform(const json& request) {
  const InstrumentRequest r = request_of(request);
  try {
    if (task_of(request) == InstrumentTask::typedefs) return {typedefs_reply(typedefs_of(r))};
    return {instrumented_reply(instrument_source(r))};
  } catch (const InstrumentError& e) {
    return refused(ReplyErrorKind::instrument, InstrumenterExit::cannot_instrument, e.what());
  }
}

Answer answer(std::istream& in) {
  std::string problem;
  const std::optional<std::string> text = read_request(in, problem);
  if (!text) return bad_request(problem);
  const json request = json::parse(*text, nullptr, false);
  if (request.is_discarded()) return bad_request("not JSON");
  if (const auto p = schema_problem(request, DocumentKind::instrument_request)) return bad_request(p->text());
  return perform(request);
}

int reply(const Answer& a) {
  const std::string text = protocol_text(a.reply) + "\n";
  const bool written = std::fwrite(text.data(), 1, text.size(), stdout) == text.size() && std::fflush(stdout) == 0;
  return written ? int(a.exit) : int(InstrumenterExit::internal);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string word = argc > 1 ? argv[1] : "";
  if (argc == 2 && word == "--version") {
    std::cout << "roofline-instrument " << ROOFLINE_VERSION << " (" << ROOFLINE_GIT_REVISION << ")\n"
              << "Clang resource folder: " << clang_resource_dir() << "\n";
    return 0;
  }
  if (argc > 1) return reply(bad_request("unexpected word '" + word + "' (roofline-instrument reads its request on stdin)"));
  try {
    return reply(answer(std::cin));
  } catch (const std::exception& e) {
    return reply(refused(ReplyErrorKind::internal, InstrumenterExit::internal, std::string("roofline-instrument: ") + e.what()));
  }
}
