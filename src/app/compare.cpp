#include "app/compare.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "app/command_files.hpp"
#include "app/errors.hpp"
#include "app/output_files.hpp"
#include "chart/compare_chart.hpp"
#include "files/files.hpp"
#include "model/roofs.hpp"
#include "version.hpp"

namespace fs = std::filesystem;

namespace roofline {
namespace {

// One side of the comparison, read.
struct Run {
  ComparedKind kind = ComparedKind::roofs;
  std::optional<RoofsDocument> roofs;
  std::vector<RunKernel> kernels;
  RunStamp stamp;
};

std::string string_at(const nlohmann::json& j, const char* key) {
  return j.is_object() && j.contains(key) && j[key].is_string() ? j[key].get<std::string>() : "";
}

// A placement file says no date: its file's modification time stands in.
std::string file_time(const std::string& path) {
  std::error_code ec;
  const auto t = fs::last_write_time(path, ec);
  if (ec) return "";
  const auto system = std::chrono::time_point_cast<std::chrono::seconds>(t - fs::file_time_type::clock::now() +
                                                                          std::chrono::system_clock::now());
  const std::time_t tt = std::chrono::system_clock::to_time_t(system);
  std::tm tm{};
  gmtime_r(&tt, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

Run read_run(const std::string& path) {
  const std::string text = read_input_file(path, "roofs, placement or trace file", kJsonFileCap);
  const nlohmann::json j = parse_json_input(text, path);
  const std::string schema = string_at(j, "schema");
  Run run;
  run.stamp.file = path;
  if (schema == "roofline-trace") {
    require_valid(j, DocumentKind::trace, path);
    run.kind = ComparedKind::trace;
    run.kernels = converted(path, "trace file", [&] { return kernels_of_trace(j); });
    run.stamp.date = string_at(j, "date");
    if (j.contains("tool")) run.stamp.revision = string_at(j["tool"], "git_revision"), run.stamp.tool_version = string_at(j["tool"], "version");
    run.stamp.device = string_at(j, "device");
    return run;
  }
  if (j.is_object() && !j.contains("schema") && j.contains("ceilings")) {
    run.kind = ComparedKind::roofs;
    run.roofs = parse_roofs(text, path);
    return run;
  }
  if (!schema.empty() && schema != "roofline-placement")
    throw CommandError(Failure::usage, path + " is a " + schema + " document: compare takes two roofs, placement or trace files");
  run.kind = ComparedKind::placements;
  const std::vector<Placement> placements = parse_placements(text, path);
  run.kernels = kernels_of_placements(placements);
  run.stamp.date = file_time(path);
  if (!placements.empty()) run.stamp.device = placements.front().device;
  return run;
}

CommandFiles compare_files(const CompareRequest& r) {
  CommandFiles f;
  f.input(r.a, "run A");
  f.input(r.b, "run B");
  f.output(r.output, "the comparison (-o)");
  f.output(r.csv, "the table (--csv)");
  f.output(r.svg, "the chart (--svg)");
  return f;
}

}  // namespace

std::optional<double> parse_fraction(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const bool percent = text.back() == '%';
  const std::string number = percent ? text.substr(0, text.size() - 1) : text;
  char* end = nullptr;
  const double v = std::strtod(number.c_str(), &end);
  if (number.empty() || end != number.c_str() + number.size() || !std::isfinite(v)) return std::nullopt;
  const double f = percent ? v / 100 : v;
  if (f < 0 || f >= 1) return std::nullopt;
  return f;
}

Comparison run_compare(const CompareRequest& r) {
  check_command_files(compare_files(r));
  Run a = read_run(r.a), b = read_run(r.b);
  if (a.kind != b.kind)
    throw CommandError(Failure::usage, "compare takes two files of one kind: " + r.a + " holds " + str(a.kind) + ", " + r.b +
                                           " " + str(b.kind));
  const Comparison c = a.kind == ComparedKind::roofs
                           ? compare_roofs(*a.roofs, *b.roofs, a.stamp, b.stamp, r.fail_if_slower)
                           : compare_kernels(a.kind, a.kernels, b.kernels, a.stamp, b.stamp, r.fail_if_slower);
  if (!r.output.empty())
    write_file_atomically(r.output, comparison_to_json(c, ROOFLINE_VERSION, utc_now_iso()).dump(1) + "\n");
  if (!r.csv.empty()) write_file_atomically(r.csv, comparison_to_csv(c));
  if (!r.svg.empty()) write_file_atomically(r.svg, render_comparison_svg(c));
  return c;
}

}  // namespace roofline
