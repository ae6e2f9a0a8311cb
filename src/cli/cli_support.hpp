// cli/cli_support: what every command does the same way: the error and warning
// lines on stderr, the date stamp of results, and picking the device from --device
// (a bad selector, no match or an ambiguous one said with the device list).
#pragma once
#include <string>
#include <vector>

#include "device/device.hpp"

namespace roofline {

// "roofline: MSG" on stderr.
void print_error(const std::string& msg);
// "roofline: warning: MSG" on stderr (the command goes on).
void print_warning(const std::string& msg);

// The current time, "2026-11-22T08:30:11Z".
std::string utc_now_iso();

// A chart beside another: "plots/x.svg" with "-bandwidth" -> "plots/x-bandwidth.svg".
std::string sibling(const std::string& svg_path, const std::string& suffix);

// Enumerates the devices and selects the one `selector` names (empty: the
// default). Returns 0 with `chosen` set, or, after printing why, the exit
// status: usage for a malformed selector, device for no or several matches
// (with the device list), failure for an OpenCL error.
int pick_device(const std::string& selector, std::vector<DeviceEntry>& devices, const DeviceEntry*& chosen);

}  // namespace roofline
