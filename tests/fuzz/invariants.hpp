// tests/fuzz: what an accepted file must be, checked on what the reader
// returned. A reader that accepts a file breaking one of these has let an
// impossible file through (issue 27: duplicate keys, levels out of order,
// ceilings given twice, statistics with min above max, a DRAM roof above a
// cache's without a flag, denormal roofs, a placement whose ai is not its
// ops over its bytes, a level of 1e300 bytes): the target prints
// "==FINDING== accepted an impossible file: WHAT" and aborts, and libFuzzer
// keeps the input.
//
// The checks are written here from the rules' statement, apart from the
// model's own code (src/model/document_rules.cpp, level_consistency.cpp), so
// that a mistake there is not repeated here.
#pragma once
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

#include <nlohmann/json.hpp>

#include "analysis/levels.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline::fuzz {

[[noreturn]] inline void impossible(const std::string& what) {
  std::fprintf(stderr, "==FINDING== accepted an impossible file: %s\n", what.c_str());
  std::abort();
}

// Whether the text's JSON has an object with a key twice: counted with the
// library's own parser, whose DOM keeps one value per key, against the keys
// its callback saw. Text the library cannot parse has none.
inline bool has_duplicate_key(const std::string& text) {
  std::vector<std::size_t> keys;  // keys seen in each open object
  bool duplicate = false;
  nlohmann::json::parser_callback_t count = [&](int, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    switch (event) {
      case nlohmann::json::parse_event_t::object_start: keys.push_back(0); break;
      case nlohmann::json::parse_event_t::key: ++keys.back(); break;
      case nlohmann::json::parse_event_t::object_end:
        duplicate |= parsed.size() != keys.back();
        keys.pop_back();
        break;
      default: break;
    }
    return true;
  };
  try {
    [[maybe_unused]] const nlohmann::json doc = nlohmann::json::parse(text, count);
  } catch (const std::exception&) {
    return false;
  }
  return duplicate;
}

inline void check_no_duplicate_key(const std::string& text) {
  if (has_duplicate_key(text)) impossible("a key given twice in one object");
}

inline bool normal_or_zero(double v) { return v == 0 || std::fpclassify(v) == FP_NORMAL; }

// Runs' statistics: min <= max; with runs, the median between them. (The
// mean too where the file gives it; read, an absent mean is 0.)
inline void check_stats(const Stats& s, const std::string& where) {
  const double slack = 1e-9 * std::max(std::fabs(s.min), std::fabs(s.max));
  if (s.min > s.max + slack) impossible(where + ": min above max");
  if (s.samples > 0 && (s.median < s.min - slack || s.median > s.max + slack)) impossible(where + ": median outside [min, max]");
}

inline std::optional<long> cache_number(const MemoryLevel& l) {
  if (!l.is(LevelKind::cache) || l.name.size() < 2 || l.name[0] != 'L' || l.name[1] < '0' || l.name[1] > '9') return std::nullopt;
  return std::strtol(l.name.c_str() + 1, nullptr, 10);
}

inline void check_roofs(const RoofsDocument& doc) {
  // Detected levels: each once, DRAM last, capacities and cache numbers growing.
  const std::vector<DetectedLevel> none;
  const auto& levels = doc.memory ? doc.memory->levels : none;
  for (std::size_t k = 0; k < levels.size(); ++k) {
    for (std::size_t i = 0; i < k; ++i)
      if (levels[i].level == levels[k].level) impossible("level " + levels[k].level.name + " listed twice");
    if (k == 0) continue;
    const DetectedLevel &a = levels[k - 1], &b = levels[k];
    if (a.level.is(LevelKind::dram)) impossible("a level after DRAM");
    if (a.capacity_bytes && b.capacity_bytes && !(*b.capacity_bytes > *a.capacity_bytes)) impossible("capacities not growing");
    const auto number_a = cache_number(a.level), number_b = cache_number(b.level);
    if (number_a && number_b && *number_b < *number_a) impossible("caches out of order");
  }
  // Ceilings: none twice, each a possible rate within its runs, at a listed level.
  std::set<std::tuple<CeilingKind, Op, DataType, int, std::string>> seen;
  std::map<Op, double> dram;  // the best DRAM roof of each op
  for (const Ceiling& c : doc.ceilings) {
    if (!seen.insert({c.kind, c.op, c.type, c.width, c.level_name()}).second) impossible("ceiling " + c.label() + " twice");
    if (!(c.value >= 1) || !normal_or_zero(c.value)) impossible("ceiling " + c.label() + " below 1/s");
    check_stats(c.stats, c.label());
    if (c.stats.samples > 0 && (c.value < c.stats.min * (1 - 1e-9) || c.value > c.stats.max * (1 + 1e-9)))
      impossible("ceiling " + c.label() + " outside its runs");
    for (const SweepPoint& p : c.sweep_wg_count) check_stats(p.stats, c.label() + " sweep");
    for (const SweepPoint& p : c.sweep_wg_size) check_stats(p.stats, c.label() + " sweep");
    if (c.at(LevelKind::cache) && !levels.empty()) {
      bool listed = false;
      for (const DetectedLevel& l : levels) listed |= l.level == *c.level;
      if (!listed) impossible("ceiling at an unlisted level " + c.level_name());
    }
    if (c.at(LevelKind::dram)) dram[c.op] = std::max(dram[c.op], c.value);
  }
  // A cache's best roof of an op below DRAM's is flagged (5% is noise).
  std::map<std::pair<std::string, Op>, const Ceiling*> best;
  for (const Ceiling& c : doc.ceilings)
    if (c.at(LevelKind::cache)) {
      const Ceiling*& b = best[{c.level_name(), c.op}];
      if (!b || c.value > b->value) b = &c;
    }
  for (const auto& [key, c] : best)
    if (dram.count(key.second) && c->value < 0.95 * dram[key.second] && c->below_farther_level.empty())
      impossible(c->label() + " below DRAM's without a flag");
}

inline void check_placement(const Placement& p) {
  const double ops = p.flops > 0 ? p.flops : p.intops;
  const auto apart = [](double given, double quotient) {
    return !std::isfinite(quotient) || std::fabs(given - quotient) > 0.01 * std::fabs(quotient);
  };
  if (apart(p.ai, ops / p.bytes)) impossible("placement " + p.kernel + ": ai is not ops / bytes");
  if (apart(p.performance, ops / p.seconds)) impossible("placement " + p.kernel + ": performance is not ops / seconds");
  check_stats(p.time, "placement " + p.kernel + " time");
}

inline void check_levels(const std::vector<LevelOverride>& levels) {
  for (std::size_t k = 0; k < levels.size(); ++k) {
    const auto& c = levels[k].capacity_bytes;
    if (c && !(std::isfinite(*c) && *c > 0 && *c <= 18446744073709551616.0)) impossible("a capacity beyond 2^64 bytes");
    if (k > 0 && c && levels[k - 1].capacity_bytes && !(*c > *levels[k - 1].capacity_bytes)) impossible("capacities not growing");
  }
}

}  // namespace roofline::fuzz
