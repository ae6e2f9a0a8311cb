// model/atomic_file: result files are written whole or not at all.
#pragma once
#include <string>

namespace roofline {

// Writes `content` to a temporary file beside `path`, flushes it to disk and
// renames it over `path`, so a reader never sees a half-written file and an
// interrupted run leaves the previous file intact. Throws std::runtime_error
// OutputFileError naming the path and the system's reason on failure.
void write_file_atomically(const std::string& path, const std::string& content);

// Checks up front that `path` could be written (its folder exists and is
// writable), so a long run does not fail at its very end. Throws like above.
void check_writable(const std::string& path);

}  // namespace roofline
