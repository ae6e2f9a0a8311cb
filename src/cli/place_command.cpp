// `roofline place`: times a user kernel, counts it (or reads its counts file),
// and places it among the device's roofs: a table, a placement file (-o) and
// the CARM chart with the dot (--svg; with the power and efficiency CARMs
// beside it where the roofs have a power model and the kernel's power was read).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <sstream>

#include "chart/chart_kinds.hpp"
#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "cli/kernel_launch.hpp"
#include "measurement/energy_source.hpp"
#include "measurement/interrupt.hpp"
#include "measurement/power_meter.hpp"
#include "model/atomic_file.hpp"
#include "model/placement_bound.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

std::string format_placement(const Placement& p, const CountsFile& c, bool counted_here) {
  std::ostringstream o;
  o << format_counts(c);
  char b[256];
  std::snprintf(b, sizeof b, "  time     %s median (min %s, max %s, rse %.2f%%, %zu runs)\n", format_si(p.seconds, "s").c_str(),
                format_si(p.time.min, "s").c_str(), format_si(p.time.max, "s").c_str(), 100 * p.time.rse, p.time.samples);
  o << b;
  o << "  perf     " << format_si(p.performance, p.unit) << " on " << p.device << "\n";
  if (p.watts) {
    std::snprintf(b, sizeof b, "  power    %.1f W, %s per launch", *p.watts, format_si(*p.joules, "J").c_str());
    o << b;
    if (p.efficiency) o << ", " << format_si(*p.efficiency, p.unit == "INTOP/s" ? "INTOP" : "FLOP") << "/J";
    o << "\n";
  }
  if (!p.bound.roof.empty()) {
    std::snprintf(b, sizeof b, "  bound    %s%s: %s attainable at this AI, %.1f%% reached\n", p.bound.roof.c_str(),
                  p.bound.level.empty() ? " (compute)" : "", format_si(p.bound.attainable, p.unit).c_str(), 100 * p.bound.fraction);
    o << b;
  }
  if (p.predicted_seconds) {
    std::snprintf(b, sizeof b, "  predicted %s by the roofs, measured %s (measured / predicted %.2f)\n",
                  format_si(*p.predicted_seconds, "s").c_str(), format_si(p.seconds, "s").c_str(), p.seconds / *p.predicted_seconds);
    o << b;
  }
  if (counted_here && c.instrumented_seconds > 0 && p.seconds > 0) {
    std::snprintf(b, sizeof b, "  counting run %s on %s, %.2fx the kernel's median time\n", format_si(c.instrumented_seconds, "s").c_str(),
                  c.device.c_str(), c.instrumented_seconds / p.seconds);
    o << b;
  }
  if (!p.note.empty()) o << "  note: " << p.note << "\n";
  return o.str();
}

}  // namespace

int run_place(const KernelOptions& o) {
  install_interrupt_handler();
  for (const std::string& path : {o.output, o.svg}) {
    if (path.empty()) continue;
    try {
      check_writable(path);
    } catch (const std::exception& e) {
      print_error(e.what());
      return exit_code::output;
    }
  }
  PreparedKernel k;
  if (int rc = prepare_kernel(o, k)) return rc;

  // The roofs: --roofs, else roofs/<device>.json when it exists.
  std::optional<RoofsDocument> roofs;
  std::string roofs_path = o.roofs;
  if (roofs_path.empty()) {
    const std::string guess = "roofs/" + device_slug(k.device->identity.name) + ".json";
    if (std::filesystem::exists(guess)) roofs_path = guess;
  }
  if (!roofs_path.empty()) {
    try {
      roofs = load_roofs(roofs_path);
    } catch (const std::exception& e) {
      print_error(e.what());
      return exit_code::usage;
    }
  } else if (!o.svg.empty()) {
    print_error("--svg needs the device's roofs: pass --roofs ROOFS.json (from roofline build)");
    return exit_code::usage;
  }
  // Another device's roofs may be meant (a comparison), so this warns, once
  // now and again in the placement's note, rather than refusing.
  std::string roofs_note;
  if (roofs && roofs->device.name != k.device->identity.name) {
    roofs_note = "the roofs in " + roofs_path + " are of device '" + roofs->device.name + "', the kernel runs on '" +
                 k.device->identity.name + "': the dot is placed among another device's roofs";
    print_warning(roofs_note);
  }

  // The energy counter, opened before any run: a named backend that cannot
  // work stops here; `auto` with nothing readable says why in the notes.
  std::unique_ptr<EnergySource> energy;
  std::string why_no_energy;
  try {
    energy = open_energy_source(o.energy, *k.device, EnergyRoots::from_environment(), why_no_energy);
  } catch (const std::exception& e) {
    print_error(e.what());  // names the backend and why it cannot work
    return exit_code::failure;
  }

  // The counts: from a counts file made for exactly this launch, or counted here.
  CountsFile counts;
  if (!o.counts.empty()) {
    try {
      counts = load_counts(o.counts);
    } catch (const std::exception& e) {
      print_error(e.what());
      return exit_code::usage;
    }
    const std::string diff = k.launch().difference(counts.launch);
    if (!diff.empty()) {
      print_error("counts file " + o.counts + " was made for another launch: " + diff);
      return exit_code::usage;
    }
  } else if (int rc = count_kernel(o, k, counts)) {
    return rc;
  }

  // The timing, of the original kernel only.
  std::vector<double> seconds;
  try {
    SamplingPolicy policy;
    policy.min_samples = 5;
    policy.max_samples = 100;
    policy.rse_target = 0.01;
    policy.budget_s = 2.0;
    if (o.runs > 0) {
      policy.min_samples = policy.max_samples = o.runs;
      policy.budget_s = 1e30;
    }
    seconds = k.kernel->time(policy, o.warmup_s >= 0 ? o.warmup_s : k.device->is_cpu() ? 0.2 : 0.5);
  } catch (const Interrupted&) {
    return exit_code::interrupted;
  } catch (const cl::Error& e) {
    print_error(std::string("OpenCL error ") + std::to_string(e.err()) + " in " + e.what() + " while timing " + o.file);
    return exit_code::failure;
  }

  // Power: the kernel repeated back to back through windows long enough for
  // the counter (measurement/power_meter), in batches of about 20 ms so the
  // host's round trips do not leave the device idle. The meter's unit of work
  // is one launch, so kernels without counted operations get watts too.
  const Stats time = summarize(seconds);
  std::optional<PowerReading> power;
  double duty = 1;  // share of the windows the kernel ran (launch rate x median time)
  std::string energy_note = why_no_energy.empty() ? "" : "no power reading: " + why_no_energy;
  if (energy) {
    const double median = time.median;
    const int batch = int(std::clamp(0.02 / std::max(median, 1e-9), 1.0, 10000.0));
    try {
      PowerPolicy policy = power_policy(*energy, false);
      policy.first_warmup_s = k.device->is_cpu() ? 0.5 : 2.0;
      PowerMeter meter(std::move(energy), policy);
      power = meter.measure([&] {
        k.kernel->launch_batch(batch);
        return 0.0;
      }, batch);
      // launches per second = watts / (joules per launch)
      duty = power->watts.median / power->joules_per_unit.median * median;
    } catch (const Interrupted&) {
      return exit_code::interrupted;
    } catch (const std::exception& e) {
      energy_note = std::string("no power reading: ") + e.what();
    }
  }
  if (power && duty < 0.8) {
    char b[200];
    std::snprintf(b, sizeof b,
                  "the kernel ran %.0f%% of the power windows (launch overhead between short launches): the power "
                  "reading is below the kernel's own",
                  100 * duty);
    energy_note = b;
  }

  Placement p;
  p.kernel = k.kernel->kernel_name();
  p.label = o.label;
  p.source = o.file;
  p.device = k.device->identity.name;
  p.flops = counts.counts.flops();
  p.intops = counts.counts.intops();
  p.bytes = counts.counts.carm_bytes();
  p.flops_by_type = counts.counts.flops_by_type();
  p.bytes_by_space = counts.counts.bytes_by_space();
  p.time = time;
  p.seconds = time.median;
  if (power) {
    p.watts = power->watts.median;
    p.joules = power->joules_per_unit.median;
    if (p.ops() > 0) p.efficiency = p.ops() / *p.joules;
  }
  std::string note;
  if (roofs) {
    note = place_on_roofs(p, *roofs);
  } else {
    RoofsDocument none;
    place_on_roofs(p, none);
    note = "no roofs file for " + p.device + " (roofs/" + device_slug(p.device) + ".json): pass --roofs to get the bound";
  }
  if (!roofs_note.empty()) note = roofs_note + (note.empty() ? "" : "; ") + note;
  if (!energy_note.empty()) note += (note.empty() ? "" : "; ") + energy_note;
  p.note = note;
  if (!o.quiet) std::printf("%s", format_placement(p, counts, o.counts.empty()).c_str());
  try {
    if (!o.output.empty()) write_file_atomically(o.output, nlohmann::json(p).dump(1) + "\n");
    if (!o.svg.empty()) {
      // The CARM, and with a power model in the roofs and a power reading of
      // the kernel the power and efficiency CARMs beside it (x-power.svg).
      const bool energy_charts = roofs->energy && roofs->energy->model && p.watts;
      for (const ChartSpec& spec : {ChartSpec{"carm"}, ChartSpec{"power"}, ChartSpec{"efficiency"}})
        if (spec.kind == "carm" || energy_charts)
          write_file_atomically(sibling(o.svg, spec.suffix()), render_chart(spec, {&*roofs}, {}, {p}));
    }
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::output;
  }
  return exit_code::ok;
}

}  // namespace roofline
