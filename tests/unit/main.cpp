#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

#include "icd_env.hpp"

namespace {
std::string given_rusticl_enable;
}

const std::string& rusticl_prefix() {
  static const std::string prefix = given_rusticl_enable.empty() ? "" : "RUSTICL_ENABLE=" + given_rusticl_enable;
  return prefix;
}

// Every test starts without RUSTICL_ENABLE: with it, Mesa's llvmpipe is a
// second CPU device and `--device cpu` ambiguous. The tests that run on
// Rusticl set it for their commands from rusticl_prefix() (icd_env.hpp).
int main(int argc, char** argv) {
  if (const char* given = std::getenv("RUSTICL_ENABLE")) given_rusticl_enable = given;
  unsetenv("RUSTICL_ENABLE");
  doctest::Context context(argc, argv);
  return context.run();
}
