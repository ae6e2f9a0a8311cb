// trace --merge (app/trace_merge) on ranks made by hand: kernels combined
// over the ranks with their signatures and counts, each rank's time and
// share, the load imbalance (the largest rank over the mean of all), and the
// merged file valid against schemas/trace.schema.json and read back alike.
#include <doctest/doctest.h>

#include "app/trace_merge.hpp"
#include "files/schema.hpp"
#include "model/roofs.hpp"
#include "roof_fixtures.hpp"

using namespace roofline;

namespace {

// axpy over n items, launched `launches` times for `seconds` in all: 2 FLOPs,
// 8 bytes loaded and 4 stored per item.
TracedKernel axpy(std::uint64_t n, std::uint64_t launches, double seconds) {
  TracedSignature s;
  s.global = {n};
  s.launches = launches;
  s.total_s = seconds;
  s.median_s = seconds / double(launches);
  CountsFile c;
  c.launch.kernel = "axpy";
  c.launch.source_hash = "0123456789abcdef";
  c.launch.global = {n};
  c.counts.slot[kFlopFloat] = 2 * n;
  c.counts.slot[kGlobalLoad] = 8 * n;
  c.counts.slot[kGlobalStore] = 4 * n;
  c.work_items = n;
  c.buffer_bytes = 8 * n;
  s.counts = c;
  TracedKernel k;
  k.name = "axpy";
  k.program = "0123456789abcdef";
  k.launches = launches;
  k.total_s = seconds;
  k.signatures = {s};
  return k;
}

TraceResult rank(int r, std::vector<TracedKernel> kernels) {
  TraceResult t;
  t.command = {"./mpi_app"};
  t.process = {"node" + std::to_string(r), r, 3};
  t.used_opencl = true;
  t.device = "pthread-cpu";
  t.app.wall_s = 1.0 + r;
  for (TracedKernel& k : kernels) t.summary.kernel_s += k.total_s;
  t.kernels = std::move(kernels);
  t.transfers = {{TransferKind::read, TransferPath::device_to_host, 4096, 1, 4096, 1e-5, 1e-5, std::nullopt}};
  return t;
}

}  // namespace

TEST_CASE("trace --merge: per-kernel totals over the ranks, each rank's share, the imbalance") {
  // Three ranks: axpy over 1, 2 and 3 M items (time in proportion), and a
  // kernel only rank 2 runs.
  TracedKernel only = axpy(1000, 1, 0.5);
  only.name = "halo";
  const std::vector<TraceResult> ranks = {rank(0, {axpy(1 << 20, 3, 0.3)}), rank(1, {axpy(2 << 20, 3, 0.6)}),
                                          rank(2, {axpy(3 << 20, 3, 0.9), only})};
  RoofsDocument roofs;
  roofs.device.name = "pthread-cpu";
  roofs.ceilings = {test::compute_roof(DataType::float32, 1e11),
                    test::memory_roof(Op::copy, MemoryLevel::of_kind(LevelKind::dram), 2e10)};
  const TraceResult m = merge_traces(ranks, {"a.json", "b.json", "c.json"}, roofs);

  REQUIRE(m.ranks.size() == 3);
  CHECK(m.ranks[2].host == "node2");
  CHECK(m.ranks[1].file == "b.json");
  CHECK(m.summary.wall_s == 3.0);  // the longest rank
  CHECK(m.summary.kernel_s == doctest::Approx(0.3 + 0.6 + 0.9 + 0.5));
  REQUIRE(m.kernels.size() == 2);
  const TracedKernel& a = m.kernels[0];  // the most device time first
  CHECK(a.name == "axpy");
  CHECK(a.launches == 9);
  CHECK(a.total_s == doctest::Approx(1.8));
  CHECK(a.signatures.size() == 3);
  REQUIRE(a.ranks.size() == 3);
  CHECK(a.ranks[0].share == doctest::Approx(1.0 / 6));
  CHECK(a.ranks[2].share == doctest::Approx(3.0 / 6));
  CHECK(*a.imbalance == doctest::Approx(0.9 / 0.6));  // largest 0.9 over the mean 0.6
  // Placed per mean launch: the three signatures weighted alike (3 launches each): 2 M items on average.
  REQUIRE(a.placement);
  CHECK(a.placement->flops == doctest::Approx(2.0 * (2 << 20)));
  CHECK(a.placement->bytes == doctest::Approx(12.0 * (2 << 20)));
  CHECK(a.placement->label == "axpy · imbalance 1.50");
  // halo: one rank of three ran it; the others count 0, so the imbalance is the rank count.
  const TracedKernel& h = m.kernels[1];
  CHECK(h.ranks[0].seconds == 0);
  CHECK(h.ranks[2].share == 1);
  CHECK(*h.imbalance == doctest::Approx(3));
  // Transfers of one kind, path and size add up.
  REQUIRE(m.transfers.size() == 1);
  CHECK(m.transfers[0].count == 3);

  SUBCASE("the merged document is a valid trace file, and reads back") {
    const nlohmann::json j = trace_to_json(m);
    const auto problem = schema_problem(j, DocumentKind::trace);
    CHECK_MESSAGE(!problem, (problem ? problem->text() : ""));
    CHECK(j["ranks"].size() == 3);
    CHECK(j["kernels"][0]["imbalance"].get<double>() == doctest::Approx(1.5));
    CHECK(j["kernels"][0]["ranks"][2]["launches"] == 3);
    const TraceResult back = trace_from_json(j);
    CHECK(back.kernels.size() == 2);
    CHECK(back.kernels[0].signatures[2].counts->counts.slot[kFlopFloat] == 2 * (3 << 20));
  }
  SUBCASE("a rank that failed makes the merge's outcome") {
    std::vector<TraceResult> failing = ranks;
    failing[1].app.exit_status = 3;
    CHECK(merge_traces(failing, {}, std::nullopt).app.exit_status == 3);
  }
}
