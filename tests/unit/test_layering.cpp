// The layering of src/: every #include of a file in folder F names a folder
// that F's row of the layer table allows (the table the build writes from
// each folder's CMakeLists.txt: build/layers.txt), and no include reaches
// around it with a relative path. The files, the model, the analysis and the
// charts never reach OpenCL, directly or through a header they include.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;
using Table = std::map<std::string, std::set<std::string>>;

Table read_table(const std::string& path) {
  Table t;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::istringstream words(line.substr(colon + 1));
    for (std::string w; words >> w;) t[line.substr(0, colon)].insert(w);
  }
  return t;
}

struct Include {
  std::string file, target;
  int line;
};

// The quoted includes of every source file of src/.
std::vector<Include> includes_of(const fs::path& src) {
  static const std::regex quoted(R"re(^\s*#\s*include\s*"([^"]+)")re");
  std::vector<Include> out;
  for (const auto& e : fs::recursive_directory_iterator(src)) {
    if (!e.is_regular_file()) continue;
    const std::string ext = e.path().extension().string();
    if (ext != ".cpp" && ext != ".hpp") continue;
    std::ifstream in(e.path());
    int n = 0;
    std::smatch m;
    for (std::string line; std::getline(in, line);)
      if (++n, std::regex_search(line, m, quoted)) out.push_back({fs::relative(e.path(), src).string(), m[1], n});
  }
  return out;
}

std::string folder_of(const std::string& path) { return path.substr(0, path.find('/')); }

// Checks a table against the sources; returns the violations, one line each.
std::vector<std::string> violations(const Table& table, const std::vector<Include>& includes) {
  std::vector<std::string> out;
  for (const Include& inc : includes) {
    const std::string from = folder_of(inc.file), where = inc.file + ":" + std::to_string(inc.line) + ": ";
    if (inc.target.find("..") != std::string::npos) {
      out.push_back(where + "relative include \"" + inc.target + "\"");
      continue;
    }
    if (inc.target.find('/') == std::string::npos) continue;  // generated headers (version.hpp)
    const auto row = table.find(from);
    if (row == table.end()) {
      out.push_back(where + "folder " + from + " is not in the layer table");
      continue;
    }
    if (!row->second.count(folder_of(inc.target)))
      out.push_back(where + from + " includes " + inc.target + ", which is not among the layers it may use");
  }
  return out;
}

// The headers a file reaches through quoted includes, transitively.
std::set<std::string> reached(const std::string& file, const std::map<std::string, std::vector<std::string>>& graph) {
  std::set<std::string> seen;
  std::vector<std::string> todo{file};
  while (!todo.empty()) {
    const std::string f = todo.back();
    todo.pop_back();
    if (!seen.insert(f).second) continue;
    if (auto it = graph.find(f); it != graph.end()) todo.insert(todo.end(), it->second.begin(), it->second.end());
  }
  return seen;
}

}  // namespace

TEST_CASE("every include of src/ follows the layer table") {
  const Table table = read_table(ROOFLINE_LAYER_TABLE);
  REQUIRE(table.size() >= 11);
  // The data flows one way: the lowest layers use nothing above them.
  CHECK(table.at("files") == std::set<std::string>{"files"});
  CHECK(table.at("model") == std::set<std::string>{"model", "files"});
  CHECK(table.at("analysis") == std::set<std::string>{"analysis", "model", "files"});
  CHECK(table.at("device") == std::set<std::string>{"device", "model"});
  CHECK(table.at("chart") == std::set<std::string>{"chart", "model"});
  CHECK_FALSE(table.at("benchmark").count("app"));
  // The capture runs inside a traced application: nothing of the tool but the model's words.
  CHECK(table.at("intercept") == std::set<std::string>{"intercept", "model"});
  CHECK_FALSE(table.at("cli").count("benchmark"));
  // roofline links no LLVM: no layer but the instrumenter's own uses it (it
  // holds Clang, in a program of its own), and what both share holds no Clang.
  CHECK(table.at("count") == std::set<std::string>{"count", "model", "files"});
  for (const auto& [layer, allowed] : table) {
    CAPTURE(layer);
    if (layer != "instrument") CHECK_FALSE(allowed.count("instrument"));
  }
  const auto includes = includes_of(fs::path(ROOFLINE_SOURCE_DIR) / "src");
  REQUIRE(includes.size() > 100);
  const std::vector<std::string> found = violations(table, includes);
  for (const auto& v : found) MESSAGE(v);
  CHECK(found.empty());
}

TEST_CASE("the layering check catches an include of a layer above") {
  const Table table = read_table(ROOFLINE_LAYER_TABLE);
  CHECK(violations(table, {{"device/device.hpp", "model/roofs.hpp", 1}}).empty());
  CHECK(violations(table, {{"model/roofs.hpp", "device/device.hpp", 1}}).size() == 1);
  CHECK(violations(table, {{"model/roofs.cpp", "analysis/levels.hpp", 1}}).size() == 1);
  CHECK(violations(table, {{"files/schema.cpp", "model/vocabulary.hpp", 1}}).size() == 1);
  CHECK(violations(table, {{"chart/carm_chart.cpp", "files/atomic_file.hpp", 1}}).size() == 1);
  CHECK(violations(table, {{"chart/svg.cpp", "benchmark/session.hpp", 1}}).size() == 1);
  CHECK(violations(table, {{"benchmark/plan.cpp", "app/build.hpp", 1}}).size() == 1);
  CHECK(violations(table, {{"chart/svg.cpp", "../device/device.hpp", 1}}).size() == 1);
  CHECK(violations(table, {{"newfolder/x.cpp", "model/roofs.hpp", 1}}).size() == 1);
}

TEST_CASE("the capture layer takes only header-only files of the model") {
  // src/intercept/ links none of the tool's libraries (it is loaded into
  // another process): a model header it includes must have no source file.
  const fs::path src = fs::path(ROOFLINE_SOURCE_DIR) / "src";
  int model_includes = 0;
  for (const Include& inc : includes_of(src)) {
    if (folder_of(inc.file) != "intercept" || folder_of(inc.target) != "model") continue;
    ++model_includes;
    const fs::path source = src / fs::path(inc.target).replace_extension(".cpp");
    INFO(inc.file << " includes " << inc.target);
    CHECK_FALSE(fs::exists(source));
  }
  CHECK(model_includes > 0);
}

TEST_CASE("the files, the model, the analysis and the charts reach no OpenCL header") {
  const fs::path src = fs::path(ROOFLINE_SOURCE_DIR) / "src";
  std::map<std::string, std::vector<std::string>> graph;
  std::map<std::string, bool> opencl;
  static const std::regex angled(R"re(^\s*#\s*include\s*<(CL/[^>]+)>)re");
  for (const Include& inc : includes_of(src)) graph[inc.file].push_back(inc.target);
  for (const auto& e : fs::recursive_directory_iterator(src)) {
    if (!e.is_regular_file()) continue;
    std::ifstream in(e.path());
    std::smatch m;
    for (std::string line; std::getline(in, line);)
      if (std::regex_search(line, m, angled)) opencl[fs::relative(e.path(), src).string()] = true;
  }
  for (const auto& [file, _] : graph) {
    const std::string folder = folder_of(file);
    if (folder != "files" && folder != "model" && folder != "analysis" && folder != "chart") continue;
    for (const std::string& h : reached(file, graph)) {
      INFO(file << " reaches " << h);
      CHECK_FALSE(opencl[h]);
    }
  }
}
