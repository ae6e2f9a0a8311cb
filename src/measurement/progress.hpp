// measurement/progress: a one-line progress display on stderr for long runs.
// Silent when stderr is not a terminal (logs, CI) or when asked to be quiet.
#pragma once
#include <chrono>
#include <string>

namespace roofline {

class Progress {
 public:
  Progress(int total_steps, bool enabled);
  ~Progress();
  // Moves to the next step and shows its description.
  void step(const std::string& what);
  // Updates the detail of the current step.
  void detail(const std::string& what);
  void finish();
  bool enabled() const { return enabled_; }
  // What the current step is doing: "DRAM bandwidth: DRAM read uint4, 270336
  // work-items" (kept when nothing is shown, for error messages).
  std::string doing() const { return what_ + (detail_.empty() ? "" : ": " + detail_); }

 private:
  void draw();
  int total_, done_ = 0;
  bool enabled_;
  std::string what_, detail_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace roofline
