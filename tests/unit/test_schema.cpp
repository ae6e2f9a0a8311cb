// The published schemas (schemas/*.schema.json) and the checks every input
// goes through: the schemas match what roofline writes and what is committed,
// and each bad input is refused with one line naming the file, the field (a
// JSON pointer) and what is wrong.
#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <set>
#include <sstream>

#include <unistd.h>

#include "chart/chart.hpp"
#include "chart/svg.hpp"
#include "analysis/analysis.hpp"
#include "files/files.hpp"
#include "model/model.hpp"

using namespace roofline;
using nlohmann::json;
namespace fs = std::filesystem;

namespace {

const fs::path kSource = ROOFLINE_SOURCE_DIR;

std::string text_of(const fs::path& p) {
  std::ifstream in(p);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

json committed(const std::string& relative) { return json::parse(text_of(kSource / relative)); }

// The problem the check finds, as text; "" when the document is valid.
std::string problem(const json& doc, DocumentKind kind) {
  const auto p = schema_problem(doc, kind);
  return p ? p->text() : "";
}

// What parse_* throws for a document, as text; "" when it reads.
template <typename Parse>
std::string refusal(Parse parse, const std::string& text) {
  try {
    parse(text);
  } catch (const InputFileError& e) {
    return e.what();
  }
  return "";
}

std::string roofs_refusal(const json& doc) {
  return refusal([](const std::string& t) { return parse_roofs(t, "r.json"); }, doc.dump());
}
std::string counts_refusal(const std::string& text) {
  return refusal([](const std::string& t) { return parse_counts(t, "c.json"); }, text);
}
std::string placement_refusal(const json& doc) {
  return refusal([](const std::string& t) { return parse_placements(t, "p.json"); }, doc.dump());
}
std::string levels_refusal(const std::string& text) {
  return refusal([](const std::string& t) { return parse_level_override(t, "l.json"); }, text);
}

// A message the way docs/cli.md promises it: one line, the file first, none
// of the JSON library's or the validator's own words.
void check_message(const std::string& message, const std::string& expected) {
  CAPTURE(message);
  CHECK(message == expected);
  CHECK(message.find('\n') == std::string::npos);
  for (const char* leak : {"json.exception", "cannot use", "type must be", "Failed to", "Expected number", "constraint"})
    CHECK(message.find(leak) == std::string::npos);
}

// A small roofs document as the tool writes it: one compute and one memory ceiling, a level.
json small_roofs() {
  RoofsDocument d;
  d.device.name = "Test device";
  Ceiling c;
  c.kind = CeilingKind::compute;
  c.op = Op::mad;
  c.type = DataType::float32;
  c.width = 4;
  c.value = 6.5e13;
  c.stats = Stats{6.5e13, 6.4e13, 6.6e13, 6.5e13, 1e11, 0.002, 9};
  c.launch = {270336, 256};
  d.ceilings.push_back(c);
  Ceiling m;
  m.kind = CeilingKind::memory;
  m.op = Op::read;
  m.level = MemoryLevel::cache("L1");
  m.capacity_bytes = 32768;
  m.value = 4.0e12;
  d.ceilings.push_back(m);
  MemoryCurves curves;
  curves.levels = {{MemoryLevel::cache("L1"), 32768.0, 4e12, 1.5, 1024, 32768},
                   {MemoryLevel::of_kind(LevelKind::dram), std::nullopt, 1e12, 300.0, 65536, 1e9}};
  d.memory = curves;
  return d;
}

json small_placement() {
  Placement p;
  p.kernel = "triad";
  p.flops = 2e6;
  p.bytes = 24e6;
  p.ai = p.flops / p.bytes;
  p.seconds = 1e-3;
  p.time = Stats{1e-3, 9e-4, 1.1e-3, 1e-3, 1e-5, 0.01, 5};
  p.performance = 2e9;
  p.attained = {MemoryLevel::of_kind(LevelKind::dram), "DRAM read", 2.5e9, 0.8};
  p.flops_by_type = {{DataType::float32, 2e6}};
  p.bytes_by_space = {{AddressSpace::global, {16e6, 8e6}}};
  return p;
}

json small_counts() {
  CountsFile c;
  c.launch.kernel = "triad";
  c.launch.source_hash = source_hash("__kernel void triad() {}");
  c.launch.global = {4096};
  c.launch.args = {{"a", "float[4096]:zeros"}};
  c.counts.slot[kFlopFloat] = 8192;
  c.counts.slot[kGlobalLoad] = 32768;
  c.counts.slot[kGlobalStore] = 16384;
  c.work_items = 4096;
  return counts_to_json(c);
}

}  // namespace

TEST_CASE("the embedded schemas are the files of schemas/, and each parses") {
  std::set<std::string> embedded;
  for (const SchemaFile& f : embedded_schema_files()) {
    CAPTURE(f.name);
    embedded.insert(f.name);
    CHECK(text_of(kSource / "schemas" / f.name) == f.text);
  }
  std::set<std::string> on_disk;
  for (const auto& e : fs::directory_iterator(kSource / "schemas")) on_disk.insert(e.path().filename().string());
  CHECK(embedded == on_disk);
  for (DocumentKind kind : {DocumentKind::roofs, DocumentKind::placement, DocumentKind::counts, DocumentKind::level_override,
                            DocumentKind::trace, DocumentKind::analysis, DocumentKind::capture, DocumentKind::fleet}) {
    CAPTURE(schema_file_name(kind));
    CHECK(embedded.count(schema_file_name(kind)) == 1);
    CHECK_NOTHROW(schema_problem(json::object(), kind));
  }
}

TEST_CASE("definitions are named once across the schema files") {
  // valijson caches a "#/definitions/NAME" reference by its pointer alone:
  // two files defining one name would share the first one's schema.
  std::map<std::string, std::string> defined_in;
  for (const SchemaFile& f : embedded_schema_files()) {
    const json definitions = json::parse(f.text).value("definitions", json::object());
    for (const auto& [name, schema] : definitions.items()) {
      const std::string file = f.name;
      const auto [first, fresh] = defined_in.emplace(name, file);
      CHECK_MESSAGE(fresh, name << " in " << file << " and " << first->second);
    }
  }
  CHECK(defined_in.size() > 20);
}

TEST_CASE("the schemas' versions are the ones this roofline reads") {
  const auto version_max = [](const char* file) {
    return committed(std::string("schemas/") + file)
        .at("/properties/schema_version/maximum"_json_pointer)
        .get<int>();
  };
  CHECK(version_max("roofs.schema.json") == kSchemaVersion);
  CHECK(version_max("counts.schema.json") == kCountsSchemaVersion);
  CHECK(committed("schemas/placement.schema.json").at("/definitions/placement/properties/schema_version/maximum"_json_pointer) ==
        kPlacementSchemaVersion);
  CHECK(version_max("capture.schema.json") == kCaptureSchemaVersion);
}

TEST_CASE("every committed roofs, placement, counts, trace, analysis, capture and fleet file is valid against its schema") {
  int roofs = 0, placements = 0, counts = 0, traces = 0, analyses = 0, captures = 0, fleets = 0;
  for (const auto& e : fs::recursive_directory_iterator(kSource / "roofs")) {
    if (e.path().extension() != ".json") continue;
    CAPTURE(e.path().string());
    const json j = json::parse(text_of(e.path()));
    const std::string schema = j.value("schema", "");
    if (schema == "roofline-counts") {
      CHECK(problem(j, DocumentKind::counts) == "");
      ++counts;
    } else if (schema == "roofline-placement") {
      CHECK(problem(j, DocumentKind::placement) == "");
      ++placements;
    } else if (schema == "roofline-trace") {
      CHECK(problem(j, DocumentKind::trace) == "");
      ++traces;
    } else if (schema == "roofline-analysis") {
      CHECK(problem(j, DocumentKind::analysis) == "");
      ++analyses;
    } else if (schema == "roofline-fleet") {
      CHECK(problem(j, DocumentKind::fleet) == "");
      ++fleets;
    } else if (schema == "roofline-capture") {
      CHECK(problem(j, DocumentKind::capture) == "");
      ++captures;
    } else if (schema == "roofline-comparison") {
      CHECK(problem(j, DocumentKind::comparison) == "");
    } else if (schema == "roofline-evaluation-summary") {
      continue;  // roofs/place/evaluation_summary.py's tables, not a file the tool reads
    } else {
      CHECK(problem(j, DocumentKind::roofs) == "");
      ++roofs;
    }
  }
  CHECK(roofs >= 4);
  CHECK(placements >= 30);
  CHECK(counts >= 15);
  CHECK(traces >= 10);  // roofs/raw/trace-nvidia-h200
  CHECK(analyses >= 30);  // roofs/place/*-analysis, aiwc-table1
  CHECK(captures >= 20);  // the layer's manifests in roofs/raw/trace-overhead
  CHECK(fleets >= 2);     // roofs/cluster
}

TEST_CASE("what the tool writes is valid against the schemas") {
  CHECK(problem(small_roofs(), DocumentKind::roofs) == "");
  CHECK(problem(small_placement(), DocumentKind::placement) == "");
  CHECK(problem(json::array({small_placement(), small_placement()}), DocumentKind::placement) == "");
  CHECK(problem({{"placements", {small_placement()}}}, DocumentKind::placement) == "");
  Placement analysed = small_placement();
  analysed.analysis = PlacementAnalysis{{{"L1", 24e6, 2e6 / 24e6}, {"DRAM", 24e6, 2e6 / 24e6}}, std::nullopt, {{"k.cl:3", FindingCode::memory_bound, "bound by DRAM read", "tile the loops"}}};
  CHECK(problem(analysed, DocumentKind::placement) == "");
  analysed.analysis->levels[0].bytes = -1;
  CHECK(problem(analysed, DocumentKind::placement) != "");
  CHECK(problem(small_counts(), DocumentKind::counts) == "");
  // A default document (what an interrupted build saves before its first ceiling).
  CHECK(problem(json(RoofsDocument{}), DocumentKind::roofs) == "");
  CHECK(problem(json(Placement{}), DocumentKind::placement).find("/seconds") == 0);  // no time: not written by place
}

TEST_CASE("a placement's math section is valid against the schema, read back, and checked by field") {
  Placement p = small_placement();
  const MathCall rsqrt{MathFunction::rsqrt, MathForm::precise, DataType::float32};
  const MathCall nsin{MathFunction::sin, MathForm::native, DataType::float32};
  p.math_calls = {{rsqrt, 4e6}, {nsin, 1e6}};
  MathPlacement m;
  m.calls = {{rsqrt, 4e6, 2e9, 2e-3}, {nsin, 1e6, std::nullopt, 0}};
  m.seconds = 2e-3;
  m.flop_seconds = 1e-4;
  m.memory_seconds = 5e-4;
  m.roof = "rsqrt roof";
  m.roof_performance = 1e9;
  m.bound = true;
  p.math = m;
  p.prediction = Prediction{2e-3, {PredictionTermKind::math, "rsqrt roof", std::nullopt, 4e6, 2e9, 2e-3}, {}};
  p.prediction->terms = {p.prediction->limit};
  const json j = p;
  CHECK(problem(j, DocumentKind::placement) == "");
  CHECK(j.at("math").at("calls").at(0).at("name") == "rsqrt");
  CHECK(j.at("math").at("calls").at(1).at("calls_per_s").is_null());
  const Placement back = parse_placements(j.dump(), "p.json").at(0);
  REQUIRE(back.math);
  CHECK(back.math->bound);
  CHECK(back.math->roof == "rsqrt roof");
  CHECK(back.math->calls.size() == 2);
  CHECK(!back.math->calls[1].calls_per_s);
  CHECK(back.math_calls.at(rsqrt) == 4e6);
  CHECK(back.prediction->limit.kind == PredictionTermKind::math);
  json bad = j;
  bad["math"]["calls"][0]["calls"] = -1;
  CHECK(placement_refusal(bad).find("/math/calls/0/calls") != std::string::npos);
  bad = j;
  bad["math"].erase("bound");
  CHECK(placement_refusal(bad).find("/math") != std::string::npos);
  bad = j;
  bad["math"]["calls"][0]["form"] = "fast";
  CHECK(placement_refusal(bad).find("/math/calls/0") != std::string::npos);
}

TEST_CASE("a trace file is an application's kernels with the placement and counts forms") {
  const json placement = committed("roofs/place/nvidia-h200/triad.json");
  const json counts = committed("roofs/place/counts/triad.counts.json");
  json trace = {{"schema", "roofline-trace"},
                {"schema_version", 1},
                {"tool", {{"name", "roofline"}, {"version", "0.1.0"}}},
                {"application", {{"command", {"./app", "--size", "1024"}}, {"exit_status", 0}, {"seconds", 2.5}}},
                {"used_opencl", true},
                {"device", "NVIDIA H200"},
                {"roofs", "roofs/nvidia-h200.json"},
                {"summary",
                 {{"wall_seconds", 2.5}, {"kernel_seconds", 1.8e-4}, {"transfer_seconds", 0.01}, {"idle_seconds", 0.2},
                  {"idle_gaps", 3}}},
                {"kernels", json::array()},
                {"transfers",
                 {{{"kind", "write"}, {"path", "host_to_device"}, {"bytes", 4096}, {"count", 2}, {"bytes_total", 8192},
                   {"seconds", 4e-6}, {"model_seconds", 2.1e-6}}}}};
  for (int i = 0; i < 3; ++i)
    trace["kernels"].push_back({{"kernel", "triad" + std::to_string(i)},
                                {"program", counts["launch"]["source_hash"]},
                                {"launches", 10},
                                {"seconds", 6.1e-5},
                                {"time_share", 1.0 / 3},
                                {"signatures",
                                 {{{"global", {16777216}}, {"local", json::array()}, {"launches", 10}, {"seconds", 6.1e-5},
                                   {"counts", counts}}}},
                                {"placement", placement},
                                {"headroom_seconds", 1e-5}});
  CHECK(problem(trace, DocumentKind::trace) == "");
  json bad = trace;
  bad["kernels"][2]["signatures"][0]["counts"]["counters"]["flop_float"] = -1;
  CHECK(problem(bad, DocumentKind::trace) == "/kernels/2/signatures/0/counts/counters/flop_float: must be at least 0, got -1");
  bad = trace;
  bad["kernels"][1]["placement"]["seconds"] = 0;
  CHECK(problem(bad, DocumentKind::trace) == "/kernels/1/placement/seconds: must be greater than 0, got 0");
  bad = trace;
  bad["kernels"][0]["signatures"][0]["global"] = json::array();
  CHECK(problem(bad, DocumentKind::trace) == "/kernels/0/signatures/0/global: must have at least one item");
  bad = trace;
  bad["transfers"][0]["path"] = "sideways";
  CHECK(problem(bad, DocumentKind::trace).find("/transfers/0/path") == 0);
}

TEST_CASE("negative or zero ceilings are refused") {
  json d = small_roofs();
  d["ceilings"][0]["value"] = -5;
  check_message(roofs_refusal(d), "r.json: /ceilings/0/value: must be greater than 0, got -5");
  d["ceilings"][0]["value"] = 0;
  check_message(roofs_refusal(d), "r.json: /ceilings/0/value: must be greater than 0, got 0");
  d = small_roofs();
  d["ceilings"][1]["theory"] = -1e12;
  check_message(roofs_refusal(d), "r.json: /ceilings/1/theory: must be greater than 0, got -1000000000000.0");
}

TEST_CASE("a math roof of no calls per second and suite figures beyond what they are read into are refused") {
  json d = small_roofs();
  MathRoof r;
  r.call = {MathFunction::rsqrt, MathForm::precise, DataType::float32};
  r.calls_per_s = Stats{2e12, 2e12, 2e12, 2e12, 0, 0, 3};
  d["math"] = json::array({r});
  CHECK(roofs_refusal(d) == "");
  d["math"][0]["calls_per_s"]["median"] = 0;  // read as no roof, the calls untimed: not a roof
  check_message(roofs_refusal(d), "r.json: /math/0/calls_per_s/median: must be greater than 0, got 0");
  d["math"][0]["calls_per_s"]["median"] = -1;
  check_message(roofs_refusal(d), "r.json: /math/0/calls_per_s/median: must be at least 0, got -1");  // the stats' own bound
  d = small_roofs();
  MeasuredSeries c;
  c.tags = {Op::read, DataType::float32, 1, {}, {}};
  c.points = {{1, Stats{1e12, 1e12, 1e12, 1e12, 0, 0, 3}, std::nullopt, 0}};
  d["global_stride"] = section_to_json(suite_row(SuiteBenchmark::global_stride), {c});
  CHECK(roofs_refusal(d) == "");
  d["global_stride"][0]["points"][0]["stride"] = 5000000000;  // read into 32 bits
  CHECK(roofs_refusal(d).rfind("r.json: /global_stride/0/points/0/stride: ", 0) == 0);
  d["global_stride"][0]["points"][0]["stride"] = 0;  // stride 0 is same_address, which the curve's chart and table draw apart
  CHECK(roofs_refusal(d).rfind("r.json: /global_stride/0/points/0/stride: ", 0) == 0);
  d["global_stride"][0]["points"][0]["stride"] = 1;
  d["global_stride"][0]["same_address"] = d["global_stride"][0]["points"][0];
  CHECK(roofs_refusal(d).rfind("r.json: /global_stride/0/same_address", 0) == 0);
  d["global_stride"][0]["same_address"]["stride"] = 0;
  CHECK(roofs_refusal(d) == "");
  d["global_stride"][0]["width"] = 3000000000;
  CHECK(roofs_refusal(d).rfind("r.json: /global_stride/0/width: must be one of 1, 2, 3, 4, 8 or 16", 0) == 0);
  d["global_stride"][0]["width"] = 1;
  d["global_stride"][0]["type"] = "quad";
  CHECK(roofs_refusal(d).rfind("r.json: /global_stride/0/type: ", 0) == 0);
  d = small_roofs();
  MeasuredSeries t;
  t.points = {{1, Stats{1e-3, 1e-3, 1e-3, 1e-3, 0, 0, 3}, std::nullopt, 0}};
  d["divergence"] = section_to_json(suite_row(SuiteBenchmark::divergence), {t});
  CHECK(roofs_refusal(d) == "");
  d["divergence"]["points"][0]["paths"] = 5000000000;  // read into an int
  CHECK(roofs_refusal(d).rfind("r.json: /divergence/points/0/paths: ", 0) == 0);
}

TEST_CASE("schema versions below 1 or newer than this roofline are refused") {
  json d = small_roofs();
  d["schema_version"] = -1;
  check_message(roofs_refusal(d), "r.json: /schema_version: must be at least 1, got -1");
  d["schema_version"] = kSchemaVersion + 1;
  check_message(roofs_refusal(d), "r.json: /schema_version: written by a newer roofline (schema version 3; this one reads up to 2)");
  json c = small_counts();
  c["schema_version"] = kCountsSchemaVersion + 1;
  check_message(counts_refusal(c.dump()), "c.json: /schema_version: written by a newer roofline (schema version 3; this one reads up to 2)");
  json p = small_placement();
  p["schema_version"] = 0;
  check_message(placement_refusal(p), "p.json: /schema_version: must be at least 1, got 0");
  check_message(roofs_refusal(json::object()), "r.json: not a roofs file (no schema_version)");
  check_message(roofs_refusal(json::array()), "r.json: not a roofs file (no schema_version)");
}

TEST_CASE("names outside their vocabulary are refused by the schema's enums") {
  const auto with = [](const char* pointer, const json& value) {
    json d = small_roofs();
    d[json::json_pointer(pointer)] = value;
    return roofs_refusal(d);
  };
  check_message(with("/ceilings/0/kind", "bogus"), "r.json: /ceilings/0/kind: must be one of \"compute\" or \"memory\", got \"bogus\"");
  check_message(with("/ceilings/0/op", "fma"),
                "r.json: /ceilings/0/op: must be one of \"add\", \"mad\", \"read\", \"store\", \"copy\" or \"image\", got \"fma\"");
  check_message(with("/ceilings/0/type", "quad"),
                "r.json: /ceilings/0/type: must be one of \"int\", \"float\", \"double\" or \"half\", got \"quad\"");
  check_message(with("/ceilings/0/unit", "B/s"), "r.json: /ceilings/0/unit: must be \"FLOP/s\", got \"B/s\"");
  check_message(with("/ceilings/1/op", "mad"),
                "r.json: /ceilings/1/op: must be one of \"read\", \"store\", \"copy\" or \"image\", got \"mad\"");
  json m = small_roofs();
  m["ceilings"][1].erase("level");
  check_message(roofs_refusal(m), "r.json: /ceilings/1/level: missing");
  json p = small_placement();
  p["flops_by_type"]["quad"] = 1;
  check_message(placement_refusal(p), "p.json: /flops_by_type/quad: not a field of this file (known here: double, float or half)");
  p = small_placement();
  p["unit"] = "B/s";
  check_message(placement_refusal(p), "p.json: /unit: must be one of \"FLOP/s\" or \"INTOP/s\", got \"B/s\"");
}

TEST_CASE("widths, levels' capacities and bandwidths out of range are refused") {
  json d = small_roofs();
  d["ceilings"][0]["width"] = -4;
  check_message(roofs_refusal(d), "r.json: /ceilings/0/width: must be one of 1, 2, 3, 4, 8 or 16, got -4");
  d["ceilings"][0]["width"] = 1ll << 40;
  check_message(roofs_refusal(d), "r.json: /ceilings/0/width: must be one of 1, 2, 3, 4, 8 or 16, got 1099511627776");
  d = small_roofs();
  d["memory"]["levels"][0]["capacity_bytes"] = -32768;
  check_message(roofs_refusal(d), "r.json: /memory/levels/0/capacity_bytes: must be greater than 0, got -32768");
  d = small_roofs();
  d["memory"]["levels"][1]["bandwidth"] = -1e12;
  check_message(roofs_refusal(d), "r.json: /memory/levels/1/bandwidth: must be at least 0, got -1000000000000.0");
  d = small_roofs();
  d["ceilings"][1]["capacity_bytes"] = 0;
  check_message(roofs_refusal(d), "r.json: /ceilings/1/capacity_bytes: must be greater than 0, got 0");
  d = small_roofs();
  d["device"]["compute_units"] = 1ll << 40;
  check_message(roofs_refusal(d), "r.json: /device/compute_units: must be at most 4294967295, got 1099511627776");
}

TEST_CASE("counters that are negative, fractional or beyond 64 bits are refused") {
  const std::string good = small_counts().dump();
  const auto with_counter = [&](const std::string& value) {
    std::string text = good;
    const std::string key = "\"flop_float\":8192";
    REQUIRE(text.find(key) != std::string::npos);
    return counts_refusal(text.replace(text.find(key), key.size(), "\"flop_float\":" + value));
  };
  check_message(with_counter("-1"), "c.json: /counters/flop_float: must be at least 0, got -1");
  // 2^64 + 5 does not fit 64 bits: the parser makes it a double, which is no count.
  check_message(with_counter("18446744073709551621"), "c.json: /counters/flop_float: must be an integer, got 1.8446744073709552e+19");
  check_message(with_counter("1.5"), "c.json: /counters/flop_float: must be an integer, got 1.5");
  check_message(with_counter("\"8192\""), "c.json: /counters/flop_float: must be an integer, got the string \"8192\"");
  check_message(with_counter("9223372036854775808"),
                "c.json: /counters/flop_float: must be at most 9223372036854775807, got 9223372036854775808");
  CHECK(counts_refusal(good) == "");
  CHECK(parse_counts(good, "c.json").counts.slot[kFlopFloat] == 8192);
  json c = small_counts();
  c["counters"].erase("intop");
  check_message(counts_refusal(c.dump()), "c.json: /counters/intop: missing");
  c = small_counts();
  c["launch"]["source_hash"] = "xyz";
  check_message(counts_refusal(c.dump()), "c.json: /launch/source_hash: must match ^[0-9a-f]{16}$, got \"xyz\"");
  check_message(counts_refusal("{\"schema\": \"roofline-roofs\"}"), "c.json: not a counts file (no \"schema\": \"roofline-counts\")");
}

TEST_CASE("NaN and infinity are refused anywhere") {
  // JSON has neither; a number beyond a double's range parses as neither either.
  json d = small_roofs();
  const std::string text = d.dump();
  std::string huge = text;
  const std::string key = "\"value\":65000000000000.0";
  REQUIRE(huge.find(key) != std::string::npos);
  huge.replace(huge.find(key), key.size(), "\"value\":1e999");
  const std::string message = refusal([](const std::string& t) { return parse_roofs(t, "r.json"); }, huge);
  CHECK(message.rfind("r.json: not a finite number: 1e999 at line 1, column ", 0) == 0);
  check_message(message, message);
  // A document made in code may hold them: the check names where.
  for (double bad : {std::nan(""), std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()}) {
    d = small_roofs();
    d["memory"]["levels"][0]["latency_ns"] = bad;
    CHECK(problem(d, DocumentKind::roofs) == "/memory/levels/0/latency_ns: not a finite number");
    json p = small_placement();
    p["bound"]["fraction"] = bad;
    CHECK(problem(p, DocumentKind::placement) == "/bound/fraction: not a finite number");
  }
  // nlohmann writes NaN as null: a number field that is null is refused too.
  json p = small_placement();
  p["seconds"] = nullptr;
  check_message(placement_refusal(p), "p.json: /seconds: must be a number, got null");
}

TEST_CASE("messages name the file, the field and what was wrong; the library's words stay inside") {
  check_message(refusal([](const std::string& t) { return parse_roofs(t, "r.json"); }, "{\"schema_version\": 1,\n  \"device\": }"),
                "r.json: not JSON (syntax error at line 2, column 13)");
  check_message(refusal([](const std::string& t) { return parse_roofs(t, "r.json"); }, ""), "r.json: not JSON (empty)");
  json d = small_roofs();
  d["device"] = nullptr;  // once: "type must be object, but is null"
  check_message(roofs_refusal(d), "r.json: /device: must be an object, got null");
  d = small_roofs();
  d["ceilings"][0]["stats"] = nullptr;  // once: "cannot use at() with null"... now refused by type
  check_message(roofs_refusal(d), "r.json: /ceilings/0/stats: must be an object, got null");
  d = small_roofs();
  d["ceilings"] = {{{"kind", "compute"}}};
  check_message(roofs_refusal(d), "r.json: /ceilings/0/op: missing");
  // Nesting beyond any roofline file is refused before it is walked.
  const std::string deep = std::string(100000, '[') + std::string(100000, ']');
  check_message(refusal([](const std::string& t) { return parse_placements(t, "p.json"); }, deep),
                "p.json: not a roofline file (nested deeper than 64 levels)");
  // Files that cannot be read say why.
  const fs::path dir = fs::temp_directory_path() / "roofline-test-schema";
  fs::create_directories(dir);
  check_message(refusal([](const std::string& t) { return load_roofs(t); }, dir.string()),
                "cannot read roofs file " + dir.string() + ": is a directory");
  check_message(refusal([](const std::string& t) { return load_counts(t); }, (dir / "none.json").string()),
                "cannot read counts file " + (dir / "none.json").string() + ": No such file or directory");
  fs::remove_all(dir);
}

TEST_CASE("a placement without a dot, or of an unknown shape, is refused by field") {
  json p = small_placement();
  p["ai"] = 0;
  check_message(placement_refusal(json::array({small_placement(), p})),
                "p.json: /1/ai: the placement of triad has no positive ai (it moves no bytes): it has no dot");
  check_message(placement_refusal({{"placements", {p}}}),
                "p.json: /placements/0/ai: the placement of triad has no positive ai (it moves no bytes): it has no dot");
  check_message(placement_refusal(json(42)), "p.json: must be an object, got 42");
  p = small_placement();
  p.erase("kernel");
  check_message(placement_refusal(json::array({p})), "p.json: /0/kernel: missing");
  CHECK(parse_placements(json::array({small_placement(), small_placement()}).dump(), "p.json").size() == 2);
}

TEST_CASE("a level override file is checked whole before anything is measured") {
  const std::string ok = R"({"levels":[{"name":"L1","capacity_bytes":32768},{"name":"DRAM"}]})";
  const auto levels = parse_level_override(ok, "l.json");
  REQUIRE(levels.size() == 2);
  CHECK(*levels[0].capacity_bytes == 32768);
  CHECK(!levels[1].capacity_bytes);
  check_message(levels_refusal("\x7f" "ELF\x02\x01\x01"), "l.json: not JSON (syntax error at line 1, column 1)");
  check_message(levels_refusal(R"({"levels": []})"), "l.json: /levels: must have at least one item");
  check_message(levels_refusal(R"({})"), "l.json: /levels: missing");
  check_message(levels_refusal(R"({"level": []})"), "l.json: /level: not a field of this file (known here: levels)");
  check_message(levels_refusal(R"({"levels":[{"name":"L1","capacity":32768},{"name":"DRAM"}]})"),
                "l.json: /levels/0/capacity: not a field of this file (known here: capacity_bytes or name)");
  check_message(levels_refusal(R"({"levels":[{"name":"L1","capacity_bytes":-1},{"name":"DRAM"}]})"),
                "l.json: /levels/0/capacity_bytes: must be greater than 0, got -1");
  check_message(levels_refusal(R"({"levels":[{"name":""},{"name":"DRAM"}]})"), "l.json: /levels/0/name: must not be empty");
  check_message(levels_refusal(R"({"levels":[{"name":"L1"},{"name":"DRAM"}]})"),
                "l.json: /levels/0/capacity_bytes: missing: every level but the last needs a capacity (L1)");
  check_message(levels_refusal(R"({"levels":[{"name":"L1","capacity_bytes":65536},{"name":"L2","capacity_bytes":32768},{"name":"DRAM"}]})"),
                "l.json: /levels/1/capacity_bytes: capacities must increase, 32768 of L2 does not exceed 65536 of L1");
}

TEST_CASE("numbers that are not finite are refused where they would be drawn or printed") {
  CHECK(format_text("%.2f ms", 1.5) == "1.50 ms");
  CHECK(format_text("%s %d %zu %.1f%%", "x", -3, std::size_t(7), 12.25) == "x -3 7 12.2%");
  CHECK_THROWS_WITH_AS(format_text("median time %.4g ms", -std::numeric_limits<double>::infinity()),
                       "a number to show is not finite: \"median time -inf ms\"", NonFiniteNumber);
  CHECK_THROWS_AS(format_text("%*.*f", 8, 2, std::nan("")), NonFiniteNumber);
  CHECK_THROWS_AS(format_si(std::numeric_limits<double>::infinity(), "%"), NonFiniteNumber);
  CHECK_THROWS_AS(format_si(std::nan(""), RateUnit::flop), NonFiniteNumber);
  CHECK_THROWS_AS(chart::px(std::nan("")), NonFiniteNumber);
  CHECK(chart::px(2.5) == "2.50");
  // A dot that never went through the schema (made in code) whose slowest
  // run took forever: its error bar would end at y = -inf. The chart refuses
  // rather than writing "-inf" coordinates.
  const RoofsDocument d = small_roofs().get<RoofsDocument>();
  Placement dot = small_placement().get<Placement>();
  const std::string svg = render_chart(ChartSpec{ChartKind::carm}, {&d}, {}, {dot});
  CHECK(svg.find("class=\"dot\"") != std::string::npos);
  CHECK(svg.find("nan") == std::string::npos);
  CHECK(svg.find("inf") == std::string::npos);
  dot.time.max = std::numeric_limits<double>::infinity();
  CHECK_THROWS_AS(render_chart(ChartSpec{ChartKind::carm}, {&d}, {}, {dot}), NonFiniteNumber);
}

TEST_CASE("--compute picks a file has no roof for are named") {
  const RoofsDocument d = small_roofs().get<RoofsDocument>();  // float MAD only
  CHECK(chart::unmatched_roof_pick(d, {"float:mad", "float", "all"}) == "");
  CHECK(chart::unmatched_roof_pick(d, {"float:mad", "half:mad"}) == "half:mad");
  CHECK(chart::unmatched_roof_pick(d, {"double"}) == "double");
  CHECK(chart::unmatched_roof_pick(d, {"float:add"}) == "float:add");
}

TEST_CASE("math calls outside the vocabulary or that OpenCL C does not define are refused") {
  // A counts file whose math category is 16 calls of `call`.
  const auto counts_with = [](const json& call) {
    json c = small_counts();
    json entry = call;
    entry["calls"] = 16;
    c["math"] = json::array({entry});
    return c.dump();
  };
  const auto with_call = [&](const json& call) { return counts_refusal(counts_with(call)); };
  const json rsqrt = {{"function", "rsqrt"}, {"form", "precise"}, {"type", "float"}};
  CHECK(parse_counts(counts_with(rsqrt), "c.json").counts.math.at(MathCall{MathFunction::rsqrt, MathForm::precise, DataType::float32}) == 16);
  json bogus = rsqrt;
  bogus["function"] = "bogus";
  CHECK(with_call(bogus).rfind("c.json: /math/0/function: must be one of \"add\", \"sub\"", 0) == 0);
  json native_fmax = rsqrt;
  native_fmax["function"] = "fmax", native_fmax["form"] = "native";
  check_message(with_call(native_fmax), "c.json: fmax has no native_ form");
  json native_double = rsqrt;
  native_double["form"] = "native", native_double["type"] = "double";
  check_message(with_call(native_double), "c.json: native_rsqrt is defined on float only, not double");
  json sin_int = rsqrt;
  sin_int["function"] = "sin", sin_int["type"] = "int";
  check_message(with_call(sin_int), "c.json: sin is not defined on int");
}

TEST_CASE("the schema's math function names are the vocabulary's, in its order") {
  json common;
  for (const SchemaFile& f : embedded_schema_files())
    if (std::string(f.name) == "common.schema.json") common = json::parse(f.text);
  std::vector<std::string> names;
  for (const auto& n : Vocabulary<MathFunction>::names) names.emplace_back(n.name);
  CHECK(common["definitions"]["math_call"]["properties"]["function"]["enum"].get<std::vector<std::string>>() == names);
}

namespace {
// The names of an enum of the vocabulary, in its order.
template <typename Enum>
std::vector<std::string> vocabulary_names() {
  std::vector<std::string> out;
  for (const auto& n : Vocabulary<Enum>::names) out.emplace_back(n.name);
  return out;
}
}  // namespace

TEST_CASE("the capture schema's names are the vocabulary's, in its order") {
  const json s = committed("schemas/capture.schema.json");
  const auto names = [&](const char* pointer) { return s.at(json::json_pointer(pointer)).get<std::vector<std::string>>(); };
  CHECK(names("/properties/state/enum") == vocabulary_names<CaptureState>());
  CHECK(names("/properties/path/enum") == vocabulary_names<CapturePath>());
  CHECK(names("/properties/settings/properties/count/enum") == vocabulary_names<CountMode>());
  std::vector<std::string> device_types = vocabulary_names<DeviceType>();
  device_types.push_back("custom");  // manifests written before DeviceType
  CHECK(names("/definitions/captured_device/properties/type/enum") == device_types);
  CHECK(names("/definitions/captured_program/properties/origin/enum") == vocabulary_names<ProgramOrigin>());
  CHECK(names("/definitions/captured_program/properties/builds/items/properties/step/enum") == vocabulary_names<BuildStep>());
  CHECK(names("/definitions/captured_arg/properties/kind/enum") == vocabulary_names<ArgKind>());
  CHECK(names("/definitions/captured_signature/properties/not_counted/items/enum") == vocabulary_names<NotCounted>());
  CHECK(names("/definitions/captured_signature/properties/copies/items/properties/status/enum") == vocabulary_names<CopyStatus>());
  CHECK(names("/definitions/captured_transfer/properties/kind/enum") == vocabulary_names<TransferKind>());
  CHECK(names("/definitions/captured_transfer/properties/path/enum") == vocabulary_names<TransferPath>());
}

// Files that pass their schema but describe what cannot exist (issue 27):
// each refused with the field's pointer and the reason, or flagged where
// physics allows it.
namespace {

// small_roofs with an L2 between L1 and DRAM, and the L2 read roof.
json three_levels() {
  json d = small_roofs();
  d["memory"]["levels"] = json::array({d["memory"]["levels"][0], d["memory"]["levels"][0], d["memory"]["levels"][1]});
  d["memory"]["levels"][1]["name"] = "L2";
  d["memory"]["levels"][1]["capacity_bytes"] = 1048576;
  json l2 = d["ceilings"][1];
  l2["level"] = "L2";
  l2["capacity_bytes"] = 1048576;
  l2["value"] = 2e12;
  d["ceilings"].push_back(l2);
  return d;
}

// A document's text with `key` (as compact JSON writes it) replaced.
std::string replaced(const std::string& text, const std::string& key, const std::string& with) {
  std::string out = text;
  const auto at = out.find(key);
  REQUIRE(at != std::string::npos);
  return out.replace(at, key.size(), with);
}

std::string roofs_text_refusal(const std::string& text) {
  return refusal([](const std::string& t) { return parse_roofs(t, "r.json"); }, text);
}

}  // namespace

TEST_CASE("a key given twice in one object is refused by its pointer, in every JSON input") {
  const std::string roofs = small_roofs().dump();
  check_message(roofs_text_refusal(replaced(roofs, "\"value\":65000000000000.0", "\"value\":65000000000000.0,\"value\":1.0")),
                "r.json: /ceilings/0/value: given twice in one object (which of the two values is meant cannot be told)");
  check_message(roofs_text_refusal(replaced(roofs, "{", "{\"schema_version\":2,")),
                "r.json: /schema_version: given twice in one object (which of the two values is meant cannot be told)");
  // Keys that need escaping in a pointer are escaped.
  check_message(roofs_text_refusal(replaced(roofs, "{", "{\"a/b~\":1,\"a/b~\":2,")),
                "r.json: /a~1b~0: given twice in one object (which of the two values is meant cannot be told)");
  const std::string placement = json::array({small_placement()}).dump();
  CHECK(placement_refusal(json::parse(placement)) == "");
  CHECK(refusal([](const std::string& t) { return parse_placements(t, "p.json"); },
                replaced(placement, "\"kernel\":\"triad\"", "\"kernel\":\"triad\",\"kernel\":\"copy\"")) ==
        "p.json: /0/kernel: given twice in one object (which of the two values is meant cannot be told)");
  CHECK(counts_refusal(replaced(small_counts().dump(), "\"flop_float\":8192", "\"flop_float\":8192,\"flop_float\":1")) ==
        "c.json: /counters/flop_float: given twice in one object (which of the two values is meant cannot be told)");
  CHECK(levels_refusal(R"({"levels":[{"name":"L1","capacity_bytes":32768,"capacity_bytes":65536},{"name":"DRAM"}]})") ==
        "l.json: /levels/0/capacity_bytes: given twice in one object (which of the two values is meant cannot be told)");
  // The same key in two objects is no repetition.
  CHECK(roofs_refusal(small_roofs()) == "");
}

TEST_CASE("detected levels reversed, swapped, duplicated or after DRAM are refused") {
  CHECK(roofs_refusal(three_levels()) == "");
  json d = three_levels();
  std::swap(d["memory"]["levels"][0]["capacity_bytes"], d["memory"]["levels"][1]["capacity_bytes"]);
  check_message(roofs_refusal(d), "r.json: /memory/levels/1/capacity_bytes: 32 KiB of L2 is not above the 1 MiB of L1, "
                                  "the level before it: levels are listed nearest (smallest) first");
  d = three_levels();
  std::swap(d["memory"]["levels"][0]["name"], d["memory"]["levels"][1]["name"]);
  check_message(roofs_refusal(d), "r.json: /memory/levels/1/name: L1 comes after L2: levels are listed nearest first");
  d = three_levels();
  json reversed = json::array();
  for (auto it = d["memory"]["levels"].rbegin(); it != d["memory"]["levels"].rend(); ++it) reversed.push_back(*it);
  d["memory"]["levels"] = reversed;
  check_message(roofs_refusal(d), "r.json: /memory/levels/1/name: L2 comes after DRAM: levels are listed nearest first, DRAM last");
  d = three_levels();
  d["memory"]["levels"][1]["name"] = "L1";
  check_message(roofs_refusal(d), "r.json: /memory/levels/1/name: L1 is listed twice (also /memory/levels/0)");
  // A ceiling at a level the hierarchy does not list.
  d = three_levels();
  d["ceilings"][2]["level"] = "L3";
  check_message(roofs_refusal(d), "r.json: /ceilings/2/level: L3 is not one of the levels found (/memory/levels)");
}

TEST_CASE("a ceiling given twice is refused rather than the best silently taken") {
  json d = three_levels();
  json again = d["ceilings"][0];
  again["value"] = 9e13;
  again["stats"]["max"] = 9e13;
  d["ceilings"].push_back(again);
  check_message(roofs_refusal(d), "r.json: /ceilings/3: a second float4 MAD ceiling (the first is /ceilings/0): which one was measured cannot be told");
  d = three_levels();
  d["ceilings"].push_back(d["ceilings"][1]);
  check_message(roofs_refusal(d), "r.json: /ceilings/3: a second L1 read ceiling of float (the first is /ceilings/1): which one was measured cannot be told");
  // The same op at another width, type or level is another ceiling.
  d = three_levels();
  d["ceilings"].push_back(d["ceilings"][1]);
  d["ceilings"][3]["width"] = 4;
  CHECK(roofs_refusal(d) == "");
}

TEST_CASE("statistics of runs with min above max, or a median or value outside them, are refused") {
  json d = small_roofs();
  d["ceilings"][0]["stats"]["min"] = 6.7e13;
  check_message(roofs_refusal(d), "r.json: /ceilings/0/stats/min: min 6.7e+13 is above max 6.6e+13");
  d = small_roofs();
  d["ceilings"][0]["stats"]["median"] = 7e13;
  check_message(roofs_refusal(d), "r.json: /ceilings/0/stats/median: the median 7e+13 lies outside its runs' range [6.4e+13, 6.6e+13]");
  d = small_roofs();
  d["ceilings"][0]["value"] = 7e13;
  check_message(roofs_refusal(d), "r.json: /ceilings/0/value: float4 MAD 70.0 TFLOP/s lies outside its runs' range [64.0 TFLOP/s, 66.0 TFLOP/s]");
  // No runs (samples 0): only min and max are held to each other.
  d = small_roofs();
  d["ceilings"][0]["stats"]["samples"] = 0;
  d["ceilings"][0]["stats"]["median"] = 7e13;
  CHECK(roofs_refusal(d) == "");
  // A placement's time too.
  json p = small_placement();
  p["time"]["min"] = 2e-3;
  check_message(placement_refusal(p), "p.json: /time/min: min 0.002 is above max 0.0011");
}

TEST_CASE("all-denormal or sub-1/s ceilings are refused rather than drawn where rounding puts them") {
  json d = small_roofs();
  for (auto& c : d["ceilings"]) {
    c["value"] = 1e-310;
    c["stats"] = {{"median", 1e-310}, {"min", 1e-310}, {"max", 1e-310}, {"mean", 1e-310}, {"samples", 3}};
  }
  check_message(roofs_refusal(d), "r.json: /ceilings/0/stats/max: 1e-310 is too small to be exact (below 2.2e-308, the smallest normal double)");
  d = small_roofs();
  d["ceilings"][1]["value"] = 0.5;
  check_message(roofs_refusal(d), "r.json: /ceilings/1/value: L1 read at 0.5 B/s is no roof: no device runs a benchmark kernel below 1 B/s");
}

TEST_CASE("a DRAM roof faster than a cache's is flagged even where the cache's place is unknown") {
  // No detected levels and no capacity: L1's rank is unknown, but it is nearer than DRAM.
  json d = small_roofs();
  d["memory"] = nullptr;
  d["ceilings"][1].erase("capacity_bytes");
  json dram = d["ceilings"][1];
  dram["level"] = "DRAM";
  dram["value"] = 8e12;
  d["ceilings"].push_back(dram);
  const RoofsDocument r = parse_roofs(d.dump(), "r.json");
  CHECK(r.ceilings[1].below_farther_level == "DRAM");
  REQUIRE(r.notes.size() == 1);
  CHECK(r.notes[0].rfind("L1 read 4.00 TB/s is 50% below the DRAM read 8.00 TB/s roof", 0) == 0);
}

TEST_CASE("a placement whose ai or performance contradicts its operations, bytes and time is refused") {
  json p = small_placement();
  p["ai"] = 1.5;
  check_message(placement_refusal(json::array({small_placement(), p})),
                "p.json: /1/ai: the ai 1.5 of triad is not its 2e+06 FLOP over its 2.4e+07 bytes (0.0833333)");
  p = small_placement();
  p["bytes"] = 0;
  check_message(placement_refusal(p), "p.json: /ai: the ai 0.0833333 of triad is not its 2e+06 FLOP over its 0 bytes (it moves none)");
  p = small_placement();
  p["performance"] = 2e12;
  check_message(placement_refusal(p), "p.json: /performance: the performance 2e+12 of triad is not its 2e+06 FLOP over its 0.001 s (2e+09)");
  // Rounded by hand is not a contradiction.
  p = small_placement();
  p["ai"] = 0.0833;
  CHECK(placement_refusal(p) == "");
  // A trace file's dots are held to the same.
  json trace = json::parse(text_of(kSource / "roofs/raw/trace-nvidia-h200/babelstream-count/babelstream.trace.json"));
  std::size_t k = 0;
  while (!trace["kernels"][k].contains("placement")) ++k;
  trace["kernels"][k]["placement"]["ai"] = trace["kernels"][k]["placement"]["ai"].get<double>() * 3;
  const fs::path file = fs::temp_directory_path() / ("roofline-test-trace-" + std::to_string(::getpid()) + ".json");
  std::ofstream(file) << trace.dump();
  const std::string message = refusal([](const std::string& t) { return load_dots(t); }, file.string());
  fs::remove(file);
  CHECK(message.rfind(file.string() + ": /kernels/" + std::to_string(k) + "/placement/ai: the ai ", 0) == 0);
}

TEST_CASE("a level override file with a capacity beyond any device, or beyond the device's memory, is refused") {
  check_message(levels_refusal(R"({"levels":[{"name":"L1","capacity_bytes":32768},{"name":"L2","capacity_bytes":1e300},{"name":"DRAM"}]})"),
                "l.json: /levels/1/capacity_bytes: 1e+300 bytes of L2 is more than any device holds (a 64-bit address "
                "reaches 2^64 bytes, 16 EiB)");
  const auto levels = parse_level_override(R"({"levels":[{"name":"L1","capacity_bytes":32768},{"name":"L2","capacity_bytes":1e12},{"name":"DRAM"}]})", "l.json");
  CHECK_THROWS_WITH_AS(require_levels_fit(levels, 8e9, "l.json"),
                       "l.json: /levels/1/capacity_bytes: 1000000000000 bytes of L2 is more than the device's global memory "
                       "(8000000000 bytes): no level holds more than the memory behind it",
                       InputFileError);
  CHECK_NOTHROW(require_levels_fit(levels, 2e12, "l.json"));
  CHECK_NOTHROW(require_levels_fit(levels, 0, "l.json"));  // a device that does not say
}

TEST_CASE("every committed roofs, placement and trace file is read, the rules of possible files included") {
  int read = 0;
  for (const auto& e : fs::recursive_directory_iterator(kSource / "roofs")) {
    if (e.path().extension() != ".json") continue;
    CAPTURE(e.path().string());
    const std::string schema = json::parse(text_of(e.path())).value("schema", "");
    if (schema == "roofline-placement" || schema == "roofline-trace") CHECK_NOTHROW(load_dots(e.path().string()));
    else if (schema == "roofline-counts") CHECK_NOTHROW(load_counts(e.path().string()));
    else if (schema.empty()) CHECK_NOTHROW(load_roofs(e.path().string()));
    else continue;
    ++read;
  }
  CHECK(read >= 100);
}
