// intercept/durations: the times of one launch signature or transfer, and
// the busy time of one device, in bounded memory however many commands run.
#pragma once
#include <cstdint>
#include <deque>
#include <utility>
#include <vector>

namespace roofline::intercept {

// Exact count, sum and extremes; the durations themselves up to kKept for
// the median, then a uniform sample of kKept of them (reservoir sampling), the
// median then an estimate (median_exact() false).
class Durations {
 public:
  static constexpr std::size_t kKept = 2048;  // 16 KB a signature at most
  void add(std::uint64_t ns);
  std::uint64_t count() const { return count_; }
  std::uint64_t total() const { return total_; }
  std::uint64_t min() const { return count_ ? min_ : 0; }
  std::uint64_t max() const { return max_; }
  std::uint64_t median() const;  // of the kept durations; the mean of the two middle ones for an even count
  bool median_exact() const { return count_ <= kKept; }

 private:
  std::uint64_t count_ = 0, total_ = 0, min_ = UINT64_MAX, max_ = 0;
  std::vector<std::uint64_t> kept_;
  std::uint64_t rng_ = 0x9e3779b97f4a7c15ull;
};

// The union of a device's command intervals [start, end) on its own clock:
// busy time, the gaps between, the first start and the last end. The most
// recent kOpen disjoint intervals are kept; older ones are folded into the
// totals (a command that completes much later than those after it, starting
// before a folded interval's end, is clipped to that end).
class Activity {
 public:
  static constexpr std::size_t kOpen = 4096;
  void add(std::uint64_t start, std::uint64_t end);
  struct Summary {
    std::uint64_t first_start = 0, last_end = 0, busy = 0, gaps = 0, longest_gap = 0, commands = 0;
  };
  Summary summary() const;

 private:
  void fold_oldest();
  // Disjoint [start, end) intervals sorted by start; commands mostly complete
  // in order, so a new one nearly always extends or follows the last.
  std::deque<std::pair<std::uint64_t, std::uint64_t>> open_;
  std::uint64_t first_ = UINT64_MAX, folded_end_ = 0, folded_busy_ = 0, folded_gaps_ = 0, folded_longest_ = 0,
                commands_ = 0;
  bool any_folded_ = false;
};

}  // namespace roofline::intercept
