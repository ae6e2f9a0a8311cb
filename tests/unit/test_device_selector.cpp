#include <doctest/doctest.h>

#include "device/device.hpp"

using namespace roofline;

TEST_CASE("device selectors parse into their kinds") {
  CHECK(parse_selector("cpu").kind == Selector::Kind::Type);
  CHECK(parse_selector("GPU").type == DeviceClass::gpu);
  CHECK(parse_selector("igpu").type == DeviceClass::igpu);
  CHECK(parse_selector("dgpu").type == DeviceClass::dgpu);
  CHECK(parse_selector("accelerator").type == DeviceClass::accelerator);

  auto pd = parse_selector("1:2");
  CHECK(pd.kind == Selector::Kind::PlatformDevice);
  CHECK(pd.platform == 1);
  CHECK(pd.device == 2);

  auto idx = parse_selector(" 3 ");
  CHECK(idx.kind == Selector::Kind::Index);
  CHECK(idx.index == 3);

  auto name = parse_selector("H200");
  CHECK(name.kind == Selector::Kind::Name);
  CHECK(name.name == "h200");
  CHECK(parse_selector("NVIDIA H200").name == "nvidia h200");
}

TEST_CASE("malformed selectors are rejected with a reason") {
  CHECK_THROWS_AS(parse_selector(""), SelectorSyntaxError);
  CHECK_THROWS_AS(parse_selector("   "), SelectorSyntaxError);
  CHECK_THROWS_AS(parse_selector("1:"), SelectorSyntaxError);
  CHECK_THROWS_AS(parse_selector(":0"), SelectorSyntaxError);
  CHECK_THROWS_AS(parse_selector("1:x"), SelectorSyntaxError);
  CHECK_THROWS_WITH_AS(parse_selector("0:"), doctest::Contains("P:D"), SelectorSyntaxError);
}

TEST_CASE("selection over an empty device list explains what is missing") {
  std::vector<DeviceEntry> none;
  CHECK_THROWS_WITH_AS(select_device(none, Selector{}), doctest::Contains("no OpenCL device"), SelectionError);
}

TEST_CASE("device slugs are file-name safe") {
  CHECK(device_slug("NVIDIA H200") == "nvidia-h200");
  CHECK(device_slug("pthread-haswell-AMD EPYC") == "pthread-haswell-amd-epyc");
  CHECK(device_slug("  Intel(R) UHD Graphics 630 [0x3e9b] ") == "intel-r-uhd-graphics-630-0x3e9b");
  CHECK(device_slug("***") == "device");
}

namespace {
DeviceEntry fake(int index, int p, int d, const std::string& name, cl_device_type type, bool integrated = false) {
  DeviceEntry e;
  e.index = index;
  e.platform_index = p;
  e.device_index = d;
  e.identity.name = name;
  e.type = type;
  e.integrated = integrated;
  return e;
}
}  // namespace

TEST_CASE("selection by type, index and name, with ambiguity reported") {
  const std::vector<DeviceEntry> devs = {
      fake(0, 0, 0, "pthread-haswell-AMD EPYC", CL_DEVICE_TYPE_CPU),
      fake(1, 1, 0, "Intel(R) UHD Graphics 630", CL_DEVICE_TYPE_GPU, true),
      fake(2, 2, 0, "NVIDIA H200", CL_DEVICE_TYPE_GPU),
      fake(3, 2, 1, "NVIDIA H200", CL_DEVICE_TYPE_GPU),
  };
  CHECK(select_device(devs, Selector{}).index == 2);  // default: the first discrete GPU
  CHECK(select_device(devs, parse_selector("cpu")).index == 0);
  CHECK(select_device(devs, parse_selector("igpu")).index == 1);
  CHECK(select_device(devs, parse_selector("uhd")).index == 1);
  CHECK(select_device(devs, parse_selector("2:1")).index == 3);
  CHECK(select_device(devs, parse_selector("3")).index == 3);
  CHECK_THROWS_WITH_AS(select_device(devs, parse_selector("gpu")), doctest::Contains("3 devices match type 'gpu'"), SelectionError);
  CHECK_THROWS_WITH_AS(select_device(devs, parse_selector("h200")), doctest::Contains("2 devices match"), SelectionError);
  CHECK_THROWS_WITH_AS(select_device(devs, parse_selector("accelerator")), doctest::Contains("no device matches"), SelectionError);
  CHECK_THROWS_AS(select_device(devs, parse_selector("9")), SelectionError);
  CHECK_THROWS_AS(select_device(devs, parse_selector("0:5")), SelectionError);

  const std::vector<DeviceEntry> cpu_only = {fake(0, 0, 0, "cpu", CL_DEVICE_TYPE_CPU)};
  CHECK(select_device(cpu_only, Selector{}).index == 0);  // no GPU: the CPU
  const std::vector<DeviceEntry> igpu_cpu = {fake(0, 0, 0, "cpu", CL_DEVICE_TYPE_CPU),
                                             fake(1, 1, 0, "igpu", CL_DEVICE_TYPE_GPU, true)};
  CHECK(select_device(igpu_cpu, Selector{}).index == 1);  // an integrated GPU before the CPU
}
