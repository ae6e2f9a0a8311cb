#include <doctest/doctest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "files/atomic_file.hpp"
#include "model/roofs.hpp"

using namespace roofline;

namespace {
RoofsDocument fixture() {
  RoofsDocument d;
  d.tool_version = "0.1.0";
  d.git_revision = "abc123";
  d.date = "2026-11-22T02:00:00Z";
  d.command_line = "roofline build --quick";
  d.quick = true;
  d.device.name = "Test & <Device>";
  d.device.compute_units = 132;
  d.device.global_mem_bytes = 1ull << 37;
  d.device.pci_address = "0000:19:00.0";
  d.device.host_cache_bytes = {32768, 1u << 20, 32u << 20};
  d.clock = HeldClock{1980, "nvml", Stats{1980, 1970, 1980, 1978, 3, 0.001, 40}};
  Ceiling c;
  c.kind = CeilingKind::compute;
  c.op = Op::mad;
  c.type = DataType::float32;
  c.width = 4;
  c.value = 6.5e13;
  c.stats = Stats{6.5e13, 6.4e13, 6.6e13, 6.5e13, 1e11, 0.002, 9};
  c.launch = {270336, 256};
  c.variant = "affine, 4 chains";
  c.theory = 6.69e13;
  c.efficiency = 6.5e13 / 6.69e13;
  c.sweep_wg_size = {{{270336, 64}, Stats{6.0e13, 5.9e13, 6.1e13, 6e13, 1e11, 0.01, 5}}};
  c.sweep_wg_count = {{{256, 256}, Stats{1e11, 1e11, 1e11, 1e11, 0, 0, 5}}};
  d.ceilings.push_back(c);
  Ceiling m;
  m.kind = CeilingKind::memory;
  m.op = Op::read;
  m.type = DataType::int32;
  m.level = MemoryLevel::of_kind(LevelKind::dram);
  m.value = 4.0e12;
  d.ceilings.push_back(m);
  d.latencies = {{Op::add, DataType::float32, Stats{2.1e-9, 2.1e-9, 2.2e-9, 2.1e-9, 1e-11, 0.005, 5}, std::nullopt},
                 {Op::mad, DataType::float32, Stats{2.1e-9, 2.1e-9, 2.2e-9, 2.1e-9, 1e-11, 0.005, 5},
                  ChainRate{270336, 256, Stats{1.2e14, 1.1e14, 1.2e14, 1.2e14, 1e11, 0.004, 10}}}};
  d.notes = {"a note"};
  return d;
}
}  // namespace

TEST_CASE("a roofs document survives a JSON round trip") {
  const RoofsDocument d = fixture();
  const nlohmann::json j = d;
  CHECK(j["schema_version"] == kSchemaVersion);
  CHECK(j["ceilings"][0]["launch"]["work_groups"] == 1056);
  CHECK(j["ceilings"][1]["level"] == "DRAM");
  CHECK(j["ceilings"][1]["theory"].is_null());
  const RoofsDocument r = nlohmann::json::parse(j.dump()).get<RoofsDocument>();
  CHECK(r.device.name == d.device.name);
  CHECK(r.device.pci_address == "0000:19:00.0");
  CHECK(r.device.host_cache_bytes == std::vector<std::uint64_t>{32768, 1u << 20, 32u << 20});
  REQUIRE(r.clock);
  CHECK(r.clock->mhz == 1980);
  REQUIRE(r.ceilings.size() == 2);
  CHECK(r.ceilings[0].value == d.ceilings[0].value);
  CHECK(r.ceilings[0].stats.samples == 9);
  CHECK(r.ceilings[0].launch.local == 256);
  CHECK(*r.ceilings[0].theory == doctest::Approx(6.69e13));
  CHECK(r.ceilings[0].sweep_wg_size.size() == 1);
  CHECK(r.ceilings[0].sweep_wg_size[0].launch.local == 64);
  CHECK(!r.ceilings[1].theory);
  CHECK(r.ceilings[1].level == MemoryLevel::of_kind(LevelKind::dram));
  CHECK(j["compute_latency"][1]["chain_rate"]["work_items"] == 270336);
  CHECK_FALSE(j["compute_latency"][0].contains("chain_rate"));
  CHECK(r.chain_rate_of(Op::mad, DataType::float32) == doctest::Approx(1.2e14));
  CHECK_FALSE(r.chain_rate_of(Op::add, DataType::float32));
  CHECK(nlohmann::json(r) == j);
}

TEST_CASE("documents from a newer schema are refused") {
  nlohmann::json j = fixture();
  j["schema_version"] = kSchemaVersion + 1;
  CHECK_THROWS_WITH(j.get<RoofsDocument>(), doctest::Contains("newer"));
}

TEST_CASE("best_ceilings keeps the highest per op and type, and per level and op") {
  RoofsDocument d = fixture();
  Ceiling slower = d.ceilings[0];
  slower.width = 1;
  slower.value = 1e12;
  d.ceilings.push_back(slower);
  auto best = best_ceilings(d);
  REQUIRE(best.size() == 2);
  CHECK(best[0]->width == 4);
  CHECK(best[1]->label() == "DRAM read");
  CHECK(best[0]->label() == "float4 MAD");
}

TEST_CASE("load_roofs names the file and the problem") {
  const auto dir = std::filesystem::temp_directory_path() / "roofline-test-json";
  std::filesystem::create_directories(dir);
  const std::string bad = (dir / "bad.json").string();
  std::ofstream(bad) << "{ not json";
  CHECK_THROWS_WITH(load_roofs(bad), doctest::Contains("bad.json"));
  CHECK_THROWS_WITH(load_roofs((dir / "missing.json").string()), doctest::Contains("cannot read"));
  const std::string good = (dir / "good.json").string();
  write_file_atomically(good, nlohmann::json(fixture()).dump());
  CHECK(load_roofs(good).ceilings.size() == 2);
  std::filesystem::remove_all(dir);
}

TEST_CASE("atomic writes replace the file whole and leave no temporary behind") {
  const auto dir = std::filesystem::temp_directory_path() / "roofline-test-atomic";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "out.json").string();
  write_file_atomically(path, "first");
  write_file_atomically(path, "second");
  std::ifstream in(path);
  std::string content((std::istreambuf_iterator<char>(in)), {});
  CHECK(content == "second");
  int files = 0;
  for (auto& e : std::filesystem::directory_iterator(dir)) (void)e, ++files;
  CHECK(files == 1);
  CHECK_THROWS_WITH(write_file_atomically((dir / "no/such/dir/x.json").string(), "x"), doctest::Contains("does not exist"));
  CHECK_THROWS_WITH(check_writable(dir.string()), doctest::Contains("is a folder"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("best_ceilings keeps one roof per memory level and leaves constant memory out") {
  RoofsDocument d = fixture();
  Ceiling copy = d.ceilings[1];  // DRAM read 4.0e12
  copy.op = Op::copy;
  copy.value = 3.5e12;
  Ceiling constant = d.ceilings[1];
  constant.level = MemoryLevel::of_kind(LevelKind::constant);
  constant.value = 3e13;
  Ceiling l1 = d.ceilings[1];
  l1.level = MemoryLevel::cache("L1");
  l1.value = 3e13;
  d.ceilings.insert(d.ceilings.end(), {copy, constant, l1});
  auto best = best_ceilings(d);
  REQUIRE(best.size() == 3);
  CHECK(best[1]->label() == "DRAM read");
  CHECK(best[2]->label() == "L1 read");
}

TEST_CASE("the committed suite sections read and write back with the same keys and figures") {
  // Every suite benchmark's series are one type (model/series) written as
  // each row's section says; the files measured before that must come back
  // as they were, but for the facts derived from the points again when read.
  int sections = 0;
  for (const char* name : {"nvidia-h200-suite.json", "pthread-skylake-avx512-amd-epyc-suite.json"}) {
    const std::string path = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/" + name;
    std::ifstream in(path);
    const nlohmann::json file = nlohmann::json::parse(in);
    const nlohmann::json written = roofline::load_roofs(path);
    for (const roofline::SuiteRow& row : roofline::suite_rows()) {
      CAPTURE(name);
      CAPTURE(row.section);
      const std::string section(row.section);
      nlohmann::json want = file.contains(section) ? file.at(section) : nlohmann::json(), got = written.at(section);
      if (want.is_null()) {  // a section added since: written empty
        CHECK((got.is_null() || got.empty()));
        continue;
      }
      for (nlohmann::json* j : {&want, &got})
        for (const roofline::SeriesMark& m : row.marks)
          if (m.derive && j->is_object()) j->erase(std::string(m.field));
      CHECK(got == want);
      ++sections;
    }
  }
  CHECK(sections == 2 * 4);  // stride, divergence, scalability and atomics in each
}
