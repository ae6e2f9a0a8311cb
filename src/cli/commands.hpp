// cli/commands: one function per subcommand; main.cpp only parses arguments.
#pragma once
#include <string>
#include <vector>

namespace roofline {

struct BuildOptions {
  std::string device;      // --device; empty: the default device
  std::string output;      // -o; empty: roofs/<device-slug>.json
  std::string plot;        // --plot; empty: plots/<device-slug>.svg
  std::string kernels;     // --kernels; empty: found automatically
  std::string levels;      // --levels; an override file for the detected cache levels
  std::string energy;      // --energy: auto, papi, perf, powercap, nvml, none; empty: auto, or none with --quick
  bool quick = false, quiet = false, json = false;
  std::string command_line;
};

struct KernelOptions;  // cli/kernel_launch.hpp

int run_devices(bool json);
// Counts a user kernel's FLOPs and bytes (no timing); -o writes a counts file.
int run_count(const KernelOptions& options);
// Times, counts and places a user kernel on the device's roofs.
int run_place(const KernelOptions& options);
// Idle power from the energy source `backend` picks for the device.
int run_energy(const std::string& device, const std::string& backend, double seconds);
int run_build(const BuildOptions& options);
struct PlotOptions {
  std::vector<std::string> roofs;    // roofs files; the first is the main one
  std::vector<std::string> dots;     // placement files
  std::string output;                // -o: the SVG or HTML file; with --chart all, a folder
  std::string chart = "carm";        // a chart kind or "all"
  std::string metric = "performance";
  std::vector<std::string> compute;  // --compute picks
  std::string title;
  int width = 960, height = 640;
  bool quiet = false;
};

int run_plot(const PlotOptions& options);
int run_report(const PlotOptions& options);

}  // namespace roofline
