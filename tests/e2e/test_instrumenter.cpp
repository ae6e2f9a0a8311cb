// roofline-instrument on its own, as roofline runs it: one request on its
// standard input, one reply on its standard output, valid against its schema
// (schemas/instrument-reply.schema.json), and the exit status that says what
// the reply holds (count/instrument_protocol.hpp). And roofline counting
// through the instrumenter $ROOFLINE_INSTRUMENT names.
#include <doctest/doctest.h>

#include <fstream>

#include <nlohmann/json.hpp>

#include "../executable_script.hpp"
#include "run_binary.hpp"
#include "schema_check.hpp"

#ifdef ROOFLINE_HAVE_CLANG

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const char* kSource =
    "typedef float real;\n"
    "__kernel void t(__global real* a, int n) {\n  int i = get_global_id(0);\n  if (i < n) a[i] = a[i] * 2.0f;\n}\n";

json request(const std::string& task, const std::string& kernel = "t", const std::string& source = kSource) {
  return {{"schema", "roofline-instrument-request"}, {"schema_version", 1}, {"task", task}, {"source", source},
          {"file_name", "t.cl"}, {"kernel", kernel}, {"clang_args", json::array()}, {"address_bits", 64}};
}

struct Answer {
  int exit_code = -1;
  json reply;
  std::string err;
};

// Runs the instrumenter with `input` on its standard input; its reply checked against the schema.
Answer ask(const std::string& input, const std::string& args = "") {
  const fs::path dir = scratch_dir("instrumenter-request");
  std::ofstream(dir / "request.json") << input;
  const RunResult r = run_program(ROOFLINE_INSTRUMENTER, args, "", (dir / "request.json").string());
  std::ofstream(dir / "reply.json") << r.out;
  Answer a{r.exit_code, json::parse(r.out, nullptr, false), r.err};
  CHECK(schema_problem_of(dir / "reply.json", roofline::DocumentKind::instrument_reply) == "");
  fs::remove_all(dir);
  return a;
}

}  // namespace

TEST_CASE("roofline-instrument answers a request with the copy or the typedefs, exit 0") {
  const Answer count = ask(request("count").dump());
  CHECK(count.exit_code == 0);
  CHECK(count.err.empty());
  const json& copy = count.reply.at("instrumented");
  CHECK(copy.at("kernels") == json::array({"t"}));
  CHECK(copy.at("source").get<std::string>().find("void __rl_k_t(__global real* a, int n, __private ulong *__rl_c)") != std::string::npos);
  CHECK(copy.at("source").get<std::string>().find("__kernel void t(__global real* a, int n, __local ulong *__rl_scratch") != std::string::npos);
  CHECK(copy.at("sites").empty());

  const Answer record = ask(request("record").dump());
  CHECK(record.exit_code == 0);
  CHECK(record.reply.at("instrumented").at("sites").size() == 3);  // a[i] loaded and stored, the condition i < n
  CHECK(record.reply.at("instrumented").at("math_slots").empty());

  const Answer typedefs = ask(request("typedefs").dump());
  CHECK(typedefs.exit_code == 0);
  CHECK(typedefs.reply.at("typedefs") == json{{"real", "float"}});

  const RunResult version = run_program(ROOFLINE_INSTRUMENTER, "--version");
  CHECK(version.exit_code == 0);
  CHECK(version.out.rfind("roofline-instrument ", 0) == 0);
}

TEST_CASE("roofline-instrument refuses a source it cannot instrument (exit 3) and what is no request (exit 2)") {
  Answer a = ask(request("count", "nosuch").dump());
  CHECK(a.exit_code == 3);
  CHECK(a.reply.at("error") == json{{"kind", "instrument"}, {"message", "no kernel named 'nosuch' in the file; its kernels: t"}});
  a = ask(request("count", "t", "__kernel void t(__global float* a) { a[0] = ; }\n").dump());
  CHECK(a.exit_code == 3);
  const std::string diagnostics = a.reply.at("error").at("message");
  CHECK(diagnostics.rfind("Clang could not parse t.cl:\nt.cl:1:", 0) == 0);
  CHECK(diagnostics.find("error: expected expression") != std::string::npos);
  a = ask("{\"schema\": \"roofline-instrument-request\"");
  CHECK(a.exit_code == 2);
  CHECK(a.reply.at("error") == json{{"kind", "request"}, {"message", "not a request roofline-instrument can read: not JSON"}});
  json bad = request("count");
  bad["address_bits"] = 16;
  a = ask(bad.dump());
  CHECK(a.exit_code == 2);
  CHECK(a.reply.at("error").at("message") == "not a request roofline-instrument can read: /address_bits: must be one of 32 or 64, got 16");
  a = ask(request("count").dump(), "--kernel t");
  CHECK(a.exit_code == 2);
  CHECK(a.reply.at("error").at("message").get<std::string>().find("unexpected word '--kernel'") != std::string::npos);
}

TEST_CASE("roofline counts through the instrumenter ROOFLINE_INSTRUMENT names") {
  const fs::path dir = scratch_dir("instrumenter-named");
  const fs::path log = dir / "calls.txt";
  const fs::path wrapper =
      executable_script(dir, "instrument.sh", "echo called >> '" + log.string() + "'\nexec '" + ROOFLINE_INSTRUMENTER + "'");
  const RunResult r = run_roofline("count '" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/triad.cl' -D ELEMS=64 -q",
                                   "ROOFLINE_INSTRUMENT='" + wrapper.string() + "'");
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK(slurp(log) == "called\n");  // one request: the counting copy (triad has no typedef'd argument)
  fs::remove_all(dir);
}

#endif
