// intercept/files: the capture folder's files, written so that a reader never
// sees half of one: whole files through a temporary beside them and a rename,
// the launch log appended a line at a time. No fsync: a killed process's
// writes survive in the page cache, and the layer must not stall the
// application on the disk. Folders are made 0700 and files 0600, none
// through a symbolic link.
#pragma once
#include <string>

namespace roofline::intercept {

// Creates the folder and its parents; false when it cannot.
bool make_dirs(const std::string& path);
// Writes `size` bytes at `data` to path through a temporary and a rename; false on failure.
bool write_whole(const std::string& path, const char* data, std::size_t size);
inline bool write_whole(const std::string& path, const std::string& text) {
  return write_whole(path, text.data(), text.size());
}
// Appends; false on failure.
bool append(const std::string& path, const std::string& text);
bool exists(const std::string& path);

}  // namespace roofline::intercept
