// The micro-benchmark suite's charts (chart/suite_chart) and report tables
// (chart/report_suite): what each chart draws from a document holding every
// section, that a document without them gets none in the default set, and
// the report's figures. (tests/render opens the same charts in browsers.)
#include <doctest/doctest.h>

#include <algorithm>
#include <regex>
#include <string>
#include <vector>

#include "chart/chart_kinds.hpp"
#include "chart/report.hpp"
#include "chart/suite_chart.hpp"
#include "model/roofs.hpp"
#include "synthetic_suite.hpp"
#include "xml_check.hpp"

using namespace roofline;

namespace {

// The texts of the elements of a class, in document order (not their white halos).
std::vector<std::string> texts_of(const std::string& svg, const std::string& cls) {
  const std::regex re("class=\"" + cls + "\"([^>]*)>([^<]*)</text>");
  std::vector<std::string> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), re), stop; it != stop; ++it)
    if ((*it)[1].str().find("stroke=\"white\"") == std::string::npos) out.push_back((*it)[2]);
  return out;
}

// The chart of this kind (math, or a suite benchmark's) for one document,
// checked to be well-formed XML and not the page of a chart that failed.
std::string drawn(const ChartSpec& spec, const RoofsDocument& doc) {
  std::string svg = render_chart(spec, {&doc});
  REQUIRE(xml_problem(svg) == "");
  REQUIRE(svg.find("could not draw") == std::string::npos);
  return svg;
}

int svg_height(const std::string& svg) {
  std::smatch m;
  REQUIRE(std::regex_search(svg, m, std::regex("<svg [^>]*height=\"(\\d+)\"")));
  return std::stoi(m[1]);
}

std::vector<std::string> names(const std::vector<ChartSpec>& specs) {
  std::vector<std::string> out;
  for (const ChartSpec& s : specs) out.push_back(s.suffix());
  return out;
}

const ChartSpec kMath{ChartKind::math};
const ChartSpec kStride{ChartKind::suite, SweepMetric::performance, SuiteBenchmark::global_stride};
const ChartSpec kDivergence{ChartKind::suite, SweepMetric::performance, SuiteBenchmark::divergence};
const ChartSpec kScalability{ChartKind::suite, SweepMetric::performance, SuiteBenchmark::scalability};

template <typename Doc>
auto& divergence(Doc& d) { return d.suite.at(SuiteBenchmark::divergence).front(); }
template <typename Doc>
auto& scalability(Doc& d) { return d.suite.at(SuiteBenchmark::scalability).front(); }
std::vector<MeasuredSeries>& stride_curves(RoofsDocument& d) { return d.suite.at(SuiteBenchmark::global_stride); }

}  // namespace

TEST_CASE("the suite's charts are in the default set only where their section is") {
  RoofsDocument d = testing::suite_document();
  CHECK(names(default_charts(d)) ==
        std::vector<std::string>{"", "-math", "-stride", "-divergence", "-scalability", "-atomic-contention"});
  for (const char* kind : {"math", "stride", "divergence", "scalability", "atomic-contention"}) CHECK(parse_chart(kind));
  CHECK(parse_chart("stride")->suite == SuiteBenchmark::global_stride);
  CHECK(parse_chart("stride")->name() == "stride");
  CHECK(parse_chart("divergence")->caption() == "Branch divergence: time ratio by path count");
  CHECK_FALSE(parse_chart("atomics"));  // a table in the report, no chart
  const std::vector<std::string> every = names(every_default_chart());
  for (const char* suffix : {"-math", "-stride", "-divergence", "-scalability", "-atomic-contention"})
    CHECK(std::find(every.begin(), every.end(), suffix) != every.end());
  SUBCASE("a document without the sections: the CARM alone, and each chart says what it lacks") {
    const RoofsDocument plain;
    CHECK(names(default_charts(plain)) == std::vector<std::string>{""});
    CHECK(missing_section(kMath, plain) == "no math roofs");
    CHECK(missing_section(kStride, plain) == "no global-memory stride sweep");
    CHECK(missing_section(kDivergence, plain) == "no divergence test");
    CHECK(missing_section(kScalability, plain) == "no scalability sweep");
    CHECK(missing_section({ChartKind::carm}, plain).empty());
    for (const ChartSpec& k : {kMath, kStride, kDivergence, kScalability}) {
      const std::string svg = drawn(k, plain);
      CHECK(svg.find("in this roofs file") != std::string::npos);
      CHECK(count(svg, "class=\"sweep\"") + count(svg, "class=\"bar\"") == 0);
    }
  }
  SUBCASE("one section alone brings its chart alone") {
    RoofsDocument only;
    only.suite[SuiteBenchmark::scalability] = d.suite.at(SuiteBenchmark::scalability);
    CHECK(names(default_charts(only)) == std::vector<std::string>{"", "-scalability"});
    only.suite[SuiteBenchmark::atomics] = d.suite.at(SuiteBenchmark::atomics);  // atomics have a table in the report, no chart
    CHECK(names(default_charts(only)) == std::vector<std::string>{"", "-scalability"});
  }
}

TEST_CASE("the math chart: a bar per roof, grouped by what the functions do (Table 1's groups), coloured by form and type") {
  const RoofsDocument d = testing::suite_document();
  const std::string svg = drawn(kMath, d);
  CHECK(count(svg, "class=\"bar\"") == d.math.size());
  // Group 1 (add, div, mod), group 2 (fmax), group 3 (sin), group 4 (exp), group 9 (tgamma), then sqrt.
  CHECK(texts_of(svg, "group-heading") ==
        std::vector<std::string>{"arithmetic: add, sub, mul, div, mad, mod", "minimum and maximum", "trigonometric",
                                 "exponential, logarithm, reciprocal square root", "error function, power and root, gamma",
                                 "special-function-unit operations: sqrt, exp2, log2"});
  CHECK(texts_of(svg, "bar-label") ==
        std::vector<std::string>{"add (float)", "add (half)", "native_divide (float)", "mod (int)", "fmax (float)", "sin (float)",
                                 "sin (double)", "native_sin (float)", "half_sin (float)", "exp (float)", "tgamma (float)",
                                 "sqrt (float)"});
  // Six colours (precise, native_ and half_ float; double; half; int), each in the legend once.
  CHECK(count(svg, "class=\"legend-swatch\"") == 6);
  for (const char* name : {"precise float", "native_ float", "half_ float", "precise double", "precise half", "int"})
    CHECK(svg.find(">" + std::string(name) + "</text>") != std::string::npos);
  // Each bar's runs as a whisker, and its figure.
  CHECK(count(svg, "class=\"range\"") == d.math.size());
  CHECK(texts_of(svg, "bar-value").front() == "33.0 T/s");
  SUBCASE("a longer list makes a taller chart, not narrower rows") {
    RoofsDocument many = d;
    for (const MathFunctionInfo& f : math_functions())
      if (f.floating) many.math.push_back(testing::math_roof(f.function, MathForm::precise, DataType::float64, 1e11));
    const std::string tall = drawn(kMath, many);
    CHECK(count(tall, "class=\"bar\"") == many.math.size());
    CHECK(svg_height(tall) > svg_height(svg) + 15 * 50);
  }
}

TEST_CASE("the stride chart: a line per width and op, stride 0 apart") {
  const RoofsDocument d = testing::suite_document();
  const std::string svg = drawn(kStride, d);
  CHECK(count(svg, "class=\"sweep\"") == 4);
  CHECK(count(svg, "class=\"point\"") == 4 * 17);
  CHECK(count(svg, "class=\"apart-point\"") == 4);
  CHECK(texts_of(svg, "apart-label") == std::vector<std::string>{"0"});
  for (const char* name : {"float read", "float store", "float4 read", "float4 store", "0: every work-item on one address"})
    CHECK(svg.find(">" + std::string(name) + "</text>") != std::string::npos);
  // The points apart lie left of the stride axis's first point.
  std::smatch first, apart;
  REQUIRE(std::regex_search(svg, first, std::regex("<polyline points=\"([-\\d.]+),[^\"]*\" class=\"sweep\"")));
  REQUIRE(std::regex_search(svg, apart, std::regex("class=\"apart-point\" points=\"([-\\d.]+),")));
  CHECK(std::stod(apart[1]) < std::stod(first[1]) - 20);
}

TEST_CASE("the divergence chart: measured ratio, the ideal, the implied and reported widths") {
  const RoofsDocument d = testing::suite_document();
  REQUIRE(divergence(d).mark("implied_width") == 32);
  const std::string svg = drawn(kDivergence, d);
  CHECK(count(svg, "class=\"sweep\"") == 1);
  CHECK(count(svg, "class=\"reference\"") == 1);
  CHECK(count(svg, "class=\"point\"") == 7);
  CHECK(count(svg, "class=\"marker\"") == 2);
  CHECK(texts_of(svg, "marker-label") ==
        std::vector<std::string>{"implied sub-group width 32", "reported work-group multiple 32"});
  CHECK(svg.find(">ideal: ratio = paths</text>") != std::string::npos);
}

TEST_CASE("the scalability chart: bandwidth by work-items, the saturation point marked") {
  const RoofsDocument d = testing::suite_document();
  REQUIRE(scalability(d).mark("saturation_items") == 65536);
  const std::string svg = drawn(kScalability, d);
  CHECK(count(svg, "class=\"sweep\"") == 1);
  CHECK(count(svg, "class=\"point\"") == scalability(d).points.size());
  CHECK(texts_of(svg, "marker-label") == std::vector<std::string>{"saturation: 65536 work-items"});
}

TEST_CASE("the atomic contention chart: a line per memory space by work-items per address") {
  const RoofsDocument d = testing::suite_document();
  const std::string svg = drawn(*parse_chart("atomic-contention"), d);
  CHECK(count(svg, "class=\"sweep\"") == 2);
  CHECK(count(svg, "class=\"point\"") == 2 * 9);
  CHECK(count(svg, "class=\"apart-point\"") == 0);
  for (const char* name : {"global", "local"}) CHECK(svg.find(">" + std::string(name) + "</text>") != std::string::npos);
  CHECK(svg.find("<title>local, 32 work-items per address: 250 Gop/s") != std::string::npos);
  CHECK(svg.find(">Atomic adds [Gop/s]</text>") != std::string::npos);
}

TEST_CASE("a suite chart of a hand-edited file draws what it can and says what it cannot") {
  RoofsDocument d = testing::suite_document();
  SUBCASE("a width or saturation point of 0 has no marker (a log axis has no 0), the lines stay") {
    divergence(d).marks["implied_width"] = 0;
    divergence(d).marks["reported_width"] = 0;
    scalability(d).marks["saturation_items"] = 0;
    for (const ChartSpec& k : {kDivergence, kScalability}) {
      const std::string svg = drawn(k, d);
      CHECK(svg.find("could not draw") == std::string::npos);
      CHECK(count(svg, "class=\"sweep\"") == 1);
      CHECK(count(svg, "class=\"marker\"") == 0);
    }
  }
  SUBCASE("math roofs none of which has a positive calls/s: no bars, and a note that says so") {
    for (MathRoof& r : d.math) r.calls_per_s.median = 0;
    const std::string svg = drawn(kMath, d);
    CHECK(count(svg, "class=\"bar\"") == 0);
    CHECK(svg.find("no math roof with a positive calls/s in this roofs file") != std::string::npos);
  }
  SUBCASE("calls/s at the ends of a double's range: bars on an axis that still fits") {
    d.math[0].calls_per_s = testing::spread(1e308);
    d.math[1].calls_per_s = testing::spread(1e-320);
    const std::string svg = drawn(kMath, d);
    CHECK(svg.find("could not draw") == std::string::npos);
    CHECK(count(svg, "class=\"bar\"") == d.math.size());
  }
  SUBCASE("a stride curve without points is left out; with none left, a note says so") {
    stride_curves(d)[0].points.clear();
    std::string svg = drawn(kStride, d);
    CHECK(count(svg, "class=\"sweep\"") == 3);
    CHECK(svg.find(">float read</text>") == std::string::npos);
    // The three points apart left stay centred on their column, under its label.
    std::smatch label;
    REQUIRE(std::regex_search(svg, label, std::regex("<text x=\"([-\\d.]+)\"[^>]*class=\"apart-label\"")));
    const std::regex apart_x("class=\"apart-point\" points=\"([-\\d.]+),");
    double sum = 0;
    for (std::sregex_iterator it(svg.begin(), svg.end(), apart_x), stop; it != stop; ++it) sum += std::stod((*it)[1]);
    CHECK(count(svg, "class=\"apart-point\"") == 3);
    CHECK(sum / 3 == doctest::Approx(std::stod(label[1])));
    for (MeasuredSeries& c : stride_curves(d)) c.points.clear();
    svg = drawn(kStride, d);
    CHECK(count(svg, "class=\"sweep\"") + count(svg, "class=\"point\"") == 0);
    CHECK(svg.find("no point with a positive value in this roofs file") != std::string::npos);
  }
  SUBCASE("divergence ratios of 0 (a branch-free time of 0): no lines, a note") {
    for (SeriesPoint& p : divergence(d).points) p.y.median = 0;
    const std::string svg = drawn(kDivergence, d);
    CHECK(count(svg, "class=\"sweep\"") + count(svg, "class=\"reference\"") == 0);
    CHECK(svg.find("no point with a positive value in this roofs file") != std::string::npos);
  }
}

TEST_CASE("the report has the suite's tables with their figures, and its charts") {
  const RoofsDocument d = testing::suite_document();
  const std::string html = render_report_html(d);
  for (const char* heading : {"\">Math functions</h2>", "\">Global-memory stride</h2>", "\">Branch divergence</h2>",
                              "\">Scalability</h2>", "\">Atomics</h2>", "\">Atomic contention</h2>"})
    CHECK(html.find(heading) != std::string::npos);
  // A math roof's row: name, form, type, group, calls/s with its spread, per clock and CU, errors.
  CHECK(html.find("<td>native_sin</td><td>native</td><td>float</td><td>3</td><td>8.40 Tcalls/s (7.98 Tcalls/s – 8.82 Tcalls/s, 5 runs)</td>") !=
        std::string::npos);
  CHECK(html.find("<td>2.5</td><td>8192</td>") != std::string::npos);
  // Stride 0 first, then 1..16 and 32, a column per curve.
  CHECK(html.find("<th>float4 store [B/s]</th>") != std::string::npos);
  CHECK(html.find("<td>0 (one address)</td>") != std::string::npos);
  CHECK(count(html, "<tr><td>32</td>") == 3);  // stride 32, divergence's 32 paths, 32 work-items per address
  CHECK(html.find("implied sub-group width 32 (the path count beyond which the time stops growing); reported work-group "
                  "multiple 32 (the kernel&apos;s preferred work-group size multiple); 1048576 work-items in groups of 256") !=
        std::string::npos);
  CHECK(html.find("<td>64</td><td>6.21 ms") != std::string::npos);
  CHECK(html.find("saturation: 65536 work-items") != std::string::npos);
  CHECK(html.find("<td>local</td><td>distinct addresses</td><td>343 Gop/s") != std::string::npos);
  // Atomic contention: a row per work-items per address, a column per space.
  CHECK(html.find("<th>work-items per address</th><th>global [op/s]</th><th>local [op/s]</th>") != std::string::npos);
  CHECK(html.find("<td>256</td><td>4.69 Gop/s") != std::string::npos);
  // The five suite charts are inline with the CARM.
  CHECK(count(html, "<svg ") == 6);
  CHECK(html.find("<figcaption>Math-function throughput by function</figcaption>") != std::string::npos);
  SUBCASE("none of it for a document without the sections") {
    const std::string plain = render_report_html(RoofsDocument{});
    for (const char* heading : {"Math functions", "Global-memory stride", "Branch divergence", "Scalability", "Atomics"})
      CHECK(plain.find(heading) == std::string::npos);
  }
}
