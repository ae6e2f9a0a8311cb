#include "intercept/manifest.hpp"

#include <mutex>

#include "intercept/files.hpp"

namespace roofline::intercept {

void write_manifest(Capture& capture, CaptureState state) noexcept {
  static std::mutex one_writer;
  try {
    std::lock_guard<std::mutex> lock(one_writer);
    const std::string dir = capture.process_dir();
    const std::string log = capture.take_launch_log();
    if (!log.empty() && !append(dir + "/" + std::string(kCaptureLaunchLog), log))
      capture.warn("cannot append to " + dir + "/" + std::string(kCaptureLaunchLog));
    const std::string text = nlohmann::json(capture.manifest(state)).dump(1) + "\n";
    write_whole(dir + "/" + std::string(kCaptureManifest), text);
  } catch (...) {
  }
}

}  // namespace roofline::intercept
