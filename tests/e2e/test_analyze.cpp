// End-to-end: `roofline analyze` on PoCL records the accesses of real
// kernels and gives what the seed (AIWC, Table 1) and the access pattern
// say: the footprint and entropy of a matrix multiply, the lines per step of
// its uncoalesced site, the bank conflicts of its local tile, a streaming
// kernel's DRAM bytes; and refuses what it cannot do by name.
#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "run_binary.hpp"
#include "schema_check.hpp"

namespace fs = std::filesystem;

namespace {

std::string example(const std::string& name) { return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/examples/" + name + "'"; }
std::string h200_roofs() { return "'" + std::string(ROOFLINE_SOURCE_DIR) + "/roofs/nvidia-h200.json'"; }

// The analysis file `roofline analyze ARGS -o` writes, checked against its schema.
nlohmann::json analyze(const std::string& args) {
  const auto dir = scratch_dir("analyze");
  const auto out = dir / "a.json";
  const RunResult r = run_roofline("analyze " + args + " -q -o '" + out.string() + "'");
  INFO("roofline analyze " << args << "\n" << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(schema_problem_of(out, roofline::DocumentKind::analysis) == "");
  auto j = nlohmann::json::parse(slurp(out));
  fs::remove_all(dir);
  return j;
}

const nlohmann::json& site(const nlohmann::json& a, const std::string& text) {
  for (const auto& s : a.at("sites"))
    if (s.at("site").at("text") == text) return s;
  FAIL("no site " << text);
  static nlohmann::json none;
  return none;
}

}  // namespace

#ifdef ROOFLINE_HAVE_CLANG

TEST_CASE("analyze: a 64 x 64 coalescedAB multiply, every group recorded, for the H200's roofs") {
  const auto doc = analyze(example("matmul_coalescedAB.cl") + " -D DIM=64 --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  const auto& m = a.at("aiwc");
  const double N = 64, T = 16;
  // Every element of A, B and C is a distinct 4-byte address; the tiles are 2 T^2 local addresses.
  CHECK(m.at("total_footprint") == 3 * N * N);
  CHECK(m.at("local_footprint") == 2 * T * T);
  // Accesses per item: N/T tiles x (2 global + 2 local stores + 2T local loads), and the store of C.
  CHECK(m.at("accesses") == N * N * ((N / T) * (4 + 2 * T) + 1));
  CHECK(m.at("relative_local_usage").get<double>() == doctest::Approx((2 + 2 * T) / (4 + 2 * T + T / N)).epsilon(0.01));
  // Local ASub[localRow][k]: 16 rows of 16 floats in a warp's step, 2 banks: 8-way.
  CHECK(site(a, "ASub[localRow][k]").at("requests").get<double>() / site(a, "ASub[localRow][k]").at("steps").get<double>() ==
        doctest::Approx(8));
  // Global A[tiledRow]: neighbouring items are rows apart: 16 lines per 32-item step.
  CHECK(site(a, "A[tiledRow]").at("requests").get<double>() / site(a, "A[tiledRow]").at("steps").get<double>() == doctest::Approx(16));
  CHECK(site(a, "A[tiledRow]").at("neighbour_stride") == 4 * N);
  // The prediction is the hierarchical one, and the diagnosis names the conflict.
  REQUIRE(doc.at("prediction").is_object());
  bool conflict = false;
  for (const auto& f : doc.at("findings")) conflict |= f.at("text").get<std::string>().find("8-way bank conflicts") != std::string::npos;
  CHECK(conflict);
}

TEST_CASE("analyze: a streaming kernel's DRAM bytes are its footprint, its lines fully used") {
  const auto doc = analyze(example("triad.cl") + " -D ELEMS=65536 --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  CHECK(a.at("transfer_efficiency").get<double>() == doctest::Approx(1));
  const auto& levels = a.at("levels");
  const auto& dram = levels.back();
  CHECK(dram.at("level") == "DRAM");
  CHECK(dram.at("bytes").get<double>() == doctest::Approx(3 * 65536 * 4));
}

TEST_CASE("analyze: the divergence of each branch within 32-item steps") {
  const auto doc = analyze("'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/divergence.cl' --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  auto divergent = [&](const std::string& condition) {
    const auto& s = site(a, condition);
    CHECK(s.at("site").at("branch") == true);
    return s.at("divergent_steps").get<double>() / s.at("steps").get<double>();
  };
  CHECK(divergent("get_local_id(0) % 2") == 1.0);
  CHECK(divergent("get_group_id(0) % 2") == 0.0);
  CHECK(divergent("k < (int)(get_local_id(0) % 4)") == 0.75);
  CHECK(divergent("i < 512") == 0.0);
  // 1024 items: 512 evaluations true at the first if; the loop's 0+1+2+3 iterations of 1+2+3+4 evaluations.
  CHECK(site(a, "get_local_id(0) % 2").at("taken") == 512);
  CHECK(site(a, "k < (int)(get_local_id(0) % 4)").at("taken") == 256 * 6);
  // The memory metrics see no branch: two accesses per item.
  CHECK(a.at("aiwc").at("accesses") == 2048);
  bool named = false;
  for (const auto& f : doc.at("findings"))
    named |= f.at("text").get<std::string>().find("get_local_id(0) % 2: 100% of the 32-item steps diverge") != std::string::npos;
  CHECK(named);
}

TEST_CASE("analyze: an item's first 1024 branch outcomes are recorded, every memory access") {
  const auto doc = analyze("'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/long_loop.cl' --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  CHECK(site(a, "a[i + k]").at("accesses") == 64 * 3000);
  CHECK(site(a, "k < 3000").at("steps") == 2 * 1024);  // two 32-item steps per evaluation kept
  CHECK(site(a, "k < 3000").at("taken") == 64 * 1024);
  CHECK(a.at("branch_capped_items") == 64);
  CHECK(a.at("truncated_items") == 0);
  bool said = false;
  for (const auto& f : doc.at("findings")) said |= f.at("code") == "branches_sampled";
  CHECK(said);
}

TEST_CASE("analyze: conditions ending in a macro, inside a macro and nested in a ?: arm are recorded as they evaluate") {
  const auto doc = analyze("'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/branch_macros.cl' --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  // 256 items: i < HALF holds for 128; CLAMP's x < 0 for the other 128.
  CHECK(site(a, "i < HALF").at("taken") == 128);
  CHECK(site(a, "i < HALF").at("divergent_steps") == 0);
  CHECK(site(a, "CLAMP(x)").at("taken") == 128);
  // The inner condition runs where the outer fails (192 items), and holds for 64 of them.
  CHECK(site(a, "(i % 4 == 0)").at("accesses") == 256);
  CHECK(site(a, "(i % 4 == 1)").at("accesses") == 192);
  CHECK(site(a, "(i % 4 == 1)").at("taken") == 64);
}

TEST_CASE("analyze: an atomic on one address is contended, one per item is not") {
  const auto doc = analyze("'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/atomics.cl' --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  const auto& shared = site(a, "total");
  const auto& own = site(a, "&slots[get_global_id(0)]");
  CHECK(shared.at("site").at("atomic") == true);
  // A read-modify-write: a load and a store step per sub-group, 32 items on one address in each.
  CHECK(shared.at("serialized").get<double>() / shared.at("steps").get<double>() == 32);
  CHECK(own.at("serialized").get<double>() / own.at("steps").get<double>() == 1);
  bool named = false;
  for (const auto& f : doc.at("findings")) named |= f.at("text").get<std::string>().find("total: contended atomic: 32.0 of the items") == 0;
  CHECK(named);
}

TEST_CASE("analyze: 256 groups whose exact records fit are recorded whole by default, however many bytes they count") {
  const auto doc = analyze("'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/wide_loads.cl' --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  CHECK(a.at("sample").at("count") == 256);
  CHECK(a.at("sample").at("groups_total") == 256);
  const double items = 262144;
  CHECK(a.at("aiwc").at("accesses") == 7 * items);  // six float16 loads and a store per item
  CHECK(a.at("aiwc").at("total_footprint") == (items + 5) + items);
  CHECK(a.at("truncated_items") == 0);
  for (const auto& f : doc.at("findings")) {
    CHECK(f.at("code").is_string());
    CHECK(f.at("code") != "sampled_metrics");
  }
}

TEST_CASE("analyze: past the record budget, two windows of consecutive groups see a stencil's planes reused; spaced groups do not") {
  // The H200's roofs with an L2 of 1 MiB, below the buffers' 2 MiB: the model's DRAM bytes are not capped at the buffers'.
  const auto dir = scratch_dir("analyze-windows");
  auto roofs = nlohmann::json::parse(slurp(fs::path(ROOFLINE_SOURCE_DIR) / "roofs/nvidia-h200.json"));
  for (auto& level : roofs.at("memory").at("levels"))
    if (level.at("name") == "L2") level["capacity_bytes"] = 1 << 20;
  std::ofstream(dir / "small-l2.json") << roofs.dump();
  const std::string kernel =
      "'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/stencil_planes.cl' --roofs '" + (dir / "small-l2.json").string() + "'";
  // 4096 groups of 512 records; a budget of 262144 records: windows of 256 groups, centred in each half.
  const auto windows = analyze(kernel + " --sample-records 262144");
  const auto& w = windows.at("analysis");
  CHECK(w.at("sample").at("window") == 256);
  CHECK(w.at("sample").at("count") == 512);
  CHECK(w.at("sample").at("stride") == 2048);
  CHECK(w.at("sample").at("first") == 896);
  // A window of groups a..a+255 reads in[64a, 64a + 16384 + 8192) and writes out[64a, 64a + 16384): the
  // recording ran exactly those groups.
  CHECK(w.at("aiwc").at("total_footprint") == 2 * (16384 + 8192 + 16384));
  CHECK(w.at("aiwc").at("accesses") == 512 * 64 * 8);
  // The L2 holds both windows: each sector once, scaled x8 (4096 / 512 groups).
  CHECK(w.at("levels").back().at("level") == "DRAM");
  CHECK(w.at("levels").back().at("bytes").get<double>() == doctest::Approx(8.0 * 2 * 4 * (16384 + 8192 + 16384)));
  // 16 groups 132 apart (the spaced sample): no group reads another's planes, 384 elements each, scaled x256.
  const auto spaced = analyze(kernel + " --sample-groups 16");
  const auto& s = spaced.at("analysis");
  CHECK(s.at("sample").at("stride") == 132);
  CHECK(s.at("sample").value("window", 1) == 1);
  CHECK(s.at("levels").back().at("bytes").get<double>() == doctest::Approx(256.0 * 16 * 4 * 384));
  bool overcharge = false;
  for (const auto& f : spaced.at("findings")) overcharge |= f.at("code") == "model_may_overcharge";
  CHECK(overcharge);
  fs::remove_all(dir);
}

TEST_CASE("analyze: a pointer chase is a dependent chain, an item's own store is not") {
  const auto doc = analyze("'" + std::string(ROOFLINE_SOURCE_DIR) + "/tests/e2e/kernels/chase.cl' --roofs " + h200_roofs());
  const auto& a = doc.at("analysis");
  CHECK(site(a, "next[p]").at("site").at("chained") == true);
  CHECK(site(a, "out[get_global_id(0)]").at("site").at("chained") == false);
  CHECK(site(a, "next[best]").at("site").at("chained") == false);
  CHECK(site(a, "next[p]").at("accesses") == 64 * 100);
  bool named = false;
  for (const auto& f : doc.at("findings")) named |= f.at("text").get<std::string>().find("next[p]: dependent chain") == 0;
  CHECK(named);
}

TEST_CASE("place --analyze: the hierarchical prediction, a dot per level on the CARM, the analysis file beside") {
  const auto dir = scratch_dir("place-analyze");
  const std::string placement = (dir / "p.json").string(), svg = (dir / "p.svg").string(), analysis = (dir / "a.json").string();
  const RunResult r = run_roofline("place " + example("matmul_coalescedAB.cl") + " -D DIM=64 --roofs " + h200_roofs() +
                                   " --analyze --runs 2 -o '" + placement + "' --svg '" + svg + "' --analysis '" + analysis + "'");
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.find("8-way bank conflicts") != std::string::npos);
  CHECK(r.out.find("core view") != std::string::npos);
  CHECK(schema_problem_of(placement, roofline::DocumentKind::placement) == "");
  CHECK(schema_problem_of(analysis, roofline::DocumentKind::analysis) == "");
  const auto p = nlohmann::json::parse(slurp(placement));
  const auto a = nlohmann::json::parse(slurp(analysis));
  REQUIRE(p.at("analysis").is_object());
  // The placement's prediction is the analysis file's hierarchical one; the core view's is kept apart.
  CHECK(p.at("prediction").at("seconds") == a.at("prediction").at("seconds"));
  CHECK(p.at("analysis").at("core_prediction").at("seconds") == a.at("core_prediction").at("seconds"));
  const auto& levels = p.at("analysis").at("levels");
  REQUIRE(levels.size() == a.at("analysis").at("levels").size());
  CHECK(levels.front().at("level") == "L1");
  CHECK(levels.back().at("level") == "DRAM");
  for (const auto& l : levels) CHECK(l.at("ai").get<double>() == doctest::Approx(p.at("flops").get<double>() / l.at("bytes").get<double>()));
  const std::string chart = slurp(svg);
  std::size_t hollow = 0;
  for (auto pos = chart.find("class=\"level-dot\""); pos != std::string::npos; pos = chart.find("class=\"level-dot\"", pos + 1)) ++hollow;
  CHECK(hollow == levels.size());
  fs::remove_all(dir);
}

TEST_CASE("place --analysis or --sample-groups without --analyze is refused by name, before anything runs") {
  const auto dir = scratch_dir("place-analysis-alone");
  const std::string placement = (dir / "p.json").string(), analysis = (dir / "a.json").string();
  for (const std::string option : {" --analysis '" + analysis + "'", std::string(" --sample-groups 4")}) {
    const RunResult r = run_roofline("place " + example("triad.cl") + " --roofs " + h200_roofs() + option + " -o '" + placement + "' -q");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--analyze") != std::string::npos);
    CHECK_FALSE(fs::exists(placement));  // not timed: refused before the kernel ran
    CHECK_FALSE(fs::exists(analysis));
  }
  fs::remove_all(dir);
}

TEST_CASE("analyze refuses a roofs file it cannot read, in one line naming it, with status 2") {
  const RunResult r = run_roofline("analyze " + example("triad.cl") + " --roofs /nonexistent/roofs.json -q");
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("/nonexistent/roofs.json") != std::string::npos);
  CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

#endif
