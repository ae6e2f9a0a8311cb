#include "model/document_rules.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

#include "model/units.hpp"

namespace roofline {
using nlohmann::json;

namespace {

// Equal within a double's rounding: the mean of equal samples may land an
// ulp or two beyond them.
bool at_most(double a, double b) { return a <= b + 1e-9 * std::max(std::fabs(a), std::fabs(b)); }

// A figure for a message; a quotient of two valid figures may overflow.
std::string number(double v) { return std::isfinite(v) ? format_text("%.6g", v) : "more than a double holds"; }

// One object's statistics: min not above max; with runs, both there and the
// median and the mean between them.
std::optional<SchemaProblem> one_stats_problem(const json& s, const std::string& at) {
  const auto number_at = [&](const char* key) -> std::optional<double> {
    const auto v = s.find(key);
    return v != s.end() && v->is_number() ? std::optional<double>(v->get<double>()) : std::nullopt;
  };
  const auto min = number_at("min"), max = number_at("max"), samples = number_at("samples");
  if (min && max && !at_most(*min, *max)) return SchemaProblem{at + "/min", "min " + number(*min) + " is above max " + number(*max)};
  if (!number_at("median") || !samples || !(*samples > 0)) return std::nullopt;
  for (const char* key : {"min", "max"})
    if (!number_at(key))
      return SchemaProblem{pointer_to(at, key), "missing: the statistics of " + number(*samples) + " runs need their min and max"};
  for (const char* key : {"median", "mean"}) {
    const auto x = number_at(key);
    if (x && (!at_most(*min, *x) || !at_most(*x, *max)))
      return SchemaProblem{pointer_to(at, key), std::string("the ") + key + " " + number(*x) + " lies outside its runs' range [" +
                                                    number(*min) + ", " + number(*max) + "]"};
  }
  return std::nullopt;
}

std::optional<SchemaProblem> stats_problem_at(const json& j, const std::string& at) {
  if (j.is_object()) {
    if (auto p = one_stats_problem(j, at)) return p;
    for (const auto& [key, value] : j.items())
      if (auto p = stats_problem_at(value, pointer_to(at, key))) return p;
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i)
      if (auto p = stats_problem_at(j[i], pointer_to(at, i))) return p;
  }
  return std::nullopt;
}

std::string level_at(std::size_t k) { return pointer_to("/memory/levels", k); }

// The detected levels, nearest first: each named once, DRAM last, capacities
// growing, caches numbered in order.
std::optional<SchemaProblem> levels_problem(const std::vector<DetectedLevel>& levels) {
  for (std::size_t k = 0; k < levels.size(); ++k) {
    const DetectedLevel& l = levels[k];
    for (std::size_t i = 0; i < k; ++i)
      if (levels[i].level == l.level)
        return SchemaProblem{level_at(k) + "/name", l.level.name + " is listed twice (also " + level_at(i) + ")"};
    if (k == 0) continue;
    const DetectedLevel& before = levels[k - 1];
    if (before.level.is(LevelKind::dram))
      return SchemaProblem{level_at(k) + "/name", l.level.name + " comes after DRAM: levels are listed nearest first, DRAM last"};
    if (l.capacity_bytes && before.capacity_bytes && !(*l.capacity_bytes > *before.capacity_bytes))
      return SchemaProblem{level_at(k) + "/capacity_bytes",
                           format_bytes(*l.capacity_bytes) + " of " + l.level.name + " is not above the " +
                               format_bytes(*before.capacity_bytes) + " of " + before.level.name +
                               ", the level before it: levels are listed nearest (smallest) first"};
    const auto number = l.level.cache_number(), number_before = before.level.cache_number();
    if (number && number_before && *number < *number_before)
      return SchemaProblem{level_at(k) + "/name", l.level.name + " comes after " + before.level.name +
                                                      ": levels are listed nearest first"};
  }
  return std::nullopt;
}

// A memory ceiling's data as its kernels load it: "float", "float4".
std::string data_text(const Ceiling& c) { return str(c.type) + (c.width > 1 ? std::to_string(c.width) : ""); }

std::string ceiling_at(std::size_t i) { return pointer_to("/ceilings", i); }

std::optional<SchemaProblem> ceiling_problem(const Ceiling& c, const std::string& at) {
  if (c.value < kSlowestRoof)
    return SchemaProblem{at + "/value", c.label() + " at " + number(c.value) + " " + str(c.unit()) +
                                            " is no roof: no device runs a benchmark kernel below 1 " + str(c.unit())};
  if (c.stats.samples > 0 && (!at_most(c.stats.min, c.value) || !at_most(c.value, c.stats.max)))
    return SchemaProblem{at + "/value", c.label() + " " + format_si(c.value, c.unit()) + " lies outside its runs' range [" +
                                            format_si(c.stats.min, c.unit()) + ", " + format_si(c.stats.max, c.unit()) + "]"};
  return std::nullopt;
}

// The ceilings: each one possible, at a level the hierarchy lists, none twice.
std::optional<SchemaProblem> ceilings_problem(const RoofsDocument& doc) {
  const std::vector<DetectedLevel> none;
  const std::vector<DetectedLevel>& levels = doc.memory ? doc.memory->levels : none;
  using Key = std::tuple<CeilingKind, Op, DataType, int, std::string>;
  std::map<Key, std::size_t> first;
  for (std::size_t i = 0; i < doc.ceilings.size(); ++i) {
    const Ceiling& c = doc.ceilings[i];
    if (auto p = ceiling_problem(c, ceiling_at(i))) return p;
    if (c.at(LevelKind::cache) && !levels.empty() &&
        std::none_of(levels.begin(), levels.end(), [&](const DetectedLevel& l) { return l.level == *c.level; }))
      return SchemaProblem{ceiling_at(i) + "/level", c.level_name() + " is not one of the levels found (/memory/levels)"};
    const auto [it, fresh] = first.emplace(Key{c.kind, c.op, c.type, c.width, c.level_name()}, i);
    if (!fresh)
      return SchemaProblem{ceiling_at(i), "a second " + c.label() + " ceiling" + (c.is_memory() ? " of " + data_text(c) : "") +
                                              " (the first is " + ceiling_at(it->second) +
                                              "): which one was measured cannot be told"};
  }
  return std::nullopt;
}

// Whether a figure given in a file is the quotient it stands for.
bool agrees(double given, double quotient) {
  return std::isfinite(quotient) && std::fabs(given - quotient) <= kPlacementAgreement * std::fabs(quotient);
}

}  // namespace

std::optional<SchemaProblem> stats_problem(const json& doc) { return stats_problem_at(doc, ""); }

std::optional<SchemaProblem> roofs_problem(const RoofsDocument& doc) {
  if (doc.memory)
    if (auto p = levels_problem(doc.memory->levels)) return p;
  return ceilings_problem(doc);
}

std::optional<SchemaProblem> placement_problem(const Placement& p) {
  const double ops = p.ops();
  const std::string counted = number(ops) + (p.flops > 0 ? " FLOP" : " INTOP");
  // A kernel that moves no bytes has no ai to agree with (its ops over 0).
  const std::string ai = p.bytes > 0 ? " (" + number(ops / p.bytes) + ")" : " (it moves none)";
  if (!agrees(p.ai, ops / p.bytes))
    return SchemaProblem{"/ai", "the ai " + number(p.ai) + " of " + p.kernel + " is not its " + counted + " over its " +
                                    number(p.bytes) + " bytes" + ai};
  if (!agrees(p.performance, ops / p.seconds))
    return SchemaProblem{"/performance", "the performance " + number(p.performance) + " of " + p.kernel + " is not its " +
                                             counted + " over its " + number(p.seconds) + " s (" + number(ops / p.seconds) + ")"};
  return std::nullopt;
}

}  // namespace roofline
