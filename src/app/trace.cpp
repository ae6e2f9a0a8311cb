#include "app/trace.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <tuple>

#include "app/command_files.hpp"
#include "app/device_choice.hpp"
#include "app/errors.hpp"
#include "app/instrumenter.hpp"
#include "app/output_files.hpp"
#include "app/output_template.hpp"
#include "app/trace_merge.hpp"
#include "app/trace_run.hpp"
#include "chart/chart.hpp"
#include "count/instrument.hpp"
#include "device/device.hpp"
#include "measurement/interrupt.hpp"
#include "analysis/analysis.hpp"
#include "files/files.hpp"
#include "model/model.hpp"
#include "model/units.hpp"
#include "version.hpp"

namespace roofline {
namespace {

// Kernels labelled on the chart: those with the most device time.
constexpr std::size_t kLabelledKernels = 10;

double seconds(std::uint64_t ns) { return double(ns) * 1e-9; }

// How a program came to be, where it has no source to name it by.
std::string program_name(const CaptureManifest& m, const CapturedKernel& k) {
  if (!k.program) return "unknown program";
  const CapturedProgram& p = m.programs[*k.program];
  if (p.origin == ProgramOrigin::source && p.hash) return *p.hash;
  return std::string(name_of(p.origin)) + (p.hash ? " " + *p.hash : "");
}

std::string reasons(const std::vector<NotCounted>& why) {
  std::string s;
  for (NotCounted n : why) s += (s.empty() ? "" : ", ") + std::string(name_of(n));
  return s;
}

// The device a captured kernel is counted on, without --device: the first
// device of the name it ran on, as "P:D". Counts are the kernel's, not the
// device's, so any of several identical GPUs (a node of four H200s, where the
// name alone is ambiguous) gives the same; the name itself where no device has
// it (the error then says so). Looked up once per name, in a worker, as every
// OpenCL call of the tool is.
std::string counting_selector(const std::string& name, double timeout_s) {
  static std::map<std::string, std::string> known;
  if (auto it = known.find(name); it != known.end()) return it->second;
  std::string selector = name;
  try {
    selector = run_in_worker("looking for the device '" + name + "'", {timeout_s}, [&name](const WorkerChannel&) {
      for (const DeviceEntry& d : enumerate_devices())
        if (d.identity.name == name) return std::to_string(d.platform_index) + ":" + std::to_string(d.device_index);
      return name;
    });
  } catch (const Interrupted&) {
    throw;
  } catch (...) {  // counting will say what is wrong with the device, kernel by kernel
  }
  return known[name] = selector;
}

// One captured signature, timed, and counted when it can be and counting was
// asked for (with its replay bundle under --bundle); `uncounted` says why no
// signature is counted (--count none), empty when they are.
TracedSignature traced_signature(const CaptureManifest& m, const CapturedSignature& sig, const TraceRequest& r,
                                 const std::optional<SignatureAnalysisRequest>& analysis, const std::string& device,
                                 const std::string& uncounted, std::size_t& bundles) {
  TracedSignature t;
  t.global = sig.ndrange.global;
  if (sig.ndrange.local) t.local = *sig.ndrange.local;
  t.launches = sig.launches;
  t.total_s = seconds(sig.time.total_ns);
  t.median_s = seconds(sig.time.median_ns);
  if (!sig.countable()) t.not_counted = "not countable: " + reasons(sig.not_counted);
  else if (!uncounted.empty()) t.not_counted = uncounted;
  else {
    SignatureCount c = count_signature(m, sig, device, r.timeout_s, analysis);
    t.counts = std::move(c.counts);
    t.analysis = std::move(c.analysis);
    t.not_analysed = c.analysis_problem;
    t.not_counted = c.problem;
    if (t.counts && !r.bundle.empty()) {
      t.bundle = (std::filesystem::path(r.bundle) / ("kernel_" + std::to_string(++bundles))).string();
      write_bundle(m, sig, c.params, t.bundle);
    }
  }
  return t;
}

// The mean launch's prediction: each signature predicted from its own work
// (a footprint streamed by one launch is not spread over the others), then
// weighted by its share of the launches.
void predict_mean_launch(Placement& p, const TracedKernel& k, const RoofsDocument& roofs) {
  std::vector<std::pair<double, Prediction>> weighted;
  for (const TracedSignature& s : k.signatures)
    if (auto one = predict_time(work_of(*s.counts), roofs)) weighted.emplace_back(double(s.launches) / double(k.launches), *one);
  p.prediction = mean_prediction(weighted);
}

// With every signature analysed (--analyze): the mean launch's hierarchical
// prediction (each signature's own, weighted as above), its bytes per level
// (weighted the same) as level dots, and the findings of its signatures once
// each; the core view's prediction moves to the analysis.
void add_mean_analysis(Placement& p, const TracedKernel& k) {
  std::vector<std::pair<double, Prediction>> weighted;
  std::vector<LevelTraffic> levels;  // nearest first, as the signatures list them
  PlacementAnalysis view;
  for (const TracedSignature& s : k.signatures) {
    if (!s.analysis) {
      if (!s.not_analysed.empty()) p.note += (p.note.empty() ? "" : "; ") + std::string("not analysed: ") + s.not_analysed;
      return;
    }
    const double n = double(s.launches) / double(k.launches);
    if (s.analysis->hierarchical) weighted.emplace_back(n, *s.analysis->hierarchical);
    for (const LevelTraffic& l : s.analysis->analysis.levels) {
      auto at = std::find_if(levels.begin(), levels.end(), [&](const LevelTraffic& e) { return e.level == l.level; });
      if (at == levels.end()) at = levels.insert(levels.end(), {l.level, 0, 0});
      at->bytes += n * l.bytes;
      at->store_bytes += n * l.store_bytes;
    }
    for (Finding f : s.analysis->findings) {
      // The captured program's file is gone with the capture: its name (the program's hash) stays.
      f.where = std::filesystem::path(f.where).filename().string();
      if (std::none_of(view.findings.begin(), view.findings.end(), [&](const Finding& g) { return g.where == f.where && g.text == f.text; }))
        view.findings.push_back(f);
    }
  }
  view.levels = level_dots(levels, p.ops());
  if (auto mean = mean_prediction(weighted); mean && weighted.size() == k.signatures.size()) {
    view.core_prediction = p.prediction;
    p.prediction = mean;
  }
  p.analysis = view;
}

// The kernel's counts over all its launches, placed per mean launch; none
// when a launch of it was not counted.
void place_kernel(TracedKernel& k, const std::optional<RoofsDocument>& roofs, const std::string& device) {
  Placement p;
  p.kernel = k.name;
  p.source = k.program;
  p.device = device;
  double footprint = 0;
  bool footprint_known = true;
  for (const TracedSignature& s : k.signatures) {
    if (!s.counts) {
      k.not_counted = s.not_counted.empty() ? "a signature was not counted" : s.not_counted;
      return;
    }
    const double n = double(s.launches) / double(k.launches);  // this signature's share of a mean launch
    const OpCounts& c = s.counts->counts;
    p.flops += n * c.flops();
    p.intops += n * c.intops();
    p.bytes += n * c.carm_bytes();
    for (const auto& [type, f] : c.flops_by_type()) p.flops_by_type[type] += n * f;
    for (const auto& [call, calls] : c.math_calls()) p.math_calls[call] += n * calls;
    for (const auto& [space, b] : c.bytes_by_space()) {
      p.bytes_by_space[space].load += n * b.load;
      p.bytes_by_space[space].store += n * b.store;
    }
    footprint_known = footprint_known && s.counts->buffer_bytes;
    if (footprint_known) footprint += n * double(*s.counts->buffer_bytes);
  }
  if (footprint_known) p.footprint_bytes = footprint;  // the mean launch's, where every signature's is known
  if (k.launches == 0 || k.total_s <= 0 || p.bytes <= 0) {
    k.not_placed = k.total_s <= 0 ? "no timed launch" : "no bytes counted: no arithmetic intensity";
    return;
  }
  p.seconds = k.total_s / double(k.launches);
  p.time.median = p.seconds;
  p.note = place_on_roofs(p, roofs ? *roofs : RoofsDocument{});
  predict_mean_launch(p, k, roofs ? *roofs : RoofsDocument{});
  add_mean_analysis(p, k);
  if (p.performance <= 0) {
    k.not_placed = "no operations, so no arithmetic intensity";
    k.moved_bytes = p.bytes;
    k.moved_bytes_per_s = p.bytes / p.seconds;
    return;
  }
  if (p.prediction) k.headroom_s = std::max(0.0, k.total_s - p.prediction->seconds * double(k.launches));
  k.placement = std::move(p);
}

// A device whose profiling stamps are no clock: its commands fit in fewer
// nanoseconds of its timer than there are commands (Mesa 22.3's Rusticl
// stamps every command START 2 and END 3 ns; docs/drivers.md). Its times are
// forgotten, said in a note: its kernels are counted but not placed.
void forget_clockless_times(CaptureManifest& m, std::vector<std::string>& notes) {
  std::set<std::size_t> clockless;
  for (CapturedActivity& a : m.activity) {
    if (a.commands < 2 || a.span_ns() >= a.commands) continue;
    clockless.insert(a.device);
    notes.push_back("device '" + m.devices.at(a.device).name + "': its profiling stamps are no clock (" +
                    std::to_string(a.commands) + " commands within " + std::to_string(a.span_ns()) +
                    " ns of its timer): no kernel or transfer time is known, so its kernels are counted but not placed");
    a = CapturedActivity{a.device};
  }
  for (CapturedSignature& sig : m.signatures)
    if (clockless.count(sig.device)) sig.time = CapturedTimes{};
  for (CapturedTransfer& t : m.transfers)
    if (clockless.count(t.device)) t.time = CapturedTimes{};
}

void add_process(const CaptureManifest& m, const TraceRequest& r, const std::optional<SignatureAnalysisRequest>& analysis,
                 const std::string& uncounted, std::map<KernelKey, TracedKernel>& kernels, TraceResult& out, std::size_t& bundles,
                 RankTimes& rank_times) {
  for (const CapturedSignature& sig : m.signatures) {
    const CapturedKernel& ck = m.kernels[sig.kernel];
    const std::string device = !r.device.empty() ? r.device : counting_selector(m.devices.at(sig.device).name, r.timeout_s);
    if (out.device.empty()) out.device = m.devices.at(sig.device).name;
    const std::string program = program_name(m, ck);
    TracedKernel& k = kernels[{ck.name, program, ck.options}];
    k.name = ck.name;
    k.program = program;
    k.options = ck.options;
    k.signatures.push_back(traced_signature(m, sig, r, analysis, device, uncounted, bundles));
    k.launches += sig.launches;
    k.total_s += seconds(sig.time.total_ns);
    if (m.rank) {
      RankTime& t = rank_times[{k.name, k.program, k.options}][int(*m.rank)];
      t.rank = int(*m.rank);
      t.launches += sig.launches;
      t.seconds += seconds(sig.time.total_ns);
    }
  }
  for (const CapturedTransfer& ct : m.transfers) {
    TracedTransfer t;
    t.kind = ct.kind;
    t.path = ct.path;
    t.bytes = ct.bytes;
    t.count = ct.count;
    t.bytes_total = ct.bytes_total;
    t.total_s = seconds(ct.time.total_ns);
    t.median_s = seconds(ct.time.median_ns);
    out.transfers.push_back(t);
  }
  for (const CapturedActivity& a : m.activity) {
    out.summary.idle_s += seconds(a.idle_ns());
    out.summary.gaps += a.gaps;
  }
  for (const std::string& w : m.warnings) out.notes.push_back("capture (pid " + std::to_string(m.pid) + "): " + w);
}

// The roofs file's transfer fit for a transfer's direction, if it has one.
const TransferFit* transfer_fit(const RoofsDocument& roofs, const TracedTransfer& t) {
  std::optional<TransferDirection> d;
  if (t.kind == TransferKind::write) d = TransferDirection::write;
  else if (t.kind == TransferKind::read) d = TransferDirection::read;
  else if (t.kind == TransferKind::map) d = TransferDirection::map;
  if (!d) return nullptr;
  for (const TransferFit& f : roofs.transfers)
    if (f.direction == *d) return &f;
  return nullptr;
}

// "-DNAME=VALUE" -> "-DNAME"; a word without '=' is its own key.
std::string option_key(const std::string& word) { return word.substr(0, word.find('=')); }

// Kernels of one name (mixbench builds benchmark_func a hundred times, one
// -D set each) get dot labels that tell them apart: the name and the
// preprocessor options (clang_args_from_build_options: "-D X" as "-DX")
// whose value differs among them (an option one of them lacks does not
// count), else the program.
void distinguish_labels(std::vector<TracedKernel>& kernels) {
  std::map<std::string, std::vector<TracedKernel*>> by_name;
  for (TracedKernel& k : kernels)
    if (k.placement) by_name[k.name].push_back(&k);
  for (auto& [name, same] : by_name) {
    if (same.size() < 2) continue;
    std::map<std::string, std::set<std::string>> values;  // option key -> the words seen for it
    for (const TracedKernel* k : same)
      for (const std::string& w : clang_args_from_build_options(k->options)) values[option_key(w)].insert(w);
    for (TracedKernel* k : same) {
      std::string differing;
      for (const std::string& w : clang_args_from_build_options(k->options))
        if (values[option_key(w)].size() > 1) differing += (differing.empty() ? "" : " ") + w;
      k->placement->label = name + " [" + (differing.empty() ? k->program : differing) + "]";
    }
  }
}

}  // namespace

void finish_trace(TraceResult& out, std::map<KernelKey, TracedKernel>& kernels, const std::optional<RoofsDocument>& roofs) {
  for (auto& [key, k] : kernels) {
    const TracedSignature* most = nullptr;
    for (const TracedSignature& s : k.signatures)
      if (!most || s.launches > most->launches) most = &s;
    k.median_s = most ? most->median_s : 0;
    place_kernel(k, roofs, out.device);
    out.summary.kernel_s += k.total_s;
    out.kernels.push_back(std::move(k));
  }
  for (TracedKernel& k : out.kernels) k.share = out.summary.kernel_s > 0 ? k.total_s / out.summary.kernel_s : 0;
  std::stable_sort(out.kernels.begin(), out.kernels.end(),
                   [](const TracedKernel& a, const TracedKernel& b) { return a.total_s > b.total_s; });
  distinguish_labels(out.kernels);
  for (TracedTransfer& t : out.transfers) {
    out.summary.transfer_s += t.total_s;
    if (const TransferFit* f = roofs && t.bytes ? transfer_fit(*roofs, t) : nullptr)
      t.model_s = f->latency_s + (f->bandwidth > 0 ? double(*t.bytes) / f->bandwidth : 0.0);
  }
  std::stable_sort(out.transfers.begin(), out.transfers.end(),
                   [](const TracedTransfer& a, const TracedTransfer& b) { return a.total_s > b.total_s; });
}

void add_rank_times(TraceResult& out, const RankTimes& times) {
  for (TracedKernel& k : out.kernels) {
    const auto found = times.find({k.name, k.program, k.options});
    double largest = 0;
    for (const TraceRank& rank : out.ranks) {
      RankTime t;
      t.rank = rank.rank;
      if (found != times.end())
        if (const auto it = found->second.find(rank.rank); it != found->second.end()) t = it->second;
      t.share = k.total_s > 0 ? t.seconds / k.total_s : 0;
      largest = std::max(largest, t.seconds);
      k.ranks.push_back(t);
    }
    const double mean = k.total_s / double(std::max<std::size_t>(1, out.ranks.size()));
    if (mean > 0) k.imbalance = std::max(1.0, largest / mean);  // 1 where rounding puts the largest a hair under the mean
    if (k.placement && k.imbalance) k.placement->label = k.placement->display_label() + format_text(" · imbalance %.2f", *k.imbalance);
  }
}

namespace {

// The request with its outputs' placeholders filled in from this process
// (the device's are not known before the application runs).
TraceRequest with_expanded_outputs(const TraceRequest& r, const OutputNameFields& fields) {
  TraceRequest out = r;
  const char* no_device = "trace knows no device before the application runs (use {host}, {rank}, {localid}...)";
  out.output = expand_output_name(r.output, fields, "-o", no_device);
  out.svg = expand_output_name(r.svg, fields, "--svg", no_device);
  out.bundle = expand_output_name(r.bundle, fields, "--bundle", no_device);
  return out;
}

// A process that knew its rank: its host's name, its device, its device time.
void add_rank(std::map<int, TraceRank>& ranks, const CaptureManifest& m, const TraceResult& out) {
  TraceRank& t = ranks[int(*m.rank)];
  t.rank = int(*m.rank);
  t.host = out.process.host;
  if (t.device.empty() && !m.devices.empty()) t.device = m.devices.front().name;
  t.app = out.app;  // the launcher's outcome: a rank's own exit status is not in its capture
  for (const CapturedSignature& s : m.signatures) t.kernel_s += seconds(s.time.total_ns);
  for (const CapturedTransfer& x : m.transfers) t.transfer_s += seconds(x.time.total_ns);
}

TraceProcess trace_process(const OutputNameFields& fields) {
  TraceProcess p;
  p.host = fields.host.value_or("");
  if (fields.rank_from_environment) {
    p.rank = std::stoi(*fields.rank);
    p.size = std::stoi(fields.size.value_or("1"));
  }
  return p;
}

// A --bundle folder: new, or an empty folder (no earlier bundle is mixed in or overwritten).
void check_bundle_folder(const std::string& folder) {
  if (folder.empty()) return;
  std::error_code ec;
  if (!std::filesystem::exists(folder, ec)) {
    check_writable(folder);  // its parent folder can be written
    return;
  }
  if (!std::filesystem::is_directory(folder, ec) || !std::filesystem::is_empty(folder, ec))
    throw OutputFileError("--bundle " + folder + ": not an empty folder (give a new one)");
}

// The roofs: --roofs (`given`, read before the application ran), else
// roofs/<device>.json when it exists.
// What a process's capture may lack, said in a note: a process that ended
// without its last manifest (killed, crashed, or ended with _exit: its state
// is still "running") is missing what it ran after its last periodic write;
// a process folder with no manifest at all ended before its first.
void note_incomplete_capture(const CaptureManifest& m, std::vector<std::string>& notes) {
  if (m.state != CaptureState::running) return;
  notes.push_back("process " + std::to_string(m.pid) +
                  " ended without writing its last capture (it was killed, crashed or ended with _exit): what it ran after "
                  "its last periodic write (every ROOFLINE_CAPTURE_FLUSH_MS) is missing from this trace");
}

void note_processes_without_capture(const std::filesystem::path& capture_dir, std::vector<std::string>& notes) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(capture_dir, ec)) {
    const std::string name = e.path().filename().string();
    if (e.is_directory() && name.rfind(kCaptureProcessPrefix, 0) == 0 &&
        !std::filesystem::exists(e.path() / std::string(kCaptureManifest), ec))
      notes.push_back("process " + name.substr(std::string(kCaptureProcessPrefix).size()) +
                      " used OpenCL but ended before its first capture was written: what it ran is missing from this trace");
  }
}

std::optional<RoofsDocument> trace_roofs(const TraceRequest& r, const std::optional<RoofsDocument>& given, TraceResult& out) {
  out.roofs = out.device.empty() ? r.roofs : roofs_path_for(r.roofs, out.device);
  if (out.roofs.empty()) return std::nullopt;
  RoofsDocument doc = given ? *given : load_roofs(out.roofs);
  if (!out.device.empty() && doc.device.name != out.device)  // no device: no kernel ran to compare
    out.notes.push_back("the roofs in " + out.roofs + " are of device '" + doc.device.name + "', the kernels ran on '" +
                        out.device + "'");
  return doc;
}

nlohmann::json signature_json(const TracedSignature& s) {
  nlohmann::json j = {{"global", s.global}, {"local", s.local}, {"launches", s.launches},
                      {"seconds", s.total_s}, {"median_seconds", s.median_s}};
  if (s.counts) j["counts"] = counts_to_json(*s.counts);
  if (!s.bundle.empty()) j["bundle"] = s.bundle;
  if (!s.not_counted.empty()) j["not_counted"] = s.not_counted;
  return j;
}

nlohmann::json kernel_json(const TracedKernel& k) {
  nlohmann::json j = {{"kernel", k.name},        {"program", k.program}, {"build_options", k.options},
                      {"launches", k.launches},  {"seconds", k.total_s}, {"median_seconds", k.median_s},
                      {"time_share", k.share},   {"signatures", nlohmann::json::array()}};
  for (const TracedSignature& s : k.signatures) j["signatures"].push_back(signature_json(s));
  if (k.placement) j["placement"] = *k.placement;
  if (k.headroom_s) j["headroom_seconds"] = *k.headroom_s;
  if (!k.not_counted.empty()) j["not_counted"] = k.not_counted;
  if (!k.not_placed.empty()) j["not_placed"] = k.not_placed;
  if (k.moved_bytes) j["bytes"] = *k.moved_bytes;
  if (k.moved_bytes_per_s) j["bytes_per_second"] = *k.moved_bytes_per_s;
  if (!k.ranks.empty()) {
    j["ranks"] = nlohmann::json::array();
    for (const RankTime& r : k.ranks)
      j["ranks"].push_back({{"rank", r.rank}, {"launches", r.launches}, {"seconds", r.seconds}, {"share", r.share}});
  }
  if (k.imbalance) j["imbalance"] = *k.imbalance;
  return j;
}

nlohmann::json rank_json(const TraceRank& r) {
  nlohmann::json j = {{"rank", r.rank},           {"host", r.host},
                      {"device", r.device},       {"exit_status", r.app.exit_status},
                      {"wall_seconds", r.app.wall_s}, {"kernel_seconds", r.kernel_s},
                      {"transfer_seconds", r.transfer_s}};
  if (r.app.signal) j["signal"] = *r.app.signal;
  if (!r.file.empty()) j["file"] = r.file;
  return j;
}

nlohmann::json process_json(const TraceProcess& p) {
  nlohmann::json j = {{"host", p.host}};
  if (p.rank) j["rank"] = *p.rank;
  if (p.size) j["size"] = *p.size;
  return j;
}

nlohmann::json transfer_json(const TracedTransfer& t) {
  nlohmann::json j = {{"kind", name_of(t.kind)},  {"path", name_of(t.path)},   {"count", t.count},
                      {"bytes_total", t.bytes_total}, {"seconds", t.total_s}, {"median_seconds", t.median_s}};
  if (t.bytes) j["bytes"] = *t.bytes;
  if (t.model_s) j["model_seconds"] = *t.model_s;
  return j;
}

}  // namespace

void write_trace_outputs(const std::string& output, const std::string& svg, const TraceResult& out,
                         const std::optional<RoofsDocument>& roofs) {
  if (!output.empty()) write_file_atomically(output, trace_to_json(out).dump(1) + "\n");
  if (svg.empty() || !roofs) return;
  // The kernels come sorted by total device time: the first placed ones are labelled.
  std::vector<Placement> dots;
  ChartOptions opt;
  for (const TracedKernel& k : out.kernels)
    if (k.placement) {
      dots.push_back(*k.placement);
      opt.dot_weights.push_back(k.share);
      if (opt.dot_labels.size() < kLabelledKernels) opt.dot_labels.push_back(k.placement->display_label());
    }
  write_file_atomically(svg, render_chart(ChartSpec{ChartKind::carm}, {&*roofs}, opt, dots));
}

nlohmann::json trace_to_json(const TraceResult& out) {
  nlohmann::json app = {{"command", out.command}, {"exit_status", out.app.exit_status}, {"seconds", out.app.wall_s}};
  if (out.app.signal) app["signal"] = *out.app.signal;
  nlohmann::json j = {{"schema", "roofline-trace"},
                      {"schema_version", 1},
                      {"tool", {{"name", "roofline"}, {"version", ROOFLINE_VERSION}, {"git_revision", ROOFLINE_GIT_REVISION}}},
                      {"date", utc_now_iso()},
                      {"application", app},
                      {"process", process_json(out.process)},
                      {"used_opencl", out.used_opencl},
                      {"device", out.device},
                      {"roofs", out.roofs.empty() ? nlohmann::json() : nlohmann::json(out.roofs)},
                      {"summary",
                       {{"wall_seconds", out.summary.wall_s},
                        {"kernel_seconds", out.summary.kernel_s},
                        {"transfer_seconds", out.summary.transfer_s},
                        {"idle_seconds", out.summary.idle_s},
                        {"idle_gaps", out.summary.gaps}}},
                      {"kernels", nlohmann::json::array()},
                      {"transfers", nlohmann::json::array()},
                      {"notes", out.notes}};
  for (const TracedKernel& k : out.kernels) j["kernels"].push_back(kernel_json(k));
  for (const TracedTransfer& t : out.transfers) j["transfers"].push_back(transfer_json(t));
  if (!out.ranks.empty()) {
    j["ranks"] = nlohmann::json::array();
    for (const TraceRank& r : out.ranks) j["ranks"].push_back(rank_json(r));
  }
  return j;
}

namespace {

// The device --device names, looked for before the application runs, in a
// worker (the counting workers fork later: no OpenCL object may exist here).
void check_counting_device(const TraceRequest& r) {
  if (r.device.empty()) return;
  run_in_worker("looking for --device " + r.device, {r.timeout_s}, [&r](const WorkerChannel&) {
    choose_device(r.device);
    return std::string();
  });
}

// "SIGTERM".
std::string signal_name(int sig) {
  const char* abbrev = sigabbrev_np(sig);
  return abbrev ? std::string("SIG") + abbrev : "signal " + std::to_string(sig);
}

}  // namespace

TraceResult run_trace(const TraceRequest& request, const std::function<void(const TraceResult&)>& show) {
  if (!request.merge.empty()) return run_trace_merge(request, show);
  if (request.command.empty()) throw CommandError(Failure::usage, "no application to trace: give it after --");
  const OutputNameFields fields = process_name_fields();
  const TraceRequest r = with_expanded_outputs(request, fields);
  const std::string executable = application_executable(r.command.front());
  check_command_files(trace_files(r, executable));
  check_bundle_folder(r.bundle);
  // --svg without --roofs takes roofs/<device>.json, as place does; the
  // device is known once the application has run (below).
  if (r.analyze && r.roofs.empty())
    throw CommandError(Failure::usage, "--analyze needs the roofs of the target device: pass --roofs ROOFS.json (from roofline build)");
  if (r.analyze && r.count == CountMode::none) throw CommandError(Failure::usage, "--analyze needs counts: not with --count none");
  if (r.analyze) require_instrumenter();
  check_counting_device(r);
  // A roofs file that cannot be read stops here, before the application runs.
  const std::optional<RoofsDocument> given_roofs = r.roofs.empty() ? std::nullopt : std::optional<RoofsDocument>(load_roofs(r.roofs));
  std::optional<SignatureAnalysisRequest> analysis;
  if (r.analyze) analysis = SignatureAnalysisRequest{*given_roofs, r.sample};
  const std::filesystem::path library = capture_library(r.via);
  CaptureFolder folder;
  TraceResult out;
  out.command = r.command;
  out.process = trace_process(fields);
  out.app = run_application(executable, r.command, library, r.via, r.count, folder.path());
  out.summary.wall_s = out.app.wall_s;
  // Only now: the handler's thread takes the signals run_application left
  // blocked. While the application runs, Ctrl-C is its own.
  install_interrupt_handler();
  // Stopped while the application ran: what it captured is written, uncounted.
  const std::string stopped = out.app.stopped_by ? "trace was stopped by " + signal_name(*out.app.stopped_by) : "";
  if (!stopped.empty()) out.notes.push_back(stopped + ", which was passed on to the application; no kernel was counted");
  const std::string uncounted = !stopped.empty() ? stopped : r.count == CountMode::none ? "--count none" : "";
  std::map<KernelKey, TracedKernel> kernels;
  std::size_t bundles = 0;
  RankTimes rank_times;
  std::map<int, TraceRank> ranks;  // the processes that knew their rank (an application run through mpirun or srun)
  for (const std::filesystem::path& process : capture_process_folders(folder.path())) {
    CaptureManifest m = load_capture(process);
    note_incomplete_capture(m, out.notes);
    forget_clockless_times(m, out.notes);
    out.used_opencl = true;
    add_process(m, r, analysis, uncounted, kernels, out, bundles, rank_times);
    if (m.rank) add_rank(ranks, m, out);
    throw_if_interrupted();
  }
  note_processes_without_capture(folder.path(), out.notes);
  const std::optional<RoofsDocument> roofs = trace_roofs(r, given_roofs, out);
  // The device's roofs file is known only now: it is an input too.
  check_command_files(trace_files(r, executable, out.roofs), true);
  finish_trace(out, kernels, roofs);
  if (ranks.size() > 1) {  // several ranks: each one's time of each kernel, and the imbalance
    for (auto& [rank, traced] : ranks) out.ranks.push_back(traced);
    add_rank_times(out, rank_times);
  }
  if (show) show(out);
  write_trace_outputs(r.output, r.svg, out, roofs);
  if (!stopped.empty())
    throw CommandError(Failure::interrupted, stopped + " while the application ran: the signal was passed on to it, and what it ran is " +
                                                 (r.output.empty() ? "listed" : "written to " + r.output) + ", uncounted");
  if (!r.svg.empty() && !roofs)
    throw CommandError(Failure::usage, "--svg: no roofs file for the device the kernels ran on" +
                                           (out.device.empty() ? std::string() : " (roofs/" + device_slug(out.device) + ".json)") +
                                           " to draw the chart on; pass --roofs ROOFS.json (from roofline build); the trace is " +
                                           (r.output.empty() ? "listed above" : "written to " + r.output));
  return out;
}

}  // namespace roofline
