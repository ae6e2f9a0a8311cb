// Tests of the memory-hierarchy sweep charts and of the shared axis helpers
// they brought: binary tick labels, round axis bounds, the rendered bandwidth
// and latency charts of fixture documents, and degenerate documents.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

#include "chart/axes.hpp"
#include "chart/sweep_chart.hpp"
#include "model/roofs.hpp"
#include "xml_check.hpp"

using namespace roofline;
using roofline::chart::binary_ticks;
using roofline::chart::decade_ticks;
using roofline::chart::format_bytes;
using roofline::chart::format_tick;
using roofline::chart::LogAxis;
using roofline::chart::make_octave_log_axis;
using roofline::chart::make_round_log_axis;

namespace {

constexpr double KiB = 1024, MiB = KiB * KiB, GiB = MiB * KiB;

struct FixtureLevel {
  const char* name;
  double capacity;   // 0: the last level
  double bandwidth;  // B/s
  double latency;    // ns
};

// CPU-like: L1 32 KiB, L2 512 KiB, L3 32 MiB, DRAM.
const std::vector<FixtureLevel> kCpuLevels = {
    {"L1", 32 * KiB, 1.1e12, 1.2}, {"L2", 512 * KiB, 4.5e11, 4.1}, {"L3", 32 * MiB, 1.51e11, 14}, {"DRAM", 0, 2.5e10, 92}};

// A level's value at a working set: each level's own up to its capacity.
double staircase(double bytes, bool latency) {
  for (const FixtureLevel& l : kCpuLevels)
    if (l.capacity == 0 || bytes <= l.capacity * (1 + 1e-9)) return latency ? l.latency : l.bandwidth;
  return 0;
}

CurvePoint point(double bytes, double median, std::size_t samples = 5) {
  CurvePoint p;
  p.bytes = bytes;
  p.stats.median = median;
  p.stats.mean = median;
  p.stats.min = median * 0.97;
  p.stats.max = median * 1.04;
  p.stats.samples = samples;
  return p;
}

// A bandwidth and a latency curve from 1 KiB to 1 GiB, two points per
// doubling (41 points each), with the four levels detected on them.
RoofsDocument cpu_fixture() {
  RoofsDocument doc;
  doc.device.name = "Acme & Sons <CPU>";
  doc.device.driver = "6.1";
  doc.date = "2024-06-03T10:00:00Z";
  doc.clock = HeldClock{};
  doc.clock->mhz = 3200;
  doc.clock->source = "cpu-chain";
  MemoryCurves m;
  m.kernel = "read <float4> & friends";
  m.detection = "change-point";
  for (int k = 0; k <= 40; ++k) {
    const double bytes = std::round(KiB * std::exp2(k / 2.0));
    m.bandwidth.push_back(point(bytes, staircase(bytes, false)));
    m.latency.push_back(point(bytes, staircase(bytes, true)));
  }
  double first = KiB;
  for (const FixtureLevel& f : kCpuLevels) {
    DetectedLevel l;
    l.level = MemoryLevel::from_name(f.name);
    l.bandwidth = f.bandwidth;
    l.latency_ns = f.latency;
    l.first_bytes = first;
    l.last_bytes = f.capacity ? f.capacity : GiB;
    if (f.capacity) l.capacity_bytes = f.capacity;
    first = f.capacity * std::sqrt(2.0);
    m.levels.push_back(l);
  }
  doc.memory = m;
  return doc;
}

bool contains(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// The pixel of a tick label: x for the x axis (text-anchor middle, under the
// plot), y of the tick for the left axis (the label's baseline sits 4 below it).
std::optional<double> x_tick_pixel(const std::string& svg, const std::string& label) {
  const std::regex text("<text x=\"([-\\d.]+)\" y=\"[-\\d.]+\" text-anchor=\"middle\">" + label + "</text>");
  std::smatch m;
  if (!std::regex_search(svg, m, text)) return std::nullopt;
  return std::stod(m[1]);
}

std::optional<double> y_tick_pixel(const std::string& svg, const std::string& label) {
  const std::regex text("<text x=\"[-\\d.]+\" y=\"([-\\d.]+)\" text-anchor=\"end\"[^>]*>" + label + "</text>");
  std::smatch m;
  if (!std::regex_search(svg, m, text)) return std::nullopt;
  return std::stod(m[1]) - 4;
}

struct Line {
  double x1, y1, x2, y2;
  std::string title;
};

// <line>s of a class, with their tooltips.
std::vector<Line> lines_of_class(const std::string& svg, const std::string& cls) {
  const std::regex line("<line x1=\"([-\\d.]+)\" y1=\"([-\\d.]+)\" x2=\"([-\\d.]+)\" y2=\"([-\\d.]+)\" class=\"" + cls +
                        "\"[^>]*><title>([^<]*)</title></line>");
  std::vector<Line> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), line), stop; it != stop; ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4]), (*it)[5]});
  return out;
}

const Line* line_titled(const std::vector<Line>& lines, const std::string& title_start) {
  for (const Line& l : lines)
    if (l.title.rfind(title_start, 0) == 0) return &l;
  return nullptr;
}

struct Marker {
  double cx, cy;
  std::string title;
};

// Point markers that carry a tooltip.
std::vector<Marker> point_markers(const std::string& svg) {
  static const std::regex circle(
      R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)" r="[-\d.]+" class="point"[^>]*><title>([^<]*)</title></circle>)re");
  std::vector<Marker> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), circle), stop; it != stop; ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), (*it)[3]});
  return out;
}

// The text of every element of a class ("capacity-label", "plateau-label"),
// the halo copies left out.
std::vector<std::string> texts_of_class(const std::string& svg, const std::string& cls) {
  const std::regex text("<text [^>]*class=\"" + cls + "\"[^>]*>([^<]*)</text>");
  std::vector<std::string> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), text), stop; it != stop; ++it)
    if (!contains((*it)[0].str(), "stroke=\"white\"")) out.push_back((*it)[1]);
  return out;
}

// The three capacity lines stand where the x tick labels say 32 KiB, 512 KiB
// and 32 MiB are, from the top of the plot to its bottom.
void check_capacity_lines(const std::string& svg) {
  const Area plot = plot_area(svg);
  const auto x_1k = x_tick_pixel(svg, "1 KiB"), x_1m = x_tick_pixel(svg, "1 MiB");
  REQUIRE(x_1k);
  REQUIRE(x_1m);
  const auto x_px = [&](double bytes) { return *x_1k + (*x_1m - *x_1k) * std::log2(bytes / KiB) / 10; };
  const auto lines = lines_of_class(svg, "capacity");
  REQUIRE(lines.size() == 3);  // DRAM has no capacity
  for (const auto& [name, capacity] : {std::pair{"L1", 32 * KiB}, {"L2", 512 * KiB}, {"L3", 32 * MiB}}) {
    CAPTURE(name);
    const Line* l = line_titled(lines, std::string(name) + " capacity: ");
    REQUIRE(l);
    CHECK(l->x1 == doctest::Approx(x_px(capacity)).epsilon(1e-3));
    CHECK(l->x2 == doctest::Approx(l->x1));
    CHECK(l->y1 == doctest::Approx(plot.y));
    CHECK(l->y2 == doctest::Approx(plot.y + plot.h));
    CHECK(contains(l->title, "(" + std::to_string(static_cast<long long>(capacity)) + " bytes)"));
  }
}

void check_self_contained_svg(const std::string& svg) {
  CHECK(svg.rfind("<?xml", 0) == 0);
  CHECK(count(svg, "<svg ") == 1);
  CHECK(svg.size() >= 7);
  CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
  CHECK(contains(svg, "xmlns=\"http://www.w3.org/2000/svg\""));
  CHECK(contains(svg, "version=\"1.1\""));
  CHECK(xml_problem(svg) == "");
  CHECK_FALSE(contains(svg, "<script"));
  CHECK_FALSE(contains(svg, "<image"));
  CHECK_FALSE(contains(svg, "href"));
  CHECK_FALSE(contains(svg, "@font-face"));
}

}  // namespace

// ---------------------------------------------------------------------------
// Shared axis helpers

TEST_CASE("format_bytes writes binary prefixes with at most three digits") {
  CHECK(format_bytes(512) == "512 B");
  CHECK(format_bytes(1000) == "1000 B");
  CHECK(format_bytes(KiB) == "1 KiB");
  CHECK(format_bytes(32 * KiB) == "32 KiB");
  CHECK(format_bytes(1.5 * MiB) == "1.5 MiB");
  CHECK(format_bytes(36 * MiB) == "36 MiB");
  CHECK(format_bytes(GiB) == "1 GiB");
  CHECK(format_bytes(1.25 * GiB) == "1.25 GiB");
  CHECK(format_bytes(1024 * GiB) == "1 TiB");
  CHECK(format_bytes(0) == "0 B");
}

TEST_CASE("binary ticks are powers of two, labelled at a step that keeps 1 KiB, 1 MiB and 1 GiB") {
  const LogAxis axis = make_octave_log_axis(KiB, GiB, 80, 936);  // 20 octaves and a bit over 856 pixels
  CHECK(axis.lo < KiB);
  CHECK(axis.hi > GiB);
  const auto ticks = binary_ticks(axis);
  std::vector<std::string> labels;
  for (const auto& t : ticks) {
    const double k = std::log2(t.value);
    CHECK(k == doctest::Approx(std::round(k)));  // a power of two
    CHECK(t.value >= axis.lo);
    CHECK(t.value <= axis.hi);
    CHECK(t.major == !t.label.empty());
    if (!t.label.empty()) labels.push_back(t.label);
  }
  REQUIRE(labels.size() >= 3);
  CHECK(labels.front() == "1 KiB");
  CHECK(labels.back() == "1 GiB");
  CHECK(std::find(labels.begin(), labels.end(), "1 MiB") != labels.end());
  CHECK(labels.size() < 21);  // thinned: not every power of two at 43 pixels per octave
  // Labels keep clear of each other.
  double last = -1e9;
  for (const auto& t : ticks)
    if (!t.label.empty()) {
      CHECK(axis.to_pixel(t.value) - last > 50);
      last = axis.to_pixel(t.value);
    }

  // A wide axis over few octaves labels every power of two.
  const auto few = binary_ticks(make_octave_log_axis(16 * KiB, 64 * KiB, 0, 800));
  std::vector<std::string> few_labels;
  for (const auto& t : few) if (!t.label.empty()) few_labels.push_back(t.label);
  CHECK(few_labels == std::vector<std::string>{"8 KiB", "16 KiB", "32 KiB", "64 KiB", "128 KiB"});
}

TEST_CASE("round log axes hold the data between round bounds, a decade at least") {
  auto a = make_round_log_axis(21.3, 1323, 500, 100);
  CHECK(a.lo == doctest::Approx(20));
  CHECK(a.hi == doctest::Approx(1500));
  a = make_round_log_axis(2.3, 24, 0, 1);
  CHECK(a.lo == doctest::Approx(2));
  CHECK(a.hi == doctest::Approx(30));
  a = make_round_log_axis(10, 100, 0, 1);  // exact bounds stay
  CHECK(a.lo == doctest::Approx(10));
  CHECK(a.hi == doctest::Approx(100));
  a = make_round_log_axis(1.1, 1.3, 0, 1);  // widened to a decade
  CHECK(a.hi / a.lo >= 10 - 1e-9);
  CHECK(a.lo <= 1.1);
  CHECK(a.hi >= 1.3);
  CHECK_THROWS_AS(make_round_log_axis(0, 10, 0, 1), std::invalid_argument);
  CHECK_THROWS_AS(make_octave_log_axis(1, NAN, 0, 1), std::invalid_argument);
}

TEST_CASE("decade ticks can label 2 and 5 times each decade, and format them") {
  const LogAxis axis{1, 1000, 500, 20};  // 160 pixels per decade
  std::vector<std::string> labels;
  for (const auto& t : decade_ticks(axis, 22, true)) if (!t.label.empty()) labels.push_back(t.label);
  CHECK(labels == std::vector<std::string>{"1", "10", "100", "1000", "2", "5", "20", "50", "200", "500"});
  labels.clear();
  for (const auto& t : decade_ticks(axis, 22, false)) if (!t.label.empty()) labels.push_back(t.label);
  CHECK(labels == std::vector<std::string>{"1", "10", "100", "1000"});
  CHECK(format_tick(2e4) == "2·10⁴");
  CHECK(format_tick(0.05) == "0.05");
  CHECK(format_tick(1500) == "1500");
}

TEST_CASE("a log axis narrower than a decade or two still gets several labels, in one notation") {
  const auto labels_of = [](const LogAxis& axis) {
    std::vector<std::string> out;
    for (const auto& t : decade_ticks(axis, 18, true)) if (!t.label.empty()) out.push_back(t.label);
    return out;
  };
  // A plateau near 33 TFLOP/s shown in GFLOP/s: 10⁴ .. 4·10⁴ over 190 pixels.
  const auto wide = labels_of(LogAxis{1e4, 4e4, 300, 110});
  CHECK(wide.size() >= 3);
  CHECK(std::find(wide.begin(), wide.end(), "3·10⁴") != wide.end());
  // 100 .. 400 W: more than the decade and 2 times it.
  const auto watts = labels_of(LogAxis{100, 400, 300, 110});
  CHECK(watts.size() >= 3);
  CHECK(std::find(watts.begin(), watts.end(), "300") != watts.end());
  // Once one label needs a power of ten, 1000 and up take them too: no "5000" beside "10⁴".
  const auto mixed = labels_of(LogAxis{2000, 2e4, 400, 100});
  CHECK(std::find(mixed.begin(), mixed.end(), "10⁴") != mixed.end());
  for (const std::string& l : mixed) CHECK(l.find("000") == std::string::npos);
  CHECK(format_tick(3e4) == "3·10⁴");
}

// ---------------------------------------------------------------------------
// The bandwidth chart

TEST_CASE("the bandwidth sweep of a CPU-like fixture") {
  const RoofsDocument doc = cpu_fixture();
  const std::string svg = render_bandwidth_sweep_svg(doc);

  SUBCASE("is one well-formed, self-contained SVG 1.1 document") {
    check_self_contained_svg(svg);
    CHECK(contains(svg, "width=\"960\" height=\"640\" viewBox=\"0 0 960 640\""));
  }

  SUBCASE("escapes and titles with device, driver and date; subtitles with kernel and detection") {
    CHECK(contains(svg, ">Acme &amp; Sons &lt;CPU&gt; — driver 6.1 — 2024-06-03<"));
    CHECK(contains(svg, "read &lt;float4&gt; &amp; friends"));
    CHECK(contains(svg, "levels: change-point"));
    CHECK_FALSE(contains(svg, "<CPU>"));
    CHECK(contains(svg, ">Bandwidth [GB/s]<"));
    CHECK(contains(svg, ">Working set [bytes]<"));
  }

  SUBCASE("has binary tick labels on x and round numbers on y") {
    for (const char* label : {"1 KiB", "1 MiB", "1 GiB"}) {
      CAPTURE(label);
      CHECK(x_tick_pixel(svg, label).has_value());
    }
    CHECK_FALSE(x_tick_pixel(svg, "1024").has_value());
    for (const char* label : {"100", "1000"}) {
      CAPTURE(label);
      CHECK(y_tick_pixel(svg, label).has_value());
    }
  }

  SUBCASE("labels each level at its capacity and on its plateau") {
    CHECK(texts_of_class(svg, "capacity-label") == std::vector<std::string>{"L1 | 32 KiB", "L2 | 512 KiB", "L3 | 32 MiB"});
    CHECK(texts_of_class(svg, "plateau-label") ==
          std::vector<std::string>{"L1 1.10 TB/s", "L2 450 GB/s", "L3 151 GB/s", "DRAM 25.0 GB/s"});
    CHECK(contains(svg, "id=\"legend\""));
  }

  SUBCASE("draws capacity lines at the capacity's pixel, across the plot") { check_capacity_lines(svg); }

  SUBCASE("draws each plateau flat at its bandwidth over its extent") {
    const auto y_100 = y_tick_pixel(svg, "100"), y_1000 = y_tick_pixel(svg, "1000");
    const auto x_1k = x_tick_pixel(svg, "1 KiB"), x_1m = x_tick_pixel(svg, "1 MiB");
    REQUIRE(y_100);
    REQUIRE(y_1000);
    REQUIRE(x_1k);
    REQUIRE(x_1m);
    const auto y_px = [&](double gbps) { return *y_100 + (*y_1000 - *y_100) * std::log10(gbps / 100); };
    const auto x_px = [&](double bytes) { return *x_1k + (*x_1m - *x_1k) * std::log2(bytes / KiB) / 10; };
    const auto plateaus = lines_of_class(svg, "plateau");
    REQUIRE(plateaus.size() == 4);
    const Line* l2 = line_titled(plateaus, "L2 plateau: 450 GB/s (450000000000 B/s)");
    REQUIRE(l2);
    CHECK(l2->y1 == doctest::Approx(l2->y2));
    CHECK(l2->y1 == doctest::Approx(y_px(450)).epsilon(1e-3));
    CHECK(l2->x1 == doctest::Approx(x_px(32 * KiB * std::sqrt(2.0))).epsilon(1e-3));
    CHECK(l2->x2 == doctest::Approx(x_px(512 * KiB)).epsilon(1e-3));
    // Faster levels higher up: a staircase down to DRAM.
    double previous_y = -1;
    for (const char* name : {"L1 ", "L2 ", "L3 ", "DRAM "}) {
      const Line* l = line_titled(plateaus, name);
      REQUIRE(l);
      CHECK(l->y1 > previous_y);
      previous_y = l->y1;
    }
  }

  SUBCASE("gives every point a marker with a tooltip of exact values, on the curve") {
    const auto markers = point_markers(svg);
    REQUIRE(markers.size() == doc.memory->bandwidth.size());
    CHECK(count(svg, "class=\"point\"") == markers.size());
    CHECK(count(svg, "<title>") == 1 + markers.size() + 3 + 4);  // document, points, capacities, plateaus
    CHECK(markers[10].title == "32 KiB (32768 bytes): 1.10 TB/s (1100000000000 B/s)\n"
                               "median of 5 runs, min 1.07 TB/s, max 1.14 TB/s");
    const auto y_100 = y_tick_pixel(svg, "100"), y_1000 = y_tick_pixel(svg, "1000");
    REQUIRE(y_100);
    REQUIRE(y_1000);
    CHECK(markers.back().cy == doctest::Approx(*y_100 + (*y_1000 - *y_100) * std::log10(25.0 / 100)).epsilon(1e-3));
    for (std::size_t i = 1; i < markers.size(); ++i) CHECK(markers[i].cx > markers[i - 1].cx);
    CHECK(contains(svg, "class=\"median\""));
    CHECK(contains(svg, "class=\"band\""));
  }
}

TEST_CASE("bandwidths past 5000 GB/s are shown in TB/s") {
  RoofsDocument doc = cpu_fixture();
  for (CurvePoint& p : doc.memory->bandwidth) p.stats.median *= 20, p.stats.min *= 20, p.stats.max *= 20;
  for (DetectedLevel& l : doc.memory->levels) l.bandwidth *= 20;
  const std::string svg = render_bandwidth_sweep_svg(doc);
  CHECK(xml_problem(svg) == "");
  CHECK(contains(svg, ">Bandwidth [TB/s]<"));
  CHECK(texts_of_class(svg, "plateau-label").at(0) == "L1 22.0 TB/s");
  CHECK(y_tick_pixel(svg, "10").has_value());
  CHECK_FALSE(contains(svg, "10⁴"));
}

// ---------------------------------------------------------------------------
// The latency chart

TEST_CASE("the latency sweep of a CPU-like fixture") {
  const RoofsDocument doc = cpu_fixture();
  const std::string svg = render_latency_sweep_svg(doc);

  SUBCASE("is well-formed and self-contained, with a cycles axis on the right") {
    check_self_contained_svg(svg);
    CHECK(contains(svg, ">Latency per load [ns]<"));
    CHECK(contains(svg, "id=\"right-axis\""));
    CHECK(contains(svg, ">Latency [cycles at 3200 MHz]<"));
    CHECK(contains(svg, "clock 3200 MHz (cpu-chain)"));
    CHECK(contains(svg, "pointer chase"));
  }

  SUBCASE("puts the cycles axis where ns x MHz / 1000 says") {
    // 10 ns at 3.2 GHz is 32 cycles: the "10" ns tick and 32 cycles share a height.
    static const std::regex right_label(R"re(<text x="([-\d.]+)" y="([-\d.]+)" text-anchor="start"[^>]*>(\d+)</text>)re");
    const auto y_10ns = y_tick_pixel(svg, "10"), y_100ns = y_tick_pixel(svg, "100");
    REQUIRE(y_10ns);
    REQUIRE(y_100ns);
    int checked = 0;
    for (std::sregex_iterator it(svg.begin(), svg.end(), right_label), stop; it != stop; ++it) {
      const double cycles = std::stod((*it)[3]), y = std::stod((*it)[2]) - 4;
      const double ns = cycles * 1000 / 3200;
      CAPTURE(cycles);
      CHECK(y == doctest::Approx(*y_10ns + (*y_100ns - *y_10ns) * std::log10(ns / 10)).epsilon(1e-3));
      ++checked;
    }
    CHECK(checked >= 3);
  }

  SUBCASE("shows the same level boundaries and each level's latency, in cycles too") {
    CHECK(texts_of_class(svg, "capacity-label") == std::vector<std::string>{"L1 | 32 KiB", "L2 | 512 KiB", "L3 | 32 MiB"});
    const auto labels = texts_of_class(svg, "plateau-label");
    REQUIRE(labels.size() == 4);
    // Each label says the level and its latency; where there is room, in cycles too.
    const char* expected[][2] = {{"L1 1.2 ns", " (3.8 cycles)"}, {"L2 4.1 ns", " (13 cycles)"},
                                 {"L3 14 ns", " (45 cycles)"}, {"DRAM 92 ns", " (294 cycles)"}};
    for (std::size_t i = 0; i < 4; ++i) {
      CAPTURE(labels[i]);
      CHECK((labels[i] == expected[i][0] || labels[i] == std::string(expected[i][0]) + expected[i][1]));
    }
    CHECK(std::count_if(labels.begin(), labels.end(), [](const std::string& l) { return contains(l, "cycles"); }) >= 2);
    check_capacity_lines(svg);
  }

  SUBCASE("rises as a staircase with one tooltip per point") {
    const auto plateaus = lines_of_class(svg, "plateau");
    REQUIRE(plateaus.size() == 4);
    for (std::size_t i = 1; i < plateaus.size(); ++i) CHECK(plateaus[i].y1 < plateaus[i - 1].y1 - 40);
    const auto markers = point_markers(svg);
    REQUIRE(markers.size() == doc.memory->latency.size());
    CHECK(count(svg, "<title>") == 1 + markers.size() + 3 + 4);
    CHECK(markers[0].title == "1 KiB (1024 bytes): 1.2 ns per load (1.2 ns) = 3.8 cycles at 3200 MHz\n"
                              "median of 5 runs, min 1.16 ns, max 1.25 ns");
  }
}

TEST_CASE("a latency sweep without a clock has no cycles") {
  RoofsDocument doc = cpu_fixture();
  doc.clock.reset();
  const std::string svg = render_latency_sweep_svg(doc);
  CHECK(xml_problem(svg) == "");
  CHECK_FALSE(contains(svg, "right-axis"));
  CHECK_FALSE(contains(svg, "cycles"));
  CHECK(texts_of_class(svg, "plateau-label") == std::vector<std::string>{"L1 1.2 ns", "L2 4.1 ns", "L3 14 ns", "DRAM 92 ns"});
}

TEST_CASE("a latency label keeps its cycles wherever it goes, and plateaus stay over measured points") {
  RoofsDocument doc = cpu_fixture();
  // The chase stops at 256 MiB while DRAM's plateau was found at 512 MiB .. 1 GiB (as on the H200).
  auto& lat = doc.memory->latency;
  lat.erase(std::remove_if(lat.begin(), lat.end(), [](const CurvePoint& p) { return p.bytes > 256 * MiB; }), lat.end());
  doc.memory->levels.back().first_bytes = 512 * MiB;
  doc.memory->levels.back().latency_ns = 92.123456789;
  const std::string svg = render_latency_sweep_svg(doc);
  for (const std::string& l : texts_of_class(svg, "plateau-label")) {
    CAPTURE(l);
    CHECK(contains(l, "cycles"));
  }
  const std::vector<Line> plateaus = lines_of_class(svg, "plateau");  // dram points into it
  const Line* dram = line_titled(plateaus, "DRAM plateau");
  REQUIRE(dram);
  const auto x_1k = x_tick_pixel(svg, "1 KiB"), x_1m = x_tick_pixel(svg, "1 MiB");
  REQUIRE(x_1k);
  REQUIRE(x_1m);
  const double x_256m = *x_1k + (*x_1m - *x_1k) * 18 / 10;
  CHECK(dram->x2 <= x_256m + 0.01);
  CHECK(contains(dram->title, "(92.12 ns)"));  // the tooltip's figure to four digits, not 15
}

TEST_CASE("several roofs files on one sweep chart: a curve each, in its color, with a legend") {
  const RoofsDocument a = cpu_fixture();
  RoofsDocument b = cpu_fixture();
  b.device.name = "Other GPU";
  b.device.driver = "2.0";
  for (CurvePoint& p : b.memory->latency) p.stats.median *= 3, p.stats.min *= 3, p.stats.max *= 3;
  for (CurvePoint& p : b.memory->bandwidth) p.stats.median /= 3, p.stats.min /= 3, p.stats.max /= 3;
  for (const std::string& svg : {render_latency_sweep_svg({&a, &b}), render_bandwidth_sweep_svg({&a, &b})}) {
    CHECK(xml_problem(svg) == "");
    CHECK(count(svg, "class=\"median\"") == 2);
    CHECK(count(svg, "class=\"point\"") == a.memory->latency.size() + b.memory->latency.size());
    CHECK(contains(svg, "Acme &amp; Sons &lt;CPU&gt; vs Other GPU<"));
    CHECK(contains(svg, "driver 6.1, 2024-06-03"));
    CHECK(contains(svg, "Other GPU: driver 2.0"));
    CHECK(contains(svg, "id=\"legend\""));
    CHECK_FALSE(contains(svg, "right-axis"));  // two clocks: cycles only in the labels
  }
}

// ---------------------------------------------------------------------------
// Degenerate documents

TEST_CASE("degenerate documents still give valid sweep charts with a note") {
  const auto both = [](const RoofsDocument& doc, const ChartOptions& opt = {}) {
    std::vector<std::string> out(2);
    CHECK_NOTHROW(out[0] = render_bandwidth_sweep_svg(doc, opt));
    CHECK_NOTHROW(out[1] = render_latency_sweep_svg(doc, opt));
    for (const std::string& svg : out) CHECK(xml_problem(svg) == "");
    return out;
  };

  SUBCASE("no memory section") {
    RoofsDocument doc;
    for (const std::string& svg : both(doc)) {
      CHECK(contains(svg, "no memory sweep in this roofs file"));
      CHECK(contains(svg, ">unknown device<"));
      CHECK(x_tick_pixel(svg, "1 MiB").has_value());  // default axes
      CHECK_FALSE(contains(svg, "class=\"point\""));
      CHECK_FALSE(contains(svg, "id=\"legend\""));
    }
  }
  SUBCASE("empty curves, levels kept") {
    RoofsDocument doc = cpu_fixture();
    doc.memory->bandwidth.clear();
    doc.memory->latency.clear();
    const auto svgs = both(doc);
    CHECK(contains(svgs[0], "no bandwidth curve measured"));
    CHECK(contains(svgs[1], "no latency curve measured"));
    for (const std::string& svg : svgs) {
      CHECK_FALSE(contains(svg, "class=\"point\""));
      CHECK(lines_of_class(svg, "capacity").size() == 3);
    }
  }
  SUBCASE("empty curves and no levels") {
    RoofsDocument doc = cpu_fixture();
    doc.memory = MemoryCurves{};
    for (const std::string& svg : both(doc)) CHECK(contains(svg, "curve measured"));
  }
  SUBCASE("one point") {
    RoofsDocument doc = cpu_fixture();
    doc.memory->bandwidth.resize(1);
    doc.memory->latency.resize(1);
    doc.memory->levels.clear();
    for (const std::string& svg : both(doc)) {
      CHECK(contains(svg, "only one working set measured"));
      CHECK(point_markers(svg).size() == 1);
      CHECK_FALSE(contains(svg, "class=\"median\""));
    }
  }
  SUBCASE("unusable values are left out") {
    RoofsDocument doc = cpu_fixture();
    const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
    doc.memory->bandwidth[3].stats.median = nan;
    doc.memory->bandwidth[4].bytes = -1;
    doc.memory->bandwidth[5].stats.median = 0;
    doc.memory->bandwidth[6].stats.max = inf;
    doc.memory->levels[1].bandwidth = 0;         // no L2 plateau
    doc.memory->levels[0].capacity_bytes = -5;   // no L1 capacity line
    doc.memory->levels[2].latency_ns.reset();    // no L3 plateau on the latency chart
    const auto svgs = both(doc);
    CHECK(point_markers(svgs[0]).size() == doc.memory->bandwidth.size() - 3);
    CHECK(lines_of_class(svgs[0], "plateau").size() == 3);
    CHECK(lines_of_class(svgs[0], "capacity").size() == 2);
    CHECK(lines_of_class(svgs[1], "plateau").size() == 3);
    CHECK_FALSE(contains(svgs[0], "nan"));
    CHECK_FALSE(contains(svgs[0], "inf"));
  }
  SUBCASE("all points unusable") {
    RoofsDocument doc = cpu_fixture();
    for (CurvePoint& p : doc.memory->bandwidth) p.stats.median = -1;
    const auto svgs = both(doc);
    CHECK(contains(svgs[0], "no bandwidth curve measured"));
  }
  SUBCASE("a tiny canvas") {
    ChartOptions opt;
    opt.width = 10;
    opt.height = 10;
    for (const std::string& svg : both(cpu_fixture(), opt)) CHECK(contains(svg, "width=\"480\" height=\"360\""));
  }
}
