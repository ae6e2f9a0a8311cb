#include "app/build.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/build_power.hpp"
#include "app/command_files.hpp"
#include "app/device_choice.hpp"
#include "app/errors.hpp"
#include "app/output_files.hpp"
#include "app/roofs_inputs.hpp"
#include "benchmark/benchmark.hpp"
#include "chart/chart.hpp"
#include "device/clock.hpp"
#include "device/theory.hpp"
#include "measurement/measurement.hpp"
#include "analysis/analysis.hpp"
#include "files/files.hpp"
#include "model/model.hpp"
#include "version.hpp"

namespace roofline {
namespace {

// Where a build's results go, every file it may write checked before the long
// run rather than after it.
struct BuildOutputs {
  std::string roofs, chart, partial;
};

BuildOutputs build_outputs(const BuildRequest& r, const DeviceEntry& device) {
  BuildOutputs out;
  out.roofs = output_path(r.output, "roofs", device.identity.name, ".json");
  out.chart = output_path(r.plot, "plots", device.identity.name, ".svg");
  out.partial = out.roofs + ".partial";
  check_command_files(build_files(r, out.roofs, out.chart));
  return out;
}

std::string kernel_folder(const std::string& requested) {
  try {
    return find_kernel_dir(requested);
  } catch (const std::runtime_error& e) {
    throw CommandError(Failure::usage, e.what());
  }
}

// A new document: what ran, when, on which device.
RoofsDocument new_document(const BuildRequest& r, const DeviceEntry& device, const PeakModel& peaks) {
  RoofsDocument doc;
  doc.tool_version = ROOFLINE_VERSION;
  doc.git_revision = ROOFLINE_GIT_REVISION;
  doc.date = utc_now_iso();
  doc.command_line = r.command_line;
  doc.quick = r.quick;
  doc.device = device.identity;
  doc.device.architecture = peaks.architecture;
  return doc;
}

// The first cache level detection found, where loads have a theory.
std::string first_cache_level(const RoofsDocument& doc) {
  if (doc.memory)
    for (const DetectedLevel& l : doc.memory->levels)
      if (l.level.is(LevelKind::cache)) return l.level.name;
  return "";
}

std::string above_theory_note(const Ceiling& c, const PeakModel& peaks, double mhz) {
  const std::string what = c.is_compute() ? "clock or lane count" : "clock or bytes per clock";
  const std::string work = c.is_compute() ? "did less work" : "moved fewer bytes";
  return c.label() + " measured " + format_si(c.value, c.unit()) + ", above the theoretical " +
         format_si(*c.theory, c.unit()) + " (" + peaks.architecture + " at " + std::to_string(int(mhz)) +
         " MHz): the theory's " + what + " is wrong, or the kernel " + work + " than counted";
}

// Theoretical peak and efficiency of every ceiling that has one, at the clock
// the device held if it was read, else at its reported maximum clock: compute
// roofs from lanes per clock, DRAM from the memory clock and bus width, the
// first level's loads and local memory from bytes per clock.
void apply_theory(RoofsDocument& doc, const PeakModel& peaks) {
  const double mhz = doc.clock ? doc.clock->mhz : doc.device.max_clock_mhz;
  const std::string first_level = first_cache_level(doc);
  for (auto& c : doc.ceilings) {
    c.theory = c.is_compute() ? theoretical_peak(peaks, c.op, c.type, mhz)
                              : memory_peak(peaks, doc.device, c, !first_level.empty() && c.at(first_level), mhz);
    if (!c.theory) continue;
    c.efficiency = c.value / *c.theory;
    // 1% grace: the clock reading behind the theory has its own uncertainty.
    c.above_theory = c.value > *c.theory * 1.01;
    if (c.above_theory) doc.notes.push_back(above_theory_note(c, peaks, mhz));
  }
  if (!peaks.known()) doc.notes.push_back("no theoretical peaks: the architecture is not in roofline's table");
}

// How many programs the driver's compiler built, how long it took, and on a
// GPU how many of them were built ahead (those asked for outside the steps'
// lists, or listed and never asked for, mean a list is out of step with its
// benchmark).
std::string programs_note(const ProgramCache& programs) {
  std::string note = std::to_string(programs.built()) + " kernel programs built in " +
                     format_text("%.1f", programs.build_seconds()) + " s of the driver's compiler (a fresh machine's cache is empty)";
  if (programs.built_ahead() > 0)
    note += "; " + std::to_string(programs.built_ahead()) +
            " of them built ahead on threads of their own while the device measured, " +
            std::to_string(programs.built() - programs.built_ahead()) + " when asked, " +
            std::to_string(programs.never_asked()) + " built ahead and never asked for";
  return note;
}

// Calls per clock per compute unit of every math roof, at the held clock.
void per_clock_rates(std::vector<MathRoof>& roofs, double mhz, std::uint32_t compute_units) {
  if (mhz <= 0 || compute_units == 0) return;
  for (MathRoof& r : roofs) r.per_clock_per_cu = r.value() / (mhz * 1e6 * compute_units);
}

class BuildPipeline {
 public:
  BuildPipeline(const BuildRequest& request, const DeviceEntry& device, BuildOutputs outputs, std::string kernel_dir)
      : request_(request),
        device_(device),
        outputs_(std::move(outputs)),
        kernel_dir_(std::move(kernel_dir)),
        peaks_(peak_model(device)),
        plan_(make_plan(device, request.quick)),
        power_(request.energy, device, request.quick),
        doc_(new_document(request, device, peaks_)) {}

  // Runs every step into the document. Throws CommandError (interrupted)
  // after saving what was finished.
  void run();
  RoofsDocument& document() { return doc_; }
  bool wrong_results() const { return wrong_results_; }

 private:
  struct Step {
    std::string key;  // as --steps names it
    std::string name;
    int weight;  // progress steps it counts for
    std::function<void()> measure;
    std::function<ProgramList(const Session&)> programs;  // what it builds, in order; none: nothing
  };
  std::vector<Step> steps();
  std::vector<Step> chosen_steps(const std::vector<std::string>& keys);
  // The compute step's progress steps: its ceilings, then the latencies.
  static int compute_ceilings(const Plan& p) {
    return int(p.ops.size() * p.types.size() * p.widths.size() + latency_types(p).size());
  }
  static int math_calls(const Plan& p) { return int(p.math.calls.size()); }

  void measure_steps();
  void prefetch_programs(Session& session, const std::vector<Step>& chosen);
  void measure_naming_failures(const Step& step, const Progress& progress);
  void note_host_load(const std::optional<CpuTimes>& before);
  void name_gaps(const Session& session);
  void stop_if_compute_all_wrong(std::size_t tried, std::size_t wrong);
  [[noreturn]] void stop(const std::string& why);
  void measure_compute();
  void measure_math();
  void measure_dram();
  void measure_memory();
  void measure_suite_benchmark(const SuiteRow& row);
  void fit_power_model();
  void measure_transfers();
  void read_clock(const std::optional<double>& cpu_mhz_before);
  bool attempt(const std::function<void()>& work);
  bool attempt(const std::function<void()>& work, std::vector<std::string>& notes);
  void keep(MeasuredCeiling measured);
  void save_partial();
  std::string kept_message() const;

  const BuildRequest& request_;
  const DeviceEntry& device_;
  BuildOutputs outputs_;
  std::string kernel_dir_;
  PeakModel peaks_;
  Plan plan_;
  BuildPower power_;
  RoofsDocument doc_;
  Session* session_ = nullptr;  // while the steps run
  bool saved_ = false;          // the partial file written by this run
  std::vector<double> clock_samples_;
  bool wrong_results_ = false;
};

// The steps in the order they run: the compute ceilings first (their clock
// samples are the clock the device holds under load), the suite's benchmarks
// (model/suite_table, a step each, named by its chart or section) after the
// memory hierarchy, the power model once every roof it is fitted to is known.
std::vector<BuildPipeline::Step> BuildPipeline::steps() {
  std::vector<Step> out{
      {"compute", "compute ceilings", compute_ceilings(plan_), [this] { measure_compute(); },
       [](const Session& s) { return compute_programs(s.plan); }},
      {"math", "math functions", math_calls(plan_), [this] { measure_math(); }, [](const Session& s) { return math_programs(s.plan); }},
      {"dram", "DRAM bandwidth", 1, [this] { measure_dram(); }, [](const Session& s) { return dram_programs(s.plan); }},
      {"memory", "memory hierarchy", 1, [this] { measure_memory(); }, memory_programs}};
  for (const SuiteRow& row : suite_rows())
    out.push_back({std::string(row.chart.name.empty() ? row.section : row.chart.name), std::string(row.step), 1,
                   [this, &row] { measure_suite_benchmark(row); },
                   [&row](const Session& s) { return suite_programs(row, s.plan); }});
  out.push_back({"power", "power model", 0, [this] { fit_power_model(); }, nullptr});
  out.push_back({"transfers", "host transfers and launch overhead", 1, [this] { measure_transfers(); },
                 [](const Session&) { return transfer_programs(); }});
  return out;
}

// The steps --steps names (all of them when it names none), in their order;
// an unknown key is a usage error that lists the keys.
std::vector<BuildPipeline::Step> BuildPipeline::chosen_steps(const std::vector<std::string>& keys) {
  std::vector<Step> all = steps();
  std::string known;
  for (const Step& step : all) known += (known.empty() ? "" : ", ") + step.key;
  for (const std::string& key : keys)
    if (std::none_of(all.begin(), all.end(), [&](const Step& step) { return key == step.key; }))
      throw CommandError(Failure::usage, "--steps: no step '" + key + "' (the steps: " + known + ")");
  std::vector<Step> out;
  for (Step& step : all)
    if (keys.empty() || std::find(keys.begin(), keys.end(), step.key) != keys.end()) out.push_back(std::move(step));
  return out;
}

void BuildPipeline::run() {
  const std::optional<CpuTimes> cpu_before = read_cpu_times();
  try {
    measure_steps();
  } catch (const Interrupted&) {
    throw CommandError(Failure::interrupted, kept_message());
  } catch (const TimerDisagrees& e) {
    stop(e.what());
  }
  apply_theory(doc_, peaks_);
  flag_levels(doc_);
  note_host_load(cpu_before);
  doc_.complete = true;
}

// What other processes took of the host while the build measured, and a note
// when that or the curves' spread makes the run noisy.
void BuildPipeline::note_host_load(const std::optional<CpuTimes>& before) {
  if (const std::optional<CpuTimes> after = read_cpu_times(); before && after) doc_.others_cpu_share = others_share(*before, *after);
  if (noisy_run(doc_)) doc_.notes.push_back(noisy_run_note(doc_));
}

// On a GPU, every program the chosen steps will build is built ahead, in the
// steps' order, on the program cache's builders, while the device measures with
// those built before: on a freshly started H200 the driver's compiler took
// 13.0 s of a 31.7 s quick build (117 programs, roofs/raw/health-nvidia-h200),
// most of it while the device waited. Never on a CPU device: the compiler
// would take the cores the measurement runs on.
void BuildPipeline::prefetch_programs(Session& session, const std::vector<Step>& chosen) {
  if (device_.is_cpu()) return;
  ProgramList programs;
  for (const Step& step : chosen)
    if (step.programs)
      for (ProgramKey& key : step.programs(session)) programs.push_back(std::move(key));
  session.programs.prefetch(programs);
}

// A step's measuring; an OpenCL error says where it came (the step and what
// it was doing: a kernel fault surfaces at a later call), and what the
// steps before it kept.
void BuildPipeline::measure_naming_failures(const Step& step, const Progress& progress) {
  try {
    step.measure();
  } catch (const cl::Error& e) {
    const std::string kept = saved_ ? "; what the steps before it measured is kept in " + outputs_.partial : "";
    throw CommandError(Failure::runtime, opencl_error_text(e) + " during the " + step.name + " step (" + progress.doing() + ")" + kept);
  }
}

void BuildPipeline::measure_steps() {
  const std::vector<Step> chosen = chosen_steps(request_.steps);
  int total = 0;
  for (const Step& step : chosen) total += step.weight;
  Progress progress(total, request_.show_progress);
  // On a CPU device the clock is measured before the OpenCL runtime's worker
  // threads exist (they would compete with the measurement) and again at the end.
  std::optional<double> cpu_mhz_before;
  if (device_.is_cpu()) cpu_mhz_before = measure_cpu_clock_mhz(device_.identity.physical_cores);
  Session session(device_, plan_, kernel_dir_, progress);
  session_ = &session;
  name_gaps(session);
  if (chosen.size() < steps().size()) {
    std::string keys;
    for (const Step& step : chosen) keys += (keys.empty() ? "" : ", ") + step.key;
    doc_.notes.push_back("only the steps " + keys + " were run (--steps)");
  }
  session.watch(true);  // until the first ceiling is kept
  prefetch_programs(session, chosen);
  power_.start(session, doc_);
  for (const Step& step : chosen) {
    // A step of weight 1 is one progress step under its name; the compute
    // step shows each ceiling as its own.
    if (step.weight == 1) progress.step(step.name);
    const auto start = std::chrono::steady_clock::now();
    measure_naming_failures(step, progress);
    doc_.steps.push_back({step.name, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count()});
    save_partial();  // what the step added besides ceilings: power readings, notes, transfers
  }
  progress.finish();
  read_clock(cpu_mhz_before);
  if (doc_.clock) per_clock_rates(doc_.math, doc_.clock->mhz, doc_.device.compute_units);
  for (auto& n : session.notes) doc_.notes.push_back(n);
  doc_.notes.push_back(programs_note(session.programs));
  session_ = nullptr;
}

// What the device cannot do and what the build does instead, said before
// anything is measured and kept in the notes: types without their extension,
// profiling stamps that are no clock, a loop budget.
void BuildPipeline::name_gaps(const Session& session) {
  std::vector<std::string> gaps;
  for (const auto& [type, extension] : {std::pair{DataType::float64, "cl_khr_fp64"}, std::pair{DataType::float16, "cl_khr_fp16"}})
    if (!device_.has_extension(extension))
      gaps.push_back("no " + str(type) + " roofs: the device does not offer " + extension);
  if (session.timer.host_timed()) gaps.push_back(session.timer.why_host_timed());
  if (!session.loop_budget.note.empty()) gaps.push_back(session.loop_budget.note);
  for (const std::string& gap : gaps) {
    if (request_.on_warning) request_.on_warning(gap);
    doc_.notes.push_back(gap);
  }
}

// Stops the build early: what was finished is saved, and the message says where.
void BuildPipeline::stop(const std::string& why) {
  save_partial();
  throw CommandError(Failure::stopped, "stopped early: " + why + "; the notes so far are kept in " + outputs_.partial);
}

// A device on which every compute kernel computes wrongly cannot be trusted
// with the rest: no slowness makes a result wrong, so this never stops a
// slow but correct device.
void BuildPipeline::stop_if_compute_all_wrong(std::size_t tried, std::size_t wrong) {
  if (tried == 0 || wrong < tried) return;
  stop("every compute kernel (" + std::to_string(tried) + " of " + std::to_string(tried) + ") failed its host check on " +
       device_.identity.name + ": the device computes wrongly or stops kernels early (the notes say how each failed)");
}

// The wrong-result policy: a kernel whose output fails the host's check costs
// what `work` measures (said at once, and in `notes`), not the build.
bool BuildPipeline::attempt(const std::function<void()>& work, std::vector<std::string>& notes) {
  try {
    work();
    return true;
  } catch (const WrongResult& e) {
    if (request_.on_problem) request_.on_problem(e.what());
    notes.push_back(std::string("omitted: ") + e.what());
    wrong_results_ = true;
    return false;
  }
}

bool BuildPipeline::attempt(const std::function<void()>& work) { return attempt(work, doc_.notes); }

// A finished ceiling: into the document, its replay to the power readings,
// and saved at once.
void BuildPipeline::keep(MeasuredCeiling measured) {
  session_->watch(false);  // a first ceiling: the device's timer has shown it times
  const std::size_t index = doc_.ceilings.size();
  doc_.ceilings.push_back(std::move(measured.ceiling));
  power_.consider(doc_, index, std::move(measured.replay));
  save_partial();
}

void BuildPipeline::save_partial() {
  doc_.complete = false;
  write_file_atomically(outputs_.partial, nlohmann::json(doc_).dump(1) + "\n");
  saved_ = true;
}

// What an interruption kept: the ceilings of the partial file, read back from
// it (a count kept aside could drift from what the file holds).
std::string BuildPipeline::kept_message() const {
  if (!saved_) return "interrupted before the first ceiling finished; nothing saved";
  std::size_t n = 0;
  try {
    n = load_roofs(outputs_.partial).ceilings.size();
  } catch (const std::exception& e) {
    return "interrupted; the partial file cannot be read back: " + std::string(e.what());
  }
  return "interrupted; " + (n == 1 ? std::string("the 1 ceiling finished is kept") : "the " + std::to_string(n) + " ceilings finished are kept") +
         " in " + outputs_.partial;
}

void BuildPipeline::measure_compute() {
  Session& s = *session_;
  std::size_t tried = 0, wrong = 0;
  for (Op op : plan_.ops)
    for (DataType type : plan_.types)
      for (int width : plan_.widths) {
        s.progress.step("compute " + str(op) + " " + str(type) + (width > 1 ? std::to_string(width) : ""));
        const std::size_t token = s.clock ? s.clock->begin() : 0;
        ++tried;
        wrong += !attempt([&] { keep(roofline::measure_compute(s, op, type, width, power_.active())); });
        if (s.clock)
          for (double mhz : s.clock->end(token)) clock_samples_.push_back(mhz);
      }
  stop_if_compute_all_wrong(tried, wrong);
  power_.read_kept(s, doc_);
  for (DataType type : latency_types(plan_)) {
    s.progress.step("latency " + str(type));
    for (Op op : {Op::add, Op::mad}) attempt([&] { doc_.latencies.push_back(measure_latency(s, op, type)); });
  }
}

// Each call of the plan in turn, saved as it comes; a function the device
// cannot build is noted and skipped (OpenCL C requires them all, but a
// driver's compiler may still fail on one), as is one the plan cannot launch.
void BuildPipeline::measure_math() {
  Session& s = *session_;
  for (const MathCall& call : plan_.math.calls) {
    s.progress.step("math " + call.label());
    attempt([&] {
      try {
        if (auto roof = roofline::measure_math(s, call)) {
          doc_.math.push_back(std::move(*roof));
          s.watch(false);  // a first roof kept
        }
      } catch (const KernelBuildError& e) {
        doc_.notes.push_back("omitted: the math roof of " + call.label() + ": " + e.what());
      }
    });
    save_partial();
  }
}

void BuildPipeline::measure_dram() {
  attempt([&] {
    for (MeasuredCeiling& m : roofline::measure_dram(*session_, power_.active())) keep(std::move(m));
  });
  power_.read_kept(*session_, doc_);
}

// Each part saved as it comes: the curves and levels, then each ceiling.
void BuildPipeline::measure_memory() {
  const HierarchySink sink{[&](const MemoryCurves& curves) {
                             doc_.memory = curves;
                             save_partial();
                           },
                           [&](MeasuredCeiling m) { keep(std::move(m)); }};
  attempt([&] { measure_memory_hierarchy(*session_, request_.levels, power_.active(), sink); });
  power_.read_kept(*session_, doc_);
}

// Each series of the row in turn, saved as it comes; one whose kernel fails
// its host check is left out (the wrong-result policy), the others kept.
void BuildPipeline::measure_suite_benchmark(const SuiteRow& row) {
  for (const SeriesTags& which : row.series)
    attempt([&] {
      MeasuredSeries series = measure_suite(*session_, row, which);
      doc_.suite[row.id].push_back(std::move(series));
      save_partial();
    });
}

void BuildPipeline::fit_power_model() {
  if (!power_.active() || !doc_.energy) return;
  const MixedPlan plan = plan_mixed_kernels(doc_, plan_.bandwidth_bytes);
  std::vector<std::string>& notes = doc_.energy->notes;
  if (!plan.float_mad) {
    notes.push_back(plan.no_model);
    return;
  }
  std::vector<MixedKernelPower> mixed;
  std::vector<MixedLevel> measured;
  for (const MixedLevel& level : plan.levels) {
    if (!level.skipped.empty()) {
      notes.push_back(level.skipped);
      continue;
    }
    attempt([&] { power_.read_mixed(*session_, doc_, level, mixed); }, notes);
    measured.push_back(level);
  }
  assemble_power_model(doc_, measured, mixed);
}

void BuildPipeline::measure_transfers() {
  attempt([&] {
    doc_.transfers = roofline::measure_transfers(*session_);
    doc_.launch_overhead = measure_launch_overhead(*session_);
  });
}

// The clock held under load: the median of the samples taken while the
// compute kernels ran; on a CPU the higher of the readings before and after
// (interference only slows the chain down).
void BuildPipeline::read_clock(const std::optional<double>& cpu_mhz_before) {
  if (!clock_samples_.empty()) {
    const Stats s = summarize(clock_samples_);
    doc_.clock = HeldClock{s.median, session_->clock->source(), s};
  } else if (device_.is_cpu() && cpu_mhz_before) {
    std::vector<double> readings{*cpu_mhz_before};
    if (auto after = measure_cpu_clock_mhz(device_.identity.physical_cores)) readings.push_back(*after);
    const Stats s = summarize(readings);
    doc_.clock = HeldClock{s.max, "dependent-add chain on every core, before and after", s};
  }
}

// What a --concurrent build says of its figures: the others it ran beside,
// and its key ceilings against its build alone, or that this cannot be known.
void note_concurrency(const BuildRequest& r, BuildResult& result) {
  RoofsDocument& doc = result.doc;
  if (!result.alone_path.empty()) {
    const bool lowered = std::any_of(result.against_alone.begin(), result.against_alone.end(),
                                     [](const KeyCeilingChange& c) { return c.lowered(); });
    const std::string under = format_text("%.2f", kLoweredBelow) + "x of alone";
    doc.notes.push_back("key ceilings against this device's build alone (" + result.alone_path + "): " +
                        (result.against_alone.empty()
                             ? "none in common, so whether they were lowered is not known"
                             : format_key_changes(result.against_alone) + (lowered ? "; some lowered, under " : "; none lowered under ") + under));
  } else if (r.concurrent_with > 0) {
    doc.notes.push_back("whether the concurrent builds lowered this device's ceilings is not known: no build of it alone "
                        "to compare with" + std::string(r.alone.empty() ? " (--alone names one)" : " in " + r.alone));
  }
}

// The roofs file, then every chart of the default set beside the CARM; the
// partial file goes once the whole file is written.
std::size_t write_results(const RoofsDocument& doc, const BuildOutputs& out) {
  write_file_atomically(out.roofs, nlohmann::json(doc).dump(1) + "\n");
  const std::vector<ChartSpec> charts = default_charts(doc);
  for (const ChartSpec& chart : charts) write_file_atomically(sibling(out.chart, chart.suffix()), render_chart(chart, {&doc}));
  std::error_code ec;
  std::filesystem::remove(out.partial, ec);
  return charts.size();
}

}  // namespace

bool same_device(const DeviceIdentity& a, const DeviceIdentity& b) {
  const auto agree = [](const std::string& x, const std::string& y) { return x.empty() || y.empty() || x == y; };
  return a.name == b.name && a.platform == b.platform && agree(a.uuid, b.uuid) && agree(a.pci_address, b.pci_address);
}

std::optional<RoofsInput> find_alone_build(const std::string& path, const DeviceIdentity& device) {
  std::optional<RoofsInput> found;
  if (path.empty()) return found;
  std::vector<std::string> skipped;
  for (RoofsInput& input : read_roofs_inputs({path}, skipped))
    if (input.doc.complete && input.doc.concurrent_with == 0 && same_device(input.doc.device, device) &&
        (!found || input.doc.date > found->doc.date))
      found = std::move(input);
  return found;
}

void compare_with_alone(const RoofsInput& alone, BuildResult& result) {
  result.alone_path = alone.path;
  result.against_alone = compare_key_ceilings(result.doc, alone.doc);
}

BuildResult run_build(const BuildRequest& request) {
  // The level override is read again once the curves are measured; a bad
  // one must not cost the minutes before that. It is read before Ctrl-C is
  // taken over, so that a read that waits (a terminal) ends at the first one.
  const std::vector<LevelOverride> levels = request.levels.empty() ? std::vector<LevelOverride>{} : load_level_override(request.levels);
  install_interrupt_handler();
  const ChosenDevice device = choose_device(request.device);
  require_levels_fit(levels, double(device->identity.global_mem_bytes), request.levels);
  BuildOutputs outputs = build_outputs(request, *device);
  std::optional<RoofsInput> alone = find_alone_build(request.alone, device->identity);
  BuildPipeline pipeline(request, *device, outputs, kernel_folder(request.kernels));
  std::vector<std::string>& notes = pipeline.document().notes;
  if (!device.default_note.empty()) {
    if (request.on_warning) request.on_warning(device.default_note);
    notes.push_back(device.default_note);
  }
  pipeline.document().concurrent_with = request.concurrent_with;
  if (request.concurrent_with > 0)
    notes.push_back("measured while the same command measured " + std::to_string(request.concurrent_with) +
                    " other device" + (request.concurrent_with > 1 ? "s" : "") + " (build --concurrent)");
  pipeline.run();
  BuildResult result;
  result.doc = std::move(pipeline.document());
  if (const std::string summary = key_theory_summary(result.doc); !summary.empty())
    result.doc.notes.push_back("key ceilings: " + summary);
  if (alone) compare_with_alone(*alone, result);
  note_concurrency(request, result);
  result.roofs_path = outputs.roofs;
  result.chart_path = outputs.chart;
  result.wrong_results = pipeline.wrong_results();
  result.charts = write_results(result.doc, outputs);
  return result;
}

}  // namespace roofline
