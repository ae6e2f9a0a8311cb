// app/build_devices: `roofline build --device all` (or a list, `--device
// 0:0,0:1`): one build per device, each with its own roofs file and charts
// named from the output template (app/output_template), one after another
// by default, or at once with --concurrent.
//
// --concurrent runs one `roofline build --device P:D` process per device,
// not one thread per device in this process: an OpenCL runtime keeps
// per-process state (PoCL's and NVIDIA's compiler caches, their threads, a
// driver that crashes), and the build's policies are per process (Ctrl-C
// saves ROOFS.json.partial between two measurements; a kernel's worker
// process; the clock and energy readers). A process per device keeps each
// of those as it is for one device, and what one device's driver does
// (a crash, a hang) stays in its process. Each child's output comes back
// line by line, prefixed with its device's P:D.
//
// Whether the concurrent builds lowered each other's ceilings (shared PCIe,
// host memory, power) is said by comparing each device's key ceilings with
// its build alone (--alone: roofs files of these devices built one at a
// time); without one, each roofs file says that this is not known.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "app/build.hpp"
#include "app/errors.hpp"

namespace roofline {

struct DevicesBuildRequest {
  BuildRequest build;  // build.device: "all" or a list; output and plot: templates, expanded per device
  bool concurrent = false;
  bool quiet = false;  // the children's output: errors only
  // Each line a concurrent child prints (its table on its standard output;
  // notes and errors on its standard error: `errors`), as it comes.
  std::function<void(const std::string& selector, const std::string& line, bool errors)> on_child_line;
};

// One device's build.
struct DeviceBuild {
  std::string selector, name;  // "0:1", the device's name
  std::string roofs_path, chart_path;
  double seconds = 0;  // wall time of its build
  bool ran = false;    // false: not started (an interruption came first)
  // How it ended: in this process, a failure (none: success); in a child,
  // its exit status (0: success) or the signal that killed it.
  std::optional<Failure> failure;
  int child_status = 0;
  std::string message;  // a failure's message, or the signal
  std::optional<BuildResult> result;  // where a roofs file was written (a child's read back)
  bool ok() const { return ran && !failure && child_status == 0; }
};

struct DevicesBuildResult {
  bool concurrent = false;
  double seconds = 0;  // wall time of all the builds
  std::vector<DeviceBuild> devices;  // in the order --device names them
};

// Runs the builds; `on_finished` is told of each as it ends (one after
// another: before the next starts). Throws CommandError before any work:
// usage for a template under which two devices would write one file, or
// --json; output as for one build; device as choose_devices.
DevicesBuildResult run_device_builds(const DevicesBuildRequest& request,
                                     const std::function<void(const DeviceBuild&)>& on_finished);

}  // namespace roofline
