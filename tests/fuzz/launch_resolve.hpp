// tests/fuzz: a launch spec taken as far as the tool takes it before any
// device is involved (app/kernel_setup's merged_spec, then every argument's
// spec as the kernel's arguments are set): the NDRange, the build options and
// each argument, each on its own so that a bad one does not hide the others.
#pragma once
#include "fuzz_support.hpp"
#include "launch/launch_spec.hpp"

namespace roofline::fuzz {

inline void resolve(const LaunchSpec& spec) {
  expect_only<LaunchSpecError>([&] { spec.global(); });
  expect_only<LaunchSpecError>([&] { spec.local(); });
  spec.full_build_options();
  for (const auto& [name, text] : spec.arg_text) expect_only<LaunchSpecError>([&, n = name] { spec.arg(n); });
}

}  // namespace roofline::fuzz
