#include "measurement/progress.hpp"

#include <cstdio>
#include <string>

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

namespace {

// "42s", "3m 05s", "1h 02m".
std::string duration_text(double s) {
  char b[32];
  if (s < 60) std::snprintf(b, sizeof b, "%.0fs", s);
  else if (s < 3600) std::snprintf(b, sizeof b, "%dm %02ds", int(s / 60), int(s) % 60);
  else std::snprintf(b, sizeof b, "%dh %02dm", int(s / 3600), int(s / 60) % 60);
  return b;
}

}  // namespace

// "[12/40, 1m 20s, ~2m 40s left] compute float4 mad: square x8": the step and
// its count, the time so far and the time left at the pace of the steps
// finished (none before the first one ends).
void Progress::draw() {
  if (!enabled_) return;
  const double el = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  const int finished = done_ - 1;
  std::string left;
  if (finished > 0) left = ", ~" + duration_text(el / finished * (total_ - finished)) + " left";
  std::string line = what_ + (detail_.empty() ? "" : ": " + detail_);
  if (line.size() > 80) line.resize(80);
  std::fprintf(stderr, "\r\033[K[%d/%d, %s%s] %s", done_, total_, duration_text(el).c_str(), left.c_str(), line.c_str());
  std::fflush(stderr);
}

void Progress::finish() {
  if (!enabled_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  enabled_ = false;
}

}  // namespace roofline
