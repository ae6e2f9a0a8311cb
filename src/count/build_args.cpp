// The device build options Clang must see too (count/instrument.hpp); no Clang needed.
#include <sstream>

#include "count/instrument.hpp"

namespace roofline {

std::vector<std::string> clang_args_from_build_options(const std::string& options) {
  std::vector<std::string> words, out;
  std::istringstream in(options);
  for (std::string w; in >> w;) words.push_back(w);
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string& a = words[i];
    if ((a == "-D" || a == "-I") && i + 1 < words.size()) {
      out.push_back(a + words[++i]);
    } else if (a.rfind("-D", 0) == 0 || a.rfind("-I", 0) == 0 || a.rfind("-cl-std=", 0) == 0 ||
               a == "-cl-fast-relaxed-math" || a == "-cl-finite-math-only" || a == "-cl-unsafe-math-optimizations" ||
               a == "-cl-single-precision-constant" || a == "-cl-denorms-are-zero" || a == "-cl-mad-enable" ||
               a == "-cl-no-signed-zeros") {
      out.push_back(a);  // these change the preprocessor or the predefined macros Clang sees
    }
  }
  return out;
}

}  // namespace roofline
