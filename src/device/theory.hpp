// device/theory: theoretical peaks from what the device tells about itself
// (compute units, clock, NVIDIA compute capability, Intel EU counts, the host
// CPU's family) and a small table of per-clock lanes by architecture.
// A peak is only given where the table knows the architecture: an unknown
// architecture has no theory rather than a guessed one.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "device/device.hpp"
#include "model/roofs.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

struct PeakModel {
  std::string architecture;  // "NVIDIA CC 9.0", "AMD Zen 3", ... empty when unknown
  std::string basis;         // what the units are: "132 SMs", "2 physical cores"
  double units = 0;          // SMs, EUs, CUs or physical cores
  // Lanes per unit per clock, by type. `mad` lanes do 2 ops each per clock.
  std::map<DataType, double> mad_lanes, add_lanes;
  // Bytes per unit per clock the first cache level delivers to loads, and
  // local memory; 0 where the table does not know them.
  double load_bytes_per_clock = 0, local_bytes_per_clock = 0;
  // The first level writes stores through to the next (NVIDIA's L1): a store
  // roof at the first level is the next level's store rate.
  bool write_through_first_level = false;
  // The architecture's cache sizes as a working-set sweep of the whole device
  // sees them, nearest first: a GPU's L1 per SM (every work-group walks the
  // whole working set, so each SM's L1 holds it all: the combined L1 and
  // shared memory), then its L2; empty where the table does not know them.
  std::vector<double> cache_bytes;
  bool known() const { return units > 0 && !mad_lanes.empty(); }
};

PeakModel peak_model(const DeviceEntry& device);

// Peak in ops/s for a compute op (add or mad) and type at `clock_mhz`; nullopt
// when the model does not know that combination.
std::optional<double> theoretical_peak(const PeakModel& m, Op op, DataType type, double clock_mhz);

// DRAM's peak in B/s from the memory clock and bus width the device reports
// (two transfers per pin per clock, as NVML counts HBM and GDDR clocks);
// nullopt when either is unknown.
std::optional<double> dram_peak(const DeviceIdentity& id);

// The theoretical bandwidth of a memory roof at `clock_mhz`: DRAM's peak for
// any access mix; for loads from the first cache level (read, image) and for
// local memory, the table's bytes per unit per clock; nullopt elsewhere
// (stores, farther caches, constant memory, architectures the table lacks).
std::optional<double> memory_peak(const PeakModel& m, const DeviceIdentity& id, const Ceiling& roof, bool first_level,
                                  double clock_mhz);

// CPU family lookup, exposed for tests: vendor ("AuthenticAMD", "GenuineIntel"),
// family and model as /proc/cpuinfo reports them, and its flags line.
PeakModel cpu_peak_model(const std::string& vendor, int family, int model, const std::string& flags, int cores);

// NVIDIA GPUs by compute capability; exposed for tests.
PeakModel nvidia_peak_model(int cc_major, int cc_minor, int sms);

}  // namespace roofline
