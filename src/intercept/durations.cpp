#include "intercept/durations.hpp"

#include <algorithm>

namespace roofline::intercept {

void Durations::add(std::uint64_t ns) {
  ++count_;
  total_ += ns;
  min_ = std::min(min_, ns);
  max_ = std::max(max_, ns);
  if (kept_.size() < kKept) {
    kept_.push_back(ns);
    return;
  }
  // Reservoir sampling: the count_-th duration replaces a kept one with probability kKept / count_.
  rng_ ^= rng_ << 13;
  rng_ ^= rng_ >> 7;
  rng_ ^= rng_ << 17;
  const std::uint64_t slot = rng_ % count_;
  if (slot < kKept) kept_[slot] = ns;
}

std::uint64_t Durations::median() const {
  if (kept_.empty()) return 0;
  std::vector<std::uint64_t> v = kept_;
  const std::size_t mid = v.size() / 2;
  std::nth_element(v.begin(), v.begin() + mid, v.end());
  const std::uint64_t upper = v[mid];
  if (v.size() % 2 == 1) return upper;
  const std::uint64_t lower = *std::max_element(v.begin(), v.begin() + mid);
  return lower + (upper - lower) / 2;
}

void Activity::add(std::uint64_t start, std::uint64_t end) {
  if (end < start) end = start;
  ++commands_;
  first_ = std::min(first_, start);
  if (any_folded_ && start < folded_end_) start = folded_end_;
  if (any_folded_ && end <= start) return;
  // The first kept interval starting after `start`; the one before it may touch it.
  auto it = open_.end();
  if (!open_.empty() && start < open_.back().first)
    it = std::upper_bound(open_.begin(), open_.end(), start,
                          [](std::uint64_t s, const std::pair<std::uint64_t, std::uint64_t>& i) { return s < i.first; });
  if (it != open_.begin() && std::prev(it)->second >= start) {
    --it;
    start = it->first;
  }
  auto last = it;
  while (last != open_.end() && last->first <= end) {
    end = std::max(end, last->second);
    ++last;
  }
  if (last != it) {
    *it = {start, end};
    open_.erase(std::next(it), last);
  } else {
    open_.insert(it, {start, end});
  }
  if (open_.size() > kOpen) fold_oldest();
}

void Activity::fold_oldest() {
  const auto& oldest = open_.front();
  if (any_folded_) {
    const std::uint64_t gap = oldest.first - folded_end_;
    if (gap > 0) {
      ++folded_gaps_;
      folded_longest_ = std::max(folded_longest_, gap);
    }
  }
  folded_busy_ += oldest.second - oldest.first;
  folded_end_ = oldest.second;
  any_folded_ = true;
  open_.pop_front();
}

Activity::Summary Activity::summary() const {
  Summary s;
  s.commands = commands_;
  if (commands_ == 0) return s;
  s.first_start = first_;
  s.busy = folded_busy_;
  s.gaps = folded_gaps_;
  s.longest_gap = folded_longest_;
  bool have_end = any_folded_;
  std::uint64_t end = folded_end_;
  for (const auto& [b, e] : open_) {
    if (have_end && b > end) {
      ++s.gaps;
      s.longest_gap = std::max(s.longest_gap, b - end);
    }
    s.busy += e - b;
    end = e;
    have_end = true;
  }
  s.last_end = end;
  return s;
}

}  // namespace roofline::intercept
