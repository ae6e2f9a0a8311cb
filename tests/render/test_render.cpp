// Every chart kind rendered from the committed roofs files (and fixtures for
// what they lack: a power model, power readings, placed kernels), then opened
// by the tools users open them with. Checks: the SVG is well-formed;
// rsvg-convert renders it; in headless Chromium nothing is drawn outside the
// canvas, and the roof lines and curves show in their colors inside their plot
// areas; the CARM's tick labels are the expected decades; the HTML report is
// self-contained with unique ids.
#include <doctest/doctest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <optional>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "../unit/synthetic_placements.hpp"
#include "../unit/synthetic_suite.hpp"
#include "../unit/xml_check.hpp"
#include "browser.hpp"
#include "chart/chart_kinds.hpp"
#include "chart/fleet_chart.hpp"
#include "chart/report.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

using namespace roofline;

namespace {

RoofsDocument committed(const std::string& name) { return load_roofs(std::string(ROOFLINE_SOURCE_DIR) + "/roofs/" + name); }

// The H200's quick build with NVML energy: its power model, validation
// points and the power of its launch sweeps.
RoofsDocument h200_energy() { return committed("nvidia-h200-20261122.json"); }

// Ten kernels placed on the H200 (roofs/place/nvidia-h200/), several close
// together (the matrix multiplies), so labels must make room.
std::vector<Placement> ten_dots() {
  std::vector<Placement> out;
  for (const char* name : {"matmul_simple", "matmul_coalescedA", "matmul_coalescedAB", "matmul_coalescedABT",
                           "matmul_alignedABT", "triad", "stencil2d", "reduction", "nbody", "mixed_m64"})
    for (Placement& p : load_placements(std::string(ROOFLINE_SOURCE_DIR) + "/roofs/place/nvidia-h200/" + name + ".json"))
      out.push_back(std::move(p));
  return out;
}

std::array<int, 3> hex_color(const std::string& hex) {
  return {std::stoi(hex.substr(1, 2), nullptr, 16), std::stoi(hex.substr(3, 2), nullptr, 16), std::stoi(hex.substr(5, 2), nullptr, 16)};
}

// A line or curve that carries data: CARM roofs, energy roofs, sweep curves.
struct Mark {
  std::string what;
  std::vector<std::pair<double, double>> points;
  std::array<int, 3> color;
};

std::vector<Mark> data_marks(const std::string& svg) {
  std::vector<Mark> out;
  static const std::regex line(R"re(<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" class="roof[^"]*" stroke="(#[0-9A-Fa-f]{6})")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), line), stop; it != stop; ++it)
    out.push_back({"roof", {{std::stod((*it)[1]), std::stod((*it)[2])}, {std::stod((*it)[3]), std::stod((*it)[4])}}, hex_color((*it)[5])});
  static const std::regex polyline(R"re(<polyline ([^>]*)>)re");
  static const std::regex cls(R"re(class="(median|sweep|energy-roof)")re"), points(R"re(points="([^"]*)")re"),
      stroke(R"re(stroke="(#[0-9A-Fa-f]{6})")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), polyline), stop; it != stop; ++it) {
    const std::string attrs = (*it)[1];
    std::smatch c, p, s;
    if (!std::regex_search(attrs, c, cls) || !std::regex_search(attrs, p, points) || !std::regex_search(attrs, s, stroke)) continue;
    Mark m{c[1], {}, hex_color(s[1])};
    const std::string pts = p[1];
    for (std::size_t pos = 0; pos < pts.size();) {
      std::size_t comma = pts.find(',', pos), space = pts.find(' ', comma);
      m.points.push_back({std::stod(pts.substr(pos, comma - pos)), std::stod(pts.substr(comma + 1, space - comma - 1))});
      if (space == std::string::npos) break;
      pos = space + 1;
    }
    out.push_back(m);
  }
  return out;
}

std::vector<Area> clip_areas(const std::string& svg) {
  static const std::regex rect(R"re(<clipPath id="[^"]*"><rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"/>)re");
  std::vector<Area> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), rect), stop; it != stop; ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4])});
  return out;
}

bool inside_any(const std::vector<Area>& areas, double x, double y) {
  return std::any_of(areas.begin(), areas.end(),
                     [&](const Area& a) { return x >= a.x - 1 && x <= a.x + a.w + 1 && y >= a.y - 1 && y <= a.y + a.h + 1; });
}

// Pixels in the margin around the canvas that are not white: something drawn outside the canvas.
int pixels_outside_canvas(const Image& img, int width, int height) {
  int n = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) {
      const bool inside = x >= kMargin && x < kMargin + width && y >= kMargin && y < kMargin + height;
      const auto* p = img.at(x, y);
      if (!inside && (p[0] < 245 || p[1] < 245 || p[2] < 245)) ++n;
    }
  return n;
}

double distance_to(const Mark& m, double x, double y) {
  double best = 1e9;
  for (std::size_t i = 0; i + 1 < m.points.size(); ++i) {
    const auto [x0, y0] = m.points[i];
    const auto [x1, y1] = m.points[i + 1];
    const double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    const double t = len2 > 0 ? std::clamp(((x - x0) * dx + (y - y0) * dy) / len2, 0.0, 1.0) : 0;
    best = std::min(best, std::hypot(x - x0 - t * dx, y - y0 - t * dy));
  }
  return best;
}

// The share of points sampled along a mark where a pixel within 3 px has the
// mark's color, or the color of another mark drawn within 2.5 px of it (series
// that coincide hide each other, which is what the data says).
double visible_share(const Image& img, const Mark& m, const std::vector<Mark>& all = {}) {
  int samples = 0, seen = 0;
  for (std::size_t i = 0; i + 1 < m.points.size(); ++i) {
    const auto [x0, y0] = m.points[i];
    const auto [x1, y1] = m.points[i + 1];
    const int steps = std::max(1, int(std::hypot(x1 - x0, y1 - y0) / 10));
    for (int k = 0; k < steps; ++k) {
      const double x = x0 + (x1 - x0) * k / steps + kMargin, y = y0 + (y1 - y0) * k / steps + kMargin;
      ++samples;
      std::vector<std::array<int, 3>> colors = {m.color};
      for (const Mark& o : all)
        if (&o != &m && distance_to(o, x - kMargin, y - kMargin) < 2.5) colors.push_back(o.color);
      bool found = false;
      for (int dy = -3; dy <= 3 && !found; ++dy)
        for (int dx = -3; dx <= 3 && !found; ++dx) {
          const int px = int(std::lround(x)) + dx, py = int(std::lround(y)) + dy;
          if (px < 0 || py < 0 || px >= img.width || py >= img.height) continue;
          const auto* p = img.at(px, py);
          for (const auto& c : colors) found = found || std::abs(p[0] - c[0]) + std::abs(p[1] - c[1]) + std::abs(p[2] - c[2]) < 60;
        }
      seen += found;
    }
  }
  return samples ? double(seen) / samples : 0;
}

int svg_size(const std::string& svg, const char* attr) {
  std::smatch m;
  const std::regex re(std::string("<svg [^>]*") + attr + "=\"(\\d+)\"");
  if (!std::regex_search(svg, m, re)) throw std::runtime_error(std::string("no ") + attr);
  return std::stoi(m[1]);
}

// Every check on one chart.
void check_chart(const std::string& svg, const std::string& name, std::size_t least_marks) {
  CAPTURE(name);
  REQUIRE(xml_problem(svg) == "");
  CHECK(svg.find("<script") == std::string::npos);
  CHECK(svg.find("<image") == std::string::npos);
  CHECK(svg.find("href") == std::string::npos);
  CHECK_NOTHROW(rsvg_render(svg, name));
  const int w = svg_size(svg, "width"), h = svg_size(svg, "height");
  const Image img = chromium_render(svg, w, h, name);
  REQUIRE(img.width == w + 2 * kMargin);
  REQUIRE(img.height == h + 2 * kMargin);
  CHECK(pixels_outside_canvas(img, w, h) == 0);
  const std::vector<Mark> marks = data_marks(svg);
  CHECK(marks.size() >= least_marks);
  const std::vector<Area> areas = clip_areas(svg);
  for (const Mark& m : marks) {
    CAPTURE(m.what);
    for (const auto& [x, y] : m.points) CHECK(inside_any(areas, x, y));
    CHECK(visible_share(img, m, marks) >= 0.3);
  }
}

std::vector<std::string> axis_labels(const std::string& svg, bool x_axis) {
  const auto start = svg.find("<g id=\"axes\"");
  const auto end = svg.find("</g>", start);
  static const std::regex text(R"re(<text x="([-\d.]+)" y="([-\d.]+)" text-anchor="(middle|end)">([^<]*)</text>)re");
  std::vector<std::string> out;  // major tick labels only: minor ones and titles carry a font size
  const std::string group = svg.substr(start, end - start);
  for (std::sregex_iterator it(group.begin(), group.end(), text), stop; it != stop; ++it)
    if (((*it)[3] == "middle") == x_axis) out.push_back((*it)[4]);
  return out;
}

}  // namespace

TEST_CASE("the checks catch what they look for") {
  // A control: text drawn beyond the canvas's left edge must show in the margin.
  const std::string bad = "<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"480\" "
                          "height=\"360\"><rect width=\"480\" height=\"360\" fill=\"white\"/><text x=\"-30\" y=\"50\" "
                          "font-size=\"20\">outside</text></svg>\n";
  const Image img = chromium_render(bad, 480, 360, "control-outside");
  CHECK(pixels_outside_canvas(img, 480, 360) > 0);
  // A control: a line whose color does not show.
  const Image blank = chromium_render(bad, 480, 360, "control-blank");
  CHECK(visible_share(blank, Mark{"roof", {{100, 100}, {300, 100}}, {0, 114, 178}}) == 0);
}

TEST_CASE("every chart kind renders in rsvg-convert and Chromium with its data inside the canvas") {
  const RoofsDocument h200 = h200_energy();
  const RoofsDocument cpu = committed("pthread-haswell-amd-epyc.json");
  const std::vector<Placement> dots = ten_dots();
  for (const std::string& kind : chart_kind_names()) {
    SUBCASE(kind.c_str()) {
      const std::optional<ChartSpec> parsed = parse_chart(kind);
      REQUIRE(parsed);
      if (!missing_section(*parsed, RoofsDocument{}).empty()) {  // a suite chart: the committed files have no such section
        const RoofsDocument suite = testing::suite_document();
        const std::size_t lines = parsed->kind == ChartKind::math ? 0 : suite.series(parsed->suite).size();
        check_chart(render_chart(*parsed, {&suite}), "suite-" + kind, lines);
        check_chart(render_chart(*parsed, {&h200}), "h200-" + kind, 0);
        continue;
      }
      // The energy charts: a curve per level with a fitted P_beta (DRAM and L2 in the H200's file).
      const std::size_t least = kind == "carm" ? 8
                                : kind == "bandwidth" || kind == "latency" || kind == "fleet" ? 1
                                : kind == "power" || kind == "energy" || kind == "efficiency" ? 2
                                                                                             : 3;
      check_chart(render_chart({*parsed}, {&h200}, {}, dots), "h200-" + kind, least);
      check_chart(render_chart({*parsed}, {&cpu}), "cpu-" + kind, kind == "carm" ? 8 : 0);
    }
  }
  SUBCASE("power and efficiency launch sweeps") {
    // The energy build reads power along the float MAD and DRAM copy sweeps.
    check_chart(render_chart({ChartKind::wg_count, SweepMetric::power}, {&h200}), "h200-wg-count-power", 2);
    check_chart(render_chart({ChartKind::wg_count, SweepMetric::efficiency}, {&h200}), "h200-wg-count-efficiency", 2);
  }
  SUBCASE("two devices and ten kernels on one CARM") {
    const std::string svg = render_chart({ChartKind::carm}, {&h200, &cpu}, {}, dots);
    check_chart(svg, "two-devices-ten-dots", 16);
    CHECK(std::regex_search(svg, std::regex("class=\"dot\"")));
  }
}

TEST_CASE("long names and titles, and a thousand dots, stay inside the canvas") {
  RoofsDocument named = committed("nvidia-h200.json");
  const RoofsDocument cpu = committed("pthread-haswell-amd-epyc.json");
  std::string name;
  while (name.size() < 200000) name += "Device" + std::to_string(name.size() % 89) + " ";
  named.device.name = name;
  SUBCASE("a 200,000-character device name, alone and beside another") {
    check_chart(render_chart({ChartKind::carm}, {&named}), "long-name-carm", 8);
    check_chart(render_chart({ChartKind::carm}, {&named, &cpu}), "long-name-compare", 16);
    check_chart(render_chart({ChartKind::latency}, {&named, &cpu}), "long-name-latency", 1);
  }
  SUBCASE("a 100 KB title of wide letters") {
    ChartOptions opt;
    opt.title = std::string(100 * 1024, 'W');
    check_chart(render_chart({ChartKind::carm}, {&cpu}, opt), "long-title", 8);
    opt.title = name.substr(0, 100 * 1024);
    check_chart(render_chart({ChartKind::carm}, {&cpu}, opt), "long-title-words", 8);
  }
  SUBCASE("a thousand placed kernels") {
    const RoofsDocument h200 = committed("nvidia-h200.json");
    check_chart(render_chart({ChartKind::carm}, {&h200}, {}, testing::synthetic_placements(h200, 1000)), "thousand-dots", 8);
  }
}

TEST_CASE("the CARM's ticks are the decades of its range") {
  const RoofsDocument h200 = committed("nvidia-h200.json");
  const std::string svg = render_chart({ChartKind::carm}, {&h200});
  const auto x = axis_labels(svg, true);
  CHECK(x == std::vector<std::string>{"0.01", "0.1", "1", "10", "100", "1000"});
  const auto y = axis_labels(svg, false);
  REQUIRE(y.size() >= 4);
  CHECK(y.front() == "10");  // the DRAM roof at 0.01 FLOP/byte: 45 GFLOP/s
  CHECK(std::find(y.begin(), y.end(), "10⁵") != y.end());  // above the 66.5 TFLOP/s float MAD roof
  // One notation on the axis: 1000 is "10³" where 10⁴ is written so.
  const std::vector<std::string> decades = {"0.01", "0.1", "1", "10", "100", "10³", "10⁴", "10⁵", "10⁶", "10⁷"};
  auto at = std::find(decades.begin(), decades.end(), y.front());
  for (const std::string& label : y) CHECK(label == *at++);  // consecutive decades, no gaps
}

TEST_CASE("the HTML report is self-contained and its charts keep apart") {
  const RoofsDocument h200 = h200_energy();
  const std::string html = render_report_html(h200, ten_dots());
  CHECK(html.rfind("<!DOCTYPE html>", 0) == 0);
  // Its script is inline and fetches nothing.
  CHECK(html.find("<script src") == std::string::npos);
  const std::size_t script = html.rfind("<script>");
  REQUIRE(script != std::string::npos);
  CHECK(html.find("http", script) == std::string::npos);
  CHECK(html.find("fetch(", script) == std::string::npos);
  CHECK(html.find("<img") == std::string::npos);
  CHECK(html.find("<link") == std::string::npos);
  CHECK(html.find("src=") == std::string::npos);
  // Every chart of the default set is inline, each with its own ids.
  std::size_t charts = 0;
  for (auto pos = html.find("<svg "); pos != std::string::npos; pos = html.find("<svg ", pos + 1)) ++charts;
  CHECK(charts == default_charts(h200).size());
  static const std::regex id(R"re( id="([^"]+)")re");
  std::set<std::string> ids;
  for (std::sregex_iterator it(html.begin(), html.end(), id), stop; it != stop; ++it) CHECK(ids.insert((*it)[1]).second);
  static const std::regex ref(R"re(url\(#([^)]+)\))re");
  for (std::sregex_iterator it(html.begin(), html.end(), ref), stop; it != stop; ++it) CHECK(ids.count((*it)[1]) == 1);
  // The tables.
  for (const char* text : {"Device identity", "Best ceiling of each roof", "Detected levels", "Host-device transfers",
                           "Fitted power model", "Kernels on the CARM", "float MAD", "matmul_alignedABT"})
    CHECK(html.find(text) != std::string::npos);
  // And Chromium draws it: the first screen shows the title, the contents and the first chart (dark pixels).
  const Image img = chromium_page(html, 1100, 900, "report");
  int dark = 0;
  for (int y = 0; y < img.height; ++y)
    for (int x = 0; x < img.width; ++x) dark += img.at(x, y)[0] < 100;
  CHECK(dark > 2000);
}

TEST_CASE("the math chart's bars show in their colours, however long the list") {
  RoofsDocument suite = testing::suite_document();
  for (const MathFunctionInfo& f : math_functions())
    if (f.floating && !find_math_roof(suite.math, {f.function, MathForm::precise, DataType::float32}))
      suite.math.push_back(testing::math_roof(f.function, MathForm::precise, DataType::float32, 1e11 * (1 + f.group)));
  const std::string svg = render_chart({ChartKind::math}, {&suite});
  check_chart(svg, "suite-math-long", 0);
  const int w = svg_size(svg, "width"), h = svg_size(svg, "height");
  const Image img = chromium_render(svg, w, h, "suite-math-long-bars");
  static const std::regex bar(
      R"re(<rect class="bar" x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)" fill="(#[0-9A-Fa-f]{6})")re");
  std::size_t bars = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), bar), stop; it != stop; ++it, ++bars) {
    const double x = std::stod((*it)[1]), y = std::stod((*it)[2]), bw = std::stod((*it)[3]), bh = std::stod((*it)[4]);
    CHECK(x + bw <= w);
    CHECK(y + bh <= h);
    const auto color = hex_color((*it)[5]);
    const auto* p = img.at(int(x + std::min(bw / 2, 6.0)) + kMargin, int(y + bh / 2) + kMargin);
    CHECK(std::abs(p[0] - color[0]) + std::abs(p[1] - color[1]) + std::abs(p[2] - color[2]) < 40);
  }
  CHECK(bars == suite.math.size());
  // On the narrowest canvas the legend's six colours wrap instead of running off its edge.
  ChartOptions narrow;
  narrow.width = 480;
  check_chart(render_chart({ChartKind::math}, {&suite}, narrow), "suite-math-narrow", 0);
  // And in the report, beside the other suite charts, with ids of their own.
  const std::string html = render_report_html(suite);
  static const std::regex id(R"re( id="([^"]+)")re");
  std::set<std::string> ids;
  for (std::sregex_iterator it(html.begin(), html.end(), id), stop; it != stop; ++it) CHECK(ids.insert((*it)[1]).second);
}

TEST_CASE("the fleet chart: every device's dot shows in its group's color, the flagged ones marked, inside the canvas") {
  // The three committed H200 runs, two copies of the first with ceilings at
  // 0.97 and 0.7 (an outlier below the threshold), and the PoCL CPU alone.
  std::vector<RoofsDocument> docs = {committed("nvidia-h200.json"), committed("nvidia-h200-20261122.json"),
                                     committed("nvidia-h200-suite.json"), committed("nvidia-h200.json"),
                                     committed("nvidia-h200.json"), committed("pthread-haswell-amd-epyc.json")};
  for (Ceiling& c : docs[3].ceilings) c.value *= 0.97;
  for (Ceiling& c : docs[4].ceilings) c.value *= 0.7;
  std::vector<FleetInput> inputs;
  for (std::size_t i = 0; i < docs.size(); ++i) inputs.push_back({"node" + std::to_string(i), "", &docs[i]});
  const FleetReport report = compare_fleet(inputs, {0.9, 3.5});
  const std::string svg = render_fleet_svg(report);
  check_chart(svg, "fleet-groups", 1);
  const int w = svg_size(svg, "width"), h = svg_size(svg, "height");
  const Image img = chromium_render(svg, w, h, "fleet-groups-dots");
  static const std::regex dot(R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)" r="[-\d.]+" class="device" fill="(#[0-9A-Fa-f]{6})")re");
  std::size_t dots = 0;
  for (std::sregex_iterator it(svg.begin(), svg.end(), dot), stop; it != stop; ++it, ++dots) {
    const double x = std::stod((*it)[1]), y = std::stod((*it)[2]);
    CHECK(x > 0);
    CHECK(x < w);
    CHECK(y > 0);
    CHECK(y < h);
    const auto color = hex_color((*it)[3]);
    const auto* p = img.at(int(std::lround(x)) + kMargin, int(std::lround(y)) + kMargin);
    CHECK(std::abs(p[0] - color[0]) + std::abs(p[1] - color[1]) + std::abs(p[2] - color[2]) < 60);
  }
  CHECK(dots >= 5 * 6 - 6);  // the H200s' six ceilings, less the degraded one's squares
  CHECK(count(svg, "class=\"below\"") == 6);     // node4 at 0.7 on every key ceiling
  CHECK(count(svg, "class=\"threshold\"") == 1);
  CHECK(svg.find(">node4<") != std::string::npos);  // labelled
}
