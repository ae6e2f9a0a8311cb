// `cmake --install` puts the binary under PREFIX/bin, the instrumenter (with
// Clang) under PREFIX/libexec/roofline, the kernels under
// PREFIX/share/roofline/kernels and the schemas under
// PREFIX/share/roofline/schemas; the installed binary uses those kernels and
// that instrumenter, and says where it looked when the instrumenter is gone.
#include <doctest/doctest.h>

#include <fstream>

#include "run_binary.hpp"

namespace fs = std::filesystem;

TEST_CASE("the installed binary finds its installed kernels and instrumenter") {
  const fs::path prefix = scratch_dir("install");
  const RunResult install = run_program(CMAKE_COMMAND_PATH, "--install '" + std::string(ROOFLINE_BUILD_DIR) + "' --prefix '" +
                                                                prefix.string() + "'");
  INFO(install.out << install.err);
  REQUIRE(install.exit_code == 0);
  const fs::path kernels = prefix / "share" / "roofline" / "kernels";
  const fs::path binary = prefix / "bin" / "roofline";
  CHECK(fs::is_regular_file(binary));
  for (const auto& e : fs::directory_iterator(fs::path(ROOFLINE_SOURCE_DIR) / "kernels")) {
    INFO(e.path().filename());
    CHECK(fs::is_regular_file(kernels / e.path().filename()));
  }
  for (const auto& e : fs::directory_iterator(fs::path(ROOFLINE_SOURCE_DIR) / "schemas")) {
    INFO(e.path().filename());
    CHECK(slurp(prefix / "share" / "roofline" / "schemas" / e.path().filename()) == slurp(e.path()));
  }
  const std::string count = "count '" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/triad.cl' -D ELEMS=64 -q";
  const fs::path instrumenter = prefix / "libexec" / "roofline" / "roofline-instrument";
#ifdef ROOFLINE_HAVE_CLANG
  CHECK(fs::is_regular_file(instrumenter));
  // Nothing beside PREFIX/bin/roofline: the instrumenter it runs is the installed one.
  const RunResult counted = run_program(binary.string(), count, "env -u ROOFLINE_INSTRUMENT");
  INFO(counted.err);
  CHECK(counted.exit_code == 0);
  fs::remove(instrumenter);
#endif
  const RunResult missing = run_program(binary.string(), count, "env -u ROOFLINE_INSTRUMENT");
  CHECK(missing.exit_code == 1);
  CHECK(missing.err.find("it is not in " + (prefix / "bin" / "roofline-instrument").string() + " or " + instrumenter.string() + ";") !=
        std::string::npos);

  // The installed copy is the one built: break it, and the build says so by its path.
  std::ofstream(kernels / "compute.cl", std::ios::app) << "\nthis is not OpenCL C\n";
  const RunResult r = run_program(binary.string(),
                                  "build --quick -q --device cpu -o '" + (prefix / "r.json").string() + "' --svg '" +
                                      (prefix / "r.svg").string() + "'",
                                  "env -u ROOFLINE_KERNELS");
  INFO(r.err);
  CHECK(r.exit_code == 4);
  CHECK(r.err.find((kernels / "compute.cl").string() + " failed to build") != std::string::npos);
  fs::remove_all(prefix);
}
