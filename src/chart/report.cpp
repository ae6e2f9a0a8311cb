// chart/report: the HTML report.
#include "chart/page.hpp"
#include "chart/report.hpp"

#include <cmath>

#include "chart/chart_kinds.hpp"
#include "chart/html_table.hpp"
#include "chart/report_suite.hpp"
#include "chart/svg.hpp"
#include "model/roofs.hpp"
#include "model/units.hpp"
#include "version.hpp"

namespace roofline {

using chart::xml_escape;

std::string inline_svg(const std::string& svg, const std::string& prefix) {
  // One pass, copying up to each id or reference and the prefix after it.
  std::size_t from = svg.rfind("<?xml", 0) == 0 ? svg.find('\n') + 1 : 0;
  const std::string patterns[] = {"id=\"", "url(#"};
  std::size_t next[] = {svg.find(patterns[0], from), svg.find(patterns[1], from)};
  std::string out;
  out.reserve(svg.size() - from);
  for (;;) {
    const std::size_t k = next[0] <= next[1] ? 0 : 1;
    if (next[k] == std::string::npos) break;
    const std::size_t end = next[k] + patterns[k].size();
    out.append(svg, from, end - from);
    out += prefix;
    from = end;
    next[k] = svg.find(patterns[k], from);
  }
  out.append(svg, from, std::string::npos);
  return out;
}

namespace {

using Table = chart::HtmlTable;
using chart::g4;

std::string pct(double f) { return format_text("%.1f%%", f * 100); }

Table device_table(const RoofsDocument& d) {
  const DeviceIdentity& i = d.device;
  Table t{{"property", "value"}, {}};
  const auto row = [&](const std::string& k, const std::string& v) {
    if (!v.empty() && v != "0") t.rows.push_back({k, v});
  };
  row("name", i.name);
  row("type", str(i.type));
  row("vendor", i.vendor);
  row("platform", i.platform + (i.platform_version.empty() ? "" : " (" + i.platform_version + ")"));
  row("driver", i.driver);
  row("OpenCL", i.device_version + (i.opencl_c_version.empty() ? "" : ", " + i.opencl_c_version));
  row("architecture", i.architecture);
  row("compute units", std::to_string(i.compute_units));
  row("physical cores", std::to_string(i.physical_cores));
  row("max clock", i.max_clock_mhz ? std::to_string(i.max_clock_mhz) + " MHz" : "");
  if (d.clock) row("clock held", g4(d.clock->mhz) + " MHz (" + d.clock->source + ")");
  row("global memory", i.global_mem_bytes ? format_bytes(double(i.global_mem_bytes)) : "");
  row("global cache", i.global_cache_bytes ? format_bytes(double(i.global_cache_bytes)) : "");
  row("local memory", i.local_mem_bytes ? format_bytes(double(i.local_mem_bytes)) : "");
  row("shares host memory", i.host_unified_memory ? "yes" : "no");
  row("PCI address", i.pci_address);
  row("UUID", i.uuid);
  return t;
}

Table ceilings_table(const std::vector<const Ceiling*>& list) {
  Table t{{"roof", "level", "value", "min", "max", "runs", "theory", "reached", "launch", "kernel", "power"}, {}};
  for (const Ceiling* c : list) {
    const std::string u = str(c->unit());
    t.rows.push_back({c->label() + (c->width > 1 && c->is_memory() ? " (" + str(c->type) + std::to_string(c->width) + ")" : "") +
                          (c->below_farther_level.empty() ? "" : " (below " + c->below_farther_level + "!)"),
                      c->level_name() + (c->capacity_bytes ? " (" + format_bytes(*c->capacity_bytes) + ")" : ""),
                      format_si(c->value, u), format_si(c->stats.min, u), format_si(c->stats.max, u),
                      std::to_string(c->stats.samples), c->theory ? format_si(*c->theory, u) : "",
                      c->efficiency ? pct(*c->efficiency) + (c->above_theory ? " (above theory!)" : "") : "",
                      chart::launch_cell(c->launch), c->variant,
                      c->power ? format_text("%.1f W, ", c->power->watts.median) +
                                     format_si(c->power->units_per_joule, c->is_memory() ? "B/J" : "op/J")
                               : ""});
  }
  return t;
}

// The page's head, its style sheet included, and the opening <body>.
std::string html_head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + xml_escape(title) +
         "</title>\n<style>\n"
         "body{font-family:'DejaVu Sans',Arial,Helvetica,sans-serif;margin:24px auto;max-width:1000px;color:#222}\n"
         "h1{font-size:22px}h2{font-size:18px;margin-top:32px;border-bottom:1px solid #ccc}\n"
         "table{border-collapse:collapse;margin:12px 0;font-size:13px}caption{text-align:left;font-weight:bold;padding:4px 0}\n"
         "th,td{border:1px solid #ddd;padding:3px 8px;text-align:left;vertical-align:top}th{background:#f4f4f4}\n"
         "figure{margin:16px 0}figcaption{font-size:13px;color:#555}svg{max-width:100%;height:auto}\n"
         ".meta{color:#555;font-size:13px}\n</style>\n</head>\n<body>\n";
}

// The heading and where the numbers come from: the run (when, by which
// roofline, its command line) and the roofline that wrote the report.
std::string provenance(const RoofsDocument& doc, const std::string& title) {
  return "<h1>" + xml_escape(title) + "</h1>\n<p class=\"meta\">" +
         xml_escape("measured " + doc.date + " by roofline " + doc.tool_version + " (" + doc.git_revision + ")" +
                    (doc.quick ? ", quick run" : "") + (doc.complete ? "" : ", incomplete run")) +
         "<br>" + xml_escape(doc.command_line) + "<br>" +
         xml_escape(std::string("report written by roofline ") + ROOFLINE_VERSION + " (" + ROOFLINE_GIT_REVISION + ")") +
         "</p>\n";
}

// The best ceiling of each roof, then every measured ceiling, folded away.
std::string ceilings_section(const RoofsDocument& doc) {
  std::vector<const Ceiling*> all;
  for (const Ceiling& c : doc.ceilings) all.push_back(&c);
  return "<h2>Ceilings</h2>\n" + ceilings_table(best_ceilings(doc)).html("Best ceiling of each roof (the roofs the charts draw)") +
         "<details><summary>All " + std::to_string(all.size()) + " measured ceilings</summary>\n" +
         ceilings_table(all).html("Every measured ceiling") + "</details>\n";
}

// The detected memory levels; nothing where none were.
std::string memory_section(const RoofsDocument& doc) {
  if (!doc.memory || doc.memory->levels.empty()) return "";
  Table t{{"level", "capacity", "bandwidth", "latency", "plateau"}, {}};
  for (const DetectedLevel& l : doc.memory->levels)
    t.rows.push_back({l.level.name, l.capacity_bytes ? format_bytes(*l.capacity_bytes) : "", format_si(l.bandwidth, "B/s"),
                      l.latency_ns ? g4(*l.latency_ns) + " ns" : "",
                      format_bytes(l.first_bytes) + " – " + format_bytes(l.last_bytes)});
  return "<h2>Memory hierarchy</h2>\n" + t.html("Detected levels (" + doc.memory->detection + "); kernel: " + doc.memory->kernel);
}

// The host-device transfer fits, under the memory hierarchy's heading;
// nothing where none were measured.
std::string transfers_section(const RoofsDocument& doc) {
  if (doc.transfers.empty()) return "";
  Table t{{"direction", "latency", "bandwidth", "R²", "points"}, {}};
  for (const TransferFit& f : doc.transfers)
    t.rows.push_back({str(f.direction), g4(f.latency_s * 1e6) + " µs", format_si(f.bandwidth, "B/s"), format_text("%.4f", f.r2),
                      std::to_string(f.points.size())});
  return t.html("Host-device transfers: time = latency + bytes / bandwidth (least squares)");
}

// An empty kernel's launch time by work-items, under the same heading;
// nothing where it was not measured.
std::string launch_overhead_section(const RoofsDocument& doc) {
  if (!doc.launch_overhead || doc.launch_overhead->device_seconds.empty()) return "";
  Table t{{"work-items", "device time", "host time"}, {}};
  const auto& d = doc.launch_overhead->device_seconds;
  const auto& host = doc.launch_overhead->host_seconds;
  for (std::size_t i = 0; i < d.size(); ++i)
    t.rows.push_back({format_text("%.0f", d[i].bytes), g4(d[i].stats.median * 1e6) + " µs",
                      i < host.size() ? g4(host[i].stats.median * 1e6) + " µs" : ""});
  return t.html("Launch overhead of an empty kernel");
}

// The energy meter: its backend, the domains it reads and the idle power.
std::string meter_line(const EnergySection& e) {
  std::string h = "<p class=\"meta\">" + xml_escape("backend " + e.backend);
  for (const auto& d : e.domains) h += xml_escape(", " + d);
  if (e.idle_watts) h += xml_escape(format_text("; idle power %.1f W (min %.1f, max %.1f)", e.idle_watts->median,
                                                  e.idle_watts->min, e.idle_watts->max));
  return h + "</p>\n";
}

Table power_model_table(const PowerModel& m) {
  Table t{{"parameter", "power", "at", "R²", "points"}, {}};
  t.rows.push_back({"P_c (constant)", format_text("%.1f W", m.constant_watts), "", "", ""});
  for (const ComputePower& c : m.compute)
    t.rows.push_back({"P_φ " + str(c.type) + " " + str(c.op), format_text("%.1f W", c.watts), format_si(c.peak, "op/s"), "", ""});
  for (const MemoryPower& p : m.memory)
    t.rows.push_back({"P_β " + p.level.name, format_text("%.1f W", p.watts), format_si(p.bandwidth, "B/s"),
                      format_text("%.4f", p.r2), std::to_string(p.points)});
  return t;
}

Table validation_table(const std::vector<ValidationPoint>& validation) {
  Table t{{"kernel", "level", "AI", "performance", "measured", "model", "error"}, {}};
  for (const ValidationPoint& v : validation)
    t.rows.push_back({v.name, v.level.name, g4(v.ai), format_si(v.performance, "op/s"), format_text("%.1f W", v.measured_watts),
                      format_text("%.1f W", v.predicted_watts),
                      v.measured_watts > 0 ? pct((v.predicted_watts - v.measured_watts) / v.measured_watts) : ""});
  return t;
}

// The meter, the fitted power model, the mixed-intensity kernels that test
// it and the notes of the energy runs; nothing where energy was not measured.
std::string energy_section(const RoofsDocument& doc) {
  if (!doc.energy) return "";
  const EnergySection& e = *doc.energy;
  std::string h = "<h2>Energy</h2>\n" + meter_line(e);
  if (e.model) h += power_model_table(*e.model).html("Fitted power model: P = P_c + P_φ·min(1, I/I_r) + P_β·min(1, I_r/I)");
  if (!e.validation.empty()) h += validation_table(e.validation).html("Mixed-intensity kernels: measured power against the model");
  for (const auto& n : e.notes) h += "<p class=\"meta\">" + xml_escape(n) + "</p>\n";
  return h;
}

// The placed kernels' numbers; nothing where none were given.
std::string placed_kernels_section(const std::vector<Placement>& dots) {
  if (dots.empty()) return "";
  // One bound per kernel: the predicted limit; the attained roof after it, named so.
  Table t{{"kernel", "FLOPs", "int ops", "bytes", "AI", "time", "performance", "bound (predicted limit)", "predicted time",
           "attained roof", "of roof"},
          {}};
  for (const Placement& p : dots)
    t.rows.push_back({p.display_label(), g4(p.flops), g4(p.intops), format_bytes(p.bytes), g4(p.ai),
                      g4(p.seconds * 1e3) + " ms", format_si(p.performance, p.unit), p.prediction ? p.prediction->limit.roof : "",
                      p.prediction ? g4(p.prediction->seconds * 1e3) + " ms" : "", p.attained.roof, pct(p.attained.fraction)});
  return "<h2>Placed kernels</h2>\n" + t.html("Kernels on the CARM");
}

// Every default chart of the document inline, each with its own id prefix
// so that the charts' ids and clip paths stay apart in one page.
std::string charts_section(const RoofsDocument& doc, const std::vector<Placement>& dots, const ChartOptions& opt) {
  std::string h = "<h2>Charts</h2>\n<p class=\"meta\">Hover a roof, point or dot for its exact values.</p>\n";
  int n = 0;
  for (const ChartSpec& spec : default_charts(doc)) {
    const std::string svg = render_chart(spec, {&doc}, opt, spec.takes_dots() ? dots : std::vector<Placement>{});
    h += "<figure>\n" + inline_svg(svg, "c" + std::to_string(n++) + "-") + "<figcaption>" + xml_escape(spec.caption()) +
         "</figcaption>\n</figure>\n";
  }
  return h;
}

// The document's notes; nothing where it has none.
std::string notes_section(const RoofsDocument& doc) {
  if (doc.notes.empty()) return "";
  std::string h = "<h2>Notes</h2>\n<ul>\n";
  for (const auto& note : doc.notes) h += "<li>" + xml_escape(note) + "</li>\n";
  return h + "</ul>\n";
}

}  // namespace

std::string render_report_html(const RoofsDocument& doc, const std::vector<Placement>& dots, const ChartOptions& opt) {
  const std::string title = "roofline report: " + chart::device_label(doc);
  std::string h = html_head(title) + provenance(doc, title);
  h += "<h2>Device</h2>\n" + device_table(doc).html("Device identity");
  h += ceilings_section(doc);
  h += memory_section(doc);
  h += transfers_section(doc);
  h += launch_overhead_section(doc);
  h += energy_section(doc);
  h += suite_sections_html(doc);
  h += placed_kernels_section(dots);
  h += charts_section(doc, dots, opt);
  h += notes_section(doc);
  return h + "</body>\n</html>\n";
}

}  // namespace roofline
