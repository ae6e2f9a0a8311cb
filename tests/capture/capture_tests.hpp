// What the capture tests (test_capture.cpp, test_trace.cpp) share: the
// application they trace, and whether the pyopencl cases can run here.
#pragma once
#include <doctest/doctest.h>

#include <string>

namespace capture_tests {

inline const std::string kApp = CAPTURE_APP;

// Whether configure found a python3 that imports pyopencl; says so when not.
inline bool have_pyopencl() {
  if (!std::string(CAPTURE_PYTHON).empty()) return true;
  MESSAGE("skipped: no python3 with pyopencl (Debian's python3-pyopencl) was found at configure time");
  return false;
}

}  // namespace capture_tests
