#include "app/analyze.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>

#include "app/command_files.hpp"
#include "app/errors.hpp"
#include "app/instrumenter.hpp"
#include "app/kernel_setup.hpp"
#include "app/output_files.hpp"
#include "app/worker.hpp"
#include "count/instrument.hpp"
#include "device/program.hpp"
#include "launch/launch.hpp"
#include "measurement/measurement.hpp"
#include "model/json_fields.hpp"
#include "analysis/analysis.hpp"
#include "files/files.hpp"
#include "model/model.hpp"
#include "version.hpp"

namespace roofline {

namespace {

// `count` single groups, spaced by the target's compute units where the launch has as many.
TraceSample spaced_sample(std::uint64_t groups, std::uint64_t count, const TargetArchitecture& target) {
  const std::uint64_t stride = std::max<std::uint64_t>(1, target.compute_units);
  const std::uint64_t spaced = (groups + stride - 1) / stride;
  if (count <= spaced) return {groups, 0, 0, stride, count};
  count = std::min(count, groups);
  return {groups, 0, 0, std::max<std::uint64_t>(1, groups / count), count};
}

}  // namespace

TraceSample sample_plan(std::uint64_t groups, double records, const TargetArchitecture& target, GroupSample requested) {
  if (requested.all || (!requested.groups && groups <= kWholeLaunchGroups && records <= kWholeLaunchRecords))
    return TraceSample::whole(groups);
  if (requested.groups) return spaced_sample(groups, requested.groups, target);
  const double budget = requested.records ? double(requested.records) : kSampleRecords;
  const double per_group = groups ? records / double(groups) : 0;
  const std::uint64_t share = groups / kSampleWindows;
  const std::uint64_t window =
      per_group > 0 ? std::min<std::uint64_t>(share, std::uint64_t(budget / double(kSampleWindows) / per_group)) : share;
  if (window < std::max<std::uint64_t>(2, target.compute_units))
    return spaced_sample(groups, std::max<std::uint64_t>(8, 2 * std::uint64_t(target.resident_groups)), target);
  return {groups, 0, (share - window) / 2, share, kSampleWindows * window, window};
}

namespace {

// The target's roofs: --roofs, else the device's in roofs/; the analysis needs them.
std::pair<RoofsDocument, std::string> target_roofs(const AnalyzeRequest& r, const DeviceEntry& device) {
  const std::string path = roofs_path_for(r.roofs, device.identity.name);
  if (path.empty())
    throw CommandError(Failure::usage, "the analysis needs the roofs of the target device: pass --roofs ROOFS.json (no roofs/" +
                                           device_slug(device.identity.name) + ".json)");
  return {load_roofs(path), path};
}

// The first cap on an item's records in a sampled recording: its share of
// the counted accesses, taken as 4 bytes each, as many again for its
// branches, with room to spare (the recording raises the cap to what the
// items made when it was short). Never what decides to sample: that is the
// exact count (exact_records).
std::uint64_t records_hint(const CountsFile& c) {
  const double per_item = c.work_items ? c.counts.carm_bytes() / 4.0 / double(c.work_items) : 0;
  return std::uint64_t(std::min(1e7, per_item * 2.5 + 64));
}

AnalyzeResult analyze_in_worker(const AnalyzeRequest& r, const WorkerChannel& worker) {
  PreparedKernel k = prepare_kernel(r.kernel);
  AnalyzeResult out;
  RoofsDocument roofs;
  std::tie(roofs, out.roofs) = target_roofs(r, *k.device);
  worker.doing("counting kernel '" + k.kernel->kernel_name() + "' of " + k.file);
  out.counts = count_kernel(k, r.kernel);
  out.address = analyze_addresses(k, r.kernel, out.counts, roofs, r.sample, worker);
  return out;
}

// What the launcher runs: the copy over the planned groups.
AddressRecording recording_of(const InstrumentResult& inst, const TraceSample& sample, std::uint64_t records_per_item) {
  AddressRecording rec;
  rec.source = inst.source;
  rec.layout = inst.layout;
  rec.sites = inst.sites;
  rec.sample = sample;
  rec.records_per_item = records_per_item;
  return rec;
}

}  // namespace

AddressAnalysis analyze_addresses(PreparedKernel& k, const KernelRequest& request, const CountsFile& counts, const RoofsDocument& roofs,
                                  GroupSample sample, const WorkerChannel& worker) {
  const auto t0 = std::chrono::steady_clock::now();
  const InstrumentResult inst = instrumented_copy(k, request, true);
  const std::uint64_t group_size = k.kernel->recorded_group_size();
  if (k.kernel->local().empty() && request.on_warning)
    request.on_warning(request.file + ": no --local: the addresses are recorded with work-groups of " + std::to_string(group_size) +
                       " items");
  const TargetArchitecture target = target_architecture(roofs, group_size, inst.layout.total_local_bytes());
  std::uint64_t per_item = records_hint(counts);
  double records = double(per_item) * double(k.kernel->work_items());
  KernelWork work = work_of(counts.counts, double(k.kernel->buffer_bytes()));
  work.work_items = double(k.kernel->work_items());
  std::optional<AccessAnalyzer> analyzer;
  try {
    const std::uint64_t groups = k.kernel->work_groups();
    if (!sample.groups && !sample.all) {
      // Whether the launch is recorded whole, and how long a window is: its exact records, counted by the recording copy itself.
      worker.doing("counting the address records of kernel '" + k.kernel->kernel_name() + "' of " + k.file);
      UserKernel::RecordTotals exact;
      while_doing("counting address records of " + request.file,
                  [&] { exact = k.kernel->count_records(recording_of(inst, TraceSample::whole(groups), 1)); });
      records = double(exact.records);
      per_item = std::max<std::uint64_t>(1, exact.most);
    }
    const AddressRecording rec = recording_of(inst, sample_plan(groups, records, target, sample), per_item);
    analyzer.emplace(k.kernel->trace_layout(rec), target, work.footprint_bytes);
    worker.doing("recording the addresses of kernel '" + k.kernel->kernel_name() + "' of " + k.file);
    while_doing("recording addresses of " + request.file,
                [&] { k.kernel->record(rec, [&](TracedGroup g) { analyzer->add(std::move(g)); }); });
  } catch (const KernelBuildError& e) {
    throw CommandError(Failure::kernel_build, request.file + ": " + e.what() + " (a bug of the instrumenter; please report it)",
                       "build log:\n" + e.log());
  }
  AddressAnalysis out;
  out.analysis = analyzer->finish();
  out.hierarchical = predict_time(work, out.analysis.levels, target.local_on_l1_path, roofs);
  if (out.hierarchical)  // the terms only the recorded accesses give: dependent loads and contended atomics
    out.hierarchical = with_terms(*out.hierarchical, {latency_term(out.analysis, roofs, *work.work_items, work.footprint_bytes),
                                                      atomic_term(out.analysis, roofs)});
  out.core = predict_time(work, roofs);
  out.findings = diagnose(out.analysis, out.hierarchical, k.kernel->work_items());
  // The counting copy's warnings are the same source's: only the recording copy's new ones.
  for (const std::string& w : inst.warnings)
    if (std::find(counts.warnings.begin(), counts.warnings.end(), w) == counts.warnings.end()) out.warnings.push_back(w);
  out.record_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return out;
}

AddressAnalysis address_analysis_of(const nlohmann::json& doc) {
  AddressAnalysis a;
  a.analysis = doc.at("analysis").get<AccessAnalysis>();
  json_fields::get_opt(doc, "prediction", a.hierarchical);
  json_fields::get_opt(doc, "core_prediction", a.core);
  a.findings = doc.at("findings").get<std::vector<Finding>>();
  json_fields::get_opt(doc, "warnings", a.warnings);
  a.record_seconds = doc.at("record_seconds").get<double>();
  return a;
}

nlohmann::json address_analysis_json(const AddressAnalysis& a) {
  return {{"analysis", a.analysis},
          {"prediction", json_fields::opt(a.hierarchical)},
          {"core_prediction", json_fields::opt(a.core)},
          {"findings", a.findings},
          {"warnings", a.warnings},
          {"record_seconds", a.record_seconds}};
}

nlohmann::json analysis_document(const AnalyzeResult& r) {
  nlohmann::json doc = {{"schema", "roofline-analysis"},
                        {"tool_version", ROOFLINE_VERSION},
                        {"git_revision", ROOFLINE_GIT_REVISION},
                        {"date", utc_now_iso()},
                        {"roofs", r.roofs},
                        {"counts", counts_to_json(r.counts)}};
  doc.update(address_analysis_json(r.address));
  return doc;
}

AnalyzeResult run_analyze(const AnalyzeRequest& r, const std::function<void(const AnalyzeResult&)>& show) {
  install_interrupt_handler();
  require_instrumenter();
  check_command_files(analyze_files(r));
  const nlohmann::json doc = nlohmann::json::parse(run_in_worker("preparing kernel file " + r.kernel.file, {r.kernel.timeout_s},
                                                                 [&r](const WorkerChannel& w) { return analysis_document(analyze_in_worker(r, w)).dump(); }));
  throw_if_interrupted();
  AnalyzeResult out;
  out.roofs = doc.at("roofs").get<std::string>();
  out.counts = counts_from_json(doc.at("counts"));
  out.address = address_analysis_of(doc);
  // The device's roofs file is known only now: it is an input too.
  check_command_files(analyze_files(r, out.roofs), true);
  if (show) show(out);
  if (!r.output.empty()) write_file_atomically(r.output, doc.dump(1) + "\n");
  return out;
}

}  // namespace roofline
