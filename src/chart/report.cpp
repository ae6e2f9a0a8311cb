// chart/report: the HTML report.
#include "chart/page.hpp"
#include "chart/report.hpp"

#include <cmath>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "chart/chart_kinds.hpp"
#include "chart/html_table.hpp"
#include "chart/report_suite.hpp"
#include "report_assets.hpp"
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

std::string file_of(const std::vector<std::string>& files, std::size_t i) { return i < files.size() ? files[i] : ""; }

// "run 2 (H200, 2026-11-22)": how the page tells the runs apart.
std::string run_name(const ReportInputs& in, std::size_t i) {
  return "run " + std::to_string(i + 1) + " (" + chart::device_label(*in.docs[i], true) + ")";
}

// A JSON string literal of the text.
std::string json_string(const std::string& v) { return nlohmann::json(v).dump(); }

// Text safe inside a <script> element: no "</" to end it early.
std::string script_safe(std::string text) {
  for (std::size_t at = 0; (at = text.find("</", at)) != std::string::npos; at += 3) text.replace(at, 2, "<\\/");
  return text;
}

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

// The page's head, its style sheet (report.css) included, and the opening <body>.
std::string html_head(const std::string& title) {
  return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" + xml_escape(title) +
         "</title>\n<style>\n" + std::string(kReportCss) + "</style>\n</head>\n<body>\n";
}

// Where one run's numbers come from: when, by which roofline, its command
// line, and the file it was read from.
std::string run_line(const RoofsDocument& doc, const std::string& file) {
  return xml_escape((file.empty() ? "" : file + ": ") + "measured " + doc.date + " by roofline " + doc.tool_version + " (" +
                    doc.git_revision + ")" + (doc.quick ? ", quick run" : "") +
                    (noisy_run(doc) ? ", noisy run" : "") + (doc.complete ? "" : ", incomplete run")) +
         "<br>" + xml_escape(doc.command_line);
}

// The heading, each run's provenance (run_line), and the roofline that wrote the report.
std::string provenance(const ReportInputs& in, const std::string& title) {
  std::string h = "<h1>" + xml_escape(title) + "</h1>\n<p class=\"meta\">";
  for (std::size_t i = 0; i < in.docs.size(); ++i)
    h += (in.docs.size() > 1 ? xml_escape(run_name(in, i)) + ": " : "") + run_line(*in.docs[i], file_of(in.doc_files, i)) + "<br>";
  return h + xml_escape(std::string("report written by roofline ") + ROOFLINE_VERSION + " (" + ROOFLINE_GIT_REVISION + ")") +
         "</p>\n";
}

// The best ceiling of each roof, then every measured ceiling, folded away.
std::string ceilings_section(const RoofsDocument& doc, const std::string& run) {
  std::vector<const Ceiling*> all;
  for (const Ceiling& c : doc.ceilings) all.push_back(&c);
  return "<h2>" + xml_escape(run) + "Ceilings</h2>\n" + ceilings_table(best_ceilings(doc)).html("Best ceiling of each roof (the roofs the charts draw)") +
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

// A count as a number with an SI prefix ("537 M"), or "0".
std::string count_cell(double v, const std::string& unit) { return v == 0 ? "0" : format_si(v, unit); }

// Each dot's share of the time (ReportInputs::time_shares, else its time over the dots' summed times).
std::vector<double> time_shares(const ReportInputs& in) {
  if (in.time_shares.size() == in.dots.size()) return in.time_shares;
  double total = 0;
  for (const Placement& p : in.dots) total += p.seconds;
  std::vector<double> out;
  for (const Placement& p : in.dots) out.push_back(total > 0 ? p.seconds / total : 0);
  return out;
}

// The filter over the placed kernels (report.js reads it): a name, a least
// time share, and the level dots shown for every kernel or on a click.
std::string kernel_filter(std::size_t kernels) {
  return "<div class=\"controls\" id=\"kernel-filter\">"
         "<label>kernel or file <input id=\"filter-name\" type=\"search\" placeholder=\"name\"></label> "
         "<label>time share at least <input id=\"filter-share\" type=\"number\" min=\"0\" max=\"100\" step=\"0.1\" "
         "value=\"0\"> %</label> "
         "<label><input id=\"filter-levels\" type=\"checkbox\"> every kernel's level dots</label> "
         "<span id=\"filter-count\">" + std::to_string(kernels) + " of " + std::to_string(kernels) +
         " kernels shown</span></div>\n"
         "<p class=\"meta\">Click a kernel's dot or its row for its level dots (its AI at the bytes each memory level "
         "serves, where it was placed with --analyze).</p>\n";
}

// The placed kernels' numbers, a row per dot named by data-dot as its marks
// on the charts are, under the filter the script reads; nothing where none
// were given.
std::string placed_kernels_section(const ReportInputs& in) {
  if (in.dots.empty()) return "";
  const std::vector<double> share = time_shares(in);
  Table t{{"kernel", "file", "device", "time share", "time", "performance", "AI", "FLOPs", "int ops", "bytes",
           "bound (predicted limit)", "predicted time", "attained roof", "of roof", "level dots"},
          {}};
  std::vector<std::string> rows;
  for (std::size_t i = 0; i < in.dots.size(); ++i) {
    const Placement& p = in.dots[i];
    const bool levels = p.analysis && !p.analysis->levels.empty();
    t.rows.push_back({p.display_label(), file_of(in.dot_files, i), p.device, pct(share[i]), format_si(p.seconds, "s"),
                      format_si(p.performance, p.unit), g4(p.ai), count_cell(p.flops, "FLOP"), count_cell(p.intops, "op"),
                      format_bytes(p.bytes), p.prediction ? p.prediction->limit.roof : "",
                      p.prediction ? format_si(p.prediction->seconds, "s") : "", p.attained.roof, pct(p.attained.fraction),
                      levels ? std::to_string(p.analysis->levels.size()) + " levels" : ""});
    rows.push_back("data-dot=\"" + std::to_string(i) + "\"");
  }
  return "<h2>Placed kernels</h2>\n" + kernel_filter(in.dots.size()) +
         t.html("Kernels on the CARM: the attained roof is the one the measured dot presses against; the predicted "
                "limit, the roof that sets the a-priori time",
                rows);
}

// One chart inline, its ids prefixed apart, with zoom buttons (report.js).
std::string figure(const std::string& svg, const std::string& caption, int& n) {
  return "<figure class=\"chart\">\n<div class=\"zoom-buttons\"><button type=\"button\" class=\"zoom-in\">zoom in</button>"
         "<button type=\"button\" class=\"zoom-out\">zoom out</button><button type=\"button\" class=\"zoom-reset\">reset"
         "</button></div>\n" +
         inline_svg(svg, "c" + std::to_string(n++) + "-") + "<figcaption>" + xml_escape(caption) + "</figcaption>\n</figure>\n";
}

// The runs' CARM together, with the placed kernels, where there are several;
// then every default chart of each run (with the placed kernels where there is
// one run: each dot's marks keep one data-dot across the page).
std::string charts_section(const ReportInputs& in, const ChartOptions& opt) {
  std::string h = "<h2>Charts</h2>\n<p class=\"meta\">Hover a roof, point or dot for its exact values; scroll over a chart "
                  "or use its buttons to zoom, drag to pan, double-click to reset.</p>\n";
  int n = 0;
  if (in.docs.size() > 1)
    h += figure(render_chart(ChartSpec{ChartKind::carm}, in.docs, opt, in.dots),
                "Cache-aware roofline of the " + std::to_string(in.docs.size()) + " runs together", n);
  for (std::size_t i = 0; i < in.docs.size(); ++i) {
    const RoofsDocument& doc = *in.docs[i];
    if (in.docs.size() > 1) h += "<h3>" + xml_escape(run_name(in, i)) + "</h3>\n";
    for (const ChartSpec& spec : default_charts(doc))
      h += figure(render_chart(spec, {&doc}, opt, spec.takes_dots() && in.docs.size() == 1 ? in.dots : std::vector<Placement>{}),
                  spec.caption(), n);
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

// Gives every <h2> of the body an id and lists them, in order, as the table of contents.
std::string with_contents(const std::string& body) {
  std::string out, toc = "<nav id=\"toc\"><h2>Contents</h2>\n<ol>\n";
  std::size_t from = 0, n = 0;
  for (std::size_t at; (at = body.find("<h2>", from)) != std::string::npos;) {
    const std::size_t end = body.find("</h2>", at);
    const std::string id = "s" + std::to_string(++n);
    out.append(body, from, at - from);
    out += "<h2 id=\"" + id + "\">";
    toc += "<li><a href=\"#" + id + "\">" + body.substr(at + 4, end - at - 4) + "</a></li>\n";
    from = at + 4;
  }
  out.append(body, from, std::string::npos);
  return toc + "</ol>\n</nav>\n<main>\n" + out + "</main>\n";
}

// The placed kernels as the script reads them: index, label, kernel, file, share.
std::string kernels_json(const ReportInputs& in) {
  const std::vector<double> share = time_shares(in);
  std::string j = "[";
  const auto quoted = [](const std::string& v) { return json_string(v); };
  for (std::size_t i = 0; i < in.dots.size(); ++i) {
    const Placement& p = in.dots[i];
    j += (i ? ",\n" : "\n") + std::string("{\"dot\":") + std::to_string(i) + ",\"label\":" + quoted(p.display_label()) +
         ",\"kernel\":" + quoted(p.kernel) + ",\"file\":" + quoted(file_of(in.dot_files, i)) + ",\"share\":" +
         format_text("%.6g", share[i]) + "}";
  }
  return j + "]";
}

}  // namespace

std::string render_report_html(const ReportInputs& in, const ChartOptions& opt) {
  if (in.docs.empty()) throw std::invalid_argument("a report needs at least one roofs document");
  std::vector<std::string> devices;
  for (const RoofsDocument* d : in.docs) devices.push_back(chart::device_label(*d));
  const std::string title = "roofline report: " + (in.docs.size() == 1 ? devices.front() : chart::comparison_title(in.docs));
  std::string body = charts_section(in, opt) + placed_kernels_section(in);
  for (std::size_t i = 0; i < in.docs.size(); ++i) {
    const RoofsDocument& doc = *in.docs[i];
    const std::string run = in.docs.size() > 1 ? run_name(in, i) + ": " : "";
    body += "<h2>" + xml_escape(run) + "Device</h2>\n" + device_table(doc).html("Device identity");
    body += ceilings_section(doc, run);
    body += memory_section(doc);
    body += transfers_section(doc);
    body += launch_overhead_section(doc);
    body += energy_section(doc);
    body += suite_sections_html(doc);
    body += notes_section(doc);
  }
  return html_head(title) + provenance(in, title) + with_contents(body) + "<div id=\"tip\" hidden></div>\n" +
         "<script type=\"application/json\" id=\"kernels\">" + script_safe(kernels_json(in)) + "</script>\n<script>\n" +
         std::string(kReportScript) + "</script>\n</body>\n</html>\n";
}

std::string render_report_html(const RoofsDocument& doc, const std::vector<Placement>& dots, const ChartOptions& opt) {
  ReportInputs in;
  in.docs = {&doc};
  in.dots = dots;
  if (opt.dot_weights.size() == dots.size()) in.time_shares = opt.dot_weights;
  return render_report_html(in, opt);
}

}  // namespace roofline
