// app/output_files: where a command's results go: the default paths named
// after the device, the charts beside a chart, and the check, before a long
// run, that each can be written.
#pragma once
#include <string>
#include <vector>

namespace roofline {

// A chart beside another: "plots/x.svg" with "-bandwidth" -> "plots/x-bandwidth.svg".
std::string sibling(const std::string& svg_path, const std::string& suffix);

// `path`, or where empty `default_folder/<device slug><extension>` with the
// folder made when missing (a folder the user named must exist).
std::string output_path(const std::string& path, const std::string& default_folder, const std::string& device_name,
                        const std::string& extension);

// The roofs file a command reads for a device: `given` (--roofs), else
// the one build writes by default, roofs/<device slug>.json, where it
// exists; empty when neither.
std::string roofs_path_for(const std::string& given, const std::string& device_name);

// Throws OutputFileError when `path` could not be written; empty is fine (no output asked for).
void check_output(const std::string& path);

// check_output for a path that other files are named after (`beside`: build's
// ROOFS.json.partial, the charts beside build's --plot and place's --svg),
// and for each of them. Such a path must name a file: a stream there
// (/dev/stdout, /dev/null) is refused, as its neighbours could not follow it.
void check_output_with(const std::string& path, const std::vector<std::string>& beside);

// The charts build may write beside its CARM at `chart` (the CARM not included).
std::vector<std::string> charts_beside(const std::string& chart);

// The current time, "2026-11-22T08:30:11Z".
std::string utc_now_iso();

}  // namespace roofline
