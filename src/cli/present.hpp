// cli/present: the results of each command as text for people: the table of
// ceilings, a kernel's counts and its placement, the idle power, the device
// list, notes and errors on stderr.
#pragma once
#include <string>
#include <vector>

#include "app/analyze.hpp"
#include "app/build_devices.hpp"
#include "app/energy_check.hpp"
#include "app/trace.hpp"
#include "device/device.hpp"
#include "model/comparison.hpp"
#include "model/counts_file.hpp"
#include "model/fleet.hpp"
#include "model/placement.hpp"
#include "model/roofs.hpp"

namespace roofline {

// "roofline: MSG" on stderr.
void print_error(const std::string& msg);
// "roofline: warning: MSG" on stderr (the command goes on).
void print_warning(const std::string& msg);

// The table `roofline build` prints.
std::string format_ceiling_table(const RoofsDocument& doc);
// build --device all: one line per device (its time, status and roofs file),
// each device's key ceilings against its build alone where --alone found one,
// and with --concurrent whether running at once lowered them, or that this is
// not known.
std::string format_device_builds(const DevicesBuildResult& result);
// "12.3 GFLOP" style table of a kernel's counts.
std::string format_counts(const CountsFile& counts);
// The counts, time, performance, power and bound of a placed kernel.
// The a-priori time, its limit and every term, against the measured time.
std::string format_prediction(const Prediction& prediction, double measured_seconds);
std::string format_placement(const Placement& p, const CountsFile& counts, bool counted_here);
std::string format_analysis(const AnalyzeResult& r);
// place --analyze: the placement (its prediction the hierarchical one), the recording and the diagnosis.
std::string format_analyzed_placement(const Placement& p, const CountsFile& c, bool counted_here, const AddressAnalysis& a,
                                      const std::string& roofs);
std::string format_idle_power(const IdleReading& r);
// roofline trace: the kernels by device time, the transfers, the one-line summary and how the application ended.
std::string format_trace(const TraceResult& t);
// roofline fleet: per group, each device's key ceilings as ratios to the group's median, then what fell below.
std::string format_fleet(const FleetReport& r);
// roofline compare: each ceiling or kernel in A and B, its speed (B over A), and what got slower than the gate.
std::string format_comparison(const Comparison& c);
// `roofline devices --json`: each device's identity with its index, P:D selector and gaps (device_gaps),
// {"platforms": [...], "devices": [...]}: every platform (name, version, its
// device count and, with none, why) and each device.
std::string devices_json(const std::vector<DeviceEntry>& devices, const std::vector<PlatformEntry>& platforms);

}  // namespace roofline
