// How long the CARM takes to draw with many placed kernels, and with very long
// text: the figures docs/user_guide.md gives under "Charts and reports". Not a test
// (ctest does not run it); build the target chart_bench in Release and run
//
//   build/tests/chart_bench [--svg DIR] [--labels | --named] [ROOFS.json] [N...]
//
// (default: roofs/nvidia-h200.json and 50 200 400 1000 dots). Each line is the
// best of three renderings (one, where it takes over a second): dots, seconds
// (wall clock, and the CPU time of this thread, which other processes on a
// shared machine stretch less), labels drawn, SVG bytes. Then the same chart with a 200,000-character device
// name and with a 100 KB title. --labels labels every dot instead (`plot
// --labels N` with N dots; default 250 500 1000 2000 dots) and draws nothing
// else; --named the same with every dot named (`plot --label NAME,...`: labels
// that must all be drawn). --svg writes each chart into DIR, to look at.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <ctime>
#include <string>
#include <vector>

#include "../unit/synthetic_placements.hpp"
#include "chart/chart_kinds.hpp"
#include "model/roofs.hpp"

using namespace roofline;

namespace {

std::size_t count(const std::string& svg, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t pos = svg.find(what); pos != std::string::npos; pos = svg.find(what, pos + 1)) ++n;
  return n;
}

// This thread's CPU time, in seconds.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return double(t.tv_sec) + 1e-9 * double(t.tv_nsec);
}

struct Seconds {
  double wall = 0, cpu = 0;
};

// The best of three renderings (one where that takes over a second), and the last SVG.
Seconds best_seconds(const RoofsDocument& doc, const ChartOptions& opt, const std::vector<Placement>& dots,
                     std::string& svg) {
  Seconds best;
  for (int round = 0; round < 3 && best.wall < 1; ++round) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    svg = render_chart({ChartKind::carm}, {&doc}, opt, dots);
    const Seconds s{std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), cpu_seconds() - cpu_start};
    if (round == 0 || s.wall < best.wall) best = s;
  }
  return best;
}

// Writes the chart into the folder, where one was given.
void save(const std::string& folder, const std::string& name, const std::string& svg) {
  if (folder.empty()) return;
  std::ofstream(folder + "/" + name + ".svg") << svg;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::string folder;
  if (args.size() >= 2 && args[0] == "--svg") folder = args[1], args.erase(args.begin(), args.begin() + 2);
  const bool by_time = !args.empty() && args[0] == "--labels", named = !args.empty() && args[0] == "--named";
  const bool every_label = by_time || named;
  if (every_label) args.erase(args.begin());
  const std::string roofs = !args.empty() ? args[0] : std::string(ROOFLINE_SOURCE_DIR) + "/roofs/nvidia-h200.json";
  std::vector<std::size_t> sizes;
  for (std::size_t i = 1; i < args.size(); ++i) sizes.push_back(std::strtoul(args[i].c_str(), nullptr, 10));
  if (sizes.empty()) sizes = every_label ? std::vector<std::size_t>{250, 500, 1000, 2000} : std::vector<std::size_t>{50, 200, 400, 1000};
  const RoofsDocument doc = load_roofs(roofs);
  std::string svg;
  std::printf("%-28s %9s %9s %7s %10s\n", "chart", "seconds", "cpu s", "labels", "bytes");
  for (std::size_t n : sizes) {
    const std::vector<Placement> dots = testing::synthetic_placements(doc, n);
    ChartOptions opt;
    if (by_time) opt.max_dot_labels = n;
    if (named)
      for (const Placement& p : dots) opt.dot_labels.push_back(p.display_label());
    const Seconds s = best_seconds(doc, opt, dots, svg);
    const std::string name = std::to_string(n) + " dots" + (by_time ? ", --labels " + std::to_string(n) : named ? ", all named" : "");
    std::printf("%-28s %9.3f %9.3f %7zu %10zu\n", name.c_str(), s.wall, s.cpu,
                count(svg, "class=\"dot-label\" font-size=\"11.5\" fill=\"#"), svg.size());
    save(folder, std::to_string(n) + (by_time ? "-labelled-dots" : named ? "-named-dots" : "-dots"), svg);
    std::fflush(stdout);
  }
  if (every_label) return 0;
  // Words, so that wrapping has places to break as well as the cut.
  const auto words = [](std::size_t length) {
    std::string t;
    while (t.size() < length) t += "word" + std::to_string(t.size() % 97) + " ";
    return t.substr(0, length);
  };
  RoofsDocument long_name = doc;
  long_name.device.name = words(200000);
  Seconds s = best_seconds(long_name, {}, {}, svg);
  std::printf("%-28s %9.3f %9.3f %7s %10zu\n", "200,000-char device name", s.wall, s.cpu, "", svg.size());
  save(folder, "long-device-name", svg);
  ChartOptions long_title;
  long_title.title = words(100 * 1024);
  s = best_seconds(doc, long_title, {}, svg);
  std::printf("%-28s %9.3f %9.3f %7s %10zu\n", "100 KB title", s.wall, s.cpu, "", svg.size());
  save(folder, "long-title", svg);
  return 0;
}
