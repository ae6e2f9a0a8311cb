// app/output_files: where a command's results go: the default paths named
// after the device, the charts beside a chart, and the check, before a long
// run, that each can be written.
#pragma once
#include <string>

namespace roofline {

// A chart beside another: "plots/x.svg" with "-bandwidth" -> "plots/x-bandwidth.svg".
std::string sibling(const std::string& svg_path, const std::string& suffix);

// `path`, or where empty `default_folder/<device slug><extension>` with the
// folder made when missing (a folder the user named must exist).
std::string output_path(const std::string& path, const std::string& default_folder, const std::string& device_name,
                        const std::string& extension);

// Throws OutputFileError when `path` could not be written; empty is fine (no output asked for).
void check_output(const std::string& path);

// The current time, "2026-11-22T08:30:11Z".
std::string utc_now_iso();

}  // namespace roofline
