// End-to-end, on PoCL, the kernels of validation/ (realistic kernels the
// prediction is judged on and was not built with), each beside its
// hand-derived counts (NAME.expected):
// - `roofline count` gives exactly those counts;
// - `roofline place --analyze` never times one faster than its a-priori
//   prediction by more than the run's own spread: the slowest timed run is
//   not below the predicted time. Load only makes kernels slower, so this
//   cannot fail from a busy machine; it fails where the model over-charges.
#include <doctest/doctest.h>

#include <map>
#include <set>
#include <sstream>
#include <nlohmann/json.hpp>

#include "run_binary.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;

namespace {

// NAME.expected: "options ARGS..." (launch options beside the file's own),
// "COUNTER VALUE" and "math FUNCTION TYPE CALLS" lines, '#' comments.
// A counter the file does not name is expected to be 0.
struct Expected {
  std::string options;
  std::map<std::string, double> counters, math;
};

fs::path validation_dir() { return fs::path(ROOFLINE_SOURCE_DIR) / "validation"; }

Expected read_expected(const std::string& name) {
  Expected e;
  std::istringstream file(slurp(validation_dir() / (name + ".expected")));
  for (std::string line; std::getline(file, line);) {
    std::istringstream words(line.substr(0, line.find('#')));
    std::string key;
    if (!(words >> key)) continue;
    if (key == "options") {
      std::getline(words, e.options);
    } else if (key == "math") {
      std::string function, type;
      double calls = 0;
      REQUIRE_MESSAGE(bool(words >> function >> type >> calls), name << ".expected: bad line: " << line);
      e.math[function + " (" + type + ")"] = calls;
    } else {
      REQUIRE_MESSAGE(bool(words >> e.counters[key]), name << ".expected: bad line: " << line);
    }
  }
  return e;
}

std::vector<std::string> validation_kernels() {
  std::vector<std::string> names;
  for (const auto& f : fs::directory_iterator(validation_dir()))
    if (f.path().extension() == ".cl") names.push_back(f.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

std::string kernel_file(const std::string& name) { return "'" + (validation_dir() / (name + ".cl")).string() + "'"; }

// `roofline place NAME.cl --analyze` at the expected file's launch, run from
// the source folder so that the roofs default to roofs/<this device>.json.
// Empty when there is no such file (another machine than the roofs'), which
// the caller reports.
nlohmann::json placed(const std::string& name) {
  const auto dir = scratch_dir("validation-place-" + name);
  const auto out = dir / "p.json";
  const RunResult r = run_roofline("place " + kernel_file(name) + " " + read_expected(name).options +
                                       " --device cpu --analyze --runs 5 --warmup 0 --energy none -q -o '" + out.string() + "'",
                                   "cd '" + std::string(ROOFLINE_SOURCE_DIR) + "' &&");
  INFO("roofline place " << name << "\n" << r.err);
  if (r.exit_code == 2 && r.err.find("needs the roofs of the target device") != std::string::npos) return {};
  REQUIRE(r.exit_code == 0);
  auto j = nlohmann::json::parse(slurp(out));
  fs::remove_all(dir);
  return j;
}

// The floor: the slowest of the timed runs is not faster than predicted.
void check_not_faster_than_predicted(const std::string& name) {
  const auto p = placed(name);
  if (p.is_null()) {
    MESSAGE("no roofs file of this machine's CPU in roofs/: " << name << "'s prediction is not checked");
    return;
  }
  const double predicted = p.at("prediction").at("seconds"), slowest = p.at("time").at("max");
  INFO(name << ": median " << p.at("time").at("median").get<double>() << " s, slowest " << slowest << " s, predicted " << predicted
            << " s (limit " << p.at("prediction").at("limit").at("roof").get<std::string>() << ")");
  CHECK(slowest >= predicted);
}

// Kernels that run faster than the current model predicts: findings for the
// model (issue 28, scope 2), checked apart as may_fail until it is fixed.
const std::set<std::string> faster_than_predicted{};

}  // namespace

#ifdef ROOFLINE_HAVE_CLANG

TEST_CASE("validation kernels count exactly as derived by hand") {
  for (const std::string& name : validation_kernels()) {
    CAPTURE(name);
    const Expected e = read_expected(name);
    const auto dir = scratch_dir("validation-count");
    const auto out = dir / "c.json";
    const RunResult r = run_roofline("count " + kernel_file(name) + " " + e.options + " -q -o '" + out.string() + "'");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(schema_problem_of(out, roofline::DocumentKind::counts) == "");
    const auto j = nlohmann::json::parse(slurp(out));
    CHECK(j.at("warnings").empty());
    auto counters = j.at("counters");
    counters["work_items"] = j.at("work_items");
    counters["longest_chain"] = j.at("longest_chain");
    counters["chain_links"] = j.at("chain_links");
    for (const auto& [counter, value] : counters.items()) {
      CAPTURE(counter);
      CHECK(value.get<double>() == (e.counters.count(counter) ? e.counters.at(counter) : 0.0));
    }
    for (const auto& [counter, value] : e.counters) CHECK_MESSAGE(counters.contains(counter), "no counter " << counter);
    std::map<std::string, double> math;
    for (const auto& c : j.at("math")) math[c.at("name").get<std::string>() + " (" + c.at("type").get<std::string>() + ")"] += c.at("calls").get<double>();
    CHECK(math == e.math);
    fs::remove_all(dir);
  }
}

TEST_CASE("no validation kernel runs faster than predicted by more than its timing spread") {
  for (const std::string& name : validation_kernels())
    if (!faster_than_predicted.count(name)) check_not_faster_than_predicted(name);
}

TEST_CASE("validation kernels the current model over-charges (issue 28's findings)" * doctest::may_fail()) {
  for (const std::string& name : faster_than_predicted) check_not_faster_than_predicted(name);
}

#endif
