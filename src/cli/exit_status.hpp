// cli/exit_status: what roofline's exit status means (the table in docs/cli.md),
// and the one place a failed command becomes a line on stderr and a status.
#pragma once
#include <exception>

#include "app/errors.hpp"

namespace roofline {

namespace exit_status {
inline constexpr int ok = 0;
}  // namespace exit_status

// The documented status of each failure: runtime 1, usage 2, device 3,
// kernel_build 4, output 5, wrong_result 6, kernel_crash 7, timeout 8,
// application 9, fleet_below 10, stopped 11, slower 12,
// interrupted 130.
int exit_status_of(Failure failure);

// Prints "roofline: MESSAGE" (and its detail, a build log or the device list)
// on stderr and returns the failure's exit status.
int report_failure(const std::exception_ptr& error);

}  // namespace roofline
