// The analysis's words (analysis/access_analysis, diagnose): a compute limit
// written in operations, line use never above 100% with repeated addresses
// reported as reuse, NVIDIA-like stores charged in sectors, and every finding
// with its code and a suggestion that names the change and what it expects;
// and what a sample lets the cache model see: windows of neighbouring groups
// against single groups spaced apart.
#include <doctest/doctest.h>

#include <algorithm>

#include "analysis/access_analysis.hpp"
#include "model/json_fields.hpp"

using namespace roofline;

namespace {

TargetArchitecture gpu() {
  TargetArchitecture t;
  t.family = "test GPU";  // 32-item steps, 128-byte lines of 32-byte sectors, L1 written through
  t.caches = {{"L1", 4096, false}, {"L2", 65536, true}};
  return t;
}

TraceLayout layout(std::uint64_t groups, std::vector<TraceRegion> regions, std::vector<TraceSite> sites) {
  TraceLayout l;
  l.regions = std::move(regions);
  l.sites = std::move(sites);
  l.sample = {groups, 32, 0, 1, groups};
  return l;
}

TraceAccess access(std::uint32_t region, std::uint64_t offset, std::uint32_t site, std::uint8_t flags, std::uint32_t bytes = 4) {
  TraceAccess a;
  a.region = region;
  a.offset = offset;
  a.site = site;
  a.flags = flags;
  a.bytes = bytes;
  return a;
}

// `groups` groups of 32 items, item i of group g making the one access access_of(g, i).
template <typename AccessOf>
AccessAnalysis analyze(const TraceLayout& l, const TargetArchitecture& t, std::uint64_t groups, AccessOf access_of,
                       std::optional<double> footprint = std::nullopt) {
  AccessAnalyzer analyzer(l, t, footprint);
  for (std::uint64_t g = 0; g < groups; ++g) {
    TracedGroup group;
    group.id = l.sample.first + g * l.sample.stride;
    for (std::uint64_t i = 0; i < 32; ++i) {
      TracedItem item;
      item.accesses = {access_of(group.id, i)};
      item.made = 1;
      group.items.push_back(item);
    }
    analyzer.add(group);
  }
  return analyzer.finish();
}

const Finding* with_code(const std::vector<Finding>& findings, FindingCode code) {
  const auto it = std::find_if(findings.begin(), findings.end(), [&](const Finding& f) { return f.code == code; });
  return it == findings.end() ? nullptr : &*it;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST_CASE("a compute limit is written in operations at an operation rate, never in bytes") {
  AccessAnalysis a;
  a.target = gpu();
  Prediction p;
  p.limit = {PredictionTermKind::compute, "float8 MAD", std::nullopt, 5.1e9, 66.5e12, 5.1e9 / 66.5e12};
  p.seconds = p.limit.seconds;
  p.terms = {p.limit};
  const std::vector<Finding> f = diagnose(a, p, 0);
  REQUIRE(!f.empty());
  CHECK(f[0].code == FindingCode::compute_bound);
  CHECK(f[0].text == "bound by float8 MAD: 5.10 Gop at 66.5 Top/s");
  CHECK(!has(f[0].text, "B"));
  CHECK(has(f[0].suggestion, "fewer operations"));
  // A memory limit stays in bytes.
  p.limit = {PredictionTermKind::level, "DRAM read", MemoryLevel::of_kind(LevelKind::dram), 1 << 30, 3e12, (1 << 30) / 3e12};
  const std::vector<Finding> m = diagnose(a, p, 0);
  CHECK(m[0].code == FindingCode::memory_bound);
  CHECK(m[0].text == "bound by DRAM read: 1 GiB at 3.00 TB/s");
}

TEST_CASE("line use is capped at 100%: items that ask the same address are reuse, not used bytes") {
  // float4 reads, items 2k and 2k+1 on one address: 512 bytes asked, 256 distinct, two lines.
  const auto l = layout(1, {{"a", AddressSpace::global, 1 << 20}}, {{0, "k.cl:1", "a[i / 2]", AddressSpace::global}});
  const AccessAnalysis a = analyze(l, gpu(), 1, [](std::uint64_t, std::uint64_t i) { return access(0, 16 * (i / 2), 0, kTraceLoad, 16); });
  REQUIRE(a.sites.size() == 1);
  const SiteAnalysis& s = a.sites[0];
  CHECK(s.bytes == 512);
  CHECK(s.distinct_bytes == 256);
  CHECK(s.requests == 2);
  CHECK(s.efficiency(128) == doctest::Approx(1.0));
  CHECK(s.reuse() == doctest::Approx(2.0));
  CHECK(a.transfer_efficiency == doctest::Approx(1.0));
  // Every item on one word: a broadcast, one line, no finding of waste.
  const AccessAnalysis b = analyze(l, gpu(), 1, [](std::uint64_t, std::uint64_t) { return access(0, 0, 0, kTraceLoad); });
  CHECK(b.sites[0].efficiency(128) <= 1.0);
  CHECK(b.sites[0].reuse() == doctest::Approx(32.0));
  CHECK(with_code(diagnose(b, std::nullopt, 0), FindingCode::uncoalesced_access) == nullptr);
  // Read back from JSON as written.
  CHECK(nlohmann::json(nlohmann::json(a).get<AccessAnalysis>()) == nlohmann::json(a));
}

TEST_CASE("a naive transpose's strided stores are charged in 32-byte sectors where the first level writes through") {
  // Item i stores 4 bytes at i * 4096: 32 sectors, 32 lines per step.
  const auto l = layout(1, {{"out", AddressSpace::global, 1 << 20}}, {{0, "k.cl:7", "out[i * n]", AddressSpace::global}});
  const auto store = [](std::uint64_t, std::uint64_t i) { return access(0, 4096 * i, 0, kTraceStore); };
  const AccessAnalysis through = analyze(l, gpu(), 1, store);
  CHECK(through.levels.front().bytes == doctest::Approx(32.0 * 32));  // not 32 x 128
  const std::vector<Finding> f = diagnose(through, std::nullopt, 0);
  const Finding* u = with_code(f, FindingCode::uncoalesced_access);
  REQUIRE(u != nullptr);
  CHECK(u->where == "k.cl:7");
  CHECK(has(u->text, "stores 4 of 32 bytes per sector"));
  CHECK(has(u->suggestion, "transpose through a local tile"));
  CHECK(has(u->suggestion, "expected L1/L2 traffic x0.12"));
  // A level that writes back allocates whole lines.
  TargetArchitecture back = gpu();
  back.l1_write_through = false;
  const AccessAnalysis b = analyze(l, back, 1, store);
  CHECK(b.levels.front().bytes == doctest::Approx(32.0 * 128));
  CHECK(has(with_code(diagnose(b, std::nullopt, 0), FindingCode::uncoalesced_access)->text, "stores 4 of 128 bytes per line"));
}

TEST_CASE("a window of neighbouring groups sees their reuse in the shared level; single groups spaced apart do not") {
  // A stencil's planes: 64 groups of 32 items; group g reads line g (its plane)
  // and line g + 6 (the next plane's row), so a line is read again 6 groups
  // later. 4 compute units, an L2 of 32 lines shared, L1s of 4 lines.
  const std::uint64_t groups = 64, n = 32, plane = 6;
  auto l = layout(groups, {{"a", AddressSpace::global, 4 * n * (groups + plane)}},
                  {{0, "k.cl:1", "a[i]", AddressSpace::global}, {1, "k.cl:1", "a[i + plane]", AddressSpace::global}});
  TargetArchitecture t = gpu();
  t.caches = {{"L1", 512, false}, {"L2", 4096, true}};
  t.compute_units = 4;
  t.resident_groups = 1;
  auto dram_bytes = [&](const TraceSample& sample) {
    l.sample = sample;
    std::vector<TracedGroup> trace;
    for (std::uint64_t j = 0; j < sample.count; ++j) {
      const std::uint64_t g = sample.group(j);
      TracedGroup group;
      group.id = g;
      for (std::uint64_t i = 0; i < n; ++i) {
        TracedItem item;
        item.accesses = {access(0, 4 * (g * n + i), 0, kTraceLoad), access(0, 4 * ((g + plane) * n + i), 1, kTraceLoad)};
        item.made = 2;
        group.items.push_back(item);
      }
      trace.push_back(group);
    }
    AccessAnalyzer analyzer(l, t, std::nullopt);
    for (const TracedGroup& g : trace) analyzer.add(g);
    const AccessAnalysis a = analyzer.finish();
    REQUIRE(a.levels.back().level == "DRAM");
    return a.levels.back().bytes;
  };
  // The whole launch: each line once.
  CHECK(dram_bytes({groups, n, 0, 1, groups}) == doctest::Approx(128.0 * (groups + plane)));
  // Two windows of 16 consecutive groups (8-23, 40-55), scaled x2: each window reads its 16 lines and the 6 past it.
  const TraceSample windows{groups, n, 8, 32, 32, 16};
  CHECK(windows.group(15) == 23);
  CHECK(windows.group(16) == 40);
  CHECK_FALSE(windows.whole_launch());
  CHECK_FALSE(windows.spaced());
  CHECK(dram_bytes(windows) == doctest::Approx(2 * 2 * 128.0 * (16 + plane)));
  // Every 4th group, scaled x4, with a quarter of the L2: the group 6 later is never in the sample, every line read is a miss.
  const TraceSample spaced{groups, n, 0, 4, 16};
  CHECK(spaced.spaced());
  CHECK(dram_bytes(spaced) == doctest::Approx(4 * 16 * 2 * 128.0));
  // Windows that cover the launch are the whole launch.
  CHECK(TraceSample{groups, n, 0, 32, 64, 32}.whole_launch());
}

TEST_CASE("every finding has a code, a suggestion with the effect expected, and its code's stable name in JSON") {
  // A contended atomic (every item on one address) and an uncoalesced load, over a sample of 2 of 64 groups.
  auto l = layout(64, {{"h", AddressSpace::global, 4}, {"a", AddressSpace::global, 1 << 24}},
                  {{0, "k.cl:3", "atomic_add(h, 1)", AddressSpace::global, false, true}, {1, "k.cl:4", "a[i * 64]", AddressSpace::global}});
  l.sample = {64, 32, 0, 32, 2};
  // Buffers larger than the last cache (else DRAM serves each byte at most once), far fewer bytes than the scaled sample's misses.
  TargetArchitecture t = gpu();
  t.caches = {{"L1", 1024, false}, {"L2", 2048, true}};
  AccessAnalyzer analyzer(l, t, 4096);
  for (std::uint64_t g : {0, 32}) {
    TracedGroup group;
    group.id = g;
    for (std::uint64_t i = 0; i < 32; ++i) {
      TracedItem item;
      item.accesses = {access(0, 0, 0, kTraceLoad | kTraceStore), access(1, 256 * (32 * g + i), 1, kTraceLoad)};
      item.made = 2;
      group.items.push_back(item);
    }
    analyzer.add(group);
  }
  const AccessAnalysis a = analyzer.finish();
  const std::vector<Finding> f = diagnose(a, std::nullopt, 64 * 32);
  for (FindingCode code : {FindingCode::atomic_contention, FindingCode::uncoalesced_access, FindingCode::sampled_metrics,
                           FindingCode::model_may_overcharge}) {
    const Finding* x = with_code(f, code);
    REQUIRE_MESSAGE(x != nullptr, name_of(code));
    CHECK(has(x->suggestion, "expected"));
  }
  CHECK(has(with_code(f, FindingCode::atomic_contention)->suggestion, "privatize"));
  CHECK(has(with_code(f, FindingCode::atomic_contention)->suggestion, "x0.031"));
  CHECK(has(with_code(f, FindingCode::sampled_metrics)->text, "lower bounds"));
  for (const Finding& x : f) CHECK_MESSAGE(!x.suggestion.empty(), x.text);
  const nlohmann::json j = f;
  CHECK(j.at(0).at("code").is_string());
  CHECK(j.get<std::vector<Finding>>().at(0).code == f.at(0).code);
  // A finding of a file written before codes reads as unclassified.
  CHECK(nlohmann::json{{"where", ""}, {"text", "old"}}.get<Finding>().code == FindingCode::unclassified);
}

TEST_CASE("the codes the prediction's coming terms need exist, with stable names") {
  CHECK(name_of(FindingCode::latency_bound) == "latency_bound");
  CHECK(name_of(FindingCode::atomic_contention) == "atomic_contention");
  CHECK(name_of(FindingCode::launch_overhead) == "launch_overhead");
}

TEST_CASE("a dependent chain of floating-point updates that bounds the kernel is named, with the work-items that would hide it") {
  AccessAnalysis a;
  a.target = gpu();
  Prediction p;
  p.limit = {PredictionTermKind::latency,
             "dependent float chain of 4096 links at 1024 work-items, 2.14 ns a link (a dependent float add or MAD, the faster); "
             "the float8 MAD roof needs about 71000 work-items of one chain each",
             std::nullopt, 4096.0 * 1024, 4096.0 * 1024 / 8.8e-6, 8.8e-6};
  p.seconds = p.limit.seconds;
  p.terms = {p.limit};
  const std::vector<Finding> f = diagnose(a, p, 1024);
  const Finding* chain = with_code(f, FindingCode::latency_bound);
  REQUIRE(chain);
  CHECK(has(chain->text, "latency-bound: dependent float chain of 4096 links at 1024 work-items"));
  CHECK(has(chain->text, "needs about 71000 work-items"));
  CHECK(!has(chain->text, "load"));  // not the dependent loads' wording
  CHECK(has(chain->suggestion, "interleave independent chains"));
  // The terms table counts its amount in links, a chain of loads' in loads.
  CHECK(format_term_amount(p.limit) == "4.19 Mlink");
  CHECK(format_term_rate(p.limit) == "477 Glink/s");
  PredictionTerm loads = p.limit;
  loads.level = MemoryLevel::of_kind(LevelKind::dram);
  CHECK(format_term_amount(loads) == "4.19 Mload");
}
