// The kernels of tests/counted/, each with the counts derived by hand beside
// it (NAME.counts.json; tests/counted/README.md): counted by the real binary
// through the real instrumenter on PoCL, for the launch each file's own
// // roofline: lines give, and compared counter by counter, math call by math
// call, warning by warning.
#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include <nlohmann/json.hpp>

#include "run_binary.hpp"
#include "schema_check.hpp"

#ifdef ROOFLINE_HAVE_CLANG

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

const char* const kCounters[] = {"flop_half",   "flop_float", "flop_double", "intop",        "global_load",  "global_store",
                                 "constant_load", "local_load", "local_store", "private_load", "private_store"};

// A counts file's math calls as "NAME (TYPE)": calls.
json math_of(const json& counts) {
  json calls = json::object();
  for (const json& c : counts.at("math"))
    calls[c.at("name").get<std::string>() + " (" + c.at("type").get<std::string>() + ")"] = c.at("calls");
  return calls;
}

void check_counted(const fs::path& kernel) {
  const fs::path expected_file = fs::path(kernel).replace_extension(".counts.json");
  REQUIRE(fs::is_regular_file(expected_file));
  const json expected = json::parse(slurp(expected_file));
  const fs::path out = scratch_dir("counted-" + kernel.stem().string()) / "counts.json";
  const RunResult r = run_roofline("count '" + kernel.string() + "' -q -o '" + out.string() + "'");
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(schema_problem_of(out, roofline::DocumentKind::counts) == "");
  const json counts = json::parse(slurp(out));
  for (const char* counter : kCounters) {
    CAPTURE(counter);
    CHECK(counts.at("counters").at(counter) == expected.at("counters").value(counter, 0));
  }
  for (const auto& [name, value] : expected.at("counters").items()) {
    CAPTURE(name);
    CHECK(counts.at("counters").contains(name));  // no misspelt counter in the expected file
  }
  CHECK(math_of(counts) == expected.at("math"));
  // The longest dependent chain, 0 where the file says nothing.
  CHECK(counts.at("longest_chain") == expected.value("longest_chain", 0));
  CHECK(counts.at("chain_links") == expected.value("chain_links", 0));
  if (expected.contains("warnings")) CHECK(counts.at("warnings") == expected.at("warnings"));
  fs::remove_all(out.parent_path());
}

}  // namespace

TEST_CASE("every kernel of tests/counted counts as its file says") {
  std::vector<fs::path> kernels;
  for (const auto& e : fs::directory_iterator(fs::path(ROOFLINE_SOURCE_DIR) / "tests" / "counted"))
    if (e.path().extension() == ".cl") kernels.push_back(e.path());
  std::sort(kernels.begin(), kernels.end());
  REQUIRE(kernels.size() >= 9);
  for (const fs::path& kernel : kernels) {
    CAPTURE(kernel.filename());
    check_counted(kernel);
  }
}

#endif
