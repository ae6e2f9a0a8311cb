#include "app/place.hpp"

#include <cstdio>
#include <filesystem>

#include "app/command_files.hpp"
#include "app/errors.hpp"
#include "app/instrumenter.hpp"
#include "app/kernel_setup.hpp"
#include "app/output_files.hpp"
#include "app/worker.hpp"
#include "chart/chart.hpp"
#include "launch/launch.hpp"
#include "measurement/measurement.hpp"
#include "analysis/analysis.hpp"
#include "files/files.hpp"
#include "model/model.hpp"

namespace roofline {
namespace {

// The roofs of the device: --roofs, else roofs/<device>.json when it exists.
std::optional<RoofsDocument> device_roofs(const PlaceRequest& r, const DeviceEntry& device, std::string& path) {
  path = roofs_path_for(r.roofs, device.identity.name);
  if (!path.empty()) return load_roofs(path);
  if (!r.svg.empty())
    throw CommandError(Failure::usage, "--svg needs the device's roofs: pass --roofs ROOFS.json (from roofline build)");
  if (r.analyze)
    throw CommandError(Failure::usage, "--analyze needs the device's roofs: pass --roofs ROOFS.json (from roofline build)");
  return std::nullopt;
}

// Another device's roofs may be meant (a comparison), so this warns, once
// now and again in the placement's note, rather than refusing.
std::string other_device_note(const PlaceRequest& r, const std::optional<RoofsDocument>& roofs, const std::string& path,
                              const DeviceEntry& device) {
  if (!roofs || roofs->device.name == device.identity.name) return "";
  const std::string note = "the roofs in " + path + " are of device '" + roofs->device.name + "', the kernel runs on '" +
                           device.identity.name + "': the dot is placed among another device's roofs";
  if (r.kernel.on_warning) r.kernel.on_warning(note);
  return note;
}

// Roofs measured while other programs ran may read low and hold levels the
// device does not have: said once now and again in the placement's note.
std::string noisy_roofs_note(const PlaceRequest& r, const std::optional<RoofsDocument>& roofs, const std::string& path) {
  if (!roofs || !noisy_run(*roofs)) return "";
  const std::string note = "the roofs in " + path + " come from a " + noisy_run_note(*roofs);
  if (r.kernel.on_warning) r.kernel.on_warning(note);
  return note;
}

// The counts: from a counts file made for exactly this launch, or counted here.
CountsFile kernel_counts(const PlaceRequest& r, PreparedKernel& k) {
  if (r.counts.empty()) return count_kernel(k, r.kernel);
  CountsFile counts = load_counts(r.counts);
  const std::string diff = k.launch().difference(counts.launch);
  if (!diff.empty()) throw CommandError(Failure::usage, "counts file " + r.counts + " was made for another launch: " + diff);
  return counts;
}

// The timing, of the original kernel only: the seconds of every timed run.
std::vector<double> time_kernel(const PlaceRequest& r, PreparedKernel& k) {
  SamplingPolicy policy;
  policy.min_samples = 5;
  policy.max_samples = 100;
  policy.rse_target = 0.01;
  policy.budget_s = 2.0;
  if (r.runs > 0) {
    policy.min_samples = policy.max_samples = r.runs;
    policy.budget_s = 1e30;
  }
  const double warmup = r.warmup_s >= 0 ? r.warmup_s : k.device->is_cpu() ? 0.2 : 0.5;
  std::vector<double> seconds;
  while_doing("timing " + r.kernel.file, [&] { seconds = k.kernel->time(policy, warmup); });
  return seconds;
}

struct PowerOutcome {
  std::optional<KernelPower> power;
  std::string note;  // why there is no reading, or what to keep in mind about it
};

PowerOutcome kernel_power(PreparedKernel& k, std::unique_ptr<EnergySource> source, const std::string& why_none,
                          double median_seconds) {
  PowerOutcome out;
  if (!why_none.empty()) out.note = "no power reading: " + why_none;
  if (!source) return out;
  try {
    out.power = read_kernel_power(*k.kernel, std::move(source), median_seconds, k.device->is_cpu());
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    out.note = std::string("no power reading: ") + e.what();
    return out;
  }
  if (out.power->duty < 0.8) {
    char b[200];
    std::snprintf(b, sizeof b,
                  "the kernel ran %.0f%% of the power windows (launch overhead between short launches): the power "
                  "reading is below the kernel's own",
                  100 * out.power->duty);
    out.note = b;
  }
  return out;
}

Placement placement_of(const PlaceRequest& r, const PreparedKernel& k, const CountsFile& counts, const Stats& time,
                       const PowerOutcome& power) {
  Placement p;
  p.kernel = k.kernel->kernel_name();
  p.label = r.label;
  p.source = r.kernel.file;
  p.device = k.device->identity.name;
  p.flops = counts.counts.flops();
  p.intops = counts.counts.intops();
  p.bytes = counts.counts.carm_bytes();
  p.flops_by_type = counts.counts.flops_by_type();
  p.bytes_by_space = counts.counts.bytes_by_space();
  p.math_calls = counts.counts.math_calls();
  p.footprint_bytes = double(k.kernel->buffer_bytes());
  p.work_items = double(k.kernel->work_items());
  p.longest_chain = double(counts.counts.longest_chain);
  p.chain_links = double(counts.counts.chain_links);
  p.time = time;
  p.seconds = time.median;
  if (power.power) {
    p.watts = power.power->reading.watts.median;
    p.joules = power.power->reading.joules_per_unit.median;
    if (p.ops() > 0) p.efficiency = p.ops() / *p.joules;
  }
  return p;
}

// Places the kernel among the roofs (or none) and gathers the notes into one.
void place(Placement& p, const std::optional<RoofsDocument>& roofs, const std::string& roofs_warnings,
           const std::string& power_note) {
  std::string note;
  if (roofs) {
    note = place_on_roofs(p, *roofs);
  } else {
    place_on_roofs(p, RoofsDocument{});
    note = "no roofs file for " + p.device + " (roofs/" + device_slug(p.device) + ".json): pass --roofs to get the bound";
  }
  if (!roofs_warnings.empty()) note = roofs_warnings + (note.empty() ? "" : "; ") + note;
  if (!power_note.empty()) note += (note.empty() ? "" : "; ") + power_note;
  p.note = note;
}

// The analysis's view of the placement: the hierarchical prediction replaces
// the core view's, which is kept beside it with the level dots and the diagnosis.
void add_analysis(Placement& p, const AddressAnalysis& a) {
  PlacementAnalysis view;
  view.levels = level_dots(a.analysis.levels, p.ops());
  view.findings = a.findings;
  if (a.hierarchical) {
    view.core_prediction = p.prediction;
    p.prediction = a.hierarchical;
  }
  p.analysis = view;
}

// The placement file (its document as the worker made it), and the CARM
// with the dot; with a power model in the roofs and a power reading of the
// kernel, the power and efficiency CARMs beside it (x-power.svg).
void write_placement(const PlaceRequest& r, const nlohmann::json& doc, const Placement& p, const std::string& roofs_path) {
  if (!r.output.empty()) write_file_atomically(r.output, doc.dump(1) + "\n");
  if (r.svg.empty()) return;
  const RoofsDocument roofs = load_roofs(roofs_path);
  const bool energy_charts = roofs.energy && roofs.energy->model && p.watts;
  for (ChartKind kind : {ChartKind::carm, ChartKind::power, ChartKind::efficiency})
    if (kind == ChartKind::carm || energy_charts) {
      const ChartSpec spec{kind};
      write_file_atomically(sibling(r.svg, spec.suffix()), render_chart(spec, {&roofs}, {}, {p}));
    }
}

// "timing kernel 'k' of k.cl": what the worker does, for a message if it dies.
std::string doing(const std::string& what, const PreparedKernel& k) {
  return what + " kernel '" + k.kernel->kernel_name() + "' of " + k.file;
}

// Everything that runs the kernel, in the worker: the placement, its counts
// and the roofs file it was placed among, as a JSON document.
std::string place_in_worker(const PlaceRequest& r, const WorkerChannel& worker) {
  PreparedKernel k = prepare_kernel(r.kernel);
  std::string roofs_path;
  const std::optional<RoofsDocument> roofs = device_roofs(r, *k.device, roofs_path);
  // What the user should know about the roofs: another device's, a noisy run's.
  std::string roofs_warnings = other_device_note(r, roofs, roofs_path, *k.device);
  if (const std::string noisy = noisy_roofs_note(r, roofs, roofs_path); !noisy.empty())
    roofs_warnings += (roofs_warnings.empty() ? "" : "; ") + noisy;
  // The energy counter, opened before any run: a named backend that cannot
  // work stops here; `auto` with nothing readable says so in one short note
  // (each backend's reason, a paragraph, is what `roofline energy` prints).
  std::string why_no_energy;
  auto energy = open_energy_source(r.energy, *k.device, EnergyRoots::from_environment(), why_no_energy);
  if (!why_no_energy.empty())
    why_no_energy = "no energy counter readable here (roofline energy --device '" + k.device->identity.name + "' says why)";

  if (r.counts.empty()) worker.doing(doing("counting", k));
  const CountsFile counts = kernel_counts(r, k);
  worker.doing(doing("timing", k));
  const Stats time = summarize(time_kernel(r, k));
  if (energy) worker.doing(doing("reading the power of", k));
  const PowerOutcome power = kernel_power(k, std::move(energy), why_no_energy, time.median);
  Placement p = placement_of(r, k, counts, time, power);
  place(p, roofs, roofs_warnings, power.note);
  if (const std::string& timing = k.kernel->timing_note(); !timing.empty()) {
    if (r.kernel.on_warning) r.kernel.on_warning(p.device + ": " + timing);
    p.note += (p.note.empty() ? "" : "; ") + timing;
  }
  nlohmann::json doc{{"counts", counts_to_json(counts)}, {"roofs", roofs_path}};
  if (r.analyze) {
    // After the timing: the recording copy's runs do not warm what the timed runs measure.
    const AddressAnalysis a = analyze_addresses(k, r.kernel, counts, *roofs, r.sample, worker);
    add_analysis(p, a);
    doc["analysis"] = address_analysis_json(a);
  }
  doc["placement"] = p;
  return doc.dump();
}

std::string preparing(const KernelRequest& r) { return "preparing kernel file " + r.file; }

}  // namespace

PlaceResult run_place(const PlaceRequest& r, const std::function<void(const PlaceResult&)>& show) {
  install_interrupt_handler();
  if (!r.analysis.empty() && !r.analyze) throw CommandError(Failure::usage, "--analysis FILE needs --analyze");
  if (r.analyze || r.counts.empty()) require_instrumenter();  // before the worker: counting needs it
  check_command_files(place_files(r));
  const nlohmann::json doc = nlohmann::json::parse(run_in_worker(
      preparing(r.kernel), {r.kernel.timeout_s}, [&r](const WorkerChannel& w) { return place_in_worker(r, w); }));
  throw_if_interrupted();  // Ctrl-C as the worker answered: nothing is written
  PlaceResult result;
  result.counted_here = r.counts.empty();
  result.counts = counts_from_json(doc.at("counts"));
  result.placement = doc.at("placement").get<Placement>();
  result.roofs = doc.at("roofs").get<std::string>();
  if (doc.contains("analysis")) result.address = address_analysis_of(doc.at("analysis"));
  // The device's roofs file is known only now: it is an input too.
  check_command_files(place_files(r, result.roofs), true);
  if (show) show(result);
  write_placement(r, doc.at("placement"), result.placement, result.roofs);
  if (!r.analysis.empty() && result.address)
    write_file_atomically(r.analysis, analysis_document({result.counts, *result.address, result.roofs}).dump(1) + "\n");
  return result;
}

CountsFile run_count(const CountRequest& r, const std::function<void(const CountsFile&)>& show) {
  install_interrupt_handler();
  require_instrumenter();
  check_command_files(count_files(r));
  const nlohmann::json doc = nlohmann::json::parse(
      run_in_worker(preparing(r.kernel), {r.kernel.timeout_s}, [&r](const WorkerChannel& w) {
        PreparedKernel k = prepare_kernel(r.kernel);
        w.doing(doing("counting", k));
        return counts_to_json(count_kernel(k, r.kernel)).dump();
      }));
  throw_if_interrupted();
  const CountsFile counts = counts_from_json(doc);
  if (show) show(counts);
  if (!r.output.empty()) write_file_atomically(r.output, doc.dump(1) + "\n");
  return counts;
}

}  // namespace roofline
