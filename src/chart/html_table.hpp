// chart/html_table: a table of the HTML report, with a header row and a
// caption; every cell is escaped here. And the cells every table writes alike.
#pragma once
#include <string>
#include <vector>

#include "chart/svg.hpp"
#include "model/launch_shape.hpp"
#include "model/units.hpp"

namespace roofline::chart {

// A figure's cell to four significant digits (printf %.4g).
inline std::string g4(double v) { return format_text("%.4g", v); }

// A launch column's cell: "1056 × 256", work-groups × work-items in each.
inline std::string launch_cell(const LaunchShape& l) {
  return std::to_string(l.work_groups()) + " × " + std::to_string(l.local);
}

struct HtmlTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::string html(const std::string& caption) const {
    std::string t = "<table>\n<caption>" + xml_escape(caption) + "</caption>\n<thead><tr>";
    for (const auto& h : header) t += "<th>" + xml_escape(h) + "</th>";
    t += "</tr></thead>\n<tbody>\n";
    for (const auto& r : rows) {
      t += "<tr>";
      for (const auto& c : r) t += "<td>" + xml_escape(c) + "</td>";
      t += "</tr>\n";
    }
    return t + "</tbody>\n</table>\n";
  }
};

}  // namespace roofline::chart
