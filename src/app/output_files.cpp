#include "app/output_files.hpp"

#include <ctime>
#include <filesystem>

#include "device/device.hpp"

namespace roofline {

std::string sibling(const std::string& svg_path, const std::string& suffix) {
  const auto dot = svg_path.rfind(".svg");
  return dot == std::string::npos ? svg_path + suffix : svg_path.substr(0, dot) + suffix + ".svg";
}

std::string output_path(const std::string& path, const std::string& default_folder, const std::string& device_name,
                        const std::string& extension) {
  if (!path.empty()) return path;
  std::error_code ec;
  std::filesystem::create_directories(default_folder, ec);
  return default_folder + "/" + device_slug(device_name) + extension;
}

std::string roofs_path_for(const std::string& given, const std::string& device_name) {
  if (!given.empty()) return given;
  const std::string built = "roofs/" + device_slug(device_name) + ".json";
  std::error_code ec;
  return std::filesystem::exists(built, ec) ? built : "";
}

std::string utc_now_iso() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

}  // namespace roofline
