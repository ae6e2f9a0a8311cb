// measurement/power_meter: power from an energy source, with the discipline
// counters need: windows many update periods long, each started and ended on
// a counter update (the reading moves in steps: NVML's energy counter every
// ~100 ms on Hopper, as Z. Yang, K. Adamek, W. Armour measured on the H100,
// "Accurate and Convenient Energy Measurements for GPUs", SC24,
// arXiv:2312.02741), the kernel repeated back to back through the window
// after a warm-up, and the median of several windows.
#pragma once
#include <functional>
#include <memory>

#include "measurement/energy_source.hpp"
#include "model/stats.hpp"

namespace roofline {

struct PowerPolicy {
  double window_s = 1;   // one measured window
  int windows = 3;       // median of this many
  double warmup_s = 0.5; // the kernel runs this long before its first window
  int idle_windows = 3;  // idle power: windows with nothing running
  double first_warmup_s = 0;  // the warm-up of the meter's first kernel, from idle
};

// Windows of 10 (quick) or 20 update periods (NVML on Hopper: 1 s, 2 s), at
// least 0.25 s / 0.5 s; the median of 3 windows per reading.
PowerPolicy power_policy(const EnergySource& source, bool quick);

// The time a meter's windows are measured in: the steady clock, and a
// thread's sleep while nothing runs (idle windows). A simulated clock lets a
// test drive the meter and a simulated counter on one time line, so that
// what it checks does not depend on how busy the machine is.
class MeterClock {
 public:
  virtual ~MeterClock() = default;
  virtual double seconds() = 0;          // now, from any fixed origin
  virtual void nap(double seconds) = 0;  // nothing runs this long
};

// std::chrono::steady_clock and std::this_thread::sleep_for.
std::shared_ptr<MeterClock> steady_meter_clock();

struct PowerReading {
  Stats watts;            // over the windows
  Stats joules_per_unit;  // energy of a window / work done in it
  double window_s = 0;    // mean window length actually measured
};

class PowerMeter {
 public:
  PowerMeter(std::unique_ptr<EnergySource> source, PowerPolicy policy,
             std::shared_ptr<MeterClock> clock = steady_meter_clock());
  EnergySource& source() { return *source_; }
  const PowerPolicy& policy() const { return policy_; }
  // Power with nothing running (the caller makes sure nothing is queued).
  Stats idle();
  // Power while `launch` (one launch to completion) repeats back to back;
  // `work` is what one launch does (ops or bytes). `windows` overrides the
  // policy's count (sweep points take fewer). Throws std::runtime_error when
  // the counter does not move over a window.
  PowerReading measure(const std::function<double()>& launch, double work, int windows = 0);

 private:
  struct Window {
    double joules = 0, seconds = 0, work = 0;
  };
  Window window(const std::function<void()>& step, double seconds, double work_per_step);
  double since(double start) const { return clock_->seconds() - start; }
  std::unique_ptr<EnergySource> source_;
  PowerPolicy policy_;
  std::shared_ptr<MeterClock> clock_;
  bool first_ = true;
};

}  // namespace roofline
