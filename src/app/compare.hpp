// app/compare: `roofline compare A B`: two runs side by side (model/
// comparison): two roofs files, two placement files or two trace files, read
// and checked as every input; the table's rows, the comparison written as
// JSON and CSV and drawn as a chart that names each run by its date and
// revision. With --fail-if-slower the command's status says whether a
// ceiling or a kernel got slower (cli/: exit status 12), so that it can gate
// a CI job.
#pragma once
#include <optional>
#include <string>

#include "model/comparison.hpp"

namespace roofline {

struct CompareRequest {
  std::string a, b;     // the two runs' files: A the reference, B the new run
  std::string output;   // -o: the comparison (JSON)
  std::string csv;      // --csv
  std::string svg;      // --svg: the chart
  std::optional<double> fail_if_slower;  // a fraction: 0.05 for 5%
};

// Reads, compares and writes. Throws CommandError: usage for files of two
// kinds, a file that is no roofs, placement or trace file (another roofline
// document is named), a --fail-if-slower outside [0, 1); output when an
// output is an input or another output, or cannot be written (checked before
// anything is read); InputFileError for a file that fails its schema.
Comparison run_compare(const CompareRequest& request);

// "5%" or "0.05" as a fraction in [0, 1); none for anything else.
std::optional<double> parse_fraction(const std::string& text);

}  // namespace roofline
