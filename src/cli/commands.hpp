// cli/commands: one function per subcommand; main.cpp only parses arguments.
#pragma once
#include <string>

namespace roofline {

struct BuildOptions {
  std::string device;      // --device; empty: the default device
  std::string output;      // -o; empty: roofs/<device-slug>.json
  std::string plot;        // --plot; empty: plots/<device-slug>.svg
  std::string kernels;     // --kernels; empty: found automatically
  std::string levels;      // --levels; an override file for the detected cache levels
  std::string energy = "auto";  // --energy: auto, papi, perf, powercap, nvml, none
  bool quick = false, quiet = false, json = false;
  std::string command_line;
};

int run_devices(bool json);
// Idle power from the energy source `backend` picks for the device.
int run_energy(const std::string& device, const std::string& backend, double seconds);
int run_build(const BuildOptions& options);
// Renders a chart of a roofs file: "carm", "bandwidth" or "latency".
int run_plot(const std::string& roofs_path, const std::string& svg_path, const std::string& chart);

}  // namespace roofline
