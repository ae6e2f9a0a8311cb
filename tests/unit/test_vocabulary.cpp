// The typed vocabulary: every enum's names go both ways, unknown names are
// refused with the list of known ones, and the roofs file reads what it
// writes (the schema did not change with the types).
#include <doctest/doctest.h>

#include <fstream>

#include "model/json_fields.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"
#include "model/vocabulary.hpp"

using namespace roofline;

namespace {

// Whether `written` holds everything `original` holds, equal (it may hold
// more: fields added since the original was written).
bool holds_all(const nlohmann::json& original, const nlohmann::json& written) {
  if (original.is_object()) {
    if (!written.is_object()) return false;
    for (const auto& [key, value] : original.items())
      if (!written.contains(key) || !holds_all(value, written.at(key))) return false;
    return true;
  }
  if (original.is_array()) {
    if (!written.is_array() || written.size() != original.size()) return false;
    for (std::size_t i = 0; i < original.size(); ++i)
      if (!holds_all(original[i], written[i])) return false;
    return true;
  }
  return original == written;
}

template <typename Enum>
void check_round_trip() {
  for (const auto& n : Vocabulary<Enum>::names) {
    CHECK(name_of(n.value) == n.name);
    CHECK(lookup<Enum>(n.name) == n.value);
    CHECK(parse_name<Enum>(n.name) == n.value);
  }
}

}  // namespace

TEST_CASE("every vocabulary name goes both ways") {
  check_round_trip<CeilingKind>();
  check_round_trip<Op>();
  check_round_trip<DataType>();
  check_round_trip<LevelKind>();
  check_round_trip<RateUnit>();
  check_round_trip<TransferDirection>();
  check_round_trip<EnergyBackend>();
  check_round_trip<AddressSpace>();
  check_round_trip<PredictionTermKind>();
  check_round_trip<MathFunction>();
  check_round_trip<MathForm>();
  check_round_trip<AtomicSpace>();
  check_round_trip<AtomicTarget>();
  CHECK(str(DataType::int32) == "int");
  CHECK(str(EnergyBackend::automatic) == "auto");
  CHECK(str(AddressSpace::private_) == "private");
}

TEST_CASE("an unknown name is refused with the names that exist") {
  CHECK_FALSE(lookup<Op>("fma"));
  CHECK_THROWS_WITH_AS(parse_name<Op>("fma"), "unknown op 'fma' (add, mad, read, store, copy or image)", UnknownName);
  CHECK_THROWS_WITH_AS(parse_name<DataType>("float4"), "unknown data type 'float4' (int, float, double or half)",
                       UnknownName);
}

TEST_CASE("labels and units follow the vocabulary") {
  CHECK(compute_label(DataType::float32, Op::mad) == "float MAD");
  CHECK(compute_label(DataType::int32, Op::add, 4) == "int4 ADD");
  CHECK(rate_unit(CeilingKind::memory, DataType::float32) == RateUnit::byte);
  CHECK(rate_unit(CeilingKind::compute, DataType::int32) == RateUnit::intop);
  CHECK(rate_unit(CeilingKind::compute, DataType::float16) == RateUnit::flop);
  CHECK(MemoryLevel::from_name("DRAM") == MemoryLevel::of_kind(LevelKind::dram));
  CHECK(MemoryLevel::from_name("local").is(LevelKind::local));
  CHECK(MemoryLevel::from_name("L2 far") == MemoryLevel::cache("L2 far"));
  Ceiling c;
  c.kind = CeilingKind::memory;
  c.op = Op::copy;
  c.level = MemoryLevel::of_kind(LevelKind::dram);
  CHECK(c.label() == "DRAM copy");
  CHECK(c.at(LevelKind::dram));
  CHECK(c.at("DRAM"));
  CHECK_FALSE(c.at(LevelKind::local));
}

TEST_CASE("ceilings keep their names in JSON, and a bogus one is refused") {
  nlohmann::json j = {{"kind", "memory"}, {"op", "store"}, {"type", "float"}, {"width", 8},
                      {"value", 1e11},   {"unit", "B/s"}, {"level", "L2 far"}};
  const Ceiling c = j.get<Ceiling>();
  CHECK(c.kind == CeilingKind::memory);
  CHECK(c.op == Op::store);
  CHECK(c.level == MemoryLevel::cache("L2 far"));
  const nlohmann::json back = c;
  CHECK(back["kind"] == "memory");
  CHECK(back["op"] == "store");
  CHECK(back["type"] == "float");
  CHECK(back["level"] == "L2 far");
  CHECK(back["unit"] == "B/s");
  j["kind"] = "bogus";
  CHECK_THROWS_AS(j.get<Ceiling>(), UnknownName);
  j["kind"] = "memory";
  j["unit"] = "furlongs";
  CHECK_THROWS_AS(j.get<Ceiling>(), UnknownName);
}

TEST_CASE("placements keep their maps keyed by name") {
  Placement p;
  p.kernel = "k";
  p.flops_by_type = {{DataType::float32, 10}, {DataType::float64, 2}};
  p.bytes_by_space = {{AddressSpace::global, {8, 4}}, {AddressSpace::private_, {1, 1}}};
  p.attained.level = MemoryLevel::of_kind(LevelKind::dram);
  const nlohmann::json j = p;
  CHECK(j["flops_by_type"]["float"] == 10);
  CHECK(j["flops_by_type"]["double"] == 2);
  CHECK(j["bytes_by_space"]["private"]["load"] == 1);
  CHECK(j["attained_roof"]["level"] == "DRAM");
  CHECK(j["unit"] == "FLOP/s");
  const Placement q = j.get<Placement>();
  CHECK(q.flops_by_type == p.flops_by_type);
  CHECK(q.bytes_by_space.at(AddressSpace::global).store == 4);
  CHECK(q.attained.level == p.attained.level);
}

TEST_CASE("every committed roofs file reads and writes back everything it holds") {
  for (const char* name : {"nvidia-h200.json", "nvidia-h200-20261122.json", "pthread-haswell-amd-epyc.json",
                           "pthread-skylake-avx512-amd-epyc.json"}) {
    const std::string path = std::string(ROOFLINE_SOURCE_DIR) + "/roofs/" + name;
    INFO(path);
    std::ifstream in(path);
    const nlohmann::json original = nlohmann::json::parse(in);
    const nlohmann::json again = load_roofs(path);
    // Sections an older file lacks are written as null; fields added since
    // (a ceiling's level flag, the memory clock) are written besides.
    for (const char* section : {"device", "ceilings", "memory", "transfers", "launch_overhead", "energy"}) {
      INFO(section);
      CHECK(holds_all(original.value(section, nlohmann::json()), again.value(section, nlohmann::json())));
    }
  }
}
