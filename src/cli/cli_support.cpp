#include "cli/cli_support.hpp"

#include <cstdio>
#include <ctime>

#include "cli/exit_codes.hpp"

namespace roofline {

void print_error(const std::string& msg) { std::fprintf(stderr, "roofline: %s\n", msg.c_str()); }
void print_warning(const std::string& msg) { std::fprintf(stderr, "roofline: warning: %s\n", msg.c_str()); }

std::string utc_now_iso() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string sibling(const std::string& svg_path, const std::string& suffix) {
  const auto dot = svg_path.rfind(".svg");
  return dot == std::string::npos ? svg_path + suffix : svg_path.substr(0, dot) + suffix + ".svg";
}

int pick_device(const std::string& selector, std::vector<DeviceEntry>& devices, const DeviceEntry*& chosen) {
  try {
    Selector sel;
    if (!selector.empty()) sel = parse_selector(selector);
    devices = enumerate_devices();
    chosen = &select_device(devices, sel);
    return exit_code::ok;
  } catch (const SelectorSyntaxError& e) {
    print_error(std::string("bad --device: ") + e.what());
    return exit_code::usage;
  } catch (const SelectionError& e) {
    print_error(e.what());
    std::fprintf(stderr, "%s", format_device_table(devices).c_str());
    return exit_code::device;
  } catch (const cl::Error& e) {
    print_error(std::string("OpenCL error ") + std::to_string(e.err()) + " in " + e.what() + " while listing devices");
    return exit_code::failure;
  }
}

}  // namespace roofline
