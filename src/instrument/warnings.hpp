// instrument/warnings: where a count may be inexact, and why; each message once.
#pragma once
#include <algorithm>
#include <string>
#include <vector>

namespace roofline {

class Warnings {
 public:
  void add(const std::string& message) {
    if (std::find(list_.begin(), list_.end(), message) == list_.end()) list_.push_back(message);
  }
  const std::vector<std::string>& list() const { return list_; }

 private:
  std::vector<std::string> list_;
};

}  // namespace roofline
