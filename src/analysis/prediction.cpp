#include "analysis/prediction.hpp"

#include "model/level_consistency.hpp"
#include "analysis/math_time.hpp"
#include "analysis/prediction_terms.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofline {

KernelWork work_of(const Placement& p) {
  KernelWork w;
  w.flops = p.flops;
  w.intops = p.intops;
  w.flops_by_type = p.flops_by_type;
  w.bytes_by_space = p.bytes_by_space;
  w.footprint_bytes = p.footprint_bytes;
  w.math_calls = p.math_calls;
  w.work_items = p.work_items;
  w.chains = {p.longest_chain, p.chain_links};
  return w;
}

KernelWork work_of(const OpCounts& counts, std::optional<double> footprint_bytes) {
  KernelWork w;
  w.flops = counts.flops();
  w.intops = counts.intops();
  w.flops_by_type = counts.flops_by_type();
  w.bytes_by_space = counts.bytes_by_space();
  w.footprint_bytes = footprint_bytes;
  w.math_calls = counts.math_calls();
  w.chains = {double(counts.longest_chain), double(counts.chain_links)};
  return w;
}

KernelWork work_of(const CountsFile& counts) {
  KernelWork w = work_of(counts.counts, counts.buffer_bytes ? std::optional<double>(double(*counts.buffer_bytes)) : std::nullopt);
  if (counts.work_items) w.work_items = double(counts.work_items);
  return w;
}

const Ceiling* best_compute_roof(const RoofsDocument& doc, DataType type) {
  const Ceiling* best = nullptr;
  for (const Ceiling* c : best_ceilings(doc))
    if (c->is_compute() && c->type == type && c->value > 0 && std::isfinite(c->value) && (!best || c->value > best->value)) best = c;
  return best;
}

DataType dominant_type(const std::map<DataType, double>& flops_by_type) {
  DataType best = DataType::int32;
  double most = 0;
  for (DataType type : {DataType::float64, DataType::float32, DataType::float16}) {  // on a tie the wider wins
    const auto it = flops_by_type.find(type);
    if (it != flops_by_type.end() && it->second > most) {
      most = it->second;
      best = type;
    }
  }
  return best;
}

std::optional<double> store_share(Op op) {
  switch (op) {
    case Op::read: return 0.0;
    case Op::copy: return 0.5;
    case Op::store: return 1.0;
    default: return std::nullopt;
  }
}


double store_fraction_of(const std::map<AddressSpace, SpaceBytes>& bytes, std::initializer_list<AddressSpace> spaces) {
  double load = 0, store = 0;
  for (AddressSpace s : spaces)
    if (auto it = bytes.find(s); it != bytes.end()) load += it->second.load, store += it->second.store;
  return load + store > 0 ? store / (load + store) : 0;
}

double bytes_in(const std::map<AddressSpace, SpaceBytes>& bytes, AddressSpace s) {
  const auto it = bytes.find(s);
  return it == bytes.end() ? 0 : it->second.total();
}

namespace {

// Seconds per byte at store share f from a level's points (share -> seconds per byte), as the header says.
std::optional<double> interpolated(const std::map<double, double>& points, double f);

// The best unflagged roof of each op at `level`, as (store share, seconds per byte), by share.
std::map<double, double> level_points(const RoofsDocument& doc, const MemoryLevel& level) {
  std::map<double, double> points;
  for (const Ceiling& c : doc.ceilings) {
    if (!c.is_memory() || !c.level || *c.level != level || c.value <= 0 || !std::isfinite(c.value)) continue;
    if (!c.below_farther_level.empty()) continue;
    const auto share = store_share(c.op);
    if (!share) continue;
    const double spb = 1.0 / c.value;
    auto [it, fresh] = points.emplace(*share, spb);
    if (!fresh) it->second = std::min(it->second, spb);
  }
  return points;
}

std::string op_name(double share) { return share == 0 ? "read" : share == 0.5 ? "copy" : "store"; }

// "DRAM copy" at a measured point or beyond the last; "DRAM read/copy" between two.
std::string mix_label(const MemoryLevel& level, double f, const std::map<double, double>& points) {
  const auto upper = points.lower_bound(f);
  if (upper == points.end()) return level.name + " " + op_name(points.rbegin()->first);
  if (upper->first == f || upper == points.begin()) return level.name + " " + op_name(upper->first);
  return level.name + " " + op_name(std::prev(upper)->first) + "/" + op_name(upper->first);
}


// A memory term at `level`, when the level has a roof for the mix.
std::optional<PredictionTerm> memory_term(const RoofsDocument& doc, PredictionTermKind kind, const MemoryLevel& level,
                                          double bytes, double f) {
  const auto points = level_points(doc, level);
  const auto spb = interpolated(points, f);
  if (!spb || !(bytes > 0)) return std::nullopt;
  PredictionTerm t;
  t.kind = kind;
  t.level = level;
  t.roof = mix_label(level, f, points);
  t.amount = bytes;
  t.rate = 1.0 / *spb;
  t.seconds = bytes * *spb;
  return t;
}

// The smallest capacity a level's roofs name; none when none does.
std::optional<double> level_capacity(const RoofsDocument& doc, const MemoryLevel& level) {
  std::optional<double> least;
  for (const Ceiling& c : doc.ceilings)
    if (c.is_memory() && c.level && *c.level == level && c.capacity_bytes && std::isfinite(*c.capacity_bytes) && *c.capacity_bytes > 0)
      least = std::min(least.value_or(*c.capacity_bytes), *c.capacity_bytes);
  return least;
}

// The nearest level of the hierarchy that holds `bytes`; the farthest when none does.
MemoryLevel holding_level(const RoofsDocument& doc, const std::vector<MemoryLevel>& hierarchy, double bytes) {
  for (const MemoryLevel& level : hierarchy)
    if (const auto capacity = level_capacity(doc, level); capacity && *capacity >= bytes) return level;
  return hierarchy.back();
}

// Each type's FLOPs at its own best roof (a type without a roof adds
// nothing), labelled by the dominant type's; INTOPs at the int roof for a
// kernel without floating point. INTOPs are no floor beside FLOPs: the
// counted address arithmetic is folded into addressing by compilers.
std::optional<PredictionTerm> compute_term(const KernelWork& w, const RoofsDocument& doc) {
  const Ceiling* dominant = best_compute_roof(doc, dominant_type(w.flops_by_type));
  if (!dominant) return std::nullopt;
  double ops = 0, seconds = 0;
  if (w.flops > 0) {
    for (const auto& [type, flops] : w.flops_by_type)
      if (const Ceiling* roof = best_compute_roof(doc, type); roof && flops > 0) ops += flops, seconds += flops / roof->value;
  } else if (w.intops > 0) {
    ops = w.intops;
    seconds = ops / dominant->value;
  }
  if (!(seconds > 0)) return std::nullopt;
  return PredictionTerm{PredictionTermKind::compute, dominant->label(), std::nullopt, ops, ops / seconds, seconds};
}

// The math calls at their math roofs (analysis/math_time): amount the timed
// calls, rate their calls per second overall, roof the dominant call's.
std::optional<PredictionTerm> math_term(const KernelWork& w, const RoofsDocument& doc) {
  const MathTime t = math_time(w.math_calls, doc);
  if (!t.dominant || !(t.seconds > 0)) return std::nullopt;
  return PredictionTerm{PredictionTermKind::math, math_roof_label(*t.dominant), std::nullopt, t.timed_calls, t.timed_calls / t.seconds, t.seconds};
}

}  // namespace

namespace {

std::optional<double> interpolated(const std::map<double, double>& points, double f) {
  if (points.empty()) return std::nullopt;
  auto upper = points.lower_bound(f);
  if (upper == points.end()) return points.rbegin()->second;
  if (upper->first == f || upper == points.begin()) return upper->second;
  const auto lower = std::prev(upper);
  const double w = (f - lower->first) / (upper->first - lower->first);
  return lower->second + w * (upper->second - lower->second);
}

}  // namespace

std::vector<MemoryLevel> hierarchy_nearest_first(const RoofsDocument& doc) {
  // By level_rank (model/level_consistency), the nearness the roofs' checks use;
  // a cache without a rank goes after the ranked ones, DRAM last.
  std::map<std::string, std::pair<double, MemoryLevel>> ranked;  // by name: (rank, level)
  for (const Ceiling& c : doc.ceilings) {
    if (!c.is_memory() || !c.level || level_points(doc, *c.level).empty()) continue;  // no read, copy or store roof to charge
    if (!c.level->is(LevelKind::cache) && !c.level->is(LevelKind::dram)) continue;
    const double rank = level_rank(doc, c).value_or(std::numeric_limits<double>::max());
    auto [it, fresh] = ranked.emplace(c.level->name, std::make_pair(rank, *c.level));
    if (!fresh) it->second.first = std::min(it->second.first, rank);
  }
  std::vector<std::pair<double, MemoryLevel>> sorted;
  for (const auto& [name, entry] : ranked) sorted.push_back(entry);
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<MemoryLevel> out;
  for (const auto& [rank, level] : sorted) out.push_back(level);
  return out;
}

namespace {
// The prediction with the terms that need the launch's size (analysis/prediction_terms), its limit and seconds.
Prediction with_limit(Prediction p, const KernelWork& w, const RoofsDocument& doc) {
  if (!w.work_items) return with_terms(std::move(p), {});
  return with_terms(std::move(p), {occupancy_term(w.flops_by_type, w.intops, *w.work_items, doc),
                                   chain_term(w.chains, w.flops_by_type, *w.work_items, doc), launch_term(doc, *w.work_items)});
}
}  // namespace

std::optional<Prediction> predict_time(const KernelWork& w, const RoofsDocument& doc) {
  Prediction p;
  if (auto t = compute_term(w, doc)) p.terms.push_back(*t);
  if (auto t = math_term(w, doc)) p.terms.push_back(*t);
  const std::vector<MemoryLevel> hierarchy = hierarchy_nearest_first(doc);
  const double global = bytes_in(w.bytes_by_space, AddressSpace::global) + bytes_in(w.bytes_by_space, AddressSpace::constant);
  const double f = store_fraction_of(w.bytes_by_space, {AddressSpace::global, AddressSpace::constant});
  if (!hierarchy.empty()) {
    if (auto t = memory_term(doc, PredictionTermKind::global, hierarchy.front(), global, f)) p.terms.push_back(*t);
    if (w.footprint_bytes && *w.footprint_bytes > 0) {
      const double footprint = std::min(*w.footprint_bytes, global);
      const MemoryLevel from = holding_level(doc, hierarchy, footprint);
      if (from != hierarchy.front())
        if (auto t = memory_term(doc, PredictionTermKind::footprint, from, footprint, f)) p.terms.push_back(*t);
    }
  }
  const MemoryLevel local = MemoryLevel::of_kind(LevelKind::local);
  if (auto t = memory_term(doc, PredictionTermKind::local, local, bytes_in(w.bytes_by_space, AddressSpace::local),
                           store_fraction_of(w.bytes_by_space, {AddressSpace::local})))
    p.terms.push_back(*t);
  if (p.terms.empty()) return std::nullopt;
  return with_limit(std::move(p), w, doc);
}

std::optional<Prediction> predict_time(const KernelWork& w, const std::vector<LevelTraffic>& levels, bool local_on_l1_path,
                                       const RoofsDocument& doc) {
  Prediction p;
  if (auto t = compute_term(w, doc)) p.terms.push_back(*t);
  if (auto t = math_term(w, doc)) p.terms.push_back(*t);
  // Terms in the levels' order: the first level, local memory, the further levels.
  std::vector<PredictionTerm> terms;
  for (const LevelTraffic& l : levels) {
    const MemoryLevel level = MemoryLevel::from_name(l.level);
    const double f = l.bytes > 0 ? l.store_bytes / l.bytes : 0;
    const PredictionTermKind kind = level.kind == LevelKind::local ? PredictionTermKind::local : PredictionTermKind::level;
    if (auto t = memory_term(doc, kind, level, l.bytes, f)) terms.push_back(*t);
  }
  const bool first_is_level = !levels.empty() && !terms.empty() && terms.front().level &&
                              terms.front().level->name == levels.front().level;
  if (local_on_l1_path && first_is_level && terms.size() > 1 && terms[1].kind == PredictionTermKind::local) {
    // One data path: the first level's lines and the local passes queue behind each other.
    PredictionTerm& first = terms.front();
    first.roof += " + " + terms[1].roof;
    first.amount += terms[1].amount;
    first.seconds += terms[1].seconds;
    first.rate = first.amount / first.seconds;
    terms.erase(terms.begin() + 1);
  }
  p.terms.insert(p.terms.end(), terms.begin(), terms.end());
  if (p.terms.empty()) return std::nullopt;
  return with_limit(std::move(p), w, doc);
}

std::optional<Prediction> mean_prediction(const std::vector<std::pair<double, Prediction>>& weighted) {
  if (weighted.empty()) return std::nullopt;
  Prediction mean;
  for (const auto& [weight, p] : weighted) {
    mean.seconds += weight * p.seconds;
    for (const PredictionTerm& t : p.terms) {
      auto same = std::find_if(mean.terms.begin(), mean.terms.end(), [&](const PredictionTerm& m) { return m.kind == t.kind && m.roof == t.roof; });
      if (same == mean.terms.end()) {
        mean.terms.push_back(t);
        same = std::prev(mean.terms.end());
        same->amount = same->seconds = 0;
      }
      same->amount += weight * t.amount;
      same->seconds += weight * t.seconds;
    }
  }
  for (PredictionTerm& t : mean.terms) t.rate = t.seconds > 0 ? t.amount / t.seconds : 0;
  mean.limit = *std::max_element(mean.terms.begin(), mean.terms.end(), [](const auto& a, const auto& b) { return a.seconds < b.seconds; });
  return mean;
}

}  // namespace roofline
