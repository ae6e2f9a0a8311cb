// The layout of the committed charts, read back from their SVG: no label
// covers another label or a placed kernel's dot, every dot's label is nearer
// its own dot than any other or joined to it by a leader, leaders do not
// cross, and memory-sweep labels keep off the capacity lines. These are the
// defects a reviewer found by eye; the text boxes come from the same font
// metrics the charts are laid out with (chart::text_width).
#include <doctest/doctest.h>

#include <array>
#include <optional>
#include <cmath>
#include <regex>
#include <string>
#include <vector>

#include "chart/chart_kinds.hpp"
#include "chart/svg.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"
#include "synthetic_placements.hpp"

using namespace roofline;

namespace {

const std::string kSource = ROOFLINE_SOURCE_DIR;

RoofsDocument committed(const std::string& name) { return load_roofs(kSource + "/roofs/" + name); }

std::vector<Placement> placed(const std::string& device, const std::vector<std::string>& kernels) {
  std::vector<Placement> out;
  for (const std::string& k : kernels)
    for (Placement& p : load_placements(kSource + "/roofs/place/" + device + "/" + k + ".json")) out.push_back(std::move(p));
  return out;
}

const std::vector<std::string> kAllKernels = {
    "matmul_simple", "matmul_coalescedA", "matmul_coalescedAB", "matmul_coalescedABT", "matmul_alignedABT",
    "mixed_m1",      "mixed_m4",          "mixed_m16",          "mixed_m64",           "mixed_m256",
    "mixed_m1024",   "nbody",             "reduction",          "stencil2d",           "triad"};

using P = std::array<double, 2>;

// A text's outline on the page: four corners, in order.
struct Quad {
  std::array<P, 4> c;
  std::string text, cls;
};

std::string attr(const std::string& attrs, const std::string& name) {
  const std::regex re("(?:^|\\s)" + name + "=\"([^\"]*)\"");
  std::smatch m;
  return std::regex_search(attrs, m, re) ? m[1].str() : "";
}

std::string unescape(std::string s) {
  for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
           {"&lt;", "<"}, {"&gt;", ">"}, {"&quot;", "\""}, {"&apos;", "'"}, {"&amp;", "&"}})
    for (std::size_t pos; (pos = s.find(from)) != std::string::npos;) s.replace(pos, from.size(), to);
  return s;
}

// Every text of these classes (all texts for none; halo copies left out) as the quad its glyphs fill.
std::vector<Quad> text_quads(const std::string& svg, const std::vector<std::string>& classes) {
  static const std::regex text("<text ([^>]*)>(.*?)</text>");
  static const std::regex tags("<[^>]*>");
  std::vector<Quad> out;
  for (std::sregex_iterator it(svg.begin(), svg.end(), text), stop; it != stop; ++it) {
    const std::string attrs = (*it)[1];
    const std::string cls = attr(attrs, "class");
    if ((!classes.empty() && std::find(classes.begin(), classes.end(), cls) == classes.end()) || attr(attrs, "stroke") == "white")
      continue;
    const std::string content = unescape(std::regex_replace((*it)[2].str(), tags, ""));
    const double size = std::stod(attr(attrs, "font-size").empty() ? "12" : attr(attrs, "font-size"));
    const double bold = attr(attrs, "font-weight") == "bold" ? 1.08 : 1;
    const double w = chart::text_width(content, size * bold), x = std::stod(attr(attrs, "x")), y = std::stod(attr(attrs, "y"));
    const std::string anchor = attr(attrs, "text-anchor");
    const double x0 = anchor == "end" ? x - w : anchor == "middle" ? x - w / 2 : x;
    // Glyphs reach 0.76 em above the baseline and 0.24 em below; half a pixel of slack all round.
    std::array<P, 4> c = {P{x0 + 0.5, y - 0.76 * size + 0.5}, P{x0 + w - 0.5, y - 0.76 * size + 0.5},
                          P{x0 + w - 0.5, y + 0.24 * size - 0.5}, P{x0 + 0.5, y + 0.24 * size - 0.5}};
    static const std::regex transform(R"re(translate\(([-\d.]+) ([-\d.]+)\) rotate\(([-\d.]+)\))re");
    std::smatch t;
    const std::string tr = attr(attrs, "transform");
    if (std::regex_search(tr, t, transform)) {
      const double tx = std::stod(t[1]), ty = std::stod(t[2]), a = std::stod(t[3]) * M_PI / 180;
      for (P& p : c) p = {tx + p[0] * std::cos(a) - p[1] * std::sin(a), ty + p[0] * std::sin(a) + p[1] * std::cos(a)};
    }
    static const std::regex about(R"re(^rotate\(([-\d.]+) ([-\d.]+) ([-\d.]+)\)$)re");  // an axis title's: about a point
    if (std::regex_search(tr, t, about)) {
      const double a = std::stod(t[1]) * M_PI / 180, cx = std::stod(t[2]), cy = std::stod(t[3]);
      for (P& p : c) {
        const double dx = p[0] - cx, dy = p[1] - cy;
        p = {cx + dx * std::cos(a) - dy * std::sin(a), cy + dx * std::sin(a) + dy * std::cos(a)};
      }
    }
    out.push_back({c, content, cls});
  }
  return out;
}

// Separating axes: two convex quads overlap unless some edge normal separates them.
bool overlap(const Quad& a, const Quad& b) {
  for (const Quad* q : {&a, &b})
    for (int i = 0; i < 4; ++i) {
      const P e0 = q->c[i], e1 = q->c[(i + 1) % 4];
      const P n = {e0[1] - e1[1], e1[0] - e0[0]};
      double a_lo = INFINITY, a_hi = -INFINITY, b_lo = INFINITY, b_hi = -INFINITY;
      for (const P& p : a.c) a_lo = std::min(a_lo, p[0] * n[0] + p[1] * n[1]), a_hi = std::max(a_hi, p[0] * n[0] + p[1] * n[1]);
      for (const P& p : b.c) b_lo = std::min(b_lo, p[0] * n[0] + p[1] * n[1]), b_hi = std::max(b_hi, p[0] * n[0] + p[1] * n[1]);
      if (a_hi <= b_lo || b_hi <= a_lo) return false;
    }
  return true;
}

// Distance from a point to a quad (0 inside).
double distance(const P& p, const Quad& q) {
  bool inside = true;
  double best = INFINITY;
  for (int i = 0; i < 4; ++i) {
    const P a = q.c[i], b = q.c[(i + 1) % 4];
    const double dx = b[0] - a[0], dy = b[1] - a[1];
    inside &= dx * (p[1] - a[1]) - dy * (p[0] - a[0]) >= 0;
    const double t = std::clamp(((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy), 0.0, 1.0);
    best = std::min(best, std::hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy));
  }
  return inside ? 0 : best;
}

struct Dot { P at; std::string label; bool leader = false; P leader_from{}, leader_to{}; };

// The placed kernels' dots in drawing order, each with its label's leader if any.
std::vector<Dot> dots(const std::string& svg) {
  std::vector<Dot> out;
  static const std::regex circle(R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)" r="[-\d.]+" class="dot")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), circle), stop; it != stop; ++it)
    out.push_back({{std::stod((*it)[1]), std::stod((*it)[2])}, "", false, {}, {}});
  // Labels follow in the same order, each after its leader.
  static const std::regex item(
      R"re(<line x1="([-\d.]+)" y1="([-\d.]+)" x2="([-\d.]+)" y2="([-\d.]+)" class="leader"|<text [^>]*class="dot-label"[^>]*fill="(?!white)[^"]*">([^<]*)</text>)re");
  std::size_t i = 0;
  bool leader = false;
  P from{}, to{};
  for (std::sregex_iterator it(svg.begin(), svg.end(), item), stop; it != stop && i < out.size(); ++it) {
    if ((*it)[1].matched) {
      leader = true, from = {std::stod((*it)[1]), std::stod((*it)[2])}, to = {std::stod((*it)[3]), std::stod((*it)[4])};
      continue;
    }
    out[i].label = unescape((*it)[5]);
    out[i].leader = leader, out[i].leader_from = from, out[i].leader_to = to;
    leader = false, ++i;
  }
  return out;
}

bool segments_cross(P a, P b, P c, P d) {
  const auto side = [](P p, P q, P r) { return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]); };
  const double d1 = side(a, b, c), d2 = side(a, b, d), d3 = side(c, d, a), d4 = side(c, d, b);
  return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

// Every check on a chart with dots.
void check_legible(const std::string& svg) {
  const std::vector<Quad> texts = text_quads(svg, {"roof-label", "dot-label"});
  REQUIRE(!texts.empty());
  for (std::size_t i = 0; i < texts.size(); ++i)
    for (std::size_t j = i + 1; j < texts.size(); ++j) {
      CAPTURE(texts[i].text);
      CAPTURE(texts[j].text);
      CHECK_FALSE(overlap(texts[i], texts[j]));
    }
  const std::vector<Dot> ds = dots(svg);
  REQUIRE(!ds.empty());
  for (const Quad& t : texts)
    for (const Dot& d : ds) {
      CAPTURE(t.text);
      CAPTURE(d.label);
      CHECK(distance(d.at, t) >= 5);  // no text under a dot's marker (radius 5)
    }
  std::vector<Quad> labels;
  for (const Quad& t : texts)
    if (t.cls == "dot-label") labels.push_back(t);
  REQUIRE(labels.size() == ds.size());
  for (std::size_t i = 0; i < ds.size(); ++i) {
    CAPTURE(ds[i].label);
    REQUIRE(labels[i].text == ds[i].label);
    if (ds[i].leader) {
      // The leader starts on its own dot and ends on its label.
      CHECK(std::hypot(ds[i].leader_from[0] - ds[i].at[0], ds[i].leader_from[1] - ds[i].at[1]) <= 7);
      CHECK(distance(ds[i].leader_to, labels[i]) <= 4);
      for (std::size_t j = 0; j < ds.size(); ++j)
        if (j != i && ds[j].leader)
          CHECK_FALSE(segments_cross(ds[i].leader_from, ds[i].leader_to, ds[j].leader_from, ds[j].leader_to));
    } else {
      // Without a leader, a label is nearer its own dot than any other (dots drawn on one another aside).
      const double own = distance(ds[i].at, labels[i]);
      CHECK(own <= 12);
      for (std::size_t j = 0; j < ds.size(); ++j)
        if (j != i && std::hypot(ds[j].at[0] - ds[i].at[0], ds[j].at[1] - ds[i].at[1]) > 3) CHECK(distance(ds[j].at, labels[i]) > own);
    }
  }
}

// Each compute roof's label stands on its own line: the compute roof nearest
// the label (just below it, or just above a label set under its line) is one
// the label names.
void check_compute_labels_on_their_lines(const std::string& svg) {
  static const std::regex roof(R"re(<line x1="[-\d.]+" y1="([-\d.]+)" x2="[-\d.]+" y2="[-\d.]+" class="roof compute"[^>]*><title>([^:]*):)re");
  std::vector<std::pair<double, std::string>> lines;
  for (std::sregex_iterator it(svg.begin(), svg.end(), roof), stop; it != stop; ++it) lines.push_back({std::stod((*it)[1]), (*it)[2]});
  REQUIRE(!lines.empty());
  int checked = 0;
  for (const Quad& t : text_quads(svg, {"roof-label"})) {
    if (std::fabs(t.c[0][1] - t.c[1][1]) > 0.01) continue;  // rotated: a memory roof's
    const double top = t.c[0][1], bottom = t.c[2][1];
    const auto gap = [&](double y) { return y >= bottom ? y - bottom : y <= top ? top - y : 0.0; };
    const auto nearest = std::min_element(lines.begin(), lines.end(), [&](const auto& a, const auto& b) { return gap(a.first) < gap(b.first); });
    CAPTURE(t.text);
    CAPTURE(nearest->second);
    CHECK(t.text.find(nearest->second) != std::string::npos);
    CHECK(gap(nearest->first) <= 6);
    ++checked;
  }
  CHECK(checked >= 2);
}

}  // namespace

TEST_CASE("compute labels stand on their own lines, coinciding roofs sharing one") {
  for (const char* file : {"pthread-haswell-amd-epyc.json", "nvidia-h200.json"}) {
    CAPTURE(file);
    const RoofsDocument doc = committed(file);
    check_compute_labels_on_their_lines(render_chart({ChartKind::carm}, {&doc}));
  }
  const RoofsDocument h200 = committed("nvidia-h200.json"), cpu = committed("pthread-haswell-amd-epyc.json");
  check_compute_labels_on_their_lines(render_chart({ChartKind::carm}, {&h200, &cpu}));
}

TEST_CASE("two devices and ten placed kernels on one CARM: every label legible and attached to its dot") {
  const RoofsDocument h200 = committed("nvidia-h200.json"), cpu = committed("pthread-haswell-amd-epyc.json");
  std::vector<Placement> ten;
  for (const char* device : {"nvidia-h200", "pthread-haswell-amd-epyc"})
    for (Placement& p : placed(device, {"matmul_simple", "matmul_coalescedAB", "matmul_alignedABT", "mixed_m1", "mixed_m1024"}))
      ten.push_back(std::move(p));
  check_legible(render_chart({ChartKind::carm}, {&h200, &cpu}, {}, ten));
}

TEST_CASE("fifteen kernels on each device's CARM and on the efficiency CARM: every label legible and attached") {
  SUBCASE("H200") {
    const RoofsDocument h200 = committed("nvidia-h200.json");
    check_legible(render_chart({ChartKind::carm}, {&h200}, {}, placed("nvidia-h200", kAllKernels)));
  }
  SUBCASE("CPU") {
    const RoofsDocument cpu = committed("pthread-haswell-amd-epyc.json");
    check_legible(render_chart({ChartKind::carm}, {&cpu}, {}, placed("pthread-haswell-amd-epyc", kAllKernels)));
  }
  SUBCASE("H200 efficiency") {
    const RoofsDocument energy = committed("nvidia-h200-20261122.json");
    check_legible(render_chart({ChartKind::efficiency}, {&energy}, {}, placed("nvidia-h200", kAllKernels)));
  }
}

TEST_CASE("a placed kernel bound by a level's copy roof has that roof drawn and labelled") {
  const RoofsDocument h200 = committed("nvidia-h200.json");
  const std::string svg = render_chart({ChartKind::carm}, {&h200}, {}, placed("nvidia-h200", {"triad"}));  // bound by DRAM copy
  CHECK(svg.find("class=\"roof memory bound\"") != std::string::npos);
  bool labelled = false;
  for (const Quad& q : text_quads(svg, {"roof-label"})) labelled |= q.text.find("DRAM copy") != std::string::npos;
  CHECK(labelled);
}

TEST_CASE("memory sweeps: labels apart, and off the capacity lines") {
  const RoofsDocument h200 = committed("nvidia-h200.json"), cpu = committed("pthread-haswell-amd-epyc.json");
  for (const ChartKind kind : {ChartKind::latency, ChartKind::bandwidth})
    for (const auto& docs : std::vector<std::vector<const RoofsDocument*>>{{&h200}, {&cpu}, {&h200, &cpu}}) {
      const std::string kind_name = ChartSpec{kind}.name();
      CAPTURE(kind_name);
      CAPTURE(docs.size());
      const std::string svg = render_chart({kind}, docs);
      const std::vector<Quad> texts = text_quads(svg, {"capacity-label", "plateau-label"});
      for (std::size_t i = 0; i < texts.size(); ++i)
        for (std::size_t j = i + 1; j < texts.size(); ++j) CHECK_FALSE(overlap(texts[i], texts[j]));
      // A label that must cross a capacity line stands on a white card that
      // hides the line: drawn after the capacity lines, covering the whole text.
      static const std::regex backing(
          R"re(<rect class="label-backing" x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)")re");
      const std::size_t capacities = svg.find("<g id=\"capacities\"");
      REQUIRE(capacities != std::string::npos);
      std::vector<chart::Rect> cards;
      for (std::sregex_iterator it(svg.begin(), svg.end(), backing), stop; it != stop; ++it) {
        CHECK(std::size_t(it->position()) > capacities);
        const double x = std::stod((*it)[1]), y = std::stod((*it)[2]);
        cards.push_back({x, y, x + std::stod((*it)[3]), y + std::stod((*it)[4])});
      }
      const auto on_card = [&](const Quad& t) {
        return std::any_of(cards.begin(), cards.end(), [&](const chart::Rect& c) {
          return c.x0 <= t.c[0][0] && c.x1 >= t.c[1][0] && c.y0 <= t.c[0][1] && c.y1 >= t.c[2][1];
        });
      };
      static const std::regex capacity(R"re(<line x1="([-\d.]+)" y1="[-\d.]+" x2="[-\d.]+" y2="[-\d.]+" class="capacity")re");
      for (std::sregex_iterator it(svg.begin(), svg.end(), capacity), stop; it != stop; ++it) {
        const double x = std::stod((*it)[1]);
        for (const Quad& t : texts) {
          if (t.cls != "plateau-label" || x <= t.c[0][0] || x >= t.c[1][0]) continue;
          INFO(t.text, " at x ", t.c[0][0], "..", t.c[1][0], " crossed by a capacity line at ", x, " (", docs.size(), " files)");
          CHECK(on_card(t));
        }
      }
      // The cards are for labels with no free spot: most stand clear of every line.
      CHECK(cards.size() * 2 <= texts.size());
    }
}

TEST_CASE("a memory level has one color in every chart, and no color is too light to see") {
  const RoofsDocument doc = committed("nvidia-h200-20261122.json");
  const auto color_of = [](const std::string& svg, const std::string& pattern) {
    std::smatch m;
    return std::regex_search(svg, m, std::regex(pattern)) ? m[1].str() : std::string("none");
  };
  const std::string carm = render_chart({ChartKind::carm}, {&doc}), power = render_chart({ChartKind::power}, {&doc});
  const std::string bandwidth = render_chart({ChartKind::bandwidth}, {&doc});
  const std::string dram = color_of(carm, R"re(class="roof memory" stroke="(#[0-9A-F]{6})"[^>]*><title>DRAM)re");
  CHECK(dram != "none");
  CHECK(color_of(power, R"re(stroke="(#[0-9A-F]{6})" stroke-width="2.2"><title>Power roof of DRAM)re") == dram);
  CHECK(color_of(bandwidth, R"re(class="plateau" stroke="(#[0-9A-F]{6})"[^>]*><title>DRAM)re") == dram);
  const std::string l2 = color_of(carm, R"re(class="roof memory" stroke="(#[0-9A-F]{6})"[^>]*><title>L2 )re");
  CHECK(color_of(bandwidth, R"re(class="plateau" stroke="(#[0-9A-F]{6})"[^>]*><title>L2 )re") == l2);
  for (const std::string* svg : {&carm, &power, &bandwidth}) CHECK(svg->find("#F0E442") == std::string::npos);
}

namespace {

// The legend's box (its <g id="legend"> frame), none where the chart has no legend.
std::optional<Quad> legend_box(const std::string& svg) {
  static const std::regex frame(R"re(<g id="legend"[^>]*>\n<rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)")re");
  std::smatch m;
  if (!std::regex_search(svg, m, frame)) return std::nullopt;
  const double x = std::stod(m[1]), y = std::stod(m[2]), w = std::stod(m[3]), h = std::stod(m[4]);
  return Quad{{P{x, y}, P{x + w, y}, P{x + w, y + h}, P{x, y + h}}, "legend", "legend"};
}

// The texts outside the legend (its own entries left out).
std::vector<Quad> texts_outside_legend(const std::string& svg) {
  const std::size_t at = svg.find("<g id=\"legend\"");
  const std::string rest = at == std::string::npos ? svg : svg.substr(0, at) + svg.substr(svg.find("</g>", at));
  return text_quads(rest, {});
}

struct Circle { P at; double r; std::string cls; };

// The placed kernels' dots and their level dots, at their drawn radius.
std::vector<Circle> dot_circles(const std::string& svg) {
  std::vector<Circle> out;
  static const std::regex circle(R"re(<circle cx="([-\d.]+)" cy="([-\d.]+)" r="([-\d.]+)" class="(dot|level-dot)")re");
  for (std::sregex_iterator it(svg.begin(), svg.end(), circle), stop; it != stop; ++it)
    out.push_back({{std::stod((*it)[1]), std::stod((*it)[2])}, std::stod((*it)[3]), (*it)[4]});
  return out;
}

// No two texts of the chart overlap (every text: titles, ticks, axis titles,
// roof, dot, sweep and bar labels, the legend's entries), and the legend
// covers no dot and no text.
void check_nothing_hidden(const std::string& svg) {
  const std::vector<Quad> texts = text_quads(svg, {});
  for (std::size_t i = 0; i < texts.size(); ++i)
    for (std::size_t j = i + 1; j < texts.size(); ++j) {
      CAPTURE(texts[i].text);
      CAPTURE(texts[j].text);
      CHECK_FALSE(overlap(texts[i], texts[j]));
    }
  const auto legend = legend_box(svg);
  if (!legend) return;
  for (const Circle& c : dot_circles(svg)) {
    CAPTURE(c.cls);
    CHECK(distance(c.at, *legend) > c.r);
  }
  for (const Quad& t : texts_outside_legend(svg)) {
    CAPTURE(t.text);
    CHECK_FALSE(overlap(t, *legend));
  }
}

// A placed kernel at this intensity and performance, taking `seconds`.
Placement dot_at(const std::string& name, double ai, double flops_per_s, double seconds) {
  Placement p;
  p.kernel = name;
  p.ai = ai;
  p.performance = flops_per_s;
  p.seconds = seconds;
  p.flops = flops_per_s * seconds;
  p.bytes = p.flops / ai;
  p.time.median = seconds;
  return p;
}

}  // namespace

TEST_CASE("every committed chart hides nothing: no two texts overlap, the legend covers no dot and no text") {
  const std::vector<std::string> files = {"nvidia-h200.json", "nvidia-h200-20261122.json", "nvidia-h200-suite.json",
                                          "pthread-haswell-amd-epyc.json", "pthread-skylake-avx512-amd-epyc.json",
                                          "pthread-skylake-avx512-amd-epyc-suite.json"};
  const std::vector<Placement> h200_dots = placed("nvidia-h200", kAllKernels);
  for (const std::string& file : files) {
    const RoofsDocument doc = committed(file);
    for (const ChartSpec& spec : default_charts(doc)) {
      CAPTURE(file);
      CAPTURE(spec.name());
      check_nothing_hidden(render_chart(spec, {&doc}));
      if (spec.takes_dots() && file.rfind("nvidia-h200", 0) == 0) check_nothing_hidden(render_chart(spec, {&doc}, {}, h200_dots));
    }
  }
  const RoofsDocument h200 = committed("nvidia-h200.json"), cpu = committed("pthread-haswell-amd-epyc.json");
  check_nothing_hidden(render_chart({ChartKind::carm}, {&h200, &cpu}));
}

TEST_CASE("the legend keeps off a kernel that takes most of the time, however the corners fill") {
  const RoofsDocument h200 = committed("nvidia-h200.json");
  // A kernel with 95.5% of the time under the lower right corner, where the
  // legend goes first (trace's chart of an application with one hot kernel).
  std::vector<Placement> dots = {dot_at("hot", 200, 2e11, 0.955), dot_at("cold", 0.5, 1e11, 0.045)};
  ChartOptions opt;
  opt.dot_weights = {0.955, 0.045};
  std::string svg = render_chart({ChartKind::carm}, {&h200}, opt, dots);
  check_nothing_hidden(svg);
  REQUIRE(legend_box(svg));
  SUBCASE("hundreds of kernels, and a grid of them over the whole plot: the legend leaves the plot") {
    dots = testing::synthetic_placements(h200, 600);
    check_nothing_hidden(render_chart({ChartKind::carm}, {&h200}, {}, dots));
    dots.clear();
    for (double ai = 1.0 / 64; ai <= 256; ai *= 2)
      for (double gflops = 1; gflops <= 1e5; gflops *= 2) dots.push_back(dot_at("k" + std::to_string(dots.size()), ai, gflops * 1e9, 1e-3));
    svg = render_chart({ChartKind::carm}, {&h200}, {}, dots);
    const auto legend = legend_box(svg);
    REQUIRE(legend);
    static const std::regex clip(R"re(<clipPath id="plot-area"><rect x="([-\d.]+)" y="[-\d.]+" width="([-\d.]+)")re");
    std::smatch m;
    REQUIRE(std::regex_search(svg, m, clip));
    CHECK(legend->c[0][0] > std::stod(m[1]) + std::stod(m[2]));  // right of the plot area
    for (const Circle& c : dot_circles(svg)) CHECK(distance(c.at, *legend) > c.r);
  }
}
