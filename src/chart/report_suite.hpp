// chart/report_suite: the report's tables of the micro-benchmark suite's
// sections (model/suite): the math roofs, and a table per suite benchmark
// (model/suite_table) laid out as its section is: a column per series
// (stride), a row per point (divergence, scalability), a row per rate
// (atomics). Each section only where the document has it.
#pragma once
#include <string>

namespace roofline {

struct RoofsDocument;

// The suite's headings and tables as HTML; empty for a document without any.
std::string suite_sections_html(const RoofsDocument& doc);

}  // namespace roofline
