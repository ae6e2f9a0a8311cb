// Tests of the chart room: log axes, number formatting, XML safety and the
// rendered CARM chart of fixture documents.
#include <doctest/doctest.h>

#include <cmath>
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "chart/axes.hpp"
#include "chart/carm_chart.hpp"
#include "chart/svg.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"
#include "xml_check.hpp"

using namespace roofline;
using roofline::chart::format_tick;
using roofline::chart::make_log_axis;
using roofline::chart::xml_escape;

namespace {

Ceiling ceiling(CeilingKind kind, Op op, DataType type, std::optional<MemoryLevel> level, double value,
                int width = 1) {
  Ceiling c;
  c.kind = kind;
  c.op = op;
  c.type = type;
  c.level = std::move(level);
  c.value = value;
  c.width = width;
  return c;
}

// H200-like: two compute and two memory roofs, plus a weaker variant of float
// MAD and a failed (zero) L2 roof that must not be drawn.
RoofsDocument h200_fixture() {
  RoofsDocument doc;
  doc.device.name = "Acme & Sons <GPU>";
  doc.device.driver = "1.2.3";
  doc.date = "2024-05-01T12:00:00Z";
  doc.ceilings = {
      ceiling(CeilingKind::compute, Op::mad, DataType::float32, std::nullopt, 3.0e13, 1),  // before the best one on purpose
      ceiling(CeilingKind::compute, Op::mad, DataType::float32, std::nullopt, 6.5e13, 4),
      ceiling(CeilingKind::compute, Op::mad, DataType::float64, std::nullopt, 3.3e13),
      ceiling(CeilingKind::memory, Op::read, DataType::float32, MemoryLevel::of_kind(LevelKind::dram), 4.0e12),
      ceiling(CeilingKind::memory, Op::read, DataType::float32, MemoryLevel::cache("L3"), 3.6e12),
      ceiling(CeilingKind::memory, Op::read, DataType::float32, MemoryLevel::cache("L2"), 0),
  };
  return doc;
}

struct Line {
  std::string kind;  // "compute" or "memory"
  double x1, y1, x2, y2;
  std::string title;
};

std::vector<Line> roof_lines(const std::string& svg) {
  static const std::regex line(
      R"re(<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" class="roof (compute|memory)"[^>]*><title>([^<]*)</title></line>)re");
  std::vector<Line> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), line), stop; it != stop; ++it)
    out.push_back({(*it)[5], std::stod((*it)[1]), std::stod((*it)[2]), std::stod((*it)[3]), std::stod((*it)[4]), (*it)[6]});
  return out;
}

struct Circle { double cx, cy; std::string title; };

std::vector<Circle> ridge_markers(const std::string& svg) {
  static const std::regex circle(R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)"[^>]*class="ridge"[^>]*><title>([^<]*)</title>)re");
  std::vector<Circle> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), circle), stop; it != stop; ++it)
    out.push_back({std::stod((*it)[1]), std::stod((*it)[2]), (*it)[3]});
  return out;
}

const Line* find_line(const std::vector<Line>& lines, const std::string& title_start) {
  for (const Line& l : lines)
    if (l.title.rfind(title_start, 0) == 0) return &l;
  return nullptr;
}

// A kernel placed at 1 ms: `flops` over `bytes`, its AI and performance from them.
Placement placed_kernel(const std::string& kernel, double flops, double bytes) {
  Placement p;
  p.kernel = kernel;
  p.flops = flops;
  p.bytes = bytes;
  p.ai = flops / bytes;
  p.seconds = 1e-3;
  p.performance = flops / p.seconds;
  return p;
}

}  // namespace

TEST_CASE("the well-formedness check itself rejects broken XML") {
  CHECK(xml_problem("<a><b/></a>") == "");
  CHECK(xml_problem("<a><b></a>") != "");
  CHECK(xml_problem("<a x=\"1\" x=\"2\"/>") != "");
  CHECK(xml_problem("<a>A & B</a>") != "");
  CHECK(xml_problem("<a/><b/>") != "");
}

TEST_CASE("make_log_axis expands to whole decades and maps the ends to the pixel bounds") {
  const auto axis = make_log_axis(0.03, 700, 100, 900);
  CHECK(axis.lo == doctest::Approx(0.01));
  CHECK(axis.hi == doctest::Approx(1000));
  CHECK(axis.to_pixel(axis.lo) == doctest::Approx(100));
  CHECK(axis.to_pixel(axis.hi) == doctest::Approx(900));
  CHECK(axis.to_pixel(1) == doctest::Approx(420));  // 2 of 5 decades in
  CHECK(axis.to_pixel(0.3) < axis.to_pixel(1));

  const auto d = axis.decades();
  REQUIRE(d.size() == 6);
  CHECK(d.front() == doctest::Approx(0.01));
  CHECK(d[3] == doctest::Approx(10));
  CHECK(d.back() == doctest::Approx(1000));
}

TEST_CASE("make_log_axis keeps exact decades, spans at least one and works upside down") {
  auto a = make_log_axis(0.01, 100, 0, 1);
  CHECK(a.lo == doctest::Approx(0.01));
  CHECK(a.hi == doctest::Approx(100));
  a = make_log_axis(3, 5, 0, 1);
  CHECK(a.lo == doctest::Approx(1));
  CHECK(a.hi == doctest::Approx(10));
  a = make_log_axis(10, 10, 0, 1);
  CHECK(a.lo == doctest::Approx(10));
  CHECK(a.hi == doctest::Approx(100));
  a = make_log_axis(700, 0.03, 0, 1);  // bounds given the wrong way round
  CHECK(a.lo == doctest::Approx(0.01));
  CHECK(a.hi == doctest::Approx(1000));

  const auto y = make_log_axis(10, 1e5, 500, 100);  // a y axis: pixels grow downwards
  CHECK(y.to_pixel(10) == doctest::Approx(500));
  CHECK(y.to_pixel(1e5) == doctest::Approx(100));
  CHECK(y.to_pixel(1000) == doctest::Approx(300));

  CHECK_THROWS_AS(make_log_axis(0, 10, 0, 1), std::invalid_argument);
  CHECK_THROWS_AS(make_log_axis(-1, 10, 0, 1), std::invalid_argument);
  CHECK_THROWS_AS(make_log_axis(1, INFINITY, 0, 1), std::invalid_argument);
}

TEST_CASE("tick labels are plain numbers near 1 and powers of ten beyond") {
  CHECK(format_tick(0.01) == "0.01");
  CHECK(format_tick(0.1) == "0.1");
  CHECK(format_tick(1) == "1");
  CHECK(format_tick(10) == "10");
  CHECK(format_tick(1000) == "1000");
  CHECK(format_tick(1e4) == "10⁴");
  CHECK(format_tick(1e12) == "10¹²");
  CHECK(format_tick(1e-3) == "10⁻³");
}

TEST_CASE("xml_escape makes any text safe for SVG") {
  CHECK(xml_escape("A&B <c> \"d\" 'e'") == "A&amp;B &lt;c&gt; &quot;d&quot; &apos;e&apos;");
  CHECK(xml_escape("bell\x07") == "bell?");
  CHECK(xml_escape("tab\tok") == "tab\tok");
  CHECK(xml_escape("5 \xC2\xB5s") == "5 \xC2\xB5s");                // valid UTF-8 kept
  CHECK(xml_escape("bad \xFF byte") == "bad \xEF\xBF\xBD byte");    // invalid byte replaced
  CHECK(xml_escape("cut \xE2\x82") == "cut \xEF\xBF\xBD\xEF\xBF\xBD");  // truncated sequence
}

TEST_CASE("the CARM of a fixture document") {
  const std::string svg = render_carm_svg(h200_fixture());

  SUBCASE("is one well-formed, self-contained SVG 1.1 document") {
    CHECK(svg.rfind("<?xml", 0) == 0);
    CHECK(count(svg, "<svg ") == 1);
    CHECK(count(svg, "</svg>") == 1);
    CHECK(svg.size() >= 7);
    CHECK(svg.substr(svg.size() - 7) == "</svg>\n");
    CHECK(svg.find("xmlns=\"http://www.w3.org/2000/svg\"") != std::string::npos);
    CHECK(svg.find("version=\"1.1\"") != std::string::npos);
    CHECK(svg.find("width=\"960\" height=\"640\" viewBox=\"0 0 960 640\"") != std::string::npos);
    CHECK(svg.find("font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\"") != std::string::npos);
    CHECK(xml_problem(svg) == "");
    CHECK(svg.find("<script") == std::string::npos);
    CHECK(svg.find("<image") == std::string::npos);
    CHECK(svg.find("href") == std::string::npos);
  }

  SUBCASE("escapes the device name and titles with name, driver and date") {
    CHECK(svg.find("Acme &amp; Sons &lt;GPU&gt; — driver 1.2.3 — 2024-05-01<") != std::string::npos);
    CHECK(svg.find("Acme & Sons") == std::string::npos);
    CHECK(svg.find("<GPU>") == std::string::npos);
    CHECK(svg.find("T12:00") == std::string::npos);
  }

  SUBCASE("labels the best roof of each kind and nothing else") {
    CHECK(svg.find("float MAD 65.0 TFLOP/s") != std::string::npos);
    CHECK(svg.find("double MAD 33.0 TFLOP/s") != std::string::npos);
    CHECK(svg.find("DRAM read 4.00 TB/s") != std::string::npos);
    CHECK(svg.find("L3 read 3.60 TB/s") != std::string::npos);
    CHECK(svg.find("30.0 TFLOP/s") == std::string::npos);  // the weaker float MAD variant
    CHECK(svg.find("L2") == std::string::npos);            // the roof measured at zero
    CHECK(svg.find("above theory") == std::string::npos);
    CHECK(svg.find("Arithmetic intensity [FLOP/byte]") != std::string::npos);
    CHECK(svg.find("Performance [GFLOP/s]") != std::string::npos);
    CHECK(svg.find("id=\"legend\"") != std::string::npos);
    CHECK(svg.find("no ceilings measured") == std::string::npos);
  }

  SUBCASE("gives every roof and ridge a tooltip with the exact value") {
    CHECK(count(svg, "class=\"roof compute\"") == 2);
    CHECK(count(svg, "class=\"roof memory\"") == 2);
    CHECK(count(svg, "class=\"ridge\"") == 2);
    CHECK(count(svg, "<title>") == 1 + 4 + 2);  // the document, the roofs, the ridges
    CHECK(count(svg, "<title>float MAD: 65.0 TFLOP/s (65000000000000 FLOP/s)") == 1);
    CHECK(count(svg, "<title>double MAD: 33.0 TFLOP/s (33000000000000 FLOP/s)") == 1);
    CHECK(count(svg, "<title>DRAM read: 4.00 TB/s (4000000000000 B/s)") == 1);
    CHECK(count(svg, "<title>L3 read: 3.60 TB/s (3600000000000 B/s)") == 1);
    CHECK(count(svg, "<title>ridge point of DRAM read and float MAD: 16.25 FLOP/byte</title>") == 1);
    CHECK(count(svg, "<title>ridge point of L3 read and float MAD: 18.06 FLOP/byte</title>") == 1);
    CHECK(svg.find("vector width 4") != std::string::npos);
  }

  SUBCASE("puts roofs and ridges where the model says") {
    const Area plot = plot_area(svg);
    // 1/16..64 and the ridges 33/4 .. 65/3.6 FLOP/byte: the x axis spans 0.01..1000.
    const auto x_px = [&](double ai) { return plot.x + plot.w * (std::log10(ai) + 2) / 5; };
    const auto lines = roof_lines(svg);
    REQUIRE(lines.size() == 4);
    for (const Line& l : lines) {
      CAPTURE(l.title);
      for (double x : {l.x1, l.x2}) CHECK((x >= plot.x - 0.01 && x <= plot.x + plot.w + 0.01));
      for (double y : {l.y1, l.y2}) CHECK((y >= plot.y - 0.01 && y <= plot.y + plot.h + 0.01));
    }
    const Line* fmad = find_line(lines, "float MAD");
    const Line* dmad = find_line(lines, "double MAD");
    const Line* read = find_line(lines, "DRAM read");
    const Line* copy = find_line(lines, "L3 read");
    REQUIRE(fmad);
    REQUIRE(dmad);
    REQUIRE(read);
    REQUIRE(copy);
    // Compute roofs are flat, start at their ridge with the top memory roof, end at the right edge.
    CHECK(fmad->y1 == doctest::Approx(fmad->y2));
    CHECK(fmad->x1 == doctest::Approx(x_px(65.0 / 4.0)).epsilon(1e-4));
    CHECK(dmad->x1 == doctest::Approx(x_px(33.0 / 4.0)).epsilon(1e-4));
    CHECK(fmad->x2 == doctest::Approx(plot.x + plot.w));
    CHECK(dmad->y1 > fmad->y1);  // lower performance, further down
    // Memory roofs start at the left edge and end on the top compute roof, at their ridge.
    CHECK(read->x1 == doctest::Approx(plot.x));
    CHECK(read->x2 == doctest::Approx(x_px(65.0 / 4.0)).epsilon(1e-4));
    CHECK(copy->x2 == doctest::Approx(x_px(65.0 / 3.6)).epsilon(1e-4));
    CHECK(read->y2 == doctest::Approx(fmad->y1).epsilon(1e-4));
    const auto ridges = ridge_markers(svg);
    REQUIRE(ridges.size() == 2);
    CHECK(ridges[0].cx == doctest::Approx(read->x2).epsilon(1e-4));
    CHECK(ridges[0].cy == doctest::Approx(read->y2).epsilon(1e-4));
    CHECK(ridges[1].cx == doctest::Approx(copy->x2).epsilon(1e-4));
  }
}

TEST_CASE("the memory slope rises one decade per decade of intensity") {
  const std::string svg = render_carm_svg(h200_fixture());
  const Area plot = plot_area(svg);
  const auto lines = roof_lines(svg);
  const Line* read = find_line(lines, "DRAM read");
  REQUIRE(read);
  // x: 0.01..1000 over the plot width; y: 10..1e5 GFLOP/s over its height.
  const double x_decades = (read->x2 - read->x1) / (plot.w / 5);
  const double y_decades = (read->y1 - read->y2) / (plot.h / std::log10(1e5 / 10));
  CHECK(y_decades == doctest::Approx(x_decades).epsilon(1e-3));
  // It starts at 4 TB/s x 0.01 FLOP/byte = 40 GFLOP/s.
  CHECK(read->y1 == doctest::Approx(plot.y + plot.h * (1 - std::log10(40.0 / 10) / 4)).epsilon(1e-4));
}

TEST_CASE("integer roofs, warnings and options show in the chart") {
  RoofsDocument doc = h200_fixture();
  doc.ceilings.push_back(ceiling(CeilingKind::compute, Op::mad, DataType::int32, std::nullopt, 1.6e13));
  doc.ceilings[2].above_theory = true;  // double MAD
  ChartOptions opt;
  opt.width = 1200;
  opt.height = 800;
  opt.title = "My <chart>";
  const std::string svg = render_carm_svg(doc, opt);
  CHECK(xml_problem(svg) == "");
  CHECK(svg.find("int MAD 16.0 TINTOP/s") != std::string::npos);
  CHECK(svg.find("Arithmetic intensity [op/byte]") != std::string::npos);
  CHECK(svg.find("double MAD 33.0 TFLOP/s (above theory!)") != std::string::npos);
  CHECK(svg.find("width=\"1200\" height=\"800\" viewBox=\"0 0 1200 800\"") != std::string::npos);
  CHECK(svg.find(">My &lt;chart&gt;<") != std::string::npos);
  CHECK(svg.find("Acme") == std::string::npos);
  CHECK(count(svg, "class=\"roof compute\"") == 3);
}

TEST_CASE("degenerate documents still give a valid chart") {
  SUBCASE("no ceilings at all") {
    RoofsDocument doc;
    std::string svg;
    CHECK_NOTHROW(svg = render_carm_svg(doc));
    CHECK(xml_problem(svg) == "");
    CHECK(svg.find("no ceilings measured") != std::string::npos);
    CHECK(svg.find("class=\"roof") == std::string::npos);
    CHECK(svg.find("Arithmetic intensity") != std::string::npos);
    CHECK(svg.find(">unknown device<") != std::string::npos);
  }
  SUBCASE("only roofs at zero or below") {
    RoofsDocument doc;
    doc.ceilings = {ceiling(CeilingKind::compute, Op::mad, DataType::float32, std::nullopt, 0),
                    ceiling(CeilingKind::memory, Op::read, DataType::float32, MemoryLevel::of_kind(LevelKind::dram), -1)};
    std::string svg;
    CHECK_NOTHROW(svg = render_carm_svg(doc));
    CHECK(xml_problem(svg) == "");
    CHECK(svg.find("no ceilings measured") != std::string::npos);
    CHECK(svg.find("class=\"roof") == std::string::npos);
  }
  SUBCASE("no compute roofs") {
    RoofsDocument doc;
    doc.ceilings = {ceiling(CeilingKind::memory, Op::read, DataType::float32, MemoryLevel::of_kind(LevelKind::dram), 3.0e10)};
    std::string svg;
    CHECK_NOTHROW(svg = render_carm_svg(doc));
    CHECK(xml_problem(svg) == "");
    CHECK(svg.find("no compute roofs measured") != std::string::npos);
    CHECK(count(svg, "class=\"roof memory\"") == 1);
    CHECK(svg.find("class=\"ridge\"") == std::string::npos);
    CHECK(svg.find("DRAM read 30.0 GB/s") != std::string::npos);
  }
  SUBCASE("no memory roofs") {
    RoofsDocument doc;
    doc.ceilings = {ceiling(CeilingKind::compute, Op::mad, DataType::float32, std::nullopt, 2.0e11),
                    ceiling(CeilingKind::compute, Op::mad, DataType::float64, std::nullopt, 1.0e11)};
    std::string svg;
    CHECK_NOTHROW(svg = render_carm_svg(doc));
    CHECK(xml_problem(svg) == "");
    CHECK(svg.find("no memory roofs measured") != std::string::npos);
    const auto lines = roof_lines(svg);
    REQUIRE(lines.size() == 2);
    CHECK(lines[0].x1 == doctest::Approx(plot_area(svg).x));  // nothing bounds them on the left
    CHECK(svg.find("class=\"ridge\"") == std::string::npos);
  }
  SUBCASE("a tiny canvas") {
    ChartOptions opt;
    opt.width = 10;
    opt.height = 10;
    const std::string svg = render_carm_svg(h200_fixture(), opt);
    CHECK(xml_problem(svg) == "");
    CHECK(svg.find("width=\"480\" height=\"360\"") != std::string::npos);
  }
}

TEST_CASE("a kernel analysed by levels gets a hollow dot per level, on its dot's line, at each level's AI") {
  Placement p = placed_kernel("mm", 1e9, 4e9);  // AI 0.25, 1 TFLOP/s
  // The L3 serves more than the kernel asks (uncoalesced lines), DRAM far less (reuse).
  p.analysis = PlacementAnalysis{{{"L3", 2e10, 0.05}, {"DRAM", 2e8, 5}}, std::nullopt, {}};
  const std::string svg = render_carm_svg(h200_fixture(), {}, {p});
  CHECK(xml_problem(svg) == "");
  static const std::regex level_dot(R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)"[^>]*class="level-dot"[^>]*><title>([^<]*)</title>)re");
  static const std::regex dot(R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)"[^>]*class="dot")re");
  std::vector<Circle> levels;
  for (std::sregex_iterator it(svg.begin(), svg.end(), level_dot), stop; it != stop; ++it)
    levels.push_back({std::stod((*it)[1]), std::stod((*it)[2]), (*it)[3]});
  std::smatch m;
  REQUIRE(std::regex_search(svg, m, dot));
  const double dot_x = std::stod(m[1]), dot_y = std::stod(m[2]);
  REQUIRE(levels.size() == 2);
  CHECK(levels[0].title.find("mm at L3") == 0);
  CHECK(levels[1].title.find("mm at DRAM") == 0);
  CHECK(levels[0].cy == doctest::Approx(dot_y));
  CHECK(levels[1].cy == doctest::Approx(dot_y));
  // Log x: AI 0.05 is log10(5) decades left of 0.25, AI 5 log10(20) right of it.
  const double decade = (levels[1].cx - dot_x) / std::log10(20.0);
  CHECK(dot_x - levels[0].cx == doctest::Approx(decade * std::log10(5.0)).epsilon(0.01));
  CHECK(count(svg, "class=\"level-link\"") == 1);
  CHECK(svg.find("hollow: the kernel") != std::string::npos);
  // Without the analysis: none of it.
  p.analysis.reset();
  const std::string plain = render_carm_svg(h200_fixture(), {}, {p});
  CHECK(count(plain, "level-dot") == 0);
  CHECK(plain.find("hollow") == std::string::npos);
}

TEST_CASE("a placed kernel with math calls that have roofs gets its math roof drawn across the plot at ops / math time") {
  Placement p = placed_kernel("nbody", 1e9, 1e8);  // AI 10, 1 TFLOP/s
  const std::string plain = render_carm_svg(h200_fixture(), {}, {p});
  CHECK(plain.find("roof math") == std::string::npos);  // no math calls: no math roof
  MathPlacement m;
  m.calls = {{{MathFunction::rsqrt, MathForm::precise, DataType::float32}, 1e8, 1e11, 1e-3}};
  m.seconds = 1e-3;
  m.roof = "rsqrt roof";
  m.roof_performance = 2e12;  // 2000 GFLOP/s
  m.bound = true;
  p.math = m;
  const std::string svg = render_carm_svg(h200_fixture(), {}, {p});
  CHECK(xml_problem(svg) == "");
  static const std::regex math_line(
      R"re(<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" class="roof math"[^>]*stroke-dasharray[^>]*><title>([^<]*)</title></line>)re");
  std::smatch line;
  REQUIRE(std::regex_search(svg, line, math_line));
  CHECK(std::stod(line[2]) == doctest::Approx(std::stod(line[4])));  // horizontal
  CHECK(std::string(line[5]).find("rsqrt roof of nbody: 2.00 TFLOP/s") == 0);
  CHECK(count(svg, ">rsqrt roof</text>") == 2);  // its label: the halo and the text
  // At 2000 GFLOP/s: above the dot, which stands at 1000 GFLOP/s.
  static const std::regex dot(R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)"[^>]*class="dot")re");
  std::smatch d;
  REQUIRE(std::regex_search(svg, d, dot));
  CHECK(std::stod(line[2]) < std::stod(d[2]));
  // Without a roof for any of its calls (roof empty), nothing is drawn.
  p.math->roof.clear();
  p.math->roof_performance = 0;
  CHECK(render_carm_svg(h200_fixture(), {}, {p}).find("roof math") == std::string::npos);
}

TEST_CASE("a noisy run says so in the chart's subtitle") {
  RoofsDocument doc = h200_fixture();
  CHECK(render_carm_svg(doc).find("noisy run") == std::string::npos);
  MemoryCurves curves;
  curves.point_spread = 0.076;  // the 2-core VM's median spread with other programs running
  doc.memory = curves;
  CHECK(render_carm_svg(doc).find("noisy run") != std::string::npos);
}
