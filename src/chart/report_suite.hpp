// chart/report_suite: the report's tables of the micro-benchmark suite's
// sections (model/suite): math roofs, stride curves, divergence,
// scalability and atomics. Each section only where the document has it.
#pragma once
#include <string>

namespace roofline {

struct RoofsDocument;

// The suite's headings and tables as HTML; empty for a document without any.
std::string suite_sections_html(const RoofsDocument& doc);

}  // namespace roofline
