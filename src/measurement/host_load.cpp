#include "measurement/host_load.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

#include <unistd.h>

namespace roofline {
namespace {

std::string read_text(const char* path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

std::optional<CpuTimes> parse_cpu_times(const std::string& proc_stat, const std::string& self_stat, double ticks_per_s) {
  if (!(ticks_per_s > 0)) return std::nullopt;
  std::istringstream line(proc_stat.substr(0, proc_stat.find('\n')));
  std::string label;
  // user nice system idle iowait irq softirq steal (guest time is counted in user already)
  std::vector<double> field(8, 0.0);
  if (!(line >> label) || label != "cpu") return std::nullopt;
  for (std::size_t i = 0; i < field.size(); ++i)
    if (!(line >> field[i])) {
      if (i < 4) return std::nullopt;  // older kernels lack the later fields
      break;
    }
  CpuTimes t;
  const double idle = field[3] + field[4];
  const double busy = field[0] + field[1] + field[2] + field[5] + field[6] + field[7];
  t.busy_s = busy / ticks_per_s;
  t.total_s = (busy + idle) / ticks_per_s;
  // Fields 14 and 15 (utime, stime) follow the command name, which is in
  // parentheses and may hold spaces: count from the last ')'.
  const std::size_t close = self_stat.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  std::istringstream rest(self_stat.substr(close + 1));
  std::string skip;
  for (int i = 3; i < 14; ++i)
    if (!(rest >> skip)) return std::nullopt;
  double utime = 0, stime = 0;
  if (!(rest >> utime >> stime)) return std::nullopt;
  t.own_s = (utime + stime) / ticks_per_s;
  return t;
}

std::optional<CpuTimes> read_cpu_times() {
  return parse_cpu_times(read_text("/proc/stat"), read_text("/proc/self/stat"), double(sysconf(_SC_CLK_TCK)));
}

std::optional<double> others_share(const CpuTimes& before, const CpuTimes& after) {
  const double total = after.total_s - before.total_s;
  if (!(total > 0)) return std::nullopt;
  const double others = (after.busy_s - before.busy_s) - (after.own_s - before.own_s);
  return std::clamp(others / total, 0.0, 1.0);
}

}  // namespace roofline
