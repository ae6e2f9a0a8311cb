// files/file_errors: the two ways a file can let a command down, as their own
// types so that a command's caller can tell them apart: an input that cannot
// be read or is not what it should be, and an output that cannot be written.
#pragma once
#include <stdexcept>

namespace roofline {

// A roofs, placement, counts or level-override file (or a kernel source) that
// cannot be read or does not hold what it should; the message names the file.
struct InputFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// A result file that cannot be written; the message names the path and why.
struct OutputFileError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

}  // namespace roofline
