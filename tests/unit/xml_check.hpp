// A small XML well-formedness check for the chart tests: one root, properly
// nested elements, no attribute twice in an element, well-formed attributes,
// every '&' starting a predefined entity. Not a parser: enough to catch what a
// hand-written SVG writer gets wrong. Also count(), how often a text stands
// in a chart.
#pragma once
#include <regex>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

// How many times `needle` stands in `hay`, not overlapping.
inline std::size_t count(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (auto pos = hay.find(needle); pos != std::string::npos; pos = hay.find(needle, pos + needle.size())) ++n;
  return n;
}

// Returns what is wrong, empty when nothing is.
inline std::string xml_problem(const std::string& xml) {
  static const std::regex entity("^&(amp|lt|gt|quot|apos);");
  for (auto pos = xml.find('&'); pos != std::string::npos; pos = xml.find('&', pos + 1))
    if (!std::regex_search(xml.substr(pos, 8), entity)) return "bare & at " + std::to_string(pos);
  static const std::regex attribute(R"(\s+([A-Za-z_:][-\w:.]*)=\"([^\"<]*)\")");
  std::vector<std::string> open;
  int roots = 0;
  std::size_t i = 0;
  while ((i = xml.find('<', i)) != std::string::npos) {
    if (xml.compare(i, 2, "<?") == 0) { i = xml.find("?>", i); continue; }
    if (xml.compare(i, 4, "<!--") == 0) { i = xml.find("-->", i); continue; }
    const std::size_t end = xml.find('>', i);
    if (end == std::string::npos) return "unterminated tag";
    std::string tag = xml.substr(i + 1, end - i - 1);
    i = end + 1;
    if (tag.front() == '/') {
      if (open.empty() || open.back() != tag.substr(1)) return "mismatched </" + tag.substr(1) + ">";
      open.pop_back();
      continue;
    }
    const bool self_closing = tag.back() == '/';
    if (self_closing) tag.pop_back();
    const std::string name = tag.substr(0, tag.find_first_of(" \t\n"));
    std::set<std::string> seen;
    std::string rest = tag.substr(name.size());
    for (std::sregex_iterator it(rest.begin(), rest.end(), attribute), stop; it != stop; ++it)
      if (!seen.insert((*it)[1]).second) return "attribute " + (*it)[1].str() + " twice in <" + name + ">";
    if (std::regex_replace(rest, attribute, "").find_first_not_of(" \t\n") != std::string::npos)
      return "malformed attributes in <" + name + ">";
    if (open.empty() && ++roots > 1) return "more than one root element";
    if (!self_closing) open.push_back(name);
  }
  return open.empty() ? "" : "unclosed <" + open.back() + ">";
}

// The plot area of a chart, read back from its clip path.
struct Area { double x, y, w, h; };

inline Area plot_area(const std::string& svg) {
  static const std::regex rect(
      R"re(<clipPath id="plot-area"><rect x="([-\d.]+)" y="([-\d.]+)" width="([-\d.]+)" height="([-\d.]+)"/>)re");
  std::smatch m;
  if (!std::regex_search(svg, m, rect)) throw std::runtime_error("no plot-area clip path");
  return {std::stod(m[1]), std::stod(m[2]), std::stod(m[3]), std::stod(m[4])};
}
