// `roofline count`: counts a kernel's FLOPs and bytes without timing it; -o
// writes the counts file that `roofline place --counts` takes on a machine
// without Clang.
#include <cstdio>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/kernel_launch.hpp"
#include "model/atomic_file.hpp"

namespace roofline {

int run_count(const KernelOptions& o) {
  if (!o.output.empty()) {
    try {
      check_writable(o.output);
    } catch (const std::exception& e) {
      print_error(e.what());
      return exit_code::output;
    }
  }
  PreparedKernel k;
  if (int rc = prepare_kernel(o, k)) return rc;
  CountsFile c;
  if (int rc = count_kernel(o, k, c)) return rc;
  if (!o.quiet) std::printf("%s", format_counts(c).c_str());
  if (!o.output.empty()) {
    try {
      write_file_atomically(o.output, counts_to_json(c).dump(1) + "\n");
    } catch (const std::exception& e) {
      print_error(e.what());
      return exit_code::output;
    }
  }
  return exit_code::ok;
}

}  // namespace roofline
