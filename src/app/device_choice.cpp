#include "app/device_choice.hpp"

#include <algorithm>

#include "app/errors.hpp"

namespace roofline {
namespace {

Selector parse(const std::string& selector) {
  try {
    return selector.empty() ? Selector{} : parse_selector(selector);
  } catch (const SelectorSyntaxError& e) {
    throw CommandError(Failure::usage, std::string("bad --device: ") + e.what());
  }
}

std::vector<DeviceEntry> list_devices() {
  std::vector<DeviceEntry> devices;
  while_doing("listing devices", [&] { devices = enumerate_devices(); });
  return devices;
}

const DeviceEntry& pick_device(const std::vector<DeviceEntry>& devices, const Selector& sel) {
  try {
    return select_device(devices, sel);
  } catch (const SelectionError& e) {
    throw CommandError(Failure::device, e.what(), format_device_table(devices, enumerate_platforms()));
  }
}

// The rule select_device's default followed to take `taken`.
std::string default_rule(const DeviceEntry& taken) {
  if (taken.is_gpu() && !taken.integrated) return "the first discrete GPU";
  if (taken.is_gpu()) return "the first GPU (there is no discrete one)";
  if (taken.is_cpu()) return "the first CPU (there is no GPU)";
  return "the first device (there is no GPU or CPU)";
}

std::string default_note(const std::vector<DeviceEntry>& devices, const DeviceEntry& taken) {
  if (devices.size() < 2) return "";
  return std::to_string(devices.size()) + " devices found; measured " + device_selector(taken) + " " +
         taken.identity.name + (taken.identity.pci_address.empty() ? "" : " (PCI " + taken.identity.pci_address + ")") +
         ", the default: " + default_rule(taken) + " in `roofline devices`' list; --device all measures every one, "
         "--device P:D another";
}

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    items.push_back(text.substr(start, comma == std::string::npos ? std::string::npos : comma - start));
    if (comma == std::string::npos) return items;
    start = comma + 1;
  }
}

}  // namespace

ChosenDevice choose_device(const std::string& selector) {
  const Selector sel = parse(selector);
  ChosenDevice chosen;
  chosen.devices = list_devices();
  chosen.device = &pick_device(chosen.devices, sel);
  if (sel.kind == Selector::Kind::Default) chosen.default_note = default_note(chosen.devices, *chosen.device);
  return chosen;
}

bool names_several_devices(const std::string& selector) {
  return selector == "all" || selector.find(',') != std::string::npos;
}

ChosenDevices choose_devices(const std::string& selector) {
  ChosenDevices out;
  if (selector == "all") {
    out.devices = list_devices();
    pick_device(out.devices, Selector{});  // none at all: what to install, with the device list
    for (const DeviceEntry& d : out.devices) out.chosen.push_back(&d);
    return out;
  }
  std::vector<Selector> selectors;
  for (const std::string& item : split_list(selector)) {
    if (item.empty()) throw CommandError(Failure::usage, "bad --device '" + selector + "': an empty item in the list");
    if (item == "all") throw CommandError(Failure::usage, "bad --device '" + selector + "': 'all' stands alone, not in a list");
    selectors.push_back(parse(item));
  }
  out.devices = list_devices();
  for (const Selector& sel : selectors) {
    const DeviceEntry* d = &pick_device(out.devices, sel);
    if (std::find(out.chosen.begin(), out.chosen.end(), d) != out.chosen.end())
      throw CommandError(Failure::usage, "bad --device '" + selector + "': it names " + device_selector(*d) + " " +
                                             d->identity.name + " twice");
    out.chosen.push_back(d);
  }
  return out;
}

std::string device_selector(const DeviceEntry& device) {
  return std::to_string(device.platform_index) + ":" + std::to_string(device.device_index);
}

}  // namespace roofline
