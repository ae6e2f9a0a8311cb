// app/export: `roofline export FILE`: any roofs, placement, trace or
// analysis file as CSV, one table: ceilings (roofs files), placements
// (placement files, a trace's placed kernels), kernels (trace files) or
// findings (an analysis file; the analysed placements of a placement or
// trace file). One command for every file kind, rather than a --csv on each
// command that writes them: files written earlier, by another roofline or
// on another machine, convert alike, and each measuring command keeps one
// output format (its JSON).
#pragma once
#include <optional>
#include <string>

#include "model/vocabulary.hpp"

namespace roofline {

enum class ExportTable { ceilings, placements, kernels, findings };

template <>
struct Vocabulary<ExportTable> {
  static constexpr std::string_view what = "table";
  static constexpr std::array<Named<ExportTable>, 4> names{{{ExportTable::ceilings, "ceilings"},
                                                            {ExportTable::placements, "placements"},
                                                            {ExportTable::kernels, "kernels"},
                                                            {ExportTable::findings, "findings"}}};
};

struct ExportRequest {
  std::string input;
  std::optional<ExportTable> table;  // none: the file kind's own (ceilings, placements, kernels, findings)
  std::string csv;                   // --csv: the file to write; empty: the text is returned for stdout
};

// The CSV (RFC 4180, a header row, one row per ceiling, placement, kernel or
// finding), written to request.csv when given. Throws CommandError usage for
// a table the file does not hold (ceilings of a trace), a file of another
// kind (counts, a fleet report); InputFileError for a file that fails its
// schema; output when --csv is the input or cannot be written.
std::string run_export(const ExportRequest& request);

}  // namespace roofline
