// `roofline build`: device -> benchmarks -> measurements -> roofs file -> chart.
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <iostream>

#include "benchmark/benchmark.hpp"
#include "chart/chart_kinds.hpp"
#include "cli/ceiling_table.hpp"
#include "cli/cli_support.hpp"
#include "cli/commands.hpp"
#include "cli/energy_step.hpp"
#include "cli/exit_codes.hpp"
#include "device/theory.hpp"
#include "measurement/interrupt.hpp"
#include "model/atomic_file.hpp"
#include "model/units.hpp"
#include "version.hpp"

namespace roofline {
namespace {

// Theoretical peak and efficiency for every compute ceiling, at the clock the
// device held if it was read, else at its reported maximum clock.
void apply_theory(RoofsDocument& doc, const PeakModel& model) {
  const double mhz = doc.clock ? doc.clock->mhz : doc.device.max_clock_mhz;
  for (auto& c : doc.ceilings) {
    if (c.kind != "compute") continue;
    c.theory = theoretical_peak(model, c.op, c.type, mhz);
    if (!c.theory) continue;
    c.efficiency = c.value / *c.theory;
    // 1% grace: the clock reading behind the theory has its own uncertainty.
    c.above_theory = c.value > *c.theory * 1.01;
    if (c.above_theory)
      doc.notes.push_back(c.label() + " measured " + format_si(c.value, c.unit) + ", above the theoretical " +
                          format_si(*c.theory, c.unit) + " (" + model.architecture + " at " + std::to_string(int(mhz)) +
                          " MHz): the theory's clock or lane count is wrong, or the kernel did less work than counted");
  }
  if (!model.known()) doc.notes.push_back("no theoretical peaks: the architecture is not in roofline's table");
}

}  // namespace

int run_build(const BuildOptions& o) {
  install_interrupt_handler();
  // 1. The device.
  std::vector<DeviceEntry> devices;
  const DeviceEntry* chosen = nullptr;
  if (int rc = pick_device(o.device, devices, chosen)) return rc;
  const DeviceEntry& dev = *chosen;

  // 2. Where results go, checked before the long run rather than after it.
  const std::string slug = device_slug(dev.identity.name);
  const std::string roofs_path = o.output.empty() ? "roofs/" + slug + ".json" : o.output;
  const std::string svg_path = o.plot.empty() ? "plots/" + slug + ".svg" : o.plot;
  const std::string partial_path = roofs_path + ".partial";
  std::string kernel_dir;
  try {
    // The default folders are made when missing; a folder the user named must exist.
    std::error_code ec;
    if (o.output.empty()) std::filesystem::create_directories("roofs", ec);
    if (o.plot.empty()) std::filesystem::create_directories("plots", ec);
    check_writable(roofs_path);
    check_writable(svg_path);
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::output;
  }
  try {
    kernel_dir = find_kernel_dir(o.kernels);
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::usage;
  }

  // The energy source, opened before the long run so that a named backend that
  // cannot work stops here.
  // --quick is a first look: energy, minutes more with NVML's 2 s windows, only when asked for.
  const bool skip_energy = o.energy.empty() && o.quick;
  const std::string backend = skip_energy ? "none" : o.energy.empty() ? "auto" : o.energy;
  std::unique_ptr<EnergyStep> energy;
  try {
    energy = std::make_unique<EnergyStep>(backend, dev, o.quick);
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::failure;
  }

  RoofsDocument doc;
  doc.tool_version = ROOFLINE_VERSION;
  doc.git_revision = ROOFLINE_GIT_REVISION;
  doc.date = utc_now_iso();
  doc.command_line = o.command_line;
  if (skip_energy) doc.notes.push_back("energy not read: --quick reads it only with --energy (auto, or a backend)");
  doc.quick = o.quick;
  doc.device = dev.identity;
  const PeakModel model = peak_model(dev);
  doc.device.architecture = model.architecture;
  const Plan plan = make_plan(dev, o.quick);

  const int steps = int(plan.ops.size() * plan.types.size() * plan.widths.size()) + 3;
  Progress progress(steps, !o.quiet);
  int status = exit_code::ok;
  std::vector<double> clock_samples;
  auto save_partial = [&] {
    doc.complete = false;
    write_file_atomically(partial_path, nlohmann::json(doc).dump(1) + "\n");
  };

  // On a CPU device the clock is measured before the OpenCL runtime's worker
  // threads exist (they would compete with the measurement) and again at the end.
  std::optional<double> cpu_mhz_before;
  if (dev.is_cpu()) cpu_mhz_before = measure_cpu_clock_mhz(dev.identity.physical_cores);
  try {
    Session session(dev, plan, kernel_dir, progress);
    energy->start(session, doc);

    // 3. Compute ceilings.
    for (const auto& op : plan.ops)
      for (const auto& type : plan.types)
        for (int width : plan.widths) {
          progress.step("compute " + op + " " + type + (width > 1 ? std::to_string(width) : ""));
          const std::size_t token = session.clock ? session.clock->begin() : 0;
          try {
            ReplayAt replay;
            doc.ceilings.push_back(measure_compute(session, op, type, width, energy->active() ? &replay : nullptr));
            energy->offer(doc, doc.ceilings.size() - 1, std::move(replay));
          } catch (const WrongResult& e) {
            print_error(e.what());
            doc.notes.push_back(std::string("omitted: ") + e.what());
            status = exit_code::wrong_result;
          }
          if (session.clock)
            for (double m : session.clock->end(token)) clock_samples.push_back(m);
          save_partial();
        }
    energy->measure_offered(session, doc);

    // 4. The DRAM roofs.
    progress.step("DRAM bandwidth");
    try {
      std::vector<ReplayAt> replays;
      for (auto& c : measure_dram(session, energy->active() ? &replays : nullptr)) doc.ceilings.push_back(c);
      energy->offer_last(doc, replays);
      energy->measure_offered(session, doc);
    } catch (const WrongResult& e) {
      print_error(e.what());
      doc.notes.push_back(std::string("omitted: ") + e.what());
      status = exit_code::wrong_result;
    }

    // 5. The memory hierarchy: levels, their roofs, latency, local and constant memory.
    progress.step("memory hierarchy");
    try {
      MemoryHierarchy h = measure_memory_hierarchy(session, o.levels, energy->active());
      doc.memory = h.curves;
      for (auto& c : h.ceilings) doc.ceilings.push_back(c);
      energy->offer_last(doc, h.replays);
      energy->measure_offered(session, doc);
    } catch (const WrongResult& e) {
      print_error(e.what());
      doc.notes.push_back(std::string("omitted: ") + e.what());
      status = exit_code::wrong_result;
    }
    save_partial();

    // The power model: mixed-intensity kernels, fit and validation (with --energy).
    if (!energy->finish(session, doc)) status = exit_code::wrong_result;

    // 6. Host-device transfers and launch overhead.
    progress.step("host transfers and launch overhead");
    try {
      doc.transfers = measure_transfers(session);
      doc.launch_overhead = measure_launch_overhead(session);
    } catch (const WrongResult& e) {
      print_error(e.what());
      doc.notes.push_back(std::string("omitted: ") + e.what());
      status = exit_code::wrong_result;
    }
    progress.finish();

    // 7. The clock held under load, then theory and efficiency at that clock.
    if (!clock_samples.empty()) {
      doc.clock = HeldClock{summarize(clock_samples).median, session.clock->source(), summarize(clock_samples)};
    } else if (dev.is_cpu() && cpu_mhz_before) {
      auto after = measure_cpu_clock_mhz(dev.identity.physical_cores);
      std::vector<double> s{*cpu_mhz_before};
      if (after) s.push_back(*after);
      // Interference only slows the chain down, so the higher reading is the better one.
      doc.clock = HeldClock{summarize(s).max, "dependent-add chain on every core, before and after", summarize(s)};
    }
    for (auto& n : session.notes) doc.notes.push_back(n);
  } catch (const Interrupted&) {
    progress.finish();
    print_error("interrupted; the " + std::to_string(doc.ceilings.size()) + " ceilings finished are kept in " + partial_path);
    return exit_code::interrupted;
  } catch (const KernelBuildError& e) {
    progress.finish();
    print_error(e.what());
    std::fprintf(stderr, "build log:\n%s\n", e.log().c_str());
    return exit_code::kernel_build;
  } catch (const cl::Error& e) {
    progress.finish();
    print_error(std::string("OpenCL error ") + std::to_string(e.err()) + " in " + e.what());
    return exit_code::failure;
  } catch (const std::exception& e) {
    progress.finish();
    print_error(e.what());
    return exit_code::failure;
  }

  apply_theory(doc, model);
  doc.complete = true;
  const std::string text = nlohmann::json(doc).dump(1) + "\n";
  try {
    write_file_atomically(roofs_path, text);
    for (const ChartSpec& chart : default_charts(doc))
      write_file_atomically(sibling(svg_path, chart.suffix()), render_chart(chart, {&doc}));
    std::error_code ec;
    std::filesystem::remove(partial_path, ec);
  } catch (const std::exception& e) {
    print_error(e.what());
    return exit_code::output;
  }
  if (o.json) std::cout << text;
  else if (!o.quiet) std::cout << format_ceiling_table(doc) << "wrote " << roofs_path << ", " << svg_path << " and "
                                << default_charts(doc).size() - 1 << " more charts beside it\n";
  for (const auto& n : doc.notes)
    if (!o.quiet) std::fprintf(stderr, "note: %s\n", n.c_str());
  if (doc.energy && !o.quiet)
    for (const auto& n : doc.energy->notes) std::fprintf(stderr, "note: energy: %s\n", n.c_str());
  return status;
}

}  // namespace roofline
