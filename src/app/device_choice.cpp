#include "app/device_choice.hpp"

#include "app/errors.hpp"

namespace roofline {

ChosenDevice choose_device(const std::string& selector) {
  Selector sel;
  try {
    if (!selector.empty()) sel = parse_selector(selector);
  } catch (const SelectorSyntaxError& e) {
    throw CommandError(Failure::usage, std::string("bad --device: ") + e.what());
  }
  ChosenDevice chosen;
  while_doing("listing devices", [&] { chosen.devices = enumerate_devices(); });
  try {
    chosen.device = &select_device(chosen.devices, sel);
  } catch (const SelectionError& e) {
    throw CommandError(Failure::device, e.what(), format_device_table(chosen.devices, enumerate_platforms()));
  }
  return chosen;
}

}  // namespace roofline
