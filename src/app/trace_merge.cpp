#include "app/trace_merge.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>

#include "app/command_files.hpp"
#include "app/errors.hpp"
#include "app/output_files.hpp"
#include "app/output_template.hpp"
#include "files/files.hpp"
#include "model/json_fields.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

using json_fields::get_opt;
using nlohmann::json;

TracedSignature signature_from_json(const json& j) {
  TracedSignature s;
  j.at("global").get_to(s.global);
  get_opt(j, "local", s.local);
  j.at("launches").get_to(s.launches);
  j.at("seconds").get_to(s.total_s);
  get_opt(j, "median_seconds", s.median_s);
  if (j.contains("counts")) s.counts = counts_from_json(j.at("counts"));
  get_opt(j, "bundle", s.bundle);
  get_opt(j, "not_counted", s.not_counted);
  return s;
}

TracedKernel kernel_from_json(const json& j) {
  TracedKernel k;
  j.at("kernel").get_to(k.name);
  j.at("program").get_to(k.program);
  get_opt(j, "build_options", k.options);
  j.at("launches").get_to(k.launches);
  j.at("seconds").get_to(k.total_s);
  get_opt(j, "median_seconds", k.median_s);
  j.at("time_share").get_to(k.share);
  for (const json& s : j.at("signatures")) k.signatures.push_back(signature_from_json(s));
  get_opt(j, "not_counted", k.not_counted);
  get_opt(j, "not_placed", k.not_placed);
  return k;
}

TracedTransfer transfer_from_json(const json& j) {
  TracedTransfer t;
  t.kind = parse_name<TransferKind>(j.at("kind").get<std::string>());
  t.path = parse_name<TransferPath>(j.at("path").get<std::string>());
  get_opt(j, "bytes", t.bytes);
  j.at("count").get_to(t.count);
  j.at("bytes_total").get_to(t.bytes_total);
  j.at("seconds").get_to(t.total_s);
  get_opt(j, "median_seconds", t.median_s);
  return t;
}

// A rank's trace file, read and checked.
TraceResult load_trace(const std::string& path) {
  const std::string text = read_input_file(path, "trace file", kJsonFileCap);
  const json j = parse_json_input(text, path);
  if (!j.is_object() || j.value("schema", "") != "roofline-trace")
    throw InputFileError(path + ": not a trace file (no \"schema\": \"roofline-trace\")");
  require_valid(j, DocumentKind::trace, path);
  if (j.contains("ranks"))
    throw CommandError(Failure::usage, path + ": already a merge of " + std::to_string(j["ranks"].size()) +
                                           " ranks; merge the ranks' own trace files");
  return converted(path, "trace file", [&] { return trace_from_json(j); });
}

void merge_transfer(std::vector<TracedTransfer>& all, const TracedTransfer& t) {
  const auto same = [&](const TracedTransfer& o) { return o.kind == t.kind && o.path == t.path && o.bytes == t.bytes; };
  const auto it = std::find_if(all.begin(), all.end(), same);
  if (it == all.end()) return all.push_back(t);
  if (t.count > it->count) it->median_s = t.median_s;  // the median of the rank that made the most
  it->count += t.count;
  it->bytes_total += t.bytes_total;
  it->total_s += t.total_s;
}

// The application as the merge tells it: the lowest rank's command, the
// first rank (in rank order) that failed, the longest wall time.
void merge_outcome(TraceResult& out, const TraceResult& rank) {
  if (out.command.empty()) out.command = rank.command;
  if (out.app.ok() && !rank.app.ok()) {
    out.app.exit_status = rank.app.exit_status;
    out.app.signal = rank.app.signal;
  }
  out.app.wall_s = std::max(out.app.wall_s, rank.app.wall_s);
}

std::string devices_of(const std::vector<TraceRank>& ranks) {
  std::vector<std::string> names;
  for (const TraceRank& r : ranks)
    if (!r.device.empty() && std::find(names.begin(), names.end(), r.device) == names.end()) names.push_back(r.device);
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : " + ") + n;
  return s;
}

// --roofs, else the roofs file the ranks were placed on, where it is here.
std::optional<RoofsDocument> merge_roofs(const TraceRequest& r, const std::vector<TraceResult>& ranks, TraceResult& out) {
  std::string path = r.roofs;
  for (const TraceResult& t : ranks)
    if (path.empty() && !t.roofs.empty()) {
      std::error_code ec;
      if (std::filesystem::exists(t.roofs, ec)) path = t.roofs;
      else out.notes.push_back("the ranks were placed on " + t.roofs + ", which is not here: pass --roofs");
    }
  out.roofs = path;
  if (path.empty()) return std::nullopt;
  return load_roofs(path);
}

}  // namespace

TraceResult trace_from_json(const json& j) {
  TraceResult t;
  const json& app = j.at("application");
  app.at("command").get_to(t.command);
  app.at("exit_status").get_to(t.app.exit_status);
  get_opt(app, "signal", t.app.signal);
  get_opt(app, "seconds", t.app.wall_s);
  if (j.contains("process")) {
    get_opt(j["process"], "host", t.process.host);
    get_opt(j["process"], "rank", t.process.rank);
    get_opt(j["process"], "size", t.process.size);
  }
  get_opt(j, "used_opencl", t.used_opencl);
  j.at("device").get_to(t.device);
  get_opt(j, "roofs", t.roofs);
  const json& s = j.at("summary");
  s.at("wall_seconds").get_to(t.summary.wall_s);
  s.at("kernel_seconds").get_to(t.summary.kernel_s);
  s.at("transfer_seconds").get_to(t.summary.transfer_s);
  s.at("idle_seconds").get_to(t.summary.idle_s);
  s.at("idle_gaps").get_to(t.summary.gaps);
  for (const json& k : j.at("kernels")) t.kernels.push_back(kernel_from_json(k));
  for (const json& x : j.at("transfers")) t.transfers.push_back(transfer_from_json(x));
  get_opt(j, "notes", t.notes);
  return t;
}

TraceResult merge_traces(const std::vector<TraceResult>& ranks, const std::vector<std::string>& files,
                         const std::optional<RoofsDocument>& roofs) {
  TraceResult out;
  std::map<KernelKey, TracedKernel> kernels;
  RankTimes times;
  for (std::size_t i = 0; i < ranks.size(); ++i) {
    const TraceResult& t = ranks[i];
    const int rank = t.process.rank.value_or(int(i));
    merge_outcome(out, t);
    out.used_opencl = out.used_opencl || t.used_opencl;
    out.ranks.push_back({rank, t.process.host, t.device, i < files.size() ? files[i] : "", t.app, t.summary.kernel_s,
                         t.summary.transfer_s});
    for (const TracedKernel& k : t.kernels) {
      const KernelKey key{k.name, k.program, k.options};
      TracedKernel& m = kernels[key];
      m.name = k.name, m.program = k.program, m.options = k.options;
      m.launches += k.launches;
      m.total_s += k.total_s;
      m.signatures.insert(m.signatures.end(), k.signatures.begin(), k.signatures.end());
      RankTime& rt = times[key][rank];
      rt.rank = rank;
      rt.launches += k.launches;
      rt.seconds += k.total_s;
    }
    for (const TracedTransfer& x : t.transfers) merge_transfer(out.transfers, x);
    out.summary.idle_s += t.summary.idle_s;
    out.summary.gaps += t.summary.gaps;
    for (const std::string& n : t.notes) out.notes.push_back("rank " + std::to_string(rank) + ": " + n);
  }
  std::sort(out.ranks.begin(), out.ranks.end(), [](const TraceRank& a, const TraceRank& b) { return a.rank < b.rank; });
  out.summary.wall_s = out.app.wall_s;
  out.device = devices_of(out.ranks);
  for (TracedTransfer& x : out.transfers) x.model_s.reset();  // finish_trace fits them again with these roofs
  finish_trace(out, kernels, roofs);
  add_rank_times(out, times);
  return out;
}

TraceResult run_trace_merge(const TraceRequest& r, const std::function<void(const TraceResult&)>& show) {
  if (!r.command.empty())
    throw CommandError(Failure::usage, "--merge combines trace files; it runs no application (drop the command after --)");
  if (r.merge.size() < 2) throw CommandError(Failure::usage, "--merge needs the trace files of at least two ranks");
  const OutputNameFields fields = process_name_fields();
  const std::string output = expand_output_name(r.output, fields, "-o", "a merge has no one device");
  const std::string svg = expand_output_name(r.svg, fields, "--svg", "a merge has no one device");
  check_command_files(trace_merge_files(r, output, svg));
  std::vector<TraceResult> ranks;
  std::map<int, std::string> seen;
  for (std::size_t i = 0; i < r.merge.size(); ++i) {
    ranks.push_back(load_trace(r.merge[i]));
    const int rank = ranks.back().process.rank.value_or(int(i));
    if (const auto [it, fresh] = seen.emplace(rank, r.merge[i]); !fresh)
      throw CommandError(Failure::usage, r.merge[i] + " and " + it->second + " are both rank " + std::to_string(rank));
  }
  TraceResult out;
  const std::optional<RoofsDocument> roofs = merge_roofs(r, ranks, out);
  if (!svg.empty() && !roofs)
    throw CommandError(Failure::usage, "--svg needs the device's roofs: pass --roofs ROOFS.json (from roofline build)");
  TraceResult merged = merge_traces(ranks, r.merge, roofs);
  merged.roofs = out.roofs;
  merged.notes.insert(merged.notes.begin(), out.notes.begin(), out.notes.end());
  merged.process = {fields.host.value_or(""), std::nullopt, std::nullopt};
  if (show) show(merged);
  write_trace_outputs(output, svg, merged, roofs);
  return merged;
}

}  // namespace roofline
