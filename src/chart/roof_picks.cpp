#include "chart/roof_picks.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

#include "model/roofs.hpp"

namespace roofline::chart {

namespace {

struct Pick {
  DataType type;
  std::optional<Op> op;  // none: the best of the type
};

Pick parse_pick(const std::string& text) {
  const auto colon = text.find(':');
  const auto type = lookup<DataType>(text.substr(0, colon));
  if (!type) throw std::invalid_argument("compute roof '" + text + "': type must be half, float, double or int");
  if (colon == std::string::npos) return {*type, std::nullopt};
  const auto op = lookup<Op>(text.substr(colon + 1));
  if (!op || !is_compute(*op)) throw std::invalid_argument("compute roof '" + text + "': op must be add or mad");
  return {*type, op};
}

const Ceiling* best_of(const std::vector<const Ceiling*>& best, const Pick& p) {
  const Ceiling* found = nullptr;
  for (const Ceiling* c : best)
    if (c->is_compute() && c->type == p.type && (!p.op || c->op == *p.op) && (!found || c->value > found->value))
      found = c;
  return found;
}

}  // namespace

void check_roof_picks(const std::vector<std::string>& picks) {
  for (const std::string& p : picks)
    if (p != "all") parse_pick(p);
}

std::string unmatched_roof_pick(const RoofsDocument& doc, const std::vector<std::string>& picks) {
  const std::vector<const Ceiling*> best = best_ceilings(doc);
  for (const std::string& p : picks)
    if (p != "all" && !best_of(best, parse_pick(p))) return p;
  return "";
}

std::vector<const Ceiling*> pick_compute_roofs(const RoofsDocument& doc, const std::vector<std::string>& picks) {
  const std::vector<const Ceiling*> best = best_ceilings(doc);
  std::vector<const Ceiling*> all;
  for (const Ceiling* c : best)
    if (c->is_compute()) all.push_back(c);
  if (std::find(picks.begin(), picks.end(), "all") != picks.end()) return all;
  std::vector<Pick> wanted;
  for (const std::string& p : picks) wanted.push_back(parse_pick(p));
  const bool defaults = wanted.empty();
  if (defaults)
    wanted = {{DataType::float32, Op::mad}, {DataType::float32, Op::add}, {DataType::float64, Op::mad}, {DataType::int32, std::nullopt}};
  std::vector<const Ceiling*> out;
  for (const Pick& p : wanted)
    if (const Ceiling* c = best_of(best, p); c && std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
  return defaults && out.empty() ? all : out;
}

}  // namespace roofline::chart
