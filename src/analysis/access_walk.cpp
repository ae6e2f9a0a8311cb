#include "analysis/access_walk.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <utility>

namespace roofline {
namespace {

// Each item's accesses split at its barriers: [interval] -> positions.
std::vector<std::pair<std::size_t, std::size_t>> intervals(const TracedItem& item) {
  std::vector<std::pair<std::size_t, std::size_t>> out;
  std::size_t start = 0;
  for (std::size_t p = 0; p < item.accesses.size(); ++p)
    if (item.accesses[p].flags & kTraceBarrier) {
      out.push_back({start, p});
      start = p + 1;
    }
  out.push_back({start, item.accesses.size()});
  return out;
}

// Whether the items [begin, end) made the same sequence of sites and kinds.
bool same_sequence(const TracedGroup& g, std::size_t begin, std::size_t end) {
  const auto& lead = g.items[begin].accesses;
  for (std::size_t i = begin + 1; i < end; ++i) {
    const auto& other = g.items[i].accesses;
    if (other.size() != lead.size()) return false;
    for (std::size_t p = 0; p < lead.size(); ++p)
      if (other[p].site != lead[p].site || other[p].flags != lead[p].flags) return false;
  }
  return true;
}

}  // namespace

AccessWalk::AccessWalk(const AccessContext& context, std::vector<AccessObserver*> observers)
    : context_(context), observers_(std::move(observers)) {
  out_.target = context.target;
  out_.sample = context.layout.sample;
  for (const TraceSite& s : context.layout.sites) out_.sites.push_back(SiteAnalysis{s});
  executed_.assign(context.layout.sites.size(), false);
}

void AccessWalk::add(TracedGroup g) {
  ++groups_;
  out_.items += g.items.size();
  for (const TracedItem& i : g.items) {
    out_.truncated_items += i.truncated();
    const auto branches = std::count_if(i.accesses.begin(), i.accesses.end(), [](const TraceAccess& a) { return a.flags & kTraceBranch; });
    out_.branch_capped_items += std::uint64_t(branches) >= kTraceBranchesPerItem;
  }
  for (AccessObserver* o : observers_) o->group(g);
  const std::size_t sub_group = context_.target.sub_group;
  for (std::size_t begin = 0; begin < g.items.size(); begin += sub_group)
    sub_group_steps(g, begin, std::min(g.items.size(), begin + sub_group));
  wave_.push_back(std::move(g));
  if (wave_.size() >= context_.target.resident_groups) run_wave();
}

void AccessWalk::sub_group_steps(const TracedGroup& g, std::size_t begin, std::size_t end) {
  SubGroupStep s;
  if (same_sequence(g, begin, end)) {
    const auto& lead = g.items[begin].accesses;
    for (std::size_t p = 0; p < lead.size(); ++p) {
      if (lead[p].flags & kTraceBarrier) continue;
      s.clear();
      for (std::size_t i = begin; i < end; ++i) s.push_back(&g.items[i].accesses[p]);
      step(s);
    }
    return;
  }
  std::map<std::pair<std::uint32_t, std::uint64_t>, SubGroupStep> steps;  // (site, execution) -> its records
  for (std::size_t i = begin; i < end; ++i) {
    std::unordered_map<std::uint32_t, std::uint64_t> executions;
    for (const TraceAccess& a : g.items[i].accesses)
      if (!(a.flags & kTraceBarrier)) steps[{a.site, executions[a.site]++}].push_back(&a);
  }
  for (const auto& [key, accesses] : steps) step(accesses);
}

void AccessWalk::step(const SubGroupStep& accesses) {
  if (accesses.empty()) return;
  const TraceAccess& first = *accesses.front();
  if (context_.known_site(first.site)) executed_[first.site] = true;
  const bool branch = first.flags & kTraceBranch;
  for (AccessObserver* o : observers_) branch ? o->branch_step(accesses) : o->memory_step(accesses);
}

void AccessWalk::run_together(const std::vector<const TracedItem*>& items, std::uint32_t compute_unit) {
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> spans;
  std::size_t count = 0;
  for (const TracedItem* i : items) {
    spans.push_back(intervals(*i));
    count = std::max(count, spans.back().size());
  }
  for (std::size_t b = 0; b < count; ++b) {
    std::size_t longest = 0;
    for (const auto& sp : spans)
      if (b < sp.size()) longest = std::max(longest, sp[b].second - sp[b].first);
    for (std::size_t t = 0; t < longest; ++t)
      for (std::size_t i = 0; i < items.size(); ++i) {
        if (b >= spans[i].size() || spans[i][b].first + t >= spans[i][b].second) continue;
        const TraceAccess& a = items[i]->accesses[spans[i][b].first + t];
        if (!a.memory()) continue;
        for (AccessObserver* o : observers_) o->access(a, compute_unit);
      }
  }
}

void AccessWalk::run_wave() {
  if (wave_.empty()) return;
  const TargetArchitecture& target = context_.target;
  const std::uint32_t cu = unit_;
  unit_ = (unit_ + 1) % target.compute_units;
  if (target.groups_in_lockstep) {
    std::vector<const TracedItem*> all;
    for (const TracedGroup& g : wave_)
      for (const TracedItem& i : g.items) all.push_back(&i);
    run_together(all, cu);
  } else {
    for (const TracedGroup& g : wave_)
      for (std::size_t begin = 0; begin < g.items.size(); begin += target.sub_group) {
        std::vector<const TracedItem*> chunk;
        for (std::size_t i = begin; i < std::min(g.items.size(), begin + target.sub_group); ++i) chunk.push_back(&g.items[i]);
        run_together(chunk, cu);
      }
  }
  wave_.clear();
}

AccessAnalysis AccessWalk::finish() {
  run_wave();
  out_.scale = groups_ ? double(std::max<std::uint64_t>(context_.layout.sample.groups_total, groups_)) / double(groups_) : 1;
  out_.footprint_bytes = context_.footprint_bytes;
  for (AccessObserver* o : observers_) o->finish(out_);
  std::vector<SiteAnalysis> executed;
  for (std::size_t i = 0; i < out_.sites.size(); ++i)
    if (executed_[i]) executed.push_back(std::move(out_.sites[i]));
  out_.sites = std::move(executed);
  return std::move(out_);
}

}  // namespace roofline
