// The ICDs a test run was given. ctest runs every test with
// RUSTICL_ENABLE=llvmpipe (tests/CMakeLists.txt), so that Rusticl's llvmpipe
// is registered beside PoCL; main.cpp takes it out of every test process's
// environment (with it, `--device cpu` would match two devices) and keeps it
// here for the commands that run on Rusticl.
#pragma once
#include <string>

// "RUSTICL_ENABLE=<what the run was given>", an environment prefix for
// run_roofline; empty when the run was given none (then the Rusticl tests say
// they are skipped).
const std::string& rusticl_prefix();
