#include "measurement/progress.hpp"

#include <cstdio>

#include <unistd.h>

namespace roofline {

Progress::Progress(int total, bool enabled) : total_(total), enabled_(enabled && ::isatty(STDERR_FILENO)) {}

Progress::~Progress() { finish(); }

void Progress::step(const std::string& what) {
  ++done_;
  what_ = what;
  detail_.clear();
  draw();
}

void Progress::detail(const std::string& what) {
  detail_ = what;
  draw();
}

void Progress::draw() {
  if (!enabled_) return;
  double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  std::string line = what_ + (detail_.empty() ? "" : ": " + detail_);
  if (line.size() > 90) line.resize(90);
  std::fprintf(stderr, "\r\033[K[%3d/%d %4.0fs] %s", done_, total_, el, line.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (!enabled_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  enabled_ = false;
}

}  // namespace roofline
