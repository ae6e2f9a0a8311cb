#include "benchmark/suite_benchmark.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace roofline {
namespace {

using Measure = MeasuredSeries (*)(Session&, const SeriesTags&);

// Each row's measure function, in the table's order.
constexpr Measure kMeasures[] = {
#define SUITE_BENCHMARK(id, ...) &measure_##id,
#include "model/suite_benchmarks.inc"
#undef SUITE_BENCHMARK
};

using Programs = ProgramList (*)(const Plan&, const std::vector<SeriesTags>&);

constexpr Programs kPrograms[] = {
#define SUITE_BENCHMARK(id, ...) &programs_##id,
#include "model/suite_benchmarks.inc"
#undef SUITE_BENCHMARK
};

}  // namespace

ProgramList suite_programs(const SuiteRow& row, const Plan& plan) { return kPrograms[std::size_t(row.id)](plan, row.series); }

MeasuredSeries measure_suite(Session& session, const SuiteRow& row, const SeriesTags& which) {
  MeasuredSeries series = kMeasures[std::size_t(row.id)](session, which);
  // A fact the row does not name would never reach the roofs file.
  for (const auto& [field, value] : series.marks)
    if (std::none_of(row.marks.begin(), row.marks.end(), [&](const SeriesMark& m) { return m.field == field; }))
      throw std::logic_error("the " + std::string(row.step) + " benchmark found a fact its row does not name: " + field);
  derive_marks(row, series);
  return series;
}

}  // namespace roofline
