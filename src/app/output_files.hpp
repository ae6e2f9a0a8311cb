// app/output_files: where a command's results go: the default paths named
// after the device and the charts beside a chart (app/command_files checks
// them, before a long run).
#pragma once
#include <string>

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

// The current time, "2026-11-22T08:30:11Z".
std::string utc_now_iso();

}  // namespace roofline
