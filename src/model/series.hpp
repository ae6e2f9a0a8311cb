// model/series: the one result type of the micro-benchmark suite's
// benchmarks (model/suite_table): a measured series, the figure y (with its
// runs' statistics) at each value x of what the benchmark sweeps, the launch
// it ran at and the facts its row finds on it (an implied width, a
// saturation point). A benchmark measures one or several series: one per
// op and width (the stride sweep), per memory space (atomics), or one.
// Plain data; the row says what x and y are, in which unit, and how the
// series is written in the roofs file.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "model/launch_shape.hpp"
#include "model/stats.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

// Where an atomic operation's address lives, and whether the work-items
// share one address (of the NDRange, or of the work-group in local memory)
// or each has its own.
enum class AtomicSpace { global, local };
enum class AtomicTarget { one_address, distinct_addresses };

template <>
struct Vocabulary<AtomicSpace> {
  static constexpr std::string_view what = "atomic space";
  static constexpr std::array<Named<AtomicSpace>, 2> names{{{AtomicSpace::global, "global"}, {AtomicSpace::local, "local"}}};
};
template <>
struct Vocabulary<AtomicTarget> {
  static constexpr std::string_view what = "atomic target";
  static constexpr std::array<Named<AtomicTarget>, 2> names{
      {{AtomicTarget::one_address, "one address"}, {AtomicTarget::distinct_addresses, "distinct addresses"}}};
};

// What tells one series of a benchmark from its others; a series has the
// tags its benchmark varies and no others (the roofs file writes each
// present tag under its own name: "op", "type", "width", "space", "target").
struct SeriesTags {
  std::optional<Op> op;
  std::optional<DataType> type;
  std::optional<int> width;  // the vector width of `type`
  std::optional<AtomicSpace> space;
  std::optional<AtomicTarget> target;
  bool operator==(const SeriesTags& o) const {
    return op == o.op && type == o.type && width == o.width && space == o.space && target == o.target;
  }
  bool empty() const { return *this == SeriesTags{}; }
};

struct SeriesPoint {
  double x = 0;                  // in the row's x unit; 0 is the point apart where the row has one (stride 0)
  Stats y;                       // in the row's y unit
  std::optional<Stats> seconds;  // a launch's time, kept beside y where y is a rate of it
  std::uint64_t local = 0;       // the work-group size at this point, where it changes along the series
};

struct MeasuredSeries {
  SeriesTags tags;
  LaunchShape launch;        // of every point (but `local` where the points have their own)
  std::uint64_t bytes = 0;   // the buffer, or the bytes one launch moves, where the row has them
  std::vector<SeriesPoint> points;  // in the order measured
  // The row's facts (SuiteRow::marks) by field name, each an x worth marking;
  // a fact that was not found is absent.
  std::map<std::string, std::uint64_t> marks;

  const SeriesPoint* at(double x) const;
  std::optional<std::uint64_t> mark(const std::string& field) const;
};

// y over the y of the point at x = 1 (the divergence ratio: time over the
// branch-free kernel's time); 0 where there is no such point or its y is not positive.
double ratio_to_unit(const MeasuredSeries& series, const SeriesPoint& point);

// The path count where the divergence ratio stops doubling: the largest P
// with ratio(P) >= max(0.6 P, 1.5), measured at 2P too, and every larger
// path count's ratio within 1.3x of ratio(P) either way (flat beyond the
// width; none when the ratio keeps growing to the last point, never grows,
// or jumps about beyond P). x is the path count, y the time.
std::optional<std::uint64_t> implied_subgroup_width(const MeasuredSeries& series);

// The fewest x (work-items) whose y (bandwidth) is within 10% of the series' best.
std::optional<std::uint64_t> saturation_point(const MeasuredSeries& series);

}  // namespace roofline
