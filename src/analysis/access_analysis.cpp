#include "analysis/access_analysis.hpp"

#include <algorithm>
#include <cstdlib>

#include "analysis/access_walk.hpp"
#include "analysis/aiwc_observer.hpp"
#include "analysis/cache_model.hpp"
#include "analysis/step_observers.hpp"
#include "model/json_fields.hpp"  // the vocabulary's enums by name (a site's space)
#include "model/units.hpp"

namespace roofline {
namespace {

// Every observer, in the order their levels come in the result: the first
// level (coalescing), local memory, the cache levels past the first and DRAM.
std::vector<std::unique_ptr<AccessObserver>> every_observer(const AccessContext& c) {
  std::vector<std::unique_ptr<AccessObserver>> out;
  out.push_back(std::make_unique<SiteStepObserver>(c));
  out.push_back(std::make_unique<CoalescingObserver>(c));
  out.push_back(std::make_unique<LocalMemoryObserver>(c));
  out.push_back(std::make_unique<AtomicObserver>(c));
  out.push_back(std::make_unique<DivergenceObserver>(c));
  out.push_back(std::make_unique<AiwcObserver>(c));
  out.push_back(std::make_unique<CacheModelObserver>(c));
  return out;
}

std::vector<AccessObserver*> pointers(const std::vector<std::unique_ptr<AccessObserver>>& observers) {
  std::vector<AccessObserver*> out;
  for (const auto& o : observers) out.push_back(o.get());
  return out;
}

}  // namespace

struct AccessAnalyzer::State {
  AccessContext context;
  std::vector<std::unique_ptr<AccessObserver>> observers;
  AccessWalk walk;
  State(TraceLayout layout, TargetArchitecture target, std::optional<double> footprint)
      : context{std::move(layout), std::move(target), footprint}, observers(every_observer(context)), walk(context, pointers(observers)) {}
};

AccessAnalyzer::AccessAnalyzer(TraceLayout layout, TargetArchitecture target, std::optional<double> footprint_bytes)
    : state_(std::make_unique<State>(std::move(layout), std::move(target), footprint_bytes)) {}
AccessAnalyzer::~AccessAnalyzer() = default;
void AccessAnalyzer::add(TracedGroup group) { state_->walk.add(std::move(group)); }
AccessAnalysis AccessAnalyzer::finish() { return state_->walk.finish(); }

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TargetArchitecture::Cache, name, capacity_bytes, shared)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TargetArchitecture, family, sub_group, request_bytes, sector_bytes, banks, bank_bytes,
                                                local_on_l1_path, groups_in_lockstep, l1_write_through, lanes_share_requests,
                                                compute_units, resident_groups, caches)
// window: absent from files written before windows (single groups, 1).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TraceSample, groups_total, group_size, first, stride, count, window)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TraceSite, id, where, text, space, branch, atomic, chained)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(AiwcMetrics, accesses, local_accesses, total_footprint, local_footprint, footprint_90, lmae,
                                   relative_local_usage, parallel_spatial_locality)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SiteAnalysis, site, steps, accesses, bytes, distinct_bytes, taken, divergent_steps,
                                                serialized, requests, sectors, stores, loads, neighbour_stride)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LevelTraffic, level, bytes, store_bytes)
void to_json(nlohmann::json& j, const AccessAnalysis& a) {
  j = {{"target", a.target}, {"sample", a.sample}, {"items", a.items}, {"truncated_items", a.truncated_items}, {"aiwc", a.aiwc},
       {"sites", a.sites}, {"transfer_efficiency", a.transfer_efficiency}, {"divergent_share", a.divergent_share}, {"levels", a.levels},
       {"scale", a.scale}, {"branch_capped_items", a.branch_capped_items}};
  if (a.footprint_bytes) j["footprint_bytes"] = *a.footprint_bytes;
}
void from_json(const nlohmann::json& j, AccessAnalysis& a) {
  j.at("target").get_to(a.target);
  j.at("sample").get_to(a.sample);
  j.at("items").get_to(a.items);
  j.at("truncated_items").get_to(a.truncated_items);
  j.at("aiwc").get_to(a.aiwc);
  j.at("sites").get_to(a.sites);
  j.at("transfer_efficiency").get_to(a.transfer_efficiency);
  a.divergent_share = j.value("divergent_share", 0.0);
  a.branch_capped_items = j.value("branch_capped_items", std::uint64_t(0));  // absent before the branch cap
  j.at("levels").get_to(a.levels);
  j.at("scale").get_to(a.scale);
  json_fields::get_opt(j, "footprint_bytes", a.footprint_bytes);
}


namespace {

// "x0.25": the factor a suggestion expects.
std::string factor(double x) { return format_text("x%.2g", x); }

FindingCode limit_code(PredictionTermKind kind) {
  switch (kind) {
    case PredictionTermKind::compute: return FindingCode::compute_bound;
    case PredictionTermKind::math: return FindingCode::math_bound;
    case PredictionTermKind::global:
    case PredictionTermKind::local:
    case PredictionTermKind::footprint:
    case PredictionTermKind::level: return FindingCode::memory_bound;
    case PredictionTermKind::occupancy: return FindingCode::low_parallelism;
    case PredictionTermKind::latency: return FindingCode::latency_bound;
    case PredictionTermKind::atomic: return FindingCode::atomic_contention;
    case PredictionTermKind::launch: return FindingCode::launch_overhead;
  }
  return FindingCode::memory_bound;
}

const PredictionTerm* term_of(const Prediction& p, PredictionTermKind kind) {
  for (const PredictionTerm& t : p.terms)
    if (t.kind == kind) return &t;
  return nullptr;
}

// The limit set by a term the roofs' bandwidths and peaks do not give
// (prediction_terms.hpp): what bounds the kernel, and what to change.
std::optional<Finding> finding_of_term_limit(const Prediction& p) {
  const PredictionTerm& l = p.limit;
  const FindingCode code = limit_code(l.kind);
  switch (l.kind) {
    case PredictionTermKind::occupancy: {
      const PredictionTerm* roof = term_of(p, PredictionTermKind::compute);
      const double slower = roof && roof->seconds > 0 ? l.seconds / roof->seconds : 0;
      return Finding{"", code,
                     "occupancy-bound: " + format_si(l.amount, "op") + " of " + l.roof + " run at " + format_si(l.rate, "op/s") +
                         ", the rate the build measured at this launch size" +
                         (slower > 0 ? format_text(" (x%.1f the time at the roof, ", slower) + format_si(roof->rate, "op/s") + ")" : std::string()),
                     "add work-items or independent chains per work-item; expected time " +
                         (slower > 0 ? factor(1 / slower) + " at the roof" : std::string("down to the roof's"))};
    }
    case PredictionTermKind::latency:
      if (!l.level)  // a path of dependent floating-point operations (chain_term)
        return Finding{"", code, "latency-bound: " + l.roof + ": " + format_si(l.seconds, "s"),
                       "interleave independent chains in each work-item (split an accumulator in two and add them at the end), and "
                       "add work-items where the launch leaves the device idle; expected time x(1 / chains in flight) until the roof "
                       "bounds it"};
      return Finding{"", code,
                     "latency-bound: " + format_si(l.amount, "load") + " in dependent chains (" + l.roof + "), " + format_si(l.seconds, "s"),
                     "interleave independent chains in each work-item or add work-items; expected time x(1 / chains in flight) until "
                     "bandwidth bounds it"};
    case PredictionTermKind::atomic:
      return Finding{"", code,
                     "atomic-bound: " + format_si(l.amount, "op") + ", the worst site " + l.roof + ", at " + format_si(l.rate, "op/s") +
                         " measured for that contention",
                     "privatize the atomics (local copies per work-group, one global update per group); expected time: the atomics at the "
                     "uncontended rate"};
    case PredictionTermKind::launch:
      return Finding{"", code,
                     "launch-bound: the empty kernel takes " + format_si(l.seconds, "s") + " (" + l.roof + "), more than the kernel's work (" +
                         format_si(p.seconds - l.seconds, "s") + ")",
                     "fuse it with its neighbours or give each launch more work; expected: one launch's " + format_si(l.seconds, "s") +
                         " saved per fused kernel"};
    default: return std::nullopt;
  }
}

// The term that sets the prediction, in its own unit, and how to lower it.
Finding limit_finding(const AccessAnalysis& a, const Prediction& p) {
  if (std::optional<Finding> f = finding_of_term_limit(p)) return *f;
  const PredictionTerm& l = p.limit;
  Finding f{"", limit_code(l.kind), "bound by " + l.roof + ": " + format_term_amount(l) + " at " + format_term_rate(l), ""};
  const bool first_level = l.kind == PredictionTermKind::level && l.level && !a.levels.empty() && l.level->name == a.levels.front().level;
  if (first_level && a.transfer_efficiency > 0)
    f.text += format_text(" (the distinct bytes asked for fill %.0f%% of the lines requested)", 100 * a.transfer_efficiency);
  if (f.code == FindingCode::compute_bound)
    f.suggestion = "fewer operations, or a narrower type where the precision allows; expected time x(new ops / " + format_term_amount(l) + ")";
  else if (f.code == FindingCode::math_bound)
    f.suggestion = "fewer calls of the dominant function, or its native_ form where the precision allows; expected time x(new calls / " +
                   format_term_amount(l) + ")";
  else if (first_level && a.transfer_efficiency > 0 && a.transfer_efficiency < 0.5)
    f.suggestion = "make neighbouring work-items access neighbouring addresses (the sites below); expected " + l.roof + " traffic " +
                   factor(a.transfer_efficiency);
  else if (f.code == FindingCode::memory_bound)
    f.suggestion = "reuse each byte before it leaves the nearer level (tile the loops through local memory or registers); expected time "
                   "x(new bytes / " + format_term_amount(l) + ")";
  return f;
}

// A site whose lines (a write-through level's stores: sectors) carry under
// half the distinct bytes asked for, and that takes more than one line per
// step (a broadcast's one line is no waste).
std::optional<Finding> uncoalesced_finding(const SiteAnalysis& s, const TargetArchitecture& t, double request_bytes_total) {
  const double share = request_bytes_total > 0 ? double(s.requests) * t.request_bytes / request_bytes_total : 0;
  const bool in_sectors = s.stores && !s.loads && t.l1_write_through && t.sector_bytes < t.request_bytes;
  const std::uint32_t unit = in_sectors ? t.sector_bytes : t.request_bytes;
  const double used = in_sectors ? s.sector_efficiency(unit) : s.efficiency(unit);
  if (used >= 0.5 || share < 0.1 || s.lines_per_step() <= 1) return std::nullopt;
  const double per_step = double(s.bytes) / double(std::max<std::uint64_t>(1, s.steps));
  const char* verb = s.stores && !s.loads ? "stores" : s.loads && !s.stores ? "loads" : "uses";
  std::string text = s.site.text + ": " + format_text("%s %.0f of %u bytes per %s (%.1f lines per ", verb, used * unit, unit, in_sectors ? "sector" : "line",
                                                      s.lines_per_step()) +
                     format_text("%u-item step, %.0f bytes asked), uncoalesced", t.sub_group, per_step);
  if (s.neighbour_stride) text += ": neighbouring work-items are " + std::to_string(std::llabs(s.neighbour_stride)) + " bytes apart";
  const std::string change = s.stores && !s.loads ? "transpose through a local tile (each group writes its tile's rows whole)"
                                                  : "read through a local tile, or swap the index so neighbouring work-items read neighbouring "
                                                    "addresses";
  return Finding{s.site.where, FindingCode::uncoalesced_access, text, change + "; expected L1/L2 traffic " + factor(used)};
}

std::optional<Finding> bank_finding(const SiteAnalysis& s, const TargetArchitecture& t) {
  const double degree = s.lines_per_step();
  if (degree < 1.5) return std::nullopt;
  return Finding{s.site.where, FindingCode::bank_conflicts,
                 s.site.text + ": " + format_text("%.0f-way bank conflicts (%.1f passes per step through %u banks", degree, degree, t.banks) +
                     format_text(" of %u bytes)", t.bank_bytes),
                 "pad the local array's rows by one word, or index it so a step's items fall in distinct banks; expected local passes " +
                     factor(1 / degree)};
}

Finding chain_finding(const SiteAnalysis& s, const AccessAnalysis& a) {
  return {s.site.where, FindingCode::dependent_chain,
          s.site.text + ": " +
              format_text("dependent chain: each access's address is what the one before loaded (%.0f per work-item in the sample, one "
                          "after the other): the memory's latency bounds it, not its bandwidth",
                          double(s.accesses) / double(std::max<std::uint64_t>(1, a.items))),
          "run more independent chains at once (more work-items, or several chains interleaved in each); expected time x(1 / chains in "
          "flight per item) until bandwidth bounds it"};
}

Finding atomic_finding(const SiteAnalysis& s, const TargetArchitecture& t) {
  return {s.site.where, FindingCode::atomic_contention,
          s.site.text + ": " + format_text("contended atomic: %.1f of the items of a %u-item step on one address (they take turns)",
                                           s.contention(), t.sub_group),
          "privatize: accumulate in private or local memory (a sub-group or work-group reduction) and make one atomic per group; "
          "expected serialized atomics " + factor(1 / s.contention())};
}

Finding divergence_finding(const SiteAnalysis& s, const TargetArchitecture& t) {
  const double share = s.divergent_share();
  return {s.site.where, FindingCode::branch_divergence,
          s.site.text + ": " + format_text("%.0f%% of the %u-item steps diverge (their items take both ways, which run one after the other)",
                                           100 * share, t.sub_group),
          "make a sub-group's items agree: sort or bin the work by the condition, or compute both sides and select; expected time "
          "of the branch's paths " + factor(1 / (1 + share)) + " (paths of equal cost)"};
}

// The launch against the device's resident slots.
std::optional<Finding> parallelism_finding(const AccessAnalysis& a, std::uint64_t work_items) {
  const TargetArchitecture& t = a.target;
  const double slots = double(t.compute_units) * double(t.resident_groups) * double(std::max<std::uint64_t>(1, a.sample.group_size));
  if (work_items == 0 || double(work_items) >= 0.5 * slots) return std::nullopt;
  return Finding{"", FindingCode::low_parallelism,
                 format_text("too little parallelism: %.0f work-items fill %.2g%% of the %.0f the device runs at once", double(work_items),
                             100 * double(work_items) / slots, slots),
                 format_text("launch at least %.0f work-items (split each item's work among several); expected up to %.3gx the "
                             "throughput where latency, not bandwidth, bounds it",
                             slots, slots / double(work_items))};
}

// Metrics of a sample: the footprint and entropies see only the recorded groups.
std::optional<Finding> sample_finding(const AccessAnalysis& a) {
  if (a.sample.whole_launch() || a.sample.count == 0) return std::nullopt;
  return Finding{"", FindingCode::sampled_metrics,
                 format_text("recorded %llu of %llu work-groups: the footprint (%llu) and the entropies are the sample's, lower bounds of the "
                             "launch's; the levels' bytes are scaled x%.3g",
                             (unsigned long long)a.sample.count, (unsigned long long)a.sample.groups_total,
                             (unsigned long long)a.aiwc.total_footprint, a.scale),
                 "--all-groups records every group; expected: the exact footprint and entropies (a longer recording)"};
}

// Where the cache model may charge more than the hardware moves: a sample
// whose DRAM bytes exceed the buffers (spaced groups, or windows at their
// edges, cannot share lines with neighbours the sample left out).
std::optional<Finding> overcharge_finding(const AccessAnalysis& a) {
  if (a.sample.whole_launch() || !a.footprint_bytes || *a.footprint_bytes <= 0 || a.levels.empty()) return std::nullopt;
  const LevelTraffic& dram = a.levels.back();
  if (dram.level != "DRAM" || dram.bytes <= *a.footprint_bytes) return std::nullopt;
  return Finding{"", FindingCode::model_may_overcharge,
                 "DRAM charged " + format_bytes(dram.bytes) + " for " + format_bytes(*a.footprint_bytes) +
                     " of buffers: the model sees the sample's groups alone (" + sample_layout(a.sample) +
                     "), not groups farther apart reusing their lines in the shared cache; the DRAM term may be "
                     "an over-charge (up to " + format_text("%.2gx", dram.bytes / *a.footprint_bytes) + ")",
                 "--all-groups models every group (slower); expected DRAM bytes at least " + format_bytes(*a.footprint_bytes) +
                     " where each buffer byte is read once"};
}

}  // namespace

std::string sample_layout(const TraceSample& s) {
  if (s.window == 1) return format_text("every %llu from %llu", (unsigned long long)s.stride, (unsigned long long)s.first);
  return format_text("%llu windows of %llu consecutive groups, %llu apart from %llu", (unsigned long long)(s.count / s.window),
                     (unsigned long long)s.window, (unsigned long long)s.stride, (unsigned long long)s.first);
}

std::optional<Finding> term_limit_finding(const Prediction& p) { return finding_of_term_limit(p); }

std::vector<Finding> diagnose(const AccessAnalysis& a, const std::optional<Prediction>& hierarchical, std::uint64_t work_items) {
  std::vector<Finding> out;
  auto add = [&](std::optional<Finding> f) {
    if (f) out.push_back(std::move(*f));
  };
  const TargetArchitecture& t = a.target;
  if (hierarchical) out.push_back(limit_finding(a, *hierarchical));
  // The request lines of every site, in the sample (the first level's bytes are the launch's).
  const double request_bytes = a.levels.empty() ? 0 : a.levels.front().bytes / a.scale;
  for (const SiteAnalysis& s : a.sites) {
    if (s.site.branch) {
      if (s.divergent_share() >= 0.1) out.push_back(divergence_finding(s, t));
      continue;
    }
    if (s.site.chained && s.steps > 0) out.push_back(chain_finding(s, a));
    if (s.site.atomic && s.contention() >= 2) out.push_back(atomic_finding(s, t));
    if (s.site.space == AddressSpace::local && t.banks > 0) add(bank_finding(s, t));
    else add(uncoalesced_finding(s, t, request_bytes));
  }
  add(parallelism_finding(a, work_items));
  add(overcharge_finding(a));
  add(sample_finding(a));
  if (a.truncated_items)
    out.push_back({"", FindingCode::records_truncated,
                   std::to_string(a.truncated_items) + " work-items made more records than were kept: their later accesses are not analysed",
                   "analyse a smaller launch (-D, --global) whose items make fewer records; expected: every access analysed"});
  if (a.branch_capped_items)
    out.push_back({"", FindingCode::branches_sampled,
                   format_text("%llu work-items reached the %llu branch outcomes the recording keeps of each: the branch sites' "
                               "divergence and taken shares are those of each item's first %llu (every memory access is recorded)",
                               (unsigned long long)a.branch_capped_items, (unsigned long long)kTraceBranchesPerItem,
                               (unsigned long long)kTraceBranchesPerItem),
                   "nothing to change in the kernel: the cap bounds a loop's recording cost; expected: the later iterations' branches "
                   "behave as the first ones (a loop whose condition changes late is not seen)"});
  return out;
}

std::vector<LevelDot> level_dots(const std::vector<LevelTraffic>& levels, double ops) {
  std::vector<LevelDot> dots;
  for (const LevelTraffic& l : levels)
    if (l.bytes > 0) dots.push_back({l.level, l.bytes, ops / l.bytes});
  return dots;
}

}  // namespace roofline
