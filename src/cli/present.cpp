#include "cli/present.hpp"

#include "cli/exit_status.hpp"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include <nlohmann/json.hpp>

#include "model/units.hpp"

namespace roofline {

void print_error(const std::string& msg) { std::fprintf(stderr, "roofline: %s\n", msg.c_str()); }
void print_warning(const std::string& msg) { std::fprintf(stderr, "roofline: warning: %s\n", msg.c_str()); }

std::string format_ceiling_table(const RoofsDocument& doc) {
  std::ostringstream o;
  o << doc.device.name << " (" << doc.device.platform << ", driver " << doc.device.driver << ")";
  if (doc.clock) o << ", clock under load " << format_text("%.0f", doc.clock->mhz) << " MHz (" << doc.clock->source << ")";
  o << "\n";
  char line[256];
  std::snprintf(line, sizeof line, "%-8s %-5s %-8s %5s %14s %8s %8s %16s  %s\n", "kind", "op", "type", "width",
                "value", "spread", "of peak", "launch", "kernel");
  o << line;
  for (const auto& c : doc.ceilings) {
    std::string eff = c.efficiency ? format_text("%.1f%%", *c.efficiency * 100) : "-";
    if (c.above_theory) eff += "!";
    const std::string spread = format_text("%.1f%%", c.value > 0 ? 100.0 * (c.stats.max - c.stats.min) / c.value : 0.0);
    const std::string launch = std::to_string(c.launch.work_groups()) + " x " + std::to_string(c.launch.local);
    // The kernel description can be long: only the fixed columns go through the buffer.
    std::snprintf(line, sizeof line, "%-8s %-5s %-8s %5d %14s %8s %8s %16s  ", str(c.kind).c_str(), str(c.op).c_str(),
                  (c.is_memory() ? c.level_name() : str(c.type)).c_str(), c.width, format_si(c.value, c.unit()).c_str(), spread.c_str(),
                  eff.c_str(), launch.c_str());
    if (!c.below_farther_level.empty()) o << "[below " << c.below_farther_level << "!] ";
    o << line << c.variant << "\n";
  }
  if (const std::string summary = key_theory_summary(doc); !summary.empty()) o << "key ceilings: " << summary << "\n";
  return o.str();
}

std::string format_device_builds(const DevicesBuildResult& result) {
  std::ostringstream o;
  o << result.devices.size() << " devices built " << (result.concurrent ? "at once (--concurrent)" : "one after another")
    << " in " << format_text("%.1f", result.seconds) << " s\n";
  for (const DeviceBuild& d : result.devices) {
    const int status = !d.ran ? exit_status_of(Failure::interrupted) : d.failure ? exit_status_of(*d.failure) : d.child_status;
    o << format_text("  %-6s %-40s %8s  ", d.selector.c_str(), d.name.substr(0, 40).c_str(),
                     d.ran ? format_text("%.1f s", d.seconds).c_str() : "not run")
      << (d.ok() ? "ok" : "exit " + std::to_string(status)) << "  " << (d.result ? d.result->roofs_path : "-") << "\n";
  }
  bool compared = false, lowered = false;
  for (const DeviceBuild& d : result.devices) {
    if (!d.result || d.result->alone_path.empty()) continue;
    compared = compared || !d.result->against_alone.empty();
    o << "  " << d.selector << " against its build alone (" << d.result->alone_path << "): "
      << (d.result->against_alone.empty() ? "no key ceiling in common" : format_key_changes(d.result->against_alone)) << "\n";
    for (const KeyCeilingChange& c : d.result->against_alone) lowered = lowered || c.lowered();
  }
  if (result.concurrent) {
    if (!compared)
      o << "whether the concurrent builds lowered each other's ceilings is not known: no key ceiling of a build of "
           "these devices alone to compare with (--alone names a folder of them)\n";
    else
      o << (lowered ? "the concurrent builds lowered some key ceilings (marked: under "
                    : "the concurrent builds lowered no key ceiling under ")
        << format_text("%.2f", kLoweredBelow) << "x of the device's build alone" << (lowered ? ")" : "") << "\n";
  }
  return o.str();
}

std::string format_counts(const CountsFile& c) {
  std::ostringstream o;
  auto n = [](double v) { return format_text("%.0f", v); };
  const OpCounts& k = c.counts;
  o << "kernel " << c.launch.kernel << " (" << c.source << "), " << c.work_items << " work-items, counted on " << c.device << "\n";
  o << "  FLOPs    " << n(k.flops()) << "  (half " << n(double(k.slot[kFlopHalf])) << ", float " << n(double(k.slot[kFlopFloat]))
    << ", double " << n(double(k.slot[kFlopDouble])) << ")\n";
  o << "  INTOPs   " << n(k.intops()) << "\n";
  o << "  bytes    " << n(k.carm_bytes()) << "  (CARM traffic: global, constant and local)\n";
  o << "    global    load " << n(double(k.slot[kGlobalLoad])) << "  store " << n(double(k.slot[kGlobalStore])) << "\n";
  o << "    constant  load " << n(double(k.slot[kConstantLoad])) << "\n";
  o << "    local     load " << n(double(k.slot[kLocalLoad])) << "  store " << n(double(k.slot[kLocalStore])) << "\n";
  o << "    private   load " << n(double(k.slot[kPrivateLoad])) << "  store " << n(double(k.slot[kPrivateStore]))
    << "  (not CARM traffic)\n";
  if (k.longest_chain > 0)
    o << "  chain    " << k.longest_chain << "  (the longest path of dependent floating-point operations of a work-item; "
      << k.chain_links << " links over all work-items)\n";
  const double ops = k.flops() > 0 ? k.flops() : k.intops();
  if (k.carm_bytes() > 0)
    o << "  AI       " << format_text("%.4g", ops / k.carm_bytes()) << (k.flops() > 0 ? " FLOP/byte" : " INTOP/byte") << "\n";
  if (!k.math.empty()) {
    o << "  math calls (one per lane; the FLOPs and INTOPs count them by their own rules)\n";
    for (const auto& [call, calls] : k.math) o << format_text("    %-24s %s\n", call.label().c_str(), n(double(calls)).c_str());
  }
  for (const auto& w : c.warnings) o << "  warning: " << w << "\n";
  return o.str();
}

namespace {

std::string term_text(const PredictionTerm& t) {
  return std::string(name_of(t.kind)) + " " + format_term_amount(t) + " at " + t.roof + ": " + format_si(t.seconds, "s");
}

}  // namespace

std::string format_prediction(const Prediction& p, double measured_seconds) {
  std::string terms;
  for (const PredictionTerm& t : p.terms)
    terms += "\n    " + term_text(t) + (t.kind == p.limit.kind && t.seconds == p.limit.seconds ? "  <- limit" : "");
  return format_text("  bound    %s: the predicted limit, %s a priori; measured %s (measured / predicted %.2f)", p.limit.roof.c_str(),
                     format_si(p.seconds, "s").c_str(), format_si(measured_seconds, "s").c_str(), measured_seconds / p.seconds) +
         terms + "\n";
}

namespace {

// A placement's math calls against its FLOP and memory times, and whether they bound it.
std::string format_math(const MathPlacement& m, RateUnit unit) {
  std::ostringstream o;
  if (m.roof.empty())
    o << "  math     no math roof for these calls: not timed\n";
  else if (m.bound)
    o << "  math-bound: the math calls take " << format_si(m.seconds, "s") << " at their roofs, more than the FLOPs ("
      << format_si(m.flop_seconds, "s") << ") and the memory traffic (" << format_si(m.memory_seconds, "s") << ")\n";
  else
    o << "  math     " << format_si(m.seconds, "s") << " at the math roofs, against FLOPs " << format_si(m.flop_seconds, "s")
      << " and memory " << format_si(m.memory_seconds, "s") << ": not the bound\n";
  for (const MathTerm& t : m.calls)
    o << format_text("    %-24s %14.0f calls", t.call.label().c_str(), t.calls)
      << (t.calls_per_s ? " at " + format_si(*t.calls_per_s, "call/s") + ": " + format_si(t.seconds, "s") : std::string(", no roof measured"))
      << "\n";
  if (!m.roof.empty()) o << "    " << m.roof << " at this kernel: " << format_si(m.roof_performance, unit) << "\n";
  return o.str();
}

}  // namespace

std::string format_placement(const Placement& p, const CountsFile& c, bool counted_here) {
  std::ostringstream o;
  o << format_counts(c);
  o << format_text("  time     %s median (min %s, max %s, rse %.2f%%, %zu runs)\n", format_si(p.seconds, "s").c_str(),
                   format_si(p.time.min, "s").c_str(), format_si(p.time.max, "s").c_str(), 100 * p.time.rse, p.time.samples);
  o << "  perf     " << format_si(p.performance, p.unit) << " on " << p.device << "\n";
  if (p.watts) {
    o << format_text("  power    %.1f W, %s per launch", *p.watts, format_si(*p.joules, "J").c_str());
    if (p.efficiency) o << ", " << format_si(*p.efficiency, p.unit == RateUnit::intop ? "INTOP" : "FLOP") << "/J";
    o << "\n";
  }
  // One bound per kernel: the predicted limit first; the roof the measured
  // dot presses against after it, named as the attained roof.
  if (p.prediction) o << format_prediction(*p.prediction, p.seconds);
  else o << "  bound    none predicted (no footprint or roofs to predict from)\n";
  const bool math_bound = p.math && p.math->bound;
  if (!p.attained.roof.empty()) {
    o << "  attained " << p.attained.roof << (p.attained.level ? "" : math_bound ? " (math)" : " (compute)") << ": "
      << format_text("%s attainable at this AI, %.1f%% reached (the attained roof: the one the measured dot presses "
                     "against, not the bound)\n",
                     format_si(p.attained.attainable, p.unit).c_str(), 100 * p.attained.fraction);
  }
  if (p.math) o << format_math(*p.math, p.unit);
  if (counted_here && c.instrumented_seconds > 0 && p.seconds > 0) {
    o << "  counting run " << format_si(c.instrumented_seconds, "s") << " on " << c.device
      << format_text(", %.2fx the kernel's median time\n", c.instrumented_seconds / p.seconds);
  }
  if (!p.note.empty()) o << "  note: " << p.note << "\n";
  return o.str();
}

namespace {

// What the recording saw: the sample, the target, the AIWC metrics, the sites and the levels.
std::string format_recording(const AddressAnalysis& r, const std::string& roofs, double flops) {
  const AccessAnalysis& a = r.analysis;
  const TargetArchitecture& t = a.target;
  std::ostringstream o;
  o << format_text("  recorded %llu of %llu work-groups (%s), %llu work-items", (unsigned long long)a.sample.count,
                   (unsigned long long)a.sample.groups_total, sample_layout(a.sample).c_str(), (unsigned long long)a.items)
    << format_text(", %s, in %.2f s\n", format_si(double(a.aiwc.accesses), "accesses").c_str(), r.record_seconds);
  o << "  target   " << t.family << " of " << roofs << format_text(": %u-item steps, %u-byte lines", t.sub_group, t.request_bytes);
  if (t.banks) o << format_text(", %u local banks of %u bytes", t.banks, t.bank_bytes);
  o << format_text(", %u groups per compute unit\n", t.resident_groups);
  const AiwcMetrics& m = a.aiwc;
  o << (a.sample.whole_launch() ? "  AIWC     " : "  AIWC     (of the sampled groups: lower bounds) ")
    << format_text("footprint %llu (90%%: %llu), local footprint %llu, global MAE %.2f, LMAE 3 bits %.2f, 10 bits %.2f, "
                   "relative local usage %.2f\n",
                   (unsigned long long)m.total_footprint, (unsigned long long)m.footprint_90, (unsigned long long)m.local_footprint,
                   m.global_mae(), m.lmae[3], m.lmae[10], m.relative_local_usage);
  o << "  parallel spatial locality (0..10 bits dropped):";
  for (double v : m.parallel_spatial_locality) o << format_text(" %.2f", v);
  o << "\n  sites\n";
  for (const SiteAnalysis& s : a.sites) {
    const bool banked = s.site.space == AddressSpace::local && t.banks;
    const std::string kind = s.site.branch ? "branch" : std::string(name_of(s.site.space));
    o << format_text("    %-18s %-8s %-34s", s.site.where.c_str(), kind.c_str(), s.site.text.substr(0, 34).c_str());
    if (s.site.branch)
      o << format_text(" %.0f%% of steps divergent, %.0f%% taken\n", 100 * s.divergent_share(),
                       s.accesses ? 100.0 * double(s.taken) / double(s.accesses) : 0.0);
    else if (banked) o << format_text(" %.2f passes per step through the banks\n", s.lines_per_step());
    else {
      o << format_text(" %.2f lines per step, %.0f%% of line bytes used", s.lines_per_step(), 100 * s.efficiency(t.request_bytes));
      if (s.reuse() >= 1.05) o << format_text(", each address asked %.1f times per step (reuse)", s.reuse());
      o << "\n";
    }
  }
  for (const std::string& w : r.warnings) o << "  warning: " << w << "\n";
  o << format_text("  levels   (whole launch, x%.1f the sample)", a.scale);
  for (const LevelTraffic& l : a.levels) {
    o << "  " << l.level << " " << format_bytes(l.bytes);
    if (flops > 0 && l.bytes > 0) o << format_text(" (AI %.3g)", flops / l.bytes);
  }
  o << "\n";
  return o.str();
}

std::string format_findings(const std::vector<Finding>& findings) {
  std::string o;
  for (const Finding& f : findings) {
    o += "    [" + std::string(name_of(f.code)) + "] " + (f.where.empty() ? "" : f.where + ": ") + f.text + "\n";
    if (!f.suggestion.empty()) o += "      -> " + f.suggestion + "\n";
  }
  return o;
}

}  // namespace

std::string format_analysis(const AnalyzeResult& r) {
  const AddressAnalysis& a = r.address;
  std::ostringstream o;
  o << format_counts(r.counts) << format_recording(a, r.roofs, r.counts.counts.flops());
  if (a.hierarchical) {
    o << "  predicted " << format_si(a.hierarchical->seconds, "s") << " from the levels (limit: " << a.hierarchical->limit.roof << ")";
    if (a.core) o << "; " << format_si(a.core->seconds, "s") << " from the counts alone (limit: " << a.core->limit.roof << ")";
    o << "\n";
    for (const PredictionTerm& term : a.hierarchical->terms) o << "    " << term_text(term) << "\n";
  }
  o << "  why\n" << format_findings(a.findings);
  return o.str();
}

std::string format_analyzed_placement(const Placement& p, const CountsFile& c, bool counted_here, const AddressAnalysis& a,
                                      const std::string& roofs) {
  std::ostringstream o;
  o << format_placement(p, c, counted_here) << format_recording(a, roofs, c.counts.flops());
  if (a.core)
    o << format_text("  core view (counts and footprint alone) predicted %s (limit: %s): measured / predicted %.2f\n",
                     format_si(a.core->seconds, "s").c_str(), a.core->limit.roof.c_str(), p.seconds / a.core->seconds);
  o << "  why\n" << format_findings(a.findings);
  return o.str();
}

std::string format_idle_power(const IdleReading& r) {
  std::string domains;
  for (const auto& d : r.domains) domains += (domains.empty() ? "" : ", ") + d;
  return r.device + ": backend " + r.backend + ", domains " + domains + "\n" +
         format_text("idle power %.2f W (median of %zu windows of %.2f s; min %.2f, max %.2f)\n", r.watts.median,
                     r.watts.samples, r.window_s, r.watts.min, r.watts.max);
}

std::string devices_json(const std::vector<DeviceEntry>& devices, const std::vector<PlatformEntry>& platforms) {
  nlohmann::json j{{"platforms", nlohmann::json::array()}, {"devices", nlohmann::json::array()}};
  for (const auto& p : platforms) {
    nlohmann::json e{{"index", p.index}, {"name", p.name}, {"version", p.version}, {"devices", p.devices}};
    if (!p.why_none.empty()) e["why_none"] = p.why_none;
    j["platforms"].push_back(e);
  }
  for (const auto& d : devices) {
    nlohmann::json e = d.identity;
    e["index"] = d.index;
    e["selector"] = std::to_string(d.platform_index) + ":" + std::to_string(d.device_index);
    e["gaps"] = device_gaps(d);
    j["devices"].push_back(e);
  }
  return j.dump(2) + "\n";
}

namespace {

std::string seconds_text(double s) { return format_si(s, "s"); }

std::string kernel_row(const TracedKernel& k) {
  std::string row = format_text("%-24s %-16.16s %9llu %10s %10s %6.1f%%", k.name.c_str(), k.program.c_str(),
                                static_cast<unsigned long long>(k.launches), seconds_text(k.total_s).c_str(),
                                seconds_text(k.median_s).c_str(), 100 * k.share);
  if (k.moved_bytes && k.moved_bytes_per_s)
    return row + format_text(" %10s %10s %8s %12s  %s\n", "0 FLOP", format_bytes(*k.moved_bytes).c_str(), "0",
                             format_si(*k.moved_bytes_per_s, "B/s").c_str(), ("counted, not placed: " + k.not_placed).c_str());
  if (!k.not_counted.empty()) return row + "  not counted: " + k.not_counted + "\n";
  if (!k.placement) return row + "  counted, not placed: " + k.not_placed + "\n";
  const Placement& p = *k.placement;
  row += format_text(" %10s %10s %8s %12s", format_si(p.flops, "FLOP").c_str(), format_bytes(p.bytes).c_str(),
                     format_text("%.3g", p.ai).c_str(), format_si(p.performance, p.unit).c_str());
  if (!p.prediction) return row + "  (no roof)\n";
  return row + format_text(" %-14s %6.1f%% %10s\n", p.prediction->limit.roof.c_str(), 100 * p.prediction->seconds / p.seconds,
                           k.headroom_s ? seconds_text(*k.headroom_s).c_str() : "-");
}

std::string transfer_row(const TracedTransfer& t) {
  std::string row = format_text("%-12s %-16s %9llu %10s %10s %10s", std::string(name_of(t.kind)).c_str(),
                                std::string(name_of(t.path)).c_str(), static_cast<unsigned long long>(t.count),
                                t.bytes ? format_bytes(double(*t.bytes)).c_str() : "(sizes)",
                                seconds_text(t.total_s).c_str(), seconds_text(t.median_s).c_str());
  if (t.model_s) row += format_text(" %10s %6.2fx", seconds_text(*t.model_s).c_str(), t.median_s / *t.model_s);
  return row + "\n";
}

std::string app_line(const TraceResult& t) {
  std::string cmd;
  for (const std::string& a : t.command) cmd += (cmd.empty() ? "" : " ") + a;
  if (t.app.signal) return format_text("application '%s' was killed by signal %d\n", cmd.c_str(), *t.app.signal);
  return format_text("application '%s' exited with status %d\n", cmd.c_str(), t.app.exit_status);
}

// trace --merge: each rank, then each kernel's time over the ranks, its
// largest rank, the imbalance and every rank's share.
std::string ranks_section(const TraceResult& t) {
  std::ostringstream o;
  o << t.ranks.size() << (t.ranks.front().file.empty() ? " ranks" : " ranks merged")
    << " (imbalance: a kernel's largest rank time over the mean of all ranks)\n";
  for (const TraceRank& r : t.ranks) {
    const std::string ended = r.app.signal ? format_text("killed by signal %d", *r.app.signal) : format_text("exit %d", r.app.exit_status);
    o << format_text("rank %-4d %-16s %s, wall %s, kernels %s", r.rank, r.host.c_str(), ended.c_str(), seconds_text(r.app.wall_s).c_str(),
                     seconds_text(r.kernel_s).c_str())
      << (r.file.empty() ? "" : "  " + r.file) << "\n";
  }
  o << format_text("%-24s %10s %10s %16s %10s  %s\n", "kernel", "total", "mean/rank", "largest (rank)", "imbalance", "share by rank");
  for (const TracedKernel& k : t.kernels) {
    const RankTime* largest = nullptr;
    std::string shares;
    for (const RankTime& r : k.ranks) {
      if (!largest || r.seconds > largest->seconds) largest = &r;
      shares += (shares.empty() ? "" : " ") + format_text("%d:%.0f%%", r.rank, 100 * r.share);
    }
    const std::string big = largest ? seconds_text(largest->seconds) + format_text(" (%d)", largest->rank) : "-";
    o << format_text("%-24s %10s %10s %16s %10s  ", k.name.substr(0, 24).c_str(), seconds_text(k.total_s).c_str(),
                     seconds_text(k.total_s / double(std::max<std::size_t>(1, t.ranks.size()))).c_str(), big.c_str(),
                     k.imbalance ? format_text("%.2f", *k.imbalance).c_str() : "-")
      << shares << "\n";
  }
  return o.str();
}

}  // namespace

std::string format_trace(const TraceResult& t) {
  std::ostringstream o;
  o << app_line(t);
  if (!t.used_opencl) {
    o << "it used no OpenCL: no kernel or transfer was captured\n";
    return o.str();
  }
  o << format_text("wall %s, kernels %s, transfers %s, device idle %s in %llu gaps (%s)\n",
                   seconds_text(t.summary.wall_s).c_str(), seconds_text(t.summary.kernel_s).c_str(),
                   seconds_text(t.summary.transfer_s).c_str(), seconds_text(t.summary.idle_s).c_str(),
                   static_cast<unsigned long long>(t.summary.gaps), t.device.c_str());
  o << format_text("%-24s %-16s %9s %10s %10s %7s %10s %10s %8s %12s %-14s %7s %10s\n", "kernel", "program", "launches",
                   "total", "median", "share", "FLOPs", "bytes", "AI", "performance", "bound", "of pred", "headroom");
  for (const TracedKernel& k : t.kernels) o << kernel_row(k);
  for (const TracedKernel& k : t.kernels)
    if (k.placement && k.placement->analysis && !k.placement->analysis->findings.empty())
      o << "why " << k.name << ":\n" << format_findings(k.placement->analysis->findings);
  if (!t.transfers.empty()) {
    o << format_text("%-12s %-16s %9s %10s %10s %10s %10s %7s\n", "transfer", "path", "count", "bytes", "total", "median",
                     "model", "ratio");
    for (const TracedTransfer& x : t.transfers) o << transfer_row(x);
  }
  if (!t.ranks.empty()) o << ranks_section(t);
  if (t.roofs.empty()) o << "no roofs file: pass --roofs to get each kernel's bound and headroom\n";
  for (const std::string& n : t.notes) o << "note: " << n << "\n";
  return o.str();
}

namespace {

// A cell of the fleet table: the ratio to the group's median, '*' for an
// outlier, '!' below the threshold; "missing" where the group has the
// ceiling and the device not, "-" where none of its group measured it.
std::string fleet_cell(const FleetCell& c) {
  if (c.missing) return "missing!";
  if (!c.ratio) return "-";
  return format_text("%.3f", *c.ratio) + (c.outlier ? "*" : "") + (c.below ? "!" : "");
}

}  // namespace

std::string format_fleet(const FleetReport& r) {
  std::ostringstream o;
  o << "fleet: " << r.devices.size() << (r.devices.size() == 1 ? " device" : " devices") << " in " << r.groups.size()
    << (r.groups.size() == 1 ? " group" : " groups") << "; each key ceiling as a ratio to its group's median";
  if (r.options.fail_below) o << format_text(" (! below %.2f", *r.options.fail_below) << ", * |score| > "
                              << format_text("%.1f)", r.options.mad_threshold);
  else o << format_text(" (* |score| > %.1f)", r.options.mad_threshold);
  o << "\n";
  std::size_t width = 12;
  for (const FleetDevice& d : r.devices) width = std::max(width, std::min<std::size_t>(d.label.size(), 48));
  for (std::size_t g = 0; g < r.groups.size(); ++g) {
    const FleetGroup& group = r.groups[g];
    o << "\ngroup " << g + 1 << ": " << group.model.text() << ", " << group.devices.size()
      << (group.devices.size() == 1 ? " device" : " devices") << ", driver";
    for (std::size_t i = 0; i < group.drivers.size(); ++i) o << (i ? ", " : " ") << group.drivers[i];
    o << "\n" << std::string(width, ' ');
    for (const KeyCeiling& k : kKeyCeilings) o << format_text(" %12s", k.label().c_str());
    o << "\n" << format_text("%-*s", int(width), "median");
    for (std::size_t c = 0; c < kKeyCeilings.size(); ++c) {
      const std::optional<double>& median = group.ceilings[c].median;
      o << format_text(" %12s", median ? format_si(*median, kKeyCeilings[c].unit()).c_str() : "-");
    }
    o << "\n";
    for (std::size_t d : group.devices) {
      const FleetDevice& dev = r.devices[d];
      o << format_text("%-*s", int(width), dev.label.substr(0, 48).c_str());
      for (const FleetCell& c : dev.cells) o << format_text(" %12s", fleet_cell(c).c_str());
      o << "\n";
    }
  }
  std::size_t below = 0;
  for (const FleetDevice& d : r.devices)
    for (std::size_t c = 0; c < d.cells.size(); ++c)
      if (d.cells[c].below) {
        ++below;
        const std::string what = d.cells[c].missing ? std::string("missing") : format_text("at %.3f of the group's median", *d.cells[c].ratio);
        o << "below: " << d.label << " " << kKeyCeilings[c].label() << " " << what << "\n";
      }
  if (r.options.fail_below && below == 0) o << format_text("every device at or above %.2f of its group's median\n", *r.options.fail_below);
  for (const std::string& n : r.notes) o << "note: " << n << "\n";
  return o.str();
}

namespace {

std::string compared_value(const ComparedRow& r, const std::optional<double>& v) {
  if (!v) return "-";
  return r.unit ? format_si(*v, *r.unit) : format_si(*v, "s");
}

// A kernel's bound in one run: the predicted limit, the attained roof beside it.
std::string compared_bound(const std::string& limit, const std::string& attained) {
  if (limit.empty() && attained.empty()) return "-";
  if (limit.empty()) return "attained " + attained;
  return limit + (attained.empty() || attained == limit ? "" : " (attained " + attained + ")");
}

}  // namespace

std::string format_comparison(const Comparison& c) {
  std::ostringstream o;
  o << "compare " << str(c.kind) << ": A " << c.a.file << " (" << c.a.text() << ")\n"
    << std::string(9 + str(c.kind).size(), ' ') << "B " << c.b.file << " (" << c.b.text() << ")\n";
  o << "speed: B over A, below 1 slower (" << (c.kind == ComparedKind::roofs ? "rate B / A" : "time A / B; rate B / A where the work differs")
    << ")";
  if (c.fail_if_slower) o << format_text("; ! slower than %.4g", 1 - *c.fail_if_slower);
  o << "\n\n";
  std::size_t width = 8;
  for (const ComparedRow& r : c.rows) width = std::max(width, std::min<std::size_t>(r.name.size(), 40));
  const bool kernels = c.kind != ComparedKind::roofs;
  o << format_text("%-*s %14s %14s %8s", int(width), kernels ? "kernel" : "ceiling", "A", "B", "speed");
  if (kernels) o << format_text(" %9s %9s  %s", "AI A", "AI B", "bound A -> B (the predicted limit; the attained roof beside it)");
  o << "\n";
  for (const ComparedRow& r : c.rows) {
    o << format_text("%-*s %14s %14s %8s%s", int(width), r.name.substr(0, 40).c_str(), compared_value(r, r.a).c_str(),
                     compared_value(r, r.b).c_str(), r.speed ? format_text("%.3f", *r.speed).c_str() : "-", r.slower ? "!" : " ");
    if (kernels) {
      o << format_text("%9s %9s  ", r.ai_a ? format_text("%.3g", *r.ai_a).c_str() : "-", r.ai_b ? format_text("%.3g", *r.ai_b).c_str() : "-");
      const std::string bound_a = compared_bound(r.limit_a, r.attained_a), bound_b = compared_bound(r.limit_b, r.attained_b);
      o << bound_a << (bound_b == bound_a ? "" : " -> " + bound_b);
    }
    if (!r.note.empty()) o << (kernels ? "; " : "  ") << r.note;
    o << "\n";
  }
  if (c.fail_if_slower) {
    const std::size_t slower = c.slower_count();
    if (slower) o << format_text("\n%zu of %zu %s slower than %.4g of A's (--fail-if-slower %.4g%%)\n", slower, c.rows.size(),
                                 kernels ? "kernels" : "ceilings", 1 - *c.fail_if_slower, 100 * *c.fail_if_slower);
    else o << format_text("\nnone slower than %.4g of A's\n", 1 - *c.fail_if_slower);
  }
  for (const std::string& n : c.notes) o << "note: " << n << "\n";
  return o.str();
}

}  // namespace roofline
