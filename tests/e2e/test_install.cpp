// `cmake --install` puts the binary under PREFIX/bin, the kernels under
// PREFIX/share/roofline/kernels and the schemas under PREFIX/share/roofline/schemas,
// and the installed binary uses those kernels.
#include <doctest/doctest.h>

#include <fstream>

#include "run_binary.hpp"

namespace fs = std::filesystem;

TEST_CASE("the installed binary finds its installed kernels") {
  const fs::path prefix = scratch_dir("install");
  const RunResult install = run_program(CMAKE_COMMAND_PATH, "--install '" + std::string(ROOFLINE_BUILD_DIR) + "' --prefix '" +
                                                                prefix.string() + "'");
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  const fs::path kernels = prefix / "share" / "roofline" / "kernels";
  CHECK(fs::is_regular_file(prefix / "bin" / "roofline"));
  for (const auto& e : fs::directory_iterator(fs::path(ROOFLINE_SOURCE_DIR) / "kernels")) {
    INFO(e.path().filename());
    CHECK(fs::is_regular_file(kernels / e.path().filename()));
  }
  for (const auto& e : fs::directory_iterator(fs::path(ROOFLINE_SOURCE_DIR) / "schemas")) {
    INFO(e.path().filename());
    CHECK(slurp(prefix / "share" / "roofline" / "schemas" / e.path().filename()) == slurp(e.path()));
  }
  // The installed copy is the one built: break it, and the build says so by its path.
  std::ofstream(kernels / "compute.cl", std::ios::app) << "\nthis is not OpenCL C\n";
  const RunResult r = run_program((prefix / "bin" / "roofline").string(),
                                  "build --quick -q --device cpu -o '" + (prefix / "r.json").string() + "' --plot '" +
                                      (prefix / "r.svg").string() + "'",
                                  "env -u ROOFLINE_KERNELS");
  INFO(r.err);
  CHECK(r.exit_code == 4);
  CHECK(r.err.find((kernels / "compute.cl").string() + " failed to build") != std::string::npos);
  fs::remove_all(prefix);
}
