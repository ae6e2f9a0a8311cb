#include <doctest/doctest.h>

#include "device/device.hpp"

using namespace roofline;

TEST_CASE("device selectors parse into their kinds") {
  CHECK(parse_selector("cpu").kind == Selector::Kind::Type);
  CHECK(parse_selector("GPU").type == "gpu");
  CHECK(parse_selector("igpu").type == "igpu");
  CHECK(parse_selector("dgpu").type == "dgpu");
  CHECK(parse_selector("accelerator").type == "accelerator");

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
