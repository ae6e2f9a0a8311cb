// measurement/host_load: how much of the host's CPU time other processes took
// while a run measured (/proc/stat against /proc/self/stat). A build beside a
// CPU-bound program reads low, or finds steps that are the other program's
// bursts; this says so where the spread of its points alone cannot (a steady
// neighbour halves every point alike).
#pragma once
#include <optional>
#include <string>

namespace roofline {

// CPU seconds since boot: every CPU's busy time (user, nice, system, irq,
// softirq, and steal: time a virtual machine's host gave other guests), all
// CPUs' time, and this process's own (all its threads).
struct CpuTimes {
  double busy_s = 0, total_s = 0, own_s = 0;
};

// From /proc/stat's first line and /proc/self/stat at `ticks_per_s`; nullopt
// when either text is not what Linux writes. Exposed for tests.
std::optional<CpuTimes> parse_cpu_times(const std::string& proc_stat, const std::string& self_stat, double ticks_per_s);

// This host now; nullopt where /proc cannot be read (not Linux).
std::optional<CpuTimes> read_cpu_times();

// The fraction of the host's CPU time between two readings that was busy
// outside this process, in [0, 1]; nullopt when no time passed.
std::optional<double> others_share(const CpuTimes& before, const CpuTimes& after);

}  // namespace roofline
