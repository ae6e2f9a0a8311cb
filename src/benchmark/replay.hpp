// benchmark/replay: a measured kernel kept ready to run again, so that a later
// measurement (the power meter's windows) can repeat exactly what a benchmark
// timed, at any launch shape of its sweeps; and a measured ceiling with its replay.
#pragma once
#include <functional>

#include "model/roofs.hpp"

namespace roofline {

struct Replay {
  std::function<double()> launch;  // one launch, to completion; returns its device seconds
  double work = 0;                 // what one launch does, in the ceiling's unit times seconds (ops or bytes)
};

// A replay of the kernel at a given launch shape (a ceiling's best point or
// any point of its sweeps). Empty when the benchmark was not asked for one.
using ReplayAt = std::function<Replay(const LaunchShape&)>;

// What a benchmark returns for one ceiling: the ceiling, and where asked for,
// its kernel ready to run again (for power readings).
struct MeasuredCeiling {
  Ceiling ceiling;
  ReplayAt replay;
};

}  // namespace roofline
