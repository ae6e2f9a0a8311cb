// Charts that scale: hundreds of placed kernels (what `roofline trace` puts
// on one chart) and names or titles of any length draw as valid XML, with the
// most important dots labelled, every dot keeping its tooltip and long text
// cut with an ellipsis. How long they take is measured by tests/bench/
// chart_bench.cpp (the user guide's figures), not here: a test's time is the
// machine's load as much as the code's.
#include <doctest/doctest.h>

#include <algorithm>
#include <numeric>
#include <random>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include "chart/chart_kinds.hpp"
#include "chart/point_labels.hpp"
#include "chart/report.hpp"
#include "chart/spatial_grid.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "synthetic_placements.hpp"
#include "xml_check.hpp"

using namespace roofline;

namespace {

const std::string kSource = ROOFLINE_SOURCE_DIR;


std::size_t count(const std::string& svg, const std::regex& re) {
  return std::size_t(std::distance(std::sregex_iterator(svg.begin(), svg.end(), re), std::sregex_iterator()));
}

// The dots' labels (their coloured copies, not the white halos): text and box.
struct Label {
  std::string text;
  chart::Rect box;
};

std::vector<Label> dot_label_boxes(const std::string& svg) {
  static const std::regex label(
      R"re(<text x="([-\d.]+)" y="([-\d.]+)" class="dot-label" font-size="([\d.]+)" fill="#[0-9A-F]{6}">([^<]*)</text>)re");
  std::vector<Label> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), label), stop; it != stop; ++it) {
    const double x = std::stod((*it)[1]), y = std::stod((*it)[2]), size = std::stod((*it)[3]);
    const std::string text = (*it)[4];
    // Glyphs reach 0.76 em above the baseline and 0.24 em below; half a pixel of slack all round.
    out.push_back({text, {x + 0.5, y - 0.76 * size + 0.5, x + chart::text_width(text, size) - 0.5, y + 0.24 * size - 0.5}});
  }
  return out;
}

std::vector<std::string> dot_labels(const std::string& svg) {
  std::vector<std::string> out;
  for (const Label& l : dot_label_boxes(svg)) out.push_back(l.text);
  return out;
}

// The kernels of the n dots that take the most time.
std::set<std::string> longest_running(std::vector<Placement> dots, std::size_t n) {
  std::stable_sort(dots.begin(), dots.end(), [](const Placement& a, const Placement& b) { return a.seconds > b.seconds; });
  std::set<std::string> out;
  for (std::size_t i = 0; i < n && i < dots.size(); ++i) out.insert(dots[i].kernel);
  return out;
}

// Text of this many characters in words, so that wrapping has places to break.
std::string words(std::size_t length) {
  std::string t;
  while (t.size() < length) t += "word" + std::to_string(t.size() % 97) + " ";
  return t.substr(0, length);
}

// Every <text> element's content, tags inside it left out.
std::vector<std::string> texts(const std::string& svg) {
  static const std::regex text("<text [^>]*>(.*?)</text>");
  static const std::regex tags("<[^>]*>");
  std::vector<std::string> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), text), stop; it != stop; ++it)
    out.push_back(std::regex_replace((*it)[1].str(), tags, ""));
  return out;
}

std::size_t code_points(const std::string& s) {
  return std::size_t(std::count_if(s.begin(), s.end(), [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; }));
}

// The long texts of these tests are made of these (words(), and runs of one letter).
bool has_long_text(const std::string& t) {
  for (const char* filler : {"word", "ddddd", "kkkkk", "TTTTT"})
    if (t.find(filler) != std::string::npos) return true;
  return false;
}

// No text on the chart that shows a long name or title is much longer than a
// name may be (a line may hold a little more around it), and what was cut says so.
void check_cut(const std::string& svg) {
  bool ellipsis = false;
  for (const std::string& t : texts(svg)) {
    if (!has_long_text(t)) continue;
    CAPTURE(t.substr(0, 80));
    CHECK(code_points(t) <= chart::kMaxShownChars + 20);
    ellipsis |= t.find("…") != std::string::npos;
  }
  CHECK(ellipsis);
}

}  // namespace

TEST_CASE("a thousand placed kernels on the CARM: the longest-running labelled, every dot a tooltip") {
  const RoofsDocument doc = load_roofs(kSource + "/roofs/nvidia-h200.json");
  const std::vector<Placement> dots = testing::synthetic_placements(doc, 1000);
  const std::string svg = render_chart({ChartKind::carm}, {&doc}, {}, dots);
  CHECK(xml_problem(svg).empty());
  // Every dot is drawn, and hovering it names it.
  CHECK(count(svg, std::regex(R"re(<circle [^>]*class="dot"[^>]*><title>kernel_\d+ on [^<]+</title></circle>)re")) == 1000);
  // Of the 40 that take the most time, those whose labels can stand apart are
  // labelled, and no others; the subtitle says so.
  const std::vector<Label> labels = dot_label_boxes(svg);
  CHECK(labels.size() <= 40);
  CHECK(labels.size() >= 20);
  const std::set<std::string> longest = longest_running(dots, 40);
  for (std::size_t i = 0; i < labels.size(); ++i) {
    CAPTURE(labels[i].text);
    CHECK(longest.count(labels[i].text) == 1);
    for (std::size_t j = i + 1; j < labels.size(); ++j) CHECK_FALSE(labels[i].box.overlaps(labels[j].box));
  }
  CHECK(svg.find("1000 kernels, labels on the longest-running (at most 40)") != std::string::npos);
}

TEST_CASE("--labels beyond the chart's room: the labels that stand clear, the longest-running first, none covering another") {
  // 300 labels of about 1,200 square pixels each would cover the plot (issue
  // 27: all drawn, they piled up, and placing them took time growing with the
  // square of their number). More than kLabelsAlwaysDrawn give way instead.
  const RoofsDocument doc = load_roofs(kSource + "/roofs/nvidia-h200.json");
  const std::vector<Placement> dots = testing::synthetic_placements(doc, 300);
  ChartOptions opt;
  opt.max_dot_labels = 300;
  const std::string svg = render_chart({ChartKind::carm}, {&doc}, opt, dots);
  CHECK(xml_problem(svg).empty());
  const std::vector<Label> labels = dot_label_boxes(svg);
  CHECK(labels.size() > chart::kLabelsAlwaysDrawn);
  CHECK(labels.size() < 300);
  for (std::size_t i = 0; i < labels.size(); ++i)
    for (std::size_t j = i + 1; j < labels.size(); ++j) {
      CAPTURE(labels[i].text);
      CAPTURE(labels[j].text);
      CHECK_FALSE(labels[i].box.overlaps(labels[j].box));
    }
  const std::vector<std::string> texts = dot_labels(svg);
  for (const std::string& longest : longest_running(dots, 1)) CHECK(std::count(texts.begin(), texts.end(), longest) == 1);
  CHECK(svg.find("300 kernels, labels on the longest-running (at most 300)") != std::string::npos);
  CHECK(count(svg, std::regex(R"re(<circle [^>]*class="dot"[^>]*><title>kernel_\d+ on [^<]+</title></circle>)re")) == 300);
}

TEST_CASE("a thousand placed kernels on the efficiency CARM: the same bounds") {
  const RoofsDocument doc = load_roofs(kSource + "/roofs/nvidia-h200-20261122.json");
  std::vector<Placement> dots = testing::synthetic_placements(doc, 1000);
  for (Placement& p : dots) p.watts = 150 + 300 * p.performance / (p.performance + 1e13);
  const std::string svg = render_chart({ChartKind::efficiency}, {&doc}, {}, dots);
  CHECK(xml_problem(svg).empty());
  CHECK(count(svg, std::regex(R"re(<circle [^>]*class="dot"[^>]*><title>kernel_\d+)re")) == 1000);
  const std::vector<std::string> labels = dot_labels(svg);
  CHECK(labels.size() <= 40);
  CHECK(labels.size() >= 20);
}

TEST_CASE("which dots are labelled: as many as asked, or those named") {
  const RoofsDocument doc = load_roofs(kSource + "/roofs/nvidia-h200.json");
  const std::vector<Placement> dots = testing::synthetic_placements(doc, 200);
  ChartOptions opt;
  SUBCASE("the n longest-running") {
    opt.max_dot_labels = 5;
    const std::vector<std::string> labels = dot_labels(render_chart({ChartKind::carm}, {&doc}, opt, dots));
    CHECK(std::set<std::string>(labels.begin(), labels.end()) == longest_running(dots, 5));  // five have room
  }
  SUBCASE("none") {
    opt.max_dot_labels = 0;
    const std::string svg = render_chart({ChartKind::carm}, {&doc}, opt, dots);
    CHECK(dot_labels(svg).empty());
    CHECK(svg.find("no dot labelled") != std::string::npos);
  }
  SUBCASE("by name, whatever their time") {
    opt.dot_labels = {"kernel_7", "kernel_199"};
    const std::string svg = render_chart({ChartKind::carm}, {&doc}, opt, dots);
    const std::vector<std::string> labels = dot_labels(svg);
    CHECK(std::set<std::string>(labels.begin(), labels.end()) == std::set<std::string>{"kernel_7", "kernel_199"});
    CHECK(svg.find("labels on the 2 chosen") != std::string::npos);
  }
  SUBCASE("a chart with no more dots than labels labels them all") {
    const std::vector<Placement> few(dots.begin(), dots.begin() + 12);
    CHECK(dot_labels(render_chart({ChartKind::carm}, {&doc}, opt, few)).size() == 12);
    CHECK(chart::choose_dot_labels(few, opt).note.empty());
  }
}

TEST_CASE("a 200,000-character device name and a 100 KB title are cut, as valid XML") {
  RoofsDocument doc = load_roofs(kSource + "/roofs/nvidia-h200-20261122.json");
  const RoofsDocument other = load_roofs(kSource + "/roofs/pthread-haswell-amd-epyc.json");
  doc.device.name = words(200000);
  doc.device.driver = std::string(50000, 'd');
  std::vector<Placement> dots = testing::synthetic_placements(doc, 3);
  dots[0].kernel = std::string(100000, 'k');
  SUBCASE("every chart of the default set, and two devices on one") {
    for (const ChartSpec& spec : default_charts(doc)) {
      CAPTURE(spec.name());
      const std::string svg = render_chart(spec, {&doc}, {}, spec.takes_dots() ? dots : std::vector<Placement>{});
      CHECK(xml_problem(svg).empty());
      check_cut(svg);
      CHECK(svg.size() < 400000);  // tooltips keep a name's first 1,000 characters
    }
    for (const ChartKind kind : {ChartKind::carm, ChartKind::bandwidth, ChartKind::latency}) {
      const std::string svg = render_chart({kind}, {&doc, &other});
      CHECK(xml_problem(svg).empty());
      check_cut(svg);
    }
  }
  SUBCASE("a 100 KB title, in words and in one") {
    for (const std::string& title : {words(100 * 1024), std::string(100 * 1024, 'T')}) {
      ChartOptions opt;
      opt.title = title;
      const std::string svg = render_chart({ChartKind::carm}, {&doc}, opt);
      CHECK(xml_problem(svg).empty());
      check_cut(svg);
    }
  }
  SUBCASE("the report") {
    const std::string html = render_report_html(doc, dots);
    CHECK(html.find("…") != std::string::npos);
  }
}

TEST_CASE("text is cut at whole characters, in one pass") {
  CHECK(chart::clip_text("abcdef", 6) == "abcdef");
  CHECK(chart::clip_text("abcdefg", 6) == "abcde…");
  CHECK(chart::clip_text("µµµµµµµ", 3) == "µµ…");     // two-byte characters stay whole
  CHECK(chart::clip_text("ab\xFF\xFEzz", 3) == "ab…");  // a broken byte counts as one
  CHECK(chart::fit_text("short", 12, 1000) == "short");
  const std::string cut = chart::fit_text(std::string(100, 'W'), 12, 100);
  CHECK(chart::text_width(cut, 12) <= 100);
  CHECK(chart::text_width(cut.substr(0, cut.size() - 3) + "W…", 12) > 100);  // no more W would fit
  CHECK(cut.substr(cut.size() - 3) == "…");
  CHECK(chart::fit_text("µµµµµµµµµµ", 10, 30) == "µµµ…");  // 3 × 6.4 + 10 pixels
}

TEST_CASE("the spatial grid finds exactly the rectangles that touch a query") {
  std::mt19937 random(7);
  std::uniform_real_distribution<double> at(-300, 1300), size(0, 200);
  const auto rect = [&] {
    const double x = at(random), y = at(random);
    return chart::Rect{x, y, x + size(random), y + size(random)};
  };
  chart::SpatialGrid grid({0, 0, 1000, 1000}, 32);
  std::vector<chart::Rect> rects;
  for (std::size_t i = 0; i < 500; ++i) {
    rects.push_back(rect());
    CHECK(grid.insert(rects.back()) == i);
  }
  for (int q = 0; q < 200; ++q) {
    const chart::Rect query = rect();
    std::vector<std::size_t> expected;
    for (std::size_t i = 0; i < rects.size(); ++i)
      if (chart::touches(rects[i], query)) expected.push_back(i);
    CHECK(grid.near(query) == expected);
  }
  // Rectangles that move (a label trying its spots) and leave are found
  // where they are now, and only there.
  std::vector<bool> filed(rects.size(), true);
  for (int step = 0; step < 2000; ++step) {
    const std::size_t i = random() % rects.size();
    if (step % 5 == 0) {
      grid.remove(i);
      filed[i] = false;
    } else {
      rects[i] = rect();
      grid.place(i, rects[i]);
      filed[i] = true;
    }
    const chart::Rect query = rect();
    std::vector<std::size_t> expected;
    for (std::size_t k = 0; k < rects.size(); ++k)
      if (filed[k] && chart::touches(rects[k], query)) expected.push_back(k);
    CHECK(grid.near(query) == expected);
  }
}
