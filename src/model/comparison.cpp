#include "model/comparison.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <tuple>

#include "model/csv.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"

namespace roofline {
namespace {

// Counts that agree to 0.1% are the same work.
constexpr double kSameWork = 1e-3;

bool same_amount(double x, double y) { return std::abs(x - y) <= kSameWork * std::max(std::abs(x), std::abs(y)); }

nlohmann::json optional_number(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(); }

// A ceiling's place in both documents: kind, op, type, width and level.
using CeilingKey = std::tuple<CeilingKind, Op, DataType, int, std::string>;

CeilingKey key_of(const Ceiling& c) { return {c.kind, c.op, c.type, c.width, c.level_name()}; }

// The rows of the keys of either side, in A's order, then B's newcomers.
template <typename Key, typename Item>
std::vector<std::pair<const Item*, const Item*>> pair_up(const std::vector<Item>& a, const std::vector<Item>& b,
                                                         Key (*key)(const Item&)) {
  std::map<Key, const Item*> in_b;
  for (const Item& i : b) in_b.emplace(key(i), &i);
  std::vector<std::pair<const Item*, const Item*>> out;
  std::map<Key, bool> seen;
  for (const Item& i : a) {
    const auto it = in_b.find(key(i));
    out.push_back({&i, it == in_b.end() ? nullptr : it->second});
    seen[key(i)] = true;
  }
  for (const Item& i : b)
    if (!seen.count(key(i))) out.push_back({nullptr, &i});
  return out;
}

void judge(ComparedRow& row, std::optional<double> fail_if_slower) {
  if (!row.a || !row.b || !(*row.a > 0) || !(*row.b > 0)) return;
  row.speed = row.basis == CompareBasis::rate ? *row.b / *row.a : *row.a / *row.b;
  row.slower = fail_if_slower && *row.speed < 1 - *fail_if_slower;
}

std::string kernel_name(const RunKernel& k) { return k.name; }

void describe_side(const RunKernel& k, std::optional<double>& seconds, std::optional<double>& ai, std::string& limit,
                   std::string& attained) {
  seconds = k.seconds;
  if (!k.placement) return;
  ai = k.placement->ai;
  if (k.placement->prediction) limit = k.placement->prediction->limit.roof;
  attained = k.placement->attained.roof;
}

bool same_work(const Placement& a, const Placement& b) { return same_amount(a.ops(), b.ops()) && same_amount(a.bytes, b.bytes); }

ComparedRow kernel_row(const RunKernel* a, const RunKernel* b) {
  ComparedRow row;
  row.name = a ? a->name : b->name;
  if (a) describe_side(*a, row.seconds_a, row.ai_a, row.limit_a, row.attained_a);
  if (b) describe_side(*b, row.seconds_b, row.ai_b, row.limit_b, row.attained_b);
  const bool placed = a && b && a->placement && b->placement;
  if (placed && !same_work(*a->placement, *b->placement) && a->placement->unit == b->placement->unit) {
    row.basis = CompareBasis::rate;
    row.unit = a->placement->unit;
    row.a = a->placement->performance;
    row.b = b->placement->performance;
    row.note = "its work differs: compared by rate";
    return row;
  }
  row.basis = CompareBasis::time;
  row.a = row.seconds_a;
  row.b = row.seconds_b;
  if (!a) row.note = "only in B";
  else if (!b) row.note = "only in A";
  else if (!placed) row.note = "not counted in both: compared by time per launch";
  return row;
}

// Repeated names numbered in the order given: "k", "k #2".
void number_repeats(std::vector<RunKernel>& kernels) {
  std::map<std::string, int> seen;
  for (RunKernel& k : kernels)
    if (const int n = ++seen[k.name]; n > 1) k.name += " #" + std::to_string(n);
}

}  // namespace

std::string RunStamp::text() const {
  std::string t = date.empty() ? "date unknown" : date;
  if (t.size() >= 16 && t[10] == 'T') t = t.substr(0, 10) + " " + t.substr(11, 5) + " UTC";
  return t + ", " + (revision.empty() ? "revision unknown" : "rev " + revision.substr(0, 7));
}

std::size_t Comparison::slower_count() const {
  return std::size_t(std::count_if(rows.begin(), rows.end(), [](const ComparedRow& r) { return r.slower; }));
}

Comparison compare_roofs(const RoofsDocument& a, const RoofsDocument& b, RunStamp stamp_a, RunStamp stamp_b,
                         std::optional<double> fail_if_slower) {
  Comparison c;
  c.kind = ComparedKind::roofs;
  c.fail_if_slower = fail_if_slower;
  stamp_a.date = a.date, stamp_a.revision = a.git_revision, stamp_a.tool_version = a.tool_version, stamp_a.device = a.device.name;
  stamp_b.date = b.date, stamp_b.revision = b.git_revision, stamp_b.tool_version = b.tool_version, stamp_b.device = b.device.name;
  c.a = std::move(stamp_a);
  c.b = std::move(stamp_b);
  for (const auto& [ca, cb] : pair_up<CeilingKey, Ceiling>(a.ceilings, b.ceilings, key_of)) {
    const Ceiling& any = ca ? *ca : *cb;
    ComparedRow row;
    // Memory roofs of one level and op differ by their element type and width: "L1 read float4".
    row.name = any.is_compute() ? any.label() : any.label() + " " + str(any.type) + (any.width > 1 ? std::to_string(any.width) : "");
    row.group = any.is_compute() ? "compute" : any.level_name();
    row.basis = CompareBasis::rate;
    row.unit = any.unit();
    if (ca) row.a = ca->value;
    if (cb) row.b = cb->value;
    if (!ca) row.note = "only in B";
    if (!cb) row.note = "only in A";
    judge(row, fail_if_slower);
    c.rows.push_back(std::move(row));
  }
  if (a.device.name != b.device.name) c.notes.push_back("two devices: " + a.device.name + " and " + b.device.name);
  if (a.quick != b.quick) c.notes.push_back("a quick and a full build: quick builds measure fewer points");
  if (!a.complete || !b.complete) c.notes.push_back("a partial roofs file (an interrupted build) is compared");
  return c;
}

Comparison compare_kernels(ComparedKind kind, const std::vector<RunKernel>& a, const std::vector<RunKernel>& b,
                           RunStamp stamp_a, RunStamp stamp_b, std::optional<double> fail_if_slower) {
  Comparison c;
  c.kind = kind;
  c.fail_if_slower = fail_if_slower;
  c.a = std::move(stamp_a);
  c.b = std::move(stamp_b);
  for (const auto& [ka, kb] : pair_up<std::string, RunKernel>(a, b, kernel_name)) {
    ComparedRow row = kernel_row(ka, kb);
    judge(row, fail_if_slower);
    c.rows.push_back(std::move(row));
  }
  if (!c.a.device.empty() && !c.b.device.empty() && c.a.device != c.b.device)
    c.notes.push_back("two devices: " + c.a.device + " and " + c.b.device);
  return c;
}

std::vector<RunKernel> kernels_of_placements(const std::vector<Placement>& placements) {
  std::vector<RunKernel> out;
  for (const Placement& p : placements) out.push_back({p.display_label(), 1, p.seconds, p.seconds, p});
  number_repeats(out);
  return out;
}

std::vector<RunKernel> kernels_of_trace(const nlohmann::json& trace) {
  // A kernel is named by its name; where a name repeats (a program built
  // twice, one from a binary), by its program too, then by its build options:
  // what stays the same between two runs of one application, whatever the
  // order of their device times.
  const nlohmann::json& kernels = trace.at("kernels");
  std::map<std::string, int> names, programs;
  for (const nlohmann::json& k : kernels) {
    ++names[k.at("kernel").get<std::string>()];
    ++programs[k.at("kernel").get<std::string>() + "\n" + k.value("program", "")];
  }
  std::vector<RunKernel> out;
  for (const nlohmann::json& k : kernels) {
    RunKernel r;
    r.name = k.at("kernel").get<std::string>();
    const std::string program = k.value("program", "");
    if (names[r.name] > 1) {
      const bool by_options = programs[r.name + "\n" + program] > 1;
      r.name += " [" + program + (by_options ? " " + k.value("build_options", "") : "") + "]";
    }
    r.launches = k.at("launches").get<std::uint64_t>();
    r.total_s = k.at("seconds").get<double>();
    r.seconds = k.value("median_seconds", r.total_s / double(std::max<std::uint64_t>(1, r.launches)));
    if (k.contains("placement")) {
      r.placement = k.at("placement").get<Placement>();
      r.seconds = r.placement->seconds;  // per mean launch, as its counts are
    }
    out.push_back(std::move(r));
  }
  number_repeats(out);
  return out;
}

std::string unit_of(const ComparedRow& row) { return row.unit ? str(*row.unit) : "s"; }

nlohmann::json comparison_to_json(const Comparison& c, const std::string& tool_version, const std::string& date) {
  auto stamp = [](const RunStamp& s) {
    return nlohmann::json{{"file", s.file}, {"date", s.date}, {"git_revision", s.revision}, {"tool_version", s.tool_version}, {"device", s.device}};
  };
  nlohmann::json rows = nlohmann::json::array();
  for (const ComparedRow& r : c.rows)
    rows.push_back({{"name", r.name},       {"group", r.group},
                    {"basis", str(r.basis)}, {"unit", unit_of(r)},
                    {"a", optional_number(r.a)}, {"b", optional_number(r.b)},
                    {"speed", optional_number(r.speed)}, {"slower", r.slower},
                    {"seconds_a", optional_number(r.seconds_a)}, {"seconds_b", optional_number(r.seconds_b)},
                    {"ai_a", optional_number(r.ai_a)}, {"ai_b", optional_number(r.ai_b)},
                    {"limit_a", r.limit_a}, {"limit_b", r.limit_b},
                    {"attained_a", r.attained_a}, {"attained_b", r.attained_b},
                    {"note", r.note}});
  return {{"schema", "roofline-comparison"},
          {"schema_version", kComparisonSchemaVersion},
          {"tool", {{"name", "roofline"}, {"version", tool_version}}},
          {"date", date},
          {"kind", str(c.kind)},
          {"a", stamp(c.a)},
          {"b", stamp(c.b)},
          {"fail_if_slower", optional_number(c.fail_if_slower)},
          {"slower", c.slower_count()},
          {"rows", rows},
          {"notes", c.notes}};
}

std::string comparison_to_csv(const Comparison& c) {
  std::string out = csv_row({"kind", "name", "group", "basis", "unit", "a", "b", "speed", "slower", "seconds_a", "seconds_b",
                             "ai_a", "ai_b", "limit_a", "limit_b", "attained_a", "attained_b", "note", "file_a", "file_b"});
  for (const ComparedRow& r : c.rows)
    out += csv_row({str(c.kind), r.name, r.group, str(r.basis), unit_of(r), csv_number(r.a), csv_number(r.b), csv_number(r.speed),
                    csv_flag(r.slower), csv_number(r.seconds_a), csv_number(r.seconds_b), csv_number(r.ai_a), csv_number(r.ai_b),
                    r.limit_a, r.limit_b, r.attained_a, r.attained_b, r.note, c.a.file, c.b.file});
  return out;
}

}  // namespace roofline
