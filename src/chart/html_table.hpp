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

// The report's script sorts every table by the column whose header is
// clicked (numbers by value, prefixes and binary sizes read: "32 MiB" after
// "512 KiB"; the rest as text).
struct HtmlTable {
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  // row_attributes: per row, written into its <tr> as given (the caller escapes); may be short or empty.
  std::string html(const std::string& caption, const std::vector<std::string>& row_attributes = {}) const {
    std::string t = "<table class=\"sortable\">\n<caption>" + xml_escape(caption) + "</caption>\n<thead><tr>";
    for (const auto& h : header) t += "<th>" + xml_escape(h) + "</th>";
    t += "</tr></thead>\n<tbody>\n";
    for (std::size_t i = 0; i < rows.size(); ++i) {
      const auto& r = rows[i];
      t += i < row_attributes.size() && !row_attributes[i].empty() ? "<tr " + row_attributes[i] + ">" : "<tr>";
      for (const auto& c : r) t += "<td>" + xml_escape(c) + "</td>";
      t += "</tr>\n";
    }
    return t + "</tbody>\n</table>\n";
  }
};

}  // namespace roofline::chart
