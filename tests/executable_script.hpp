// A shell script written and made executable, standing for a program the
// tool runs (the instrumenter, in tests of what roofline does when it
// crashes, hangs or is missing).
#pragma once
#include <filesystem>
#include <fstream>
#include <string>

inline std::filesystem::path executable_script(const std::filesystem::path& dir, const std::string& name, const std::string& body) {
  const std::filesystem::path p = dir / name;
  std::ofstream(p) << "#!/bin/sh\n" << body << "\n";
  std::filesystem::permissions(p, std::filesystem::perms::owner_all);
  return p;
}
