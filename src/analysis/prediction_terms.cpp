#include "analysis/prediction_terms.hpp"

#include <algorithm>
#include <cmath>

#include "analysis/prediction.hpp"
#include "model/suite_table.hpp"
#include "model/units.hpp"

namespace roofline {

namespace {

// y at x on points sorted by x, linear between them; below the first in
// proportion to x (Little's law: rate with the work in flight) when
// `proportional_below`, else the first's; beyond the last the last's.
double interpolate(const std::vector<std::pair<double, double>>& points, double x, bool proportional_below) {
  if (x <= points.front().first)
    return proportional_below && points.front().first > 0 ? points.front().second * x / points.front().first : points.front().second;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (x <= points[i].first) {
      const auto& [x0, y0] = points[i - 1];
      const auto& [x1, y1] = points[i];
      return x1 > x0 ? y0 + (y1 - y0) * (x - x0) / (x1 - x0) : y1;
    }
  return points.back().second;
}

std::string items_text(double n) { return format_text("%.0f", n); }

// n to two significant digits, as a whole number ("66000").
std::string about(double n) {
  if (!(n >= 1)) return items_text(n);
  const double unit = std::pow(10.0, std::floor(std::log10(n)) - 1);
  return items_text(std::round(n / unit) * unit);
}

}  // namespace

std::optional<RateAtLaunch> compute_rate_at(const Ceiling& roof, double work_items) {
  std::vector<std::pair<double, double>> points;
  for (const SweepPoint& s : roof.sweep_wg_count)
    if (s.launch.global > 0 && s.stats.median > 0) points.emplace_back(double(s.launch.global), s.stats.median);
  if (points.empty() || !(work_items > 0)) return std::nullopt;
  std::sort(points.begin(), points.end());
  RateAtLaunch r;
  r.rate = std::min(roof.value, interpolate(points, work_items, true));
  r.saturation_items = points.back().first;
  for (const auto& [items, rate] : points)
    if (rate >= 0.9 * roof.value) {
      r.saturation_items = items;
      break;
    }
  return r;
}

std::optional<PredictionTerm> occupancy_term(const std::map<DataType, double>& flops_by_type, double intops, double work_items,
                                             const RoofsDocument& doc) {
  double ops = 0, seconds = 0, roof_seconds = 0, saturation = 0;
  const Ceiling* dominant = best_compute_roof(doc, dominant_type(flops_by_type));
  auto charge = [&](const Ceiling& roof, double n) {
    const auto at = compute_rate_at(roof, work_items);
    ops += n;
    roof_seconds += n / roof.value;
    seconds += n / (at && at->rate > 0 ? at->rate : roof.value);
    if (at) saturation = std::max(saturation, at->saturation_items);
  };
  double flops = 0;
  for (const auto& [type, n] : flops_by_type) flops += n;
  if (flops > 0) {
    for (const auto& [type, n] : flops_by_type)
      if (const Ceiling* roof = best_compute_roof(doc, type); roof && n > 0) charge(*roof, n);
  } else if (dominant && intops > 0) {
    charge(*dominant, intops);
  }
  // Below 1% over the roof's time the launch fills the device: no term.
  if (!dominant || !(seconds > roof_seconds * 1.01)) return std::nullopt;
  return PredictionTerm{PredictionTermKind::occupancy,
                        dominant->label() + " at " + items_text(work_items) + " work-items (90% of the roof from " +
                            items_text(saturation) + ")",
                        std::nullopt, ops, ops / seconds, seconds};
}

namespace {

// The chain floor for chains of one (op, type): the longest at one link's
// latency, and all of them at the rate the device ran them side by side.
struct ChainFloor {
  Op op = Op::mad;
  DataType type = DataType::float32;
  double latency = 0;     // seconds a link
  double rate = 0;        // links per second side by side; 0: not measured
  int lanes = 1;          // work-items a CPU's vectoriser may pack into one register (the rate is times these)
  double one_chain = 0;   // seconds: the longest chain at `latency`
  double all_chains = 0;  // seconds: every work-item's chain at `rate`
  double seconds() const { return std::max(one_chain, all_chains); }
};

// Work-items whose chains may advance in one instruction: on a CPU, the
// width of the type's best compute roof, as PoCL's work-item vectoriser packs
// that many work-items into one register where a kernel allows it (the chain
// rate's kernel ran one work-item's chain a core, not so packed); on a GPU a
// work-item is a lane already.
int chain_lanes(const RoofsDocument& doc, DataType type) {
  if (doc.device.type != DeviceType::cpu) return 1;
  const Ceiling* roof = best_compute_roof(doc, type);
  return roof ? std::max(1, roof->width) : 1;
}

// The smallest floor over the operations the chains may be (an add or a MAD
// of each type the kernel computes in): a floor whatever they are.
std::optional<ChainFloor> smallest_chain_floor(const DependentChains& chains, const std::map<DataType, double>& flops_by_type,
                                               const RoofsDocument& doc) {
  std::optional<ChainFloor> best;
  for (const auto& [type, n] : flops_by_type)
    for (Op op : {Op::add, Op::mad}) {
      const auto latency = doc.latency_of(op, type);
      if (!(n > 0) || !latency) continue;
      const int lanes = chain_lanes(doc, type);
      ChainFloor f{op, type, *latency, doc.chain_rate_of(op, type).value_or(0) * lanes, lanes, chains.longest * *latency, 0};
      if (f.rate > 0) f.all_chains = chains.links / f.rate;
      if (!best || f.seconds() < best->seconds()) best = f;
    }
  return best;
}

}  // namespace

std::optional<PredictionTerm> chain_term(const DependentChains& chains, const std::map<DataType, double>& flops_by_type,
                                         double work_items, const RoofsDocument& doc) {
  if (!(chains.longest > 0)) return std::nullopt;
  const auto f = smallest_chain_floor(chains, flops_by_type, doc);
  if (!f) return std::nullopt;
  const double links = std::max(chains.links, chains.longest);
  if (f->all_chains > f->one_chain)
    return PredictionTerm{PredictionTermKind::latency,
                          format_text("dependent %s chains: %s links over %s work-items (up to %.0f each) at %s, the rate the "
                                      "device ran one chain a work-item side by side%s; more work-items add waves",
                                      str(f->type).c_str(), about(links).c_str(), items_text(work_items).c_str(), chains.longest,
                                      format_si(f->rate, "link/s").c_str(),
                                      f->lanes > 1 ? format_text(" times %d work-items a register", f->lanes).c_str() : ""),
                          std::nullopt, links, f->rate, f->all_chains};
  // Work-items of one such chain each that would keep the MAD roof busy
  // (Little's law: the roof's instructions per second times a link's latency).
  const Ceiling* roof = best_compute_roof(doc, f->type);
  const double per_instruction = roof && roof->op == Op::mad ? 2 : 1;  // operations a lane's instruction counts for
  const double needed = roof ? roof->value / per_instruction * f->latency : 0;
  std::string text = format_text("dependent %s chain of %.0f links at %s work-items, %.3g ns a link (a dependent %s %s)",
                                 str(f->type).c_str(), chains.longest, items_text(work_items).c_str(), f->latency * 1e9,
                                 str(f->type).c_str(), str(f->op).c_str());
  if (needed > 0) text += "; the " + roof->label() + " roof needs about " + about(needed) + " work-items of one chain each";
  return PredictionTerm{PredictionTermKind::latency, text, std::nullopt, links, links / f->one_chain, f->one_chain};
}

std::optional<PredictionTerm> launch_term(const RoofsDocument& doc, double work_items) {
  if (!doc.launch_overhead || doc.launch_overhead->device_seconds.empty()) return std::nullopt;
  std::vector<std::pair<double, double>> points;
  for (const CurvePoint& p : doc.launch_overhead->device_seconds)
    if (p.stats.median > 0) points.emplace_back(p.bytes, p.stats.median);
  if (points.empty()) return std::nullopt;
  std::sort(points.begin(), points.end());
  const double seconds = interpolate(points, std::max(1.0, work_items), false);
  return PredictionTerm{PredictionTermKind::launch, "empty kernel at " + items_text(work_items) + " work-items", std::nullopt, 1,
                        1 / seconds, seconds};
}

std::optional<PredictionTerm> latency_term(const AccessAnalysis& a, const RoofsDocument& doc, double work_items,
                                           std::optional<double> footprint_bytes) {
  if (!doc.memory || a.items == 0) return std::nullopt;
  // The nearest measured level that holds the footprint (the farthest when none does).
  const DetectedLevel* level = nullptr;
  for (const DetectedLevel& l : doc.memory->levels) {
    if (!l.latency_ns || !(*l.latency_ns > 0)) continue;
    level = &l;
    if (footprint_bytes && l.capacity_bytes && *l.capacity_bytes >= *footprint_bytes) break;
  }
  if (!level) return std::nullopt;
  double links = 0;  // per work-item, the longest chain of any chained site
  for (const SiteAnalysis& s : a.sites)
    if (s.site.chained && !s.site.branch) links = std::max(links, double(s.accesses) / double(a.items));
  if (!(links > 0)) return std::nullopt;
  const TargetArchitecture& t = a.target;
  const double slots = double(t.compute_units) * double(t.resident_groups) * double(std::max<std::uint64_t>(1, a.sample.group_size));
  const double waves = slots > 0 ? std::ceil(std::max(1.0, work_items) / slots) : 1;
  const double seconds = links * *level->latency_ns * 1e-9 * waves;
  return PredictionTerm{PredictionTermKind::latency,
                        format_text("dependent loads at %s latency (%.0f ns), %.0f wave", level->level.name.c_str(), *level->latency_ns, waves) +
                            (waves == 1 ? "" : "s"),
                        level->level, links * std::max(1.0, work_items), links * std::max(1.0, work_items) / seconds, seconds};
}

namespace {

// ops/s at `contention` work-items per address in `space`: the contention sweep, else the atomics rates.
std::optional<double> atomic_rate(const RoofsDocument& doc, AtomicSpace space, double contention) {
  for (const MeasuredSeries& s : doc.series(SuiteBenchmark::atomic_contention)) {
    if (s.tags.space != space) continue;
    std::vector<std::pair<double, double>> points;
    for (const SeriesPoint& p : s.points)
      if (p.x > 0 && p.y.median > 0) points.emplace_back(std::log2(p.x), p.y.median);
    if (points.empty()) continue;
    std::sort(points.begin(), points.end());
    return interpolate(points, std::log2(std::max(1.0, contention)), false);
  }
  const AtomicTarget target = contention >= 2 ? AtomicTarget::one_address : AtomicTarget::distinct_addresses;
  for (const MeasuredSeries& s : doc.series(SuiteBenchmark::atomics))
    if (s.tags.space == space && s.tags.target == target && !s.points.empty() && s.points.front().y.median > 0)
      return s.points.front().y.median;
  return std::nullopt;
}

}  // namespace

std::optional<PredictionTerm> atomic_term(const AccessAnalysis& a, const RoofsDocument& doc) {
  double ops = 0, seconds = 0, worst = 0;
  std::string roof;
  for (const SiteAnalysis& s : a.sites) {
    if (!s.site.atomic || s.site.branch || s.accesses == 0) continue;
    const AtomicSpace space = s.site.space == AddressSpace::local ? AtomicSpace::local : AtomicSpace::global;
    const auto rate = atomic_rate(doc, space, s.contention());
    if (!rate) continue;
    const double n = double(s.accesses) * a.scale;
    ops += n;
    seconds += n / *rate;
    if (n / *rate > worst) {
      worst = n / *rate;
      roof = format_text("%s atomics at %.1f work-items per address", space == AtomicSpace::local ? "local" : "global", s.contention());
    }
  }
  if (!(seconds > 0)) return std::nullopt;
  return PredictionTerm{PredictionTermKind::atomic, roof, std::nullopt, ops, ops / seconds, seconds};
}

Prediction with_terms(Prediction p, const std::vector<std::optional<PredictionTerm>>& extra) {
  for (const auto& t : extra)
    if (t) p.terms.push_back(*t);
  double bound = 0, launch = 0;
  for (const PredictionTerm& t : p.terms) {
    double& into = t.kind == PredictionTermKind::launch ? launch : bound;
    into = std::max(into, t.seconds);
  }
  if (!p.terms.empty())
    p.limit = *std::max_element(p.terms.begin(), p.terms.end(), [](const auto& x, const auto& y) { return x.seconds < y.seconds; });
  p.seconds = bound + launch;
  return p;
}

}  // namespace roofline
