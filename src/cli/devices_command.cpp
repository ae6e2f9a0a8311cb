#include <cstdio>
#include <iostream>

#include <nlohmann/json.hpp>

#include "cli/commands.hpp"
#include "cli/exit_codes.hpp"
#include "device/device.hpp"

namespace roofline {

int run_devices(bool json) {
  try {
    const auto devices = enumerate_devices();
    if (json) {
      nlohmann::json j = nlohmann::json::array();
      for (const auto& d : devices) {
        nlohmann::json e = d.identity;
        e["index"] = d.index;
        e["selector"] = std::to_string(d.platform_index) + ":" + std::to_string(d.device_index);
        j.push_back(e);
      }
      std::cout << j.dump(2) << "\n";
    } else {
      std::cout << format_device_table(devices);
    }
    return devices.empty() ? exit_code::device : exit_code::ok;
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "roofline: OpenCL error %d in %s while listing devices\n", e.err(), e.what());
    return exit_code::failure;
  }
}

}  // namespace roofline
