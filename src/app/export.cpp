#include "app/export.hpp"

#include <cstdio>

#include "app/command_files.hpp"
#include "app/errors.hpp"
#include "files/files.hpp"
#include "model/csv.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {
namespace {

enum class FileKind { roofs, placements, trace, analysis };

std::string string_at(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

std::optional<double> number_at(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_number() ? std::optional<double>(j[key].get<double>()) : std::nullopt;
}

std::string ceilings_csv(const RoofsDocument& doc, const std::string& file) {
  std::string out = csv_row({"file", "device", "date", "kind", "op", "type", "width", "level", "label", "unit", "value", "min", "max",
                             "rse", "samples", "theory", "efficiency", "above_theory", "below_farther_level", "variant"});
  for (const Ceiling& c : doc.ceilings)
    out += csv_row({file, doc.device.name, doc.date, str(c.kind), str(c.op), str(c.type), std::to_string(c.width), c.level_name(),
                    c.label(), str(c.unit()), csv_number(c.value), csv_number(c.stats.min), csv_number(c.stats.max),
                    csv_number(c.stats.rse), std::to_string(c.stats.samples), csv_number(c.theory), csv_number(c.efficiency),
                    csv_flag(c.above_theory), c.below_farther_level, c.variant});
  return out;
}

// One answer for the bound: the predicted limit; the attained roof beside it, named so.
std::string placements_csv(const std::vector<Placement>& placements, const std::string& file) {
  std::string out = csv_row({"file", "kernel", "label", "device", "flops", "intops", "bytes", "ai", "unit", "seconds", "performance",
                             "bound", "predicted_seconds", "attained_roof", "attained_fraction", "watts", "joules", "note"});
  for (const Placement& p : placements)
    out += csv_row({file, p.kernel, p.display_label(), p.device, csv_number(p.flops), csv_number(p.intops), csv_number(p.bytes),
                    csv_number(p.ai), str(p.unit), csv_number(p.seconds), csv_number(p.performance),
                    p.prediction ? p.prediction->limit.roof : "", csv_number(p.predicted_seconds()), p.attained.roof,
                    csv_number(p.attained.fraction), csv_number(p.watts), csv_number(p.joules), p.note});
  return out;
}

std::string kernels_csv(const nlohmann::json& trace, const std::string& file) {
  std::string out = csv_row({"file", "kernel", "program", "build_options", "launches", "seconds", "median_seconds", "time_share",
                             "placed", "ai", "performance", "unit", "bound", "predicted_seconds", "attained_roof", "headroom_seconds",
                             "not_counted", "not_placed"});
  for (const nlohmann::json& k : trace.at("kernels")) {
    std::optional<Placement> p;
    if (k.contains("placement")) p = k.at("placement").get<Placement>();
    out += csv_row({file, string_at(k, "kernel"), string_at(k, "program"), string_at(k, "build_options"),
                    std::to_string(k.at("launches").get<std::uint64_t>()), csv_number(number_at(k, "seconds")),
                    csv_number(number_at(k, "median_seconds")), csv_number(number_at(k, "time_share")), csv_flag(p.has_value()),
                    p ? csv_number(p->ai) : "", p ? csv_number(p->performance) : "", p ? str(p->unit) : "",
                    p && p->prediction ? p->prediction->limit.roof : "", p ? csv_number(p->predicted_seconds()) : "",
                    p ? p->attained.roof : "", csv_number(number_at(k, "headroom_seconds")), string_at(k, "not_counted"),
                    string_at(k, "not_placed")});
  }
  return out;
}

std::string findings_header() { return csv_row({"file", "kernel", "code", "where", "text", "suggestion"}); }

std::string findings_rows(const std::vector<Finding>& findings, const std::string& kernel, const std::string& file) {
  std::string out;
  for (const Finding& f : findings) out += csv_row({file, kernel, str(f.code), f.where, f.text, f.suggestion});
  return out;
}

std::string placement_findings_csv(const std::vector<Placement>& placements, const std::string& file) {
  std::string out = findings_header();
  for (const Placement& p : placements)
    if (p.analysis) out += findings_rows(p.analysis->findings, p.display_label(), file);
  return out;
}

std::vector<Placement> trace_placements(const nlohmann::json& trace) {
  std::vector<Placement> out;
  for (const nlohmann::json& k : trace.at("kernels"))
    if (k.contains("placement")) out.push_back(k.at("placement").get<Placement>());
  return out;
}

FileKind kind_of(const nlohmann::json& j, const std::string& path) {
  const std::string schema = string_at(j, "schema");
  if (schema == "roofline-trace") return FileKind::trace;
  if (schema == "roofline-analysis") return FileKind::analysis;
  if (schema.empty() && j.is_object() && j.contains("ceilings")) return FileKind::roofs;
  if (schema.empty() || schema == "roofline-placement") return FileKind::placements;
  throw CommandError(Failure::usage, path + " is a " + schema + " document: export takes a roofs, placement, trace or analysis file");
}

ExportTable own_table(FileKind k) {
  switch (k) {
    case FileKind::roofs: return ExportTable::ceilings;
    case FileKind::placements: return ExportTable::placements;
    case FileKind::trace: return ExportTable::kernels;
    case FileKind::analysis: return ExportTable::findings;
  }
  return ExportTable::ceilings;
}

[[noreturn]] void no_such_table(const std::string& path, ExportTable t) {
  throw CommandError(Failure::usage, path + " holds no " + str(t) + " table: roofs files hold ceilings; placement files placements "
                                            "and findings; trace files kernels, placements and findings; analysis files findings");
}

std::string tabulate(const std::string& text, const std::string& path, std::optional<ExportTable> asked) {
  const nlohmann::json j = parse_json_input(text, path);
  const FileKind kind = kind_of(j, path);
  const ExportTable table = asked.value_or(own_table(kind));
  switch (kind) {
    case FileKind::roofs:
      if (table != ExportTable::ceilings) no_such_table(path, table);
      return ceilings_csv(parse_roofs(text, path), path);
    case FileKind::placements: {
      const std::vector<Placement> placements = parse_placements(text, path);
      if (table == ExportTable::placements) return placements_csv(placements, path);
      if (table == ExportTable::findings) return placement_findings_csv(placements, path);
      no_such_table(path, table);
    }
    case FileKind::trace:
      require_valid(j, DocumentKind::trace, path);
      return converted(path, "trace file", [&] {
        if (table == ExportTable::kernels) return kernels_csv(j, path);
        if (table == ExportTable::placements) return placements_csv(trace_placements(j), path);
        if (table == ExportTable::findings) return placement_findings_csv(trace_placements(j), path);
        no_such_table(path, table);
      });
    case FileKind::analysis:
      require_valid(j, DocumentKind::analysis, path);
      if (table != ExportTable::findings) no_such_table(path, table);
      return converted(path, "analysis file", [&] {
        return findings_header() +
               findings_rows(j.at("findings").get<std::vector<Finding>>(), string_at(j.at("counts").at("launch"), "kernel"), path);
      });
  }
  return "";
}

}  // namespace

std::string run_export(const ExportRequest& r) {
  CommandFiles files;
  files.input(r.input, "the file to export");
  files.output(r.csv, "the table (--csv)");
  check_command_files(files);
  const std::string csv = tabulate(read_input_file(r.input, "roofs, placement, trace or analysis file", kJsonFileCap), r.input, r.table);
  if (!r.csv.empty()) write_file_atomically(r.csv, csv);
  return csv;
}

}  // namespace roofline
