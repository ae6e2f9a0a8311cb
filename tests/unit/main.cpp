#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdlib>

// Every test starts without RUSTICL_ENABLE, whatever the shell has: with it,
// Mesa's llvmpipe is a second CPU device and `--device cpu` ambiguous. The
// tests that need Rusticl set it for the commands they run
// (tests/e2e/test_icds.cpp, tests/capture/test_trace.cpp).
int main(int argc, char** argv) {
  unsetenv("RUSTICL_ENABLE");
  doctest::Context context(argc, argv);
  return context.run();
}
