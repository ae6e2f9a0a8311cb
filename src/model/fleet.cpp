#include "model/fleet.hpp"
#include "model/csv.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "model/json_fields.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

// 1 / Phi^-1(3/4): the MAD of a normal sample times this estimates its
// standard deviation; sqrt(pi / 2) does the same for the mean absolute deviation.
constexpr double kMadToSigma = 1.4826;
constexpr double kMeanAdToSigma = 1.2533;

double median_of(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

nlohmann::json optional_number(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

// The group's statistics of one key ceiling, and each device's cell.
void score_ceiling(FleetReport& report, const FleetGroup& group, std::size_t c, FleetGroupCeiling& stats) {
  std::vector<double> values;
  for (std::size_t d : group.devices)
    if (const auto& v = report.devices[d].cells[c].value) values.push_back(*v);
  stats.devices = values.size();
  if (values.empty()) return;
  stats.median = median_of(values);
  stats.mad = median_absolute_deviation(values);
  const std::vector<double> scores = modified_z_scores(values);
  std::size_t i = 0;
  for (std::size_t d : group.devices) {
    FleetCell& cell = report.devices[d].cells[c];
    if (!cell.value) {
      cell.missing = true;  // others of the group measured it
      cell.below = true;
      continue;
    }
    if (*stats.median > 0) cell.ratio = *cell.value / *stats.median;
    if (!scores.empty()) {
      cell.score = scores[i];
      cell.outlier = std::abs(scores[i]) > report.options.mad_threshold;
    }
    cell.below = report.options.fail_below && cell.ratio && *cell.ratio < *report.options.fail_below;
    ++i;
  }
  if (!report.options.fail_below)
    for (std::size_t d : group.devices) report.devices[d].cells[c].below = false;
}

void add_notes(FleetReport& report) {
  for (const FleetGroup& g : report.groups) {
    if (g.drivers.size() > 1) {
      std::string list;
      for (const std::string& d : g.drivers) list += (list.empty() ? "" : ", ") + d;
      report.notes.push_back(g.model.text() + ": its devices run different drivers (" + list + ")");
    }
    std::size_t quick = 0;
    for (std::size_t d : g.devices) quick += report.devices[d].quick;
    if (quick > 0 && quick < g.devices.size())
      report.notes.push_back(g.model.text() + ": quick and full builds are compared (" + std::to_string(quick) + " of " +
                             std::to_string(g.devices.size()) + " quick)");
    std::string noisy;
    for (std::size_t d : g.devices)
      if (report.devices[d].noisy) noisy += (noisy.empty() ? "" : ", ") + report.devices[d].label;
    if (!noisy.empty())
      report.notes.push_back(g.model.text() + ": the roofs of " + noisy +
                             " come from noisy runs (other programs were running): a low ceiling there may be the run's, "
                             "not the device's");
    if (g.devices.size() < 3)
      report.notes.push_back(g.model.text() + ": " + std::to_string(g.devices.size()) +
                             (g.devices.size() == 1 ? " device" : " devices") + ", no robust score (it needs 3)");
  }
  for (const FleetDevice& d : report.devices)
    if (!d.complete) report.notes.push_back(d.label + ": an interrupted build (complete: false)");
}

}  // namespace

std::string KeyCeiling::label() const {
  if (kind == CeilingKind::compute) return compute_label(type, op);
  return std::string(level_name) + " " + str(op);
}

RateUnit KeyCeiling::unit() const { return rate_unit(kind, type); }

std::optional<double> KeyCeiling::value_in(const RoofsDocument& doc) const {
  const Ceiling* best = best_in(doc);
  return best ? std::optional<double>(best->value) : std::nullopt;
}

const Ceiling* KeyCeiling::best_in(const RoofsDocument& doc) const {
  const Ceiling* best = nullptr;
  for (const Ceiling& c : doc.ceilings) {
    if (c.kind != kind || c.op != op || !(c.value > 0)) continue;
    const bool same = kind == CeilingKind::compute ? c.type == type
                                                    : c.at(level) && (level != LevelKind::cache || c.at(level_name));
    if (same && (!best || c.value > best->value)) best = &c;
  }
  return best;
}

std::string key_theory_summary(const RoofsDocument& doc) {
  std::string s;
  for (const KeyCeiling& k : kKeyCeilings)
    if (const Ceiling* c = k.best_in(doc); c && c->efficiency)
      s += (s.empty() ? "" : ", ") + k.label() + " " + format_text("%.1f%%", *c->efficiency * 100) + (c->above_theory ? "!" : "");
  return s.empty() ? s : s + " of theory";
}

bool KeyCeilingChange::lowered() const { return ratio() < kLoweredBelow; }

std::vector<KeyCeilingChange> compare_key_ceilings(const RoofsDocument& doc, const RoofsDocument& reference) {
  std::vector<KeyCeilingChange> out;
  for (const KeyCeiling& k : kKeyCeilings) {
    const std::optional<double> value = k.value_in(doc), ref = k.value_in(reference);
    if (value && ref) out.push_back({k.label(), k.unit(), *value, *ref});
  }
  return out;
}

std::string format_key_changes(const std::vector<KeyCeilingChange>& changes) {
  std::string s;
  for (const KeyCeilingChange& c : changes)
    s += (s.empty() ? "" : ", ") + c.label + " " + format_text("%.3fx", c.ratio()) + (c.lowered() ? " (lowered)" : "");
  return s;
}

FleetModelKey FleetModelKey::of(const DeviceIdentity& d) {
  // A CPU device's global memory is the host's RAM, a node's configuration rather than the processor's.
  return {d.vendor, d.name, d.type, d.compute_units, d.type == DeviceType::cpu ? 0 : d.global_mem_bytes};
}

bool FleetModelKey::operator<(const FleetModelKey& o) const {
  return std::tie(name, vendor, type, compute_units, global_mem_bytes) <
         std::tie(o.name, o.vendor, o.type, o.compute_units, o.global_mem_bytes);
}

bool FleetModelKey::operator==(const FleetModelKey& o) const { return !(*this < o) && !(o < *this); }

std::string FleetModelKey::text() const {
  return (name.empty() ? std::string("unnamed device") : name) + " (" + std::to_string(compute_units) + " compute units" +
         (global_mem_bytes ? ", " + format_bytes(double(global_mem_bytes)) : std::string()) + ")";
}

bool FleetDevice::below() const {
  return std::any_of(cells.begin(), cells.end(), [](const FleetCell& c) { return c.below; });
}

bool FleetDevice::outlier() const {
  return std::any_of(cells.begin(), cells.end(), [](const FleetCell& c) { return c.outlier; });
}

bool FleetReport::any_below() const {
  return std::any_of(devices.begin(), devices.end(), [](const FleetDevice& d) { return d.below(); });
}

double median_absolute_deviation(const std::vector<double>& values) {
  const double m = median_of(values);
  std::vector<double> deviations;
  for (double v : values) deviations.push_back(std::abs(v - m));
  return median_of(deviations);
}

std::vector<double> modified_z_scores(const std::vector<double>& values) {
  if (values.size() < 3) return {};
  const double m = median_of(values);
  double scale = kMadToSigma * median_absolute_deviation(values);
  if (scale == 0) {
    double mean_ad = 0;
    for (double v : values) mean_ad += std::abs(v - m) / double(values.size());
    scale = kMeanAdToSigma * mean_ad;
  }
  std::vector<double> scores;
  for (double v : values) scores.push_back(scale > 0 ? (v - m) / scale : 0.0);
  return scores;
}

FleetReport compare_fleet(const std::vector<FleetInput>& inputs, const FleetOptions& options) {
  FleetReport report;
  report.options = options;
  // Groups by model, devices by group then label.
  std::map<FleetModelKey, std::vector<const FleetInput*>> by_model;
  for (const FleetInput& in : inputs) by_model[FleetModelKey::of(in.doc->device)].push_back(&in);
  for (auto& [key, members] : by_model) {
    std::stable_sort(members.begin(), members.end(), [](const FleetInput* a, const FleetInput* b) { return a->label < b->label; });
    FleetGroup group;
    group.model = key;
    for (const FleetInput* in : members) {
      FleetDevice d;
      d.label = in->label;
      d.file = in->file;
      d.group = report.groups.size();
      d.identity = in->doc->device;
      d.date = in->doc->date;
      d.quick = in->doc->quick;
      d.complete = in->doc->complete;
      d.noisy = noisy_run(*in->doc);
      for (const KeyCeiling& k : kKeyCeilings) {
        FleetCell cell;
        cell.value = k.value_in(*in->doc);
        d.cells.push_back(cell);
      }
      if (std::find(group.drivers.begin(), group.drivers.end(), d.identity.driver) == group.drivers.end())
        group.drivers.push_back(d.identity.driver);
      group.devices.push_back(report.devices.size());
      report.devices.push_back(std::move(d));
    }
    group.ceilings.resize(kKeyCeilings.size());
    for (std::size_t c = 0; c < kKeyCeilings.size(); ++c) score_ceiling(report, group, c, group.ceilings[c]);
    report.groups.push_back(std::move(group));
  }
  add_notes(report);
  return report;
}

nlohmann::json fleet_to_json(const FleetReport& report, const std::string& tool_version, const std::string& date) {
  nlohmann::json ceilings = nlohmann::json::array();
  for (const KeyCeiling& k : kKeyCeilings) {
    nlohmann::json c = {{"label", k.label()}, {"kind", name_of(k.kind)}, {"op", name_of(k.op)}, {"unit", name_of(k.unit())}};
    if (k.kind == CeilingKind::compute) c["type"] = name_of(k.type);
    else c["level"] = k.level_name;
    ceilings.push_back(c);
  }
  nlohmann::json groups = nlohmann::json::array();
  for (const FleetGroup& g : report.groups) {
    nlohmann::json stats = nlohmann::json::array();
    for (std::size_t c = 0; c < kKeyCeilings.size(); ++c)
      stats.push_back({{"ceiling", kKeyCeilings[c].label()},
                       {"devices", g.ceilings[c].devices},
                       {"median", optional_number(g.ceilings[c].median)},
                       {"mad", optional_number(g.ceilings[c].mad)}});
    groups.push_back({{"model", g.model.text()},
                      {"vendor", g.model.vendor},
                      {"name", g.model.name},
                      {"type", name_of(g.model.type)},
                      {"compute_units", g.model.compute_units},
                      {"global_mem_bytes", g.model.global_mem_bytes},
                      {"drivers", g.drivers},
                      {"devices", g.devices},
                      {"ceilings", stats}});
  }
  nlohmann::json devices = nlohmann::json::array();
  for (const FleetDevice& d : report.devices) {
    nlohmann::json cells = nlohmann::json::array();
    for (std::size_t c = 0; c < kKeyCeilings.size(); ++c) {
      const FleetCell& cell = d.cells[c];
      cells.push_back({{"ceiling", kKeyCeilings[c].label()},
                       {"value", optional_number(cell.value)},
                       {"ratio", optional_number(cell.ratio)},
                       {"score", optional_number(cell.score)},
                       {"outlier", cell.outlier},
                       {"below", cell.below},
                       {"missing", cell.missing}});
    }
    devices.push_back({{"label", d.label},
                       {"file", d.file},
                       {"group", d.group},
                       {"name", d.identity.name},
                       {"driver", d.identity.driver},
                       {"uuid", d.identity.uuid},
                       {"pci_address", d.identity.pci_address},
                       {"date", d.date},
                       {"quick", d.quick},
                       {"complete", d.complete},
                       {"noisy", d.noisy},
                       {"outlier", d.outlier()},
                       {"below", d.below()},
                       {"ceilings", cells}});
  }
  return {{"schema", "roofline-fleet"},
          {"schema_version", kFleetSchemaVersion},
          {"tool", {{"name", "roofline"}, {"version", tool_version}}},
          {"date", date},
          {"fail_below", optional_number(report.options.fail_below)},
          {"mad_threshold", report.options.mad_threshold},
          {"key_ceilings", ceilings},  // not "ceilings": that names a roofs file's measured roofs
          {"groups", groups},
          {"devices", devices},
          {"below", report.any_below()},
          {"notes", report.notes}};
}

std::string fleet_to_csv(const FleetReport& report) {
  std::string out = "file,label,group,model,device,uuid,pci_address,driver,ceiling,unit,value,group_median,ratio,score,outlier,below\n";
  for (const FleetDevice& d : report.devices) {
    const FleetGroup& g = report.groups[d.group];
    for (std::size_t c = 0; c < kKeyCeilings.size(); ++c) {
      const FleetCell& cell = d.cells[c];
      const std::vector<std::string> fields = {
          d.file, d.label, std::to_string(d.group), g.model.text(), d.identity.name, d.identity.uuid, d.identity.pci_address,
          d.identity.driver, kKeyCeilings[c].label(), std::string(name_of(kKeyCeilings[c].unit())), csv_number(cell.value),
          csv_number(g.ceilings[c].median), csv_number(cell.ratio), csv_number(cell.score), csv_flag(cell.outlier),
          csv_flag(cell.below)};
      out += csv_row(fields);
    }
  }
  return out;
}

}  // namespace roofline
