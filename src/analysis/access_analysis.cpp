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
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(TraceSample, groups_total, group_size, first, stride, count)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TraceSite, id, where, text, space, branch, atomic, chained)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(AiwcMetrics, accesses, local_accesses, total_footprint, local_footprint, footprint_90, lmae,
                                   relative_local_usage, parallel_spatial_locality)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(SiteAnalysis, site, steps, accesses, bytes, taken, divergent_steps, serialized, requests,
                                                stores, loads, neighbour_stride)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(LevelTraffic, level, bytes, store_bytes)
void to_json(nlohmann::json& j, const AccessAnalysis& a) {
  j = {{"target", a.target}, {"sample", a.sample}, {"items", a.items}, {"truncated_items", a.truncated_items}, {"aiwc", a.aiwc},
       {"sites", a.sites}, {"transfer_efficiency", a.transfer_efficiency}, {"divergent_share", a.divergent_share}, {"levels", a.levels},
       {"scale", a.scale}};
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
  j.at("levels").get_to(a.levels);
  j.at("scale").get_to(a.scale);
}


std::vector<Finding> diagnose(const AccessAnalysis& a, const std::optional<Prediction>& hierarchical, std::uint64_t work_items) {
  std::vector<Finding> out;
  const TargetArchitecture& t = a.target;
  if (hierarchical) {
    const PredictionTerm& l = hierarchical->limit;
    std::string text = "bound by " + l.roof + ": " + format_bytes(l.amount) + " at " + format_si(l.rate, "B/s");
    if (l.kind == PredictionTermKind::level && l.level && !a.levels.empty() && l.level->name == a.levels.front().level && a.transfer_efficiency > 0)
      text += format_text(" (the lines requested carry %.0f%% of the bytes asked for)", 100 * a.transfer_efficiency);
    out.push_back({"", text, FindingCode::bound});
  }
  // The request lines of every site, in the sample (the first level's bytes are the launch's).
  const double request_bytes = a.levels.empty() ? 0 : a.levels.front().bytes / a.scale;
  for (const SiteAnalysis& s : a.sites) {
    if (s.site.branch) {
      if (s.divergent_share() >= 0.1)
        out.push_back({s.site.where, s.site.text + ": " +
                                         format_text("%.0f%% of the %u-item steps diverge (their items take both ways, which run one after "
                                                     "the other)", 100 * s.divergent_share(), t.sub_group), FindingCode::divergence});
      continue;
    }
    if (s.site.chained && s.steps > 0)
      out.push_back({s.site.where, s.site.text + ": " +
                                       format_text("dependent chain: each access's address is what the one before loaded (%.0f per "
                                                   "work-item in the sample, one after the other): the memory's latency bounds it, "
                                                   "not its bandwidth",
                                                   double(s.accesses) / double(std::max<std::uint64_t>(1, a.items))), FindingCode::dependent_chain});
    if (s.site.atomic && s.contention() >= 2)
      out.push_back({s.site.where, s.site.text + ": " +
                                       format_text("contended atomic: %.1f of the items of a %u-item step on one address (they take "
                                                   "turns)", s.contention(), t.sub_group), FindingCode::contended_atomic});
    const bool banked = s.site.space == AddressSpace::local && t.banks > 0;
    if (banked) {
      const double degree = s.lines_per_step();
      if (degree >= 1.5)
        out.push_back({s.site.where, s.site.text + ": " + format_text("%.0f-way bank conflicts (%.1f passes per step through %u banks", degree, degree, t.banks) +
                                         format_text(" of %u bytes)", t.bank_bytes), FindingCode::bank_conflict});
      continue;
    }
    const double share = request_bytes > 0 ? double(s.requests) * t.request_bytes / request_bytes : 0;
    const double used = s.efficiency(t.request_bytes);
    if (used >= 0.5 || share < 0.1) continue;
    const double per_step = double(s.bytes) / double(std::max<std::uint64_t>(1, s.steps));
    std::string text = s.site.text + ": " + format_text("%.0f of %u bytes used per line (%.1f lines per ", used * t.request_bytes, t.request_bytes, s.lines_per_step()) +
                       format_text("%u-item step, %.0f bytes asked), uncoalesced", t.sub_group, per_step);
    if (s.neighbour_stride) text += ": neighbouring work-items are " + std::to_string(std::llabs(s.neighbour_stride)) + " bytes apart";
    out.push_back({s.site.where, text, FindingCode::uncoalesced});
  }
  const double slots = double(t.compute_units) * double(t.resident_groups) * double(std::max<std::uint64_t>(1, a.sample.group_size));
  if (work_items > 0 && double(work_items) < 0.5 * slots)
    out.push_back({"", format_text("too little parallelism: %.0f work-items fill %.2g%% of the %.0f the device runs at once", double(work_items),
                              100 * double(work_items) / slots, slots), FindingCode::low_parallelism});
  if (a.truncated_items)
    out.push_back({"", std::to_string(a.truncated_items) + " work-items made more records than were kept: their later accesses are not analysed", FindingCode::truncated_records});
  return out;
}

std::vector<LevelDot> level_dots(const std::vector<LevelTraffic>& levels, double ops) {
  std::vector<LevelDot> dots;
  for (const LevelTraffic& l : levels)
    if (l.bytes > 0) dots.push_back({l.level, l.bytes, ops / l.bytes});
  return dots;
}

}  // namespace roofline
