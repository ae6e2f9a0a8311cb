// cli/exit_codes: what roofline's exit status means (documented in the README).
#pragma once

namespace roofline::exit_code {
inline constexpr int ok = 0;
inline constexpr int failure = 1;          // an OpenCL or system error during the run
inline constexpr int usage = 2;            // bad command line or argument spec
inline constexpr int device = 3;           // no device, or an ambiguous selector
inline constexpr int kernel_build = 4;     // a kernel failed to build (the log is printed)
inline constexpr int output = 5;           // an output file cannot be written
inline constexpr int wrong_result = 6;     // a kernel's output failed the host's check
inline constexpr int interrupted = 130;    // Ctrl-C; finished work kept in a .partial file
}  // namespace roofline::exit_code
