// app/energy_check: `roofline energy`: the energy counter --energy would pick
// for a device, read for a few seconds with nothing running: a quick check
// that a machine's counters can be read (and what they cover) before a long
// `roofline build --energy`.
#pragma once
#include <string>
#include <vector>

#include "model/stats.hpp"
#include "model/vocabulary.hpp"

namespace roofline {

struct IdleReading {
  std::string device, backend;
  std::vector<std::string> domains;
  Stats watts;          // over the windows
  double window_s = 0;  // one window
};

// Throws CommandError (runtime) when nothing can be read, with the reason.
IdleReading read_idle_power(const std::string& device, EnergyBackend backend, double seconds);

}  // namespace roofline
