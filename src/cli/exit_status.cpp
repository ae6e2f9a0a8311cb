#include "cli/exit_status.hpp"

#include <cstdio>

#include "cli/present.hpp"

namespace roofline {

int exit_status_of(Failure failure) {
  switch (failure) {
    case Failure::runtime: return 1;
    case Failure::usage: return 2;
    case Failure::device: return 3;
    case Failure::kernel_build: return 4;
    case Failure::output: return 5;
    case Failure::wrong_result: return 6;
    case Failure::kernel_crash: return 7;
    case Failure::timeout: return 8;
    case Failure::application: return 9;
    case Failure::fleet_below: return 10;
    case Failure::stopped: return 11;
    case Failure::slower: return 12;
    case Failure::interrupted: return 130;
  }
  return 1;
}

int report_failure(const std::exception_ptr& error) {
  const FailureReport r = failure_of(error);
  print_error(r.message);
  if (!r.detail.empty()) std::fprintf(stderr, "%s%s", r.detail.c_str(), r.detail.back() == '\n' ? "" : "\n");
  return exit_status_of(r.failure);
}

}  // namespace roofline
