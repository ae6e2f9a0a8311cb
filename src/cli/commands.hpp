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
  bool quick = false, quiet = false, json = false;
  std::string command_line;
};

struct KernelOptions;  // cli/kernel_launch.hpp

int run_devices(bool json);
// Counts a user kernel's FLOPs and bytes (no timing); -o writes a counts file.
int run_count(const KernelOptions& options);
// Times, counts and places a user kernel on the device's roofs.
int run_place(const KernelOptions& options);
int run_build(const BuildOptions& options);
// Renders a chart of a roofs file: "carm", "bandwidth" or "latency".
int run_plot(const std::string& roofs_path, const std::string& svg_path, const std::string& chart,
             const std::vector<std::string>& placement_files = {});

}  // namespace roofline
